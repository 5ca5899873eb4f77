import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { IpcError, ModelCheckView, ModelImportProgress } from "../../bindings";
import { errorText } from "../../i18n";
import { useNumber } from "./format";

type Check = { state: "idle" } | { state: "checking" } | { state: "ok"; checked: ModelCheckView };

/** Import any GGUF: chosen in a file dialog the app opens and checked at once (what it is,
 * what it costs, its chat format), then copied into Lantern or used where it is. */
export function ImportPanel({
  progress,
  onCheck,
  onImport,
}: {
  progress: ModelImportProgress | null;
  onCheck: () => Promise<{ checked: ModelCheckView } | { error: IpcError } | null>;
  onImport: (copy: boolean) => Promise<IpcError | null>;
}) {
  const { t } = useTranslation();
  const n = useNumber();
  const ids = { title: useId(), help: useId() };
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const [copy, setCopy] = useState(true);
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function browse() {
    const before = check;
    setCheck({ state: "checking" });
    setError(null);
    setDone(null);
    const result = await onCheck();
    if (result === null) setCheck(before);
    else if ("checked" in result) setCheck({ state: "ok", checked: result.checked });
    else {
      setCheck({ state: "idle" });
      setError(result.error);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (check.state !== "ok" || importing) return;
    setImporting(true);
    setError(null);
    const failed = await onImport(copy);
    setImporting(false);
    if (failed) return setError(failed);
    setDone(check.checked.info.name);
    setCheck({ state: "idle" });
  }

  const info = check.state === "ok" ? check.checked.info : null;
  const copied = progress && progress.totalMb ? progress : null;
  return (
    <section className="model-import" aria-labelledby={ids.title}>
      <h3 id={ids.title}>{t("models.import.title")}</h3>
      <p id={ids.help} className="help">
        {t("models.import.help")}
      </p>
      <form onSubmit={(e) => void submit(e)}>
        <div className="field-row">
          <button type="button" aria-describedby={ids.help} disabled={importing || check.state === "checking"} onClick={() => void browse()}>
            {check.state === "checking" ? t("models.import.checking") : t("models.import.browse")}
          </button>
        </div>
        {check.state === "ok" && <p className="model-import-file">{t("models.import.chosen", { path: check.checked.path })}</p>}
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
