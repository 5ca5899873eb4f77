import { save } from "@tauri-apps/plugin-dialog";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type ExportFormat } from "../../bindings";
import { errorText } from "../../i18n";

const EXTENSIONS: Record<ExportFormat, string> = { markdown: "md", argdown: "argdown" };

/** Saves the argument as Markdown or Argdown through a save dialog. */
export function ExportBar({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function exportAs(format: ExportFormat) {
    const extension = EXTENSIONS[format];
    const path = await save({
      defaultPath: `${title.replace(/[\\/:*?"<>|]+/g, "-") || "argument"}.${extension}`,
      filters: [{ name: t(`coach.export.${format}`), extensions: [extension] }],
    });
    if (!path) return;
    const result = await commands.coachExportFile(id, format, path);
    setMessage(result.status === "ok" ? { ok: true, text: t("coach.export.saved", { path }) } : { ok: false, text: errorText(result.error) });
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
