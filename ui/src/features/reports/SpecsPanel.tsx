import { Channel } from "@tauri-apps/api/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type SpecFileView, type SpecImportProgressView } from "../../bindings";
import { currentLanguage } from "../../i18n";

/** A project's specification files, and adding more with a progress line. */
export function SpecsPanel({ projectId, onError, onClose }: { projectId: number; onError: (e: IpcError) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<SpecFileView[] | null>(null);
  const [progress, setProgress] = useState<SpecImportProgressView | null>(null);

  useEffect(() => {
    let live = true;
    void commands.reportsSpecFiles(projectId).then((r) => live && r.status === "ok" && setFiles(r.data));
    return () => {
      live = false;
    };
  }, [projectId]);

  /** Opens the app's file dialog for specification files and imports those picked. */
  async function add() {
    const channel = new Channel<SpecImportProgressView>();
    channel.onmessage = setProgress;
    const result = await commands.reportsImportSpecs(projectId, currentLanguage(), channel);
    setProgress(null);
    if (result.status === "error") onError(result.error);
    else if (result.data !== null) setFiles(result.data);
  }

  return (
    <section className="specs-panel" role="dialog" aria-label={t("reports.specs")} onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <header>
        <h2>{t("reports.specs")}</h2>
        <button type="button" onClick={onClose} autoFocus>
          {t("tutor.close")}
        </button>
      </header>
      <p className="muted">{t("reports.specsHelp")}</p>
      {files?.length === 0 && <p className="muted">{t("reports.noSpecs")}</p>}
      <ul>
        {files?.map((f) => (
          <li key={f.name}>
            {f.name} <span className="muted">· {t("reports.passages", { count: f.passages })}</span>
          </li>
        ))}
      </ul>
      {progress ? (
        <p role="status">{t("reports.specProgress", { file: progress.file, done: progress.done, total: progress.total })}</p>
      ) : (
        <button type="button" onClick={() => void add()}>
          {t("reports.importSpecs")}
        </button>
      )}
    </section>
  );
}
