/** Longest PIN the backend accepts. */
export const PIN_MAX_DIGITS = 12;

/** A labelled PIN field (hidden digits, numeric keyboard, never autofilled), as every
 * place that asks for a PIN shows it. */
export function PinInput({
  id,
  label,
  value,
  onChange,
  autoFocus = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={PIN_MAX_DIGITS}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
      />
    </>
  );
}
