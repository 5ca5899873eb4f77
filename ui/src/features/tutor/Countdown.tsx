import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { remaining, useAppNow } from "../../time/appClock";

/** "Available in 18h 12m", counting down to `until` (RFC 3339) on the app's clock;
 * `onDone` runs once the time has come. */
export function Countdown({ until, onDone }: { until: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const now = useAppNow();
  const at = Date.parse(until);
  const left = remaining(at, now);
  const done = now >= at;
  useEffect(() => {
    if (done) onDone?.();
  }, [done, onDone]);
  if (done) return <span className="countdown">{t("tutor.availableNow")}</span>;
  const text =
    left.hours > 0
      ? t("tutor.availableIn", { time: t("tutor.hoursMinutes", { h: left.hours, m: left.minutes }) })
      : t("tutor.availableIn", { time: t("tutor.minutesSeconds", { m: left.minutes, s: left.seconds }) });
  return (
    <time className="countdown" dateTime={until} title={new Date(at).toLocaleString()}>
      {text}
    </time>
  );
}
