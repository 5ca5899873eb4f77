/** A padlock (bundled, so no icon font is needed), for blocked units and locked questions;
 * inside an SVG pass `x` and `y`. */
export function LockIcon({ x, y }: { x?: number; y?: number }) {
  return (
    <svg className="lock-icon" x={x} y={y} width="10" height="12" viewBox="0 0 10 12" aria-hidden="true" focusable="false">
      <path d="M2.5 5.5V3.5a2.5 2.5 0 0 1 5 0v2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="0.5" y="5.5" width="9" height="6" rx="1" fill="currentColor" />
    </svg>
  );
}
