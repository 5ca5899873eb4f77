import { useEffect, useState } from "react";

/** Milliseconds the app's clock is ahead of this window's (a development build may shift
 * its clock; lockout countdowns must agree with the app, not with the window). */
let skewMs = 0;

/** Records the app clock's `now` (RFC 3339) as read just now. */
export function syncAppClock(appNow: string): void {
  const at = Date.parse(appNow);
  if (Number.isFinite(at)) skewMs = at - Date.now();
}

/** The app clock's time now, in milliseconds since the epoch. */
export function appNow(): number {
  return Date.now() + skewMs;
}

/** The app clock's time, refreshed every `everyMs` milliseconds. */
export function useAppNow(everyMs = 1000): number {
  const [now, setNow] = useState(appNow);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(appNow()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Hours, minutes and seconds left until `until` from `now` (never negative). */
export function remaining(until: number, now: number): { hours: number; minutes: number; seconds: number } {
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  return { hours: Math.floor(left / 3600), minutes: Math.floor((left % 3600) / 60), seconds: left % 60 };
}
