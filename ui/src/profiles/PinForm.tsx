import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { IpcError } from "../bindings";
import { PinInput } from "./PinInput";
import { pinErrorText } from "./pinError";

/** One PIN field and its button, as every place that asks for a PIN shows it (opening a
 * locked profile, changing the expense role). `onSubmit` answers with the refusal to
 * show, or null when the PIN was accepted; a refused PIN is cleared for the next try. */
export function PinForm({
  label,
  submit,
  onSubmit,
  onCancel,
}: {
  label: string;
  submit: string;
  onSubmit: (pin: string) => Promise<IpcError | null>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [pin, setPin] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const refused = await onSubmit(pin);
    setBusy(false);
    setError(refused);
    if (refused) setPin("");
  }

  return (
    <form className="pin-form" onSubmit={(e) => void send(e)}>
      <PinInput id={id} label={label} value={pin} onChange={setPin} autoFocus />
      <button type="submit" disabled={busy || !pin}>
        {submit}
      </button>
      {onCancel && (
        <button type="button" onClick={onCancel}>
          {t("profiles.pin.cancel")}
        </button>
      )}
      {error && (
        <p className="check-error" role="alert">
          {pinErrorText(error)}
        </p>
      )}
    </form>
  );
}
