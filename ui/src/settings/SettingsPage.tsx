import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { IpcError } from "../bindings";
import { errorText } from "../i18n";
import { UpdatesSection } from "./updates/UpdatesSection";
import type { SavedSettings } from "./useSettings";

/** Threads, language, theme and the debug drawer (the model is chosen on the Models page),
 * then the Updates section, outside the form. */
export function SettingsPage({
  settings,
  onSave,
  onOpenModels,
}: {
  settings: SavedSettings;
  onSave: (next: SavedSettings) => Promise<IpcError | null>;
  /** Opens the Models page. */
  onOpenModels: () => void;
}) {
  const { t } = useTranslation();
  const ids = { threads: useId(), language: useId(), theme: useId(), debug: useId() };
  const [draft, setDraft] = useState(settings);
  const [outcome, setOutcome] = useState<{ error: IpcError | null } | null>(null);
  useEffect(() => setDraft(settings), [settings]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The whole settings object; the backend keeps the model fields as they are.
    const error = await onSave(draft);
    setOutcome({ error });
  }

  return (
    <>
      <form className="settings" onSubmit={(e) => void submit(e)} aria-labelledby="settings-title">
        <h2 id="settings-title">{t("settings.title")}</h2>
        <p className="settings-model">
          <span>{t("settings.model")}</span>{" "}
          <button type="button" onClick={onOpenModels}>
            {t("settings.openModels")}
          </button>
        </p>

        <label htmlFor={ids.threads}>{t("settings.threads")}</label>
        <input
          id={ids.threads}
          type="number"
          min={1}
          max={64}
          value={draft.threads}
          onChange={(e) => setDraft({ ...draft, threads: Number(e.target.value) })}
        />

        <label htmlFor={ids.language}>{t("settings.language")}</label>
        <select
          id={ids.language}
          value={draft.language}
          onChange={(e) => setDraft({ ...draft, language: e.target.value as SavedSettings["language"] })}
        >
          <option value="en">{t("settings.languages.en")}</option>
          <option value="es">{t("settings.languages.es")}</option>
        </select>

        <label htmlFor={ids.theme}>{t("settings.theme")}</label>
        <select
          id={ids.theme}
          value={draft.theme}
          onChange={(e) => setDraft({ ...draft, theme: e.target.value as SavedSettings["theme"] })}
        >
          <option value="system">{t("settings.themes.system")}</option>
          <option value="light">{t("settings.themes.light")}</option>
          <option value="dark">{t("settings.themes.dark")}</option>
        </select>

        <span className="settings-check">
          <input
            id={ids.debug}
            type="checkbox"
            checked={draft.debugDrawer ?? false}
            onChange={(e) => setDraft({ ...draft, debugDrawer: e.target.checked })}
          />
          <label htmlFor={ids.debug}>{t("settings.debugDrawer")}</label>
        </span>
        <p className="help">{t("settings.debugDrawerHelp")}</p>

        <div className="actions">
          <button type="submit">{t("settings.save")}</button>
        </div>
        {outcome &&
          (outcome.error ? (
            <p className="check-error" role="alert">
              {errorText(outcome.error)}
            </p>
          ) : (
            <p className="check-ok" role="status">
              {t("settings.saved")}
            </p>
          ))}
      </form>
      <UpdatesSection />
    </>
  );
}
