import { useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type ReportFileFormat, type ReportView } from "../../bindings";
import { currentLanguage, errorText } from "../../i18n";

/** Above the report: its title and version, Undo, History, Specifications, and export
 * of the accepted version to Markdown or Word through a save dialog the app opens; when
 * changes wait for review, a note says the file will not have them. */
export function ReportToolbar({
  report,
  onUndo,
  onHistory,
  onSpecs,
}: {
  report: ReportView;
  onUndo: () => void;
  onHistory: () => void;
  onSpecs: () => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const waiting = report.changes.length;

  async function exportAs(format: ReportFileFormat) {
    const result = await commands.reportsExport(report.id, format, currentLanguage());
    if (result.status === "error") setMessage({ ok: false, text: errorText(result.error) });
    else if (result.data !== null) {
      const saved = t("reports.exported", { path: result.data });
      const note = waiting > 0 ? ` ${t("reports.exportWaiting", { count: waiting })}` : "";
      setMessage({ ok: true, text: saved + note });
    }
  }

  return (
    <header className="report-toolbar">
      <div>
        <h1>{report.title}</h1>
        <p className="muted">{t("reports.version", { version: report.version })}</p>
      </div>
      <div className="actions">
        <button type="button" onClick={onUndo} disabled={report.version <= 1}>
          {t("reports.undo")}
        </button>
        <button type="button" onClick={onHistory}>
          {t("reports.history")}
        </button>
        <button type="button" onClick={onSpecs}>
          {t("reports.specs")}
        </button>
        <button type="button" onClick={() => void exportAs("md")}>
          {t("reports.exportMd")}
        </button>
        <button type="button" onClick={() => void exportAs("docx")}>
          {t("reports.exportDocx")}
        </button>
      </div>
      {waiting > 0 && (
        <p className="muted export-waiting">{t("reports.exportWaiting", { count: waiting })}</p>
      )}
      {message && (
        <p className={message.ok ? "check-ok" : "check-error"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
    </header>
  );
}
