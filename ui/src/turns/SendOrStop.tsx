import type { KeyboardEvent } from "react";

/** Enter in a message box sends it; Shift+Enter starts a new line. */
export function sendOnEnter(send: (event: KeyboardEvent) => void) {
  return (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      send(event);
    }
  };
}

/** The button beside a message box: Send (submits its form), or Stop while a reply
 * streams (enabled once the turn can be cancelled). */
export function SendOrStop({
  busy,
  canStop,
  empty,
  onStop,
  sendLabel,
  stopLabel,
  primary = false,
}: {
  busy: boolean;
  canStop: boolean;
  /** Nothing to send yet. */
  empty: boolean;
  onStop: () => void;
  sendLabel: string;
  stopLabel: string;
  /** Styled as the page's primary action. */
  primary?: boolean;
}) {
  return busy ? (
    <button type="button" onClick={onStop} disabled={!canStop}>
      {stopLabel}
    </button>
  ) : (
    <button type="submit" className={primary ? "primary" : undefined} disabled={empty}>
      {sendLabel}
    </button>
  );
}
