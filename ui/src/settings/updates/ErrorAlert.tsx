import type { IpcError } from "../../bindings";
import { errorText } from "../../i18n";

/** A coded error in the interface language, announced as an alert; nothing without one. */
export function ErrorAlert({ error }: { error: IpcError | null | undefined }) {
  if (!error) return null;
  return (
    <p className="check-error" role="alert">
      {errorText(error)}
    </p>
  );
}
