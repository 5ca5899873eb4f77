import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { IpcError, ModelFileInfo, ModelImportProgress } from "../../bindings";
import { pickFile } from "../../files/pickPath";
import { errorText } from "../../i18n";
import { useNumber } from "./format";

type Check = { state: "idle" } | { state: "checking" } | { state: "ok"; path: string; info: ModelFileInfo };

/** Import any GGUF: a path (typed or chosen), checked first (what it is, what it costs,
 * its chat format), then copied into Lantern or used where it is. */
export function ImportPanel({
  progress,
  onCheck,
  onImport,
}: {
  progress: ModelImportProgress | null;
  onCheck: (path: string) => Promise<{ info: ModelFileInfo } | { error: IpcError }>;
  onImport: (path: string, copy: boolean) => Promise<IpcError | null>;
}) {
  const { t } = useTranslation();
  const n = useNumber();
  const ids = { title: useId(), path: useId(), help: useId() };
  const [path, setPath] = useState("");
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const [copy, setCopy] = useState(true);
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function inspect(target: string) {
    const trimmed = target.trim();
    if (!trimmed) return;
    setCheck({ state: "checking" });
    setError(null);
    setDone(null);
    const result = await onCheck(trimmed);
    if ("info" in result) setCheck({ state: "ok", path: trimmed, info: result.info });
    else {
      setCheck({ state: "idle" });
      setError(result.error);
    }
  }

  async function browse() {
    const chosen = await pickFile({ name: t("models.ggufKind"), extensions: ["gguf"] });
    if (!chosen) return;
    setPath(chosen);
    await inspect(chosen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (check.state !== "ok" || importing) return;
    setImporting(true);
    setError(null);
    const failed = await onImport(check.path, copy);
    setImporting(false);
    if (failed) return setError(failed);
    setDone(check.info.name);
    setCheck({ state: "idle" });
    setPath("");
  }

  const info = check.state === "ok" ? check.info : null;
  const copied = progress && progress.totalMb ? progress : null;
  return (
    <section className="model-import" aria-labelledby={ids.title}>
      <h3 id={ids.title}>{t("models.import.title")}</h3>
      <p id={ids.help} className="help">
        {t("models.import.help")}
      </p>
      <form onSubmit={(e) => void submit(e)}>
        <label htmlFor={ids.path}>{t("models.import.path")}</label>
        <div className="field-row">
          <input
            id={ids.path}
            type="text"
            spellCheck={false}
            aria-describedby={ids.help}
            value={path}
            disabled={importing}
            onChange={(e) => {
              setPath(e.target.value);
              setCheck({ state: "idle" });
              setError(null);
            }}
          />
          <button type="button" disabled={importing} onClick={() => void browse()}>
            {t("models.import.browse")}
          </button>
          <button type="button" disabled={!path.trim() || importing || check.state === "checking"} onClick={() => void inspect(path)}>
            {check.state === "checking" ? t("models.import.checking") : t("models.import.check")}
          </button>
        </div>
        {info && (
          <>
            <p className="check-ok" role="status">
              {t("models.import.info", {
                name: info.name,
                architecture: info.architecture,
                size: n(info.sizeMb),
                ram: n(info.ramEstimateMb),
                template: info.hasChatTemplate ? t("models.import.ownTemplate") : t("models.import.chatml"),
              })}
            </p>
            {!info.fits && <p className="model-warning">{t("models.import.tooBig")}</p>}
            <fieldset className="model-import-how" disabled={importing}>
              <legend>{t("models.import.how")}</legend>
              <label>
                <input type="radio" name="model-import-how" checked={copy} onChange={() => setCopy(true)} /> {t("models.import.copy")}
              </label>
              <label>
                <input type="radio" name="model-import-how" checked={!copy} onChange={() => setCopy(false)} /> {t("models.import.reference")}
              </label>
            </fieldset>
            <div className="actions">
              <button type="submit" className="primary" disabled={importing} aria-busy={importing}>
                {importing ? t("models.import.importing") : t("models.import.submit")}
              </button>
            </div>
          </>
        )}
        {importing && copied && (
          <p role="status" className="model-import-progress">
            {t("models.import.progress", { copied: n(copied.copiedMb), total: n(copied.totalMb) })}{" "}
            <progress max={copied.totalMb ?? 0} value={copied.copiedMb ?? 0} aria-label={t("models.import.progress", { copied: n(copied.copiedMb), total: n(copied.totalMb) })} />
          </p>
        )}
        {done && (
          <p className="check-ok" role="status">
            {t("models.import.done", { name: done })}
          </p>
        )}
        {error && (
          <p className="check-error" role="alert">
            {errorText(error)}
          </p>
        )}
      </form>
    </section>
  );
}
