import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "../../bindings";
import { errorText } from "../../i18n";
import { HistoryPanel } from "./HistoryPanel";
import { MarkdownView } from "./MarkdownView";
import { ReportChat } from "./ReportChat";
import { ReportList } from "./ReportList";
import { ReportToolbar } from "./ReportToolbar";
import { ReviewPanel } from "./ReviewPanel";
import { SectionCard } from "./SectionCard";
import { SpecsPanel } from "./SpecsPanel";
import { useReports } from "./useReports";
import "./reports.css";

/** The report editor (spec 002): reports on the left; the numbered report in the
 * middle, editable by hand; the review panel and the chat on the right. The chat's
 * changes wait in the review panel until accepted; the report shows them at once. */
export function ReportsPage({ language }: { language: Language }) {
  const { t } = useTranslation();
  const reports = useReports(language);
  const { report, turn } = reports;
  const [panel, setPanel] = useState<"history" | "specs" | null>(null);
  const changed = useMemo(() => new Set(report?.changedSectionIds ?? []), [report]);
  const busy = turn.streaming !== null;

  return (
    <div className="reports-page">
      <ReportList
        reports={reports.reports}
        projects={reports.projects}
        openId={report?.id ?? null}
        onImport={reports.importFile}
        onOpen={(id) => void reports.open(id)}
        onDelete={(id) => void reports.remove(id)}
        onCreateProject={reports.createProject}
      />
      <main className="report-editor" aria-label={t("reports.outline")}>
        {reports.error && (
          <p className="check-error" role="alert">
            {errorText(reports.error)}
          </p>
        )}
        {report ? (
          <>
            <ReportToolbar report={report} onUndo={() => void reports.undo()} onHistory={() => setPanel("history")} onSpecs={() => setPanel("specs")} />
            {report.preambleMd.trim() !== "" && (
              <section className="report-preamble" aria-label={t("reports.preamble")}>
                <MarkdownView markdown={report.preambleMd} imageBase={report.mediaDir} />
              </section>
            )}
            {report.sections.map((s) => (
              <SectionCard key={s.id} section={s} depth={0} changed={changed} imageBase={report.mediaDir} onSave={reports.editSection} />
            ))}
          </>
        ) : (
          <p className="muted welcome">{t("reports.welcome")}</p>
        )}
      </main>
      {report && (
        <aside className="report-side">
          <ReviewPanel changes={report.changes} onAccept={reports.accept} onReject={reports.reject} />
          <ReportChat
            messages={report.messages}
            busy={busy}
            canStop={turn.canStop}
            progress={turn.progress}
            onSend={reports.send}
            onStop={() => void turn.stop()}
          />
        </aside>
      )}
      {report && panel === "history" && (
        <HistoryPanel
          reportId={report.id}
          version={report.version}
          onRestore={(v) => void reports.restore(v)}
          onClose={() => setPanel(null)}
        />
      )}
      {report && panel === "specs" && <SpecsPanel projectId={report.projectId} onError={reports.setError} onClose={() => setPanel(null)} />}
    </div>
  );
}
