import { useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type ExportFormat } from "../../bindings";
import { currentLanguage, errorText } from "../../i18n";

/** Saves the argument as Markdown or Argdown through a save dialog the app opens. */
export function ExportBar({ id }: { id: number }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function exportAs(format: ExportFormat) {
    const result = await commands.coachExportFile(id, format, currentLanguage());
    if (result.status === "error") setMessage({ ok: false, text: errorText(result.error) });
    else if (result.data !== null) setMessage({ ok: true, text: t("coach.export.saved", { path: result.data }) });
  }

  return (
    <div className="export-bar">
      <button type="button" onClick={() => void exportAs("markdown")}>
        {t("coach.export.asMarkdown")}
      </button>
      <button type="button" onClick={() => void exportAs("argdown")}>
        {t("coach.export.asArgdown")}
      </button>
      {message && (
        <p className={message.ok ? "check-ok" : "check-error"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      )}
    </div>
  );
}
