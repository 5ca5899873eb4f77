import { useCallback, useEffect, useState } from "react";
import {
  commands,
  type IpcError,
  type Language,
  type ProjectView,
  type ReportSummaryView,
  type ReportView,
} from "../../bindings";
import { useStreamedTurn, type Result } from "../../turns/useStreamedTurn";
import type { ReportTurnView } from "../../bindings";

/** The report editor's state for the active profile: reports and projects, the open
 * report as shown (waiting changes applied), the chat turn running on it, and every
 * action of the list, the editor, the review panel and the history. */
export function useReports(language: Language) {
  const [reports, setReports] = useState<ReportSummaryView[] | null>(null);
  const [projects, setProjects] = useState<ProjectView[]>([]);
  const [report, setReport] = useState<ReportView | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const turn = useStreamedTurn<ReportTurnView>();

  const reloadList = useCallback(async () => {
    const [listed, projectList] = await Promise.all([commands.reportsList(), commands.reportsProjects()]);
    if (listed.status === "ok") setReports(listed.data);
    else setError(listed.error);
    if (projectList.status === "ok") setProjects(projectList.data);
  }, []);

  useEffect(() => {
    void reloadList();
  }, [reloadList]);

  /** Shows a command's report (and refreshes the list), or its error; `null` (a file
   * dialog cancelled) changes nothing. */
  const show = useCallback(
    async (pending: Promise<Result<ReportView | null>>) => {
      const result = await pending;
      if (result.status === "error") {
        setError(result.error);
        return false;
      }
      if (result.data === null) return false;
      setReport(result.data);
      setError(null);
      void reloadList();
      return true;
    },
    [reloadList],
  );

  const open = useCallback((id: number) => show(commands.reportsOpen(id, language)), [show, language]);

  const importFile = useCallback((projectId: number | null) => show(commands.reportsImport(projectId, language)), [show, language]);

  const remove = useCallback(
    async (id: number) => {
      const result = await commands.reportsDelete(id);
      if (result.status === "error") return setError(result.error);
      if (report?.id === id) setReport(null);
      await reloadList();
    },
    [report, reloadList],
  );

  const createProject = useCallback(
    async (name: string) => {
      const result = await commands.reportsCreateProject(name);
      if (result.status === "error") {
        setError(result.error);
        return null;
      }
      await reloadList();
      return result.data;
    },
    [reloadList],
  );

  /** Sends a request; the reply and the changes it proposes arrive in the report. */
  const send = useCallback(
    async (message: string) => {
      if (!report) return false;
      const id = report.id;
      const result = await turn.run((channel) => commands.reportsSend(id, message, language, channel));
      if (result.status === "ok") {
        setReport(result.data.report);
        setError(null);
        void reloadList();
        return true;
      }
      setError(result.error);
      // The request may be saved (a failed stream) or not (stopped): show what is saved.
      void show(commands.reportsOpen(id, language));
      return false;
    },
    [report, turn, language, reloadList, show],
  );

  const ifOpen = useCallback(
    (action: (id: number) => Promise<Result<ReportView>>) => (report ? show(action(report.id)) : Promise.resolve(false)),
    [report, show],
  );

  return {
    reports,
    projects,
    report,
    error,
    clearError: () => setError(null),
    setError,
    turn,
    open,
    importFile,
    remove,
    createProject,
    send,
    accept: (changeIds: number[] | null, confirmDeletes: boolean) =>
      ifOpen((id) => commands.reportsAccept(id, changeIds, confirmDeletes, language)),
    reject: (changeIds: number[] | null) => ifOpen((id) => commands.reportsReject(id, changeIds, language)),
    undo: () => ifOpen((id) => commands.reportsUndo(id, language)),
    restore: (version: number) => ifOpen((id) => commands.reportsRestore(id, version, language)),
    editSection: (sectionId: string, title: string | null, bodyMd: string | null) =>
      ifOpen((id) => commands.reportsEditSection(id, sectionId, title, bodyMd, language)),
  };
}

/** What `useReports` gives the page. */
export type Reports = ReturnType<typeof useReports>;
