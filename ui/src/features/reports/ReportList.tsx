import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProjectView, ReportSummaryView } from "../../bindings";

/** The profile's reports: import one (picked in a file dialog the app opens, into the
 * chosen project, or a new one), open one, delete one after a confirmation. */
export function ReportList({
  reports,
  projects,
  openId,
  onImport,
  onOpen,
  onDelete,
  onCreateProject,
}: {
  reports: ReportSummaryView[] | null;
  projects: ProjectView[];
  openId: number | null;
  onImport: (projectId: number | null) => Promise<boolean>;
  onOpen: (id: number) => void;
  onDelete: (id: number) => void;
  onCreateProject: (name: string) => Promise<ProjectView | null>;
}) {
  const { t } = useTranslation();
  const [project, setProject] = useState<number | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const chosen = project ?? projects[0]?.id ?? null;

  async function importReport() {
    setImporting(true);
    try {
      await onImport(chosen);
    } finally {
      setImporting(false);
    }
  }

  async function createProject() {
    const created = await onCreateProject(name);
    if (created) {
      setProject(created.id);
      setNaming(false);
      setName("");
    }
  }

  return (
    <nav className="report-list" aria-label={t("reports.list")}>
      <h2>{t("reports.list")}</h2>
      <label>
        {t("reports.project")}
        <select
          value={naming ? "new" : String(chosen ?? "new")}
          onChange={(e) => {
            if (e.target.value === "new") setNaming(true);
            else {
              setNaming(false);
              setProject(Number(e.target.value));
            }
          }}
        >
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          <option value="new">{t("reports.newProject")}</option>
        </select>
      </label>
      {naming && (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void createProject();
          }}
        >
          <label className="visually-hidden" htmlFor="new-project">
            {t("reports.newProjectName")}
          </label>
          <input id="new-project" value={name} onChange={(e) => setName(e.target.value)} placeholder={t("reports.newProjectName")} maxLength={80} autoFocus />
          <button type="submit" disabled={name.trim() === ""}>
            {t("reports.create")}
          </button>
        </form>
      )}
      <button type="button" className="primary" onClick={() => void importReport()} disabled={importing}>
        {importing ? t("reports.importing") : t("reports.import")}
      </button>
      {reports?.length === 0 && <p className="muted">{t("reports.noReports")}</p>}
      <ul>
        {reports?.map((r) => (
          <li key={r.id} className={r.id === openId ? "open" : undefined}>
            <button type="button" className="report-link" aria-current={r.id === openId ? "page" : undefined} onClick={() => onOpen(r.id)}>
              <span>{r.title}</span>
              {r.pending > 0 && <span className="pill pending">{t("reports.waiting", { count: r.pending })}</span>}
            </button>
            {deleting === r.id ? (
              <button type="button" className="danger" onClick={() => onDelete(r.id)} aria-label={t("reports.confirmDelete", { title: r.title })}>
                {t("reports.confirmDeleteShort")}
              </button>
            ) : (
              <button type="button" className="quiet" onClick={() => setDeleting(r.id)} aria-label={t("reports.delete", { title: r.title })}>
                ✕
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
