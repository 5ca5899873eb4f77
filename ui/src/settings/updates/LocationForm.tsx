import { useId, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { IpcError } from "../../bindings";
import { ErrorAlert } from "./ErrorAlert";

/** Where updates are read from: a folder or a local-network address, with the build's
 * default; saving an empty value goes back to it. */
export function LocationForm({
  value,
  buildLocation,
  busy,
  saving,
  error,
  onChange,
  onSave,
}: {
  value: string;
  buildLocation: string;
  /** Any update action runs: the form is read-only meanwhile. */
  busy: boolean;
  /** The location is being saved. */
  saving: boolean;
  error: IpcError | null;
  onChange: (value: string) => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  const ids = { input: useId(), hint: useId(), build: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSave();
  }

  return (
    <form className="updates-location" onSubmit={submit}>
      <label htmlFor={ids.input}>{t("updates.location")}</label>
      <div className="field-row">
        <input
          id={ids.input}
          type="text"
          spellCheck={false}
          aria-describedby={buildLocation ? `${ids.hint} ${ids.build}` : ids.hint}
          placeholder={t("updates.locationPlaceholder")}
          value={value}
          disabled={busy}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="submit" disabled={busy} aria-busy={saving}>
          {saving ? t("updates.saving") : t("updates.saveLocation")}
        </button>
      </div>
      <p id={ids.hint} className="help">
        {t("updates.locationHint")}
      </p>
      {buildLocation && (
        <p id={ids.build} className="help">
          {t("updates.buildLocation", { buildLocation })}
        </p>
      )}
      <ErrorAlert error={error} />
    </form>
  );
}
