import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type ModelFileInfo } from "../bindings";
import { pickFile } from "../files/pickPath";
import { errorText } from "../i18n";
import type { SavedSettings } from "./useSettings";

type Check = { state: "idle" } | { state: "checking" } | { state: "ok"; info: ModelFileInfo } | { state: "error"; text: string };

/** Model file (checked before saving), threads, language and theme. */
export function SettingsPage({
  settings,
  onSave,
}: {
  settings: SavedSettings;
  onSave: (next: SavedSettings) => Promise<IpcError | null>;
}) {
  const { t } = useTranslation();
  const ids = { model: useId(), threads: useId(), language: useId(), theme: useId(), help: useId(), debug: useId() };
  const [draft, setDraft] = useState(settings);
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const [outcome, setOutcome] = useState<{ error: IpcError | null } | null>(null);
  useEffect(() => setDraft(settings), [settings]);

  async function inspect(path: string) {
    setCheck({ state: "checking" });
    const result = await commands.modelsCheck(path);
    setCheck(result.status === "ok" ? { state: "ok", info: result.data } : { state: "error", text: errorText(result.error) });
  }

  async function checkFile() {
    const path = draft.modelPath?.trim();
    if (path) await inspect(path);
  }

  async function browse() {
    const path = await pickFile({ name: t("settings.ggufKind"), extensions: ["gguf"] });
    if (!path) return;
    setDraft({ ...draft, modelPath: path });
    await inspect(path);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const modelPath = draft.modelPath?.trim() ? draft.modelPath.trim() : null;
    const error = await onSave({ ...draft, modelPath });
    setOutcome({ error });
  }

  return (
    <form className="settings" onSubmit={(e) => void submit(e)} aria-labelledby="settings-title">
      <h2 id="settings-title">{t("settings.title")}</h2>
      <label htmlFor={ids.model}>{t("settings.model")}</label>
      <div className="field-row">
        <input
          id={ids.model}
          type="text"
          spellCheck={false}
          aria-describedby={ids.help}
          value={draft.modelPath ?? ""}
          onChange={(e) => {
            setDraft({ ...draft, modelPath: e.target.value });
            setCheck({ state: "idle" });
          }}
        />
        <button type="button" onClick={() => void browse()}>
          {t("settings.browse")}
        </button>
        <button type="button" onClick={() => void checkFile()} disabled={!draft.modelPath?.trim()}>
          {check.state === "checking" ? t("settings.checking") : t("settings.check")}
        </button>
      </div>
      <p id={ids.help} className="help">
        {t("settings.modelHelp")}
      </p>
      {check.state === "ok" && (
        <p className="check-ok" role="status">
          {t("settings.fileInfo", {
            name: check.info.name,
            architecture: check.info.architecture,
            size: Math.round(check.info.sizeMb ?? 0),
            ram: Math.round(check.info.ramEstimateMb ?? 0),
          })}
        </p>
      )}
      {check.state === "error" && (
        <p className="check-error" role="alert">
          {check.text}
        </p>
      )}

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
  );
}
