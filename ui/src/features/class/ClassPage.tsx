import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ClassCourse_Serialize as ClassCourse, ClassStudent_Serialize as ClassStudent, HandInImportView } from "../../bindings";
import { errorText } from "../../i18n";
import { ClassGrid } from "./ClassGrid";
import { HistoryDialog } from "./HistoryDialog";
import { useClass } from "./useClass";
import "./class.css";

/** A list under a heading, or "None." */
function Listing({ title, items }: { title: string; items: string[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p>{t("class.none")}</p>
      ) : (
        <ul>
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What needs the teacher's attention in `course`. */
function Attention({ course }: { course: ClassCourse }) {
  const { t } = useTranslation();
  return (
    <div className="class-attention">
      <Listing
        title={t("class.stuck")}
        items={course.stuck.map((s) =>
          t("class.stuckItem", { name: s.name, unit: s.unitTitle, attempted: s.drillsAttempted, correct: s.drillsCorrect, wrong: s.examWrong }) +
          (s.confusion ? ` — ${s.confusion}` : ""),
        )}
      />
      <Listing
        title={t("class.confusions")}
        items={course.confusions.flatMap((u) =>
          u.confusions.map((c) => `${u.unitTitle}: ${t("class.confusionItem", { text: c.text || c.tag, students: c.students })}`),
        )}
      />
      <Listing
        title={t("class.failed")}
        items={course.failedQuestions.map((q) =>
          t("class.failedItem", { stem: q.stem, wrong: q.wrong, students: q.students, answered: q.answeredBy }),
        )}
      />
      <Listing
        title={t("class.rechecks")}
        items={course.rechecks.map((r) => t("class.recheckItem", { name: r.name, unit: r.unitTitle, date: r.dueAt.slice(0, 10) }))}
      />
    </div>
  );
}

/** What the last import did: counts, then each refused or edited file by name. */
function ImportReport({ files }: { files: HandInImportView[] }) {
  const { t } = useTranslation();
  const count = (outcome: string) => files.filter((f) => f.outcome === outcome).length;
  const refused = files.filter((f) => f.error);
  const edited = files.filter((f) => f.edited);
  return (
    <div role="status" className="class-import-report">
      <p>
        {t("class.imported", { added: count("added"), unchanged: count("unchanged"), outdated: count("outdated"), refused: refused.length })}
      </p>
      <ul>
        {refused.map((f) => (
          <li key={f.fileName}>{t("class.refusedFile", { file: f.fileName, message: f.error ? errorText(f.error) : "" })}</li>
        ))}
        {edited.map((f) => (
          <li key={`edited-${f.fileName}`}>{t("class.editedFile", { file: f.fileName, student: f.student ?? "" })}</li>
        ))}
      </ul>
    </div>
  );
}

/** The Class workspace: import a class's hand-ins (a USB stick's folder, or files), see
 * the grid of one course with who is stuck, frequent confusions, failed questions and
 * re-checks due, filter by course and dates, and export CSV or a printable page. */
export function ClassPage() {
  const { t } = useTranslation();
  const c = useClass();
  const [historyOf, setHistoryOf] = useState<ClassStudent | null>(null);
  const view = c.view;
  const course = view?.course ?? null;
  return (
    <section className="class-page" aria-label={t("class.title")}>
      <header className="class-toolbar">
        <h2>{t("class.title")}</h2>
        <button type="button" onClick={() => void c.importHandIns("folder")}>
          {t("class.importFolder")}
        </button>
        <button type="button" onClick={() => void c.importHandIns("files")}>
          {t("class.importFiles")}
        </button>
        {view && view.courses.length > 0 && (
          <>
            <label>
              {t("class.course")}{" "}
              <select value={course?.courseId ?? ""} onChange={(e) => c.setFilter({ ...c.filter, courseId: e.target.value })}>
                {view.courses.map((choice) => (
                  <option key={choice.courseId} value={choice.courseId}>
                    {choice.title} ({t("class.students", { count: choice.students })})
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t("class.since")}{" "}
              <input type="date" value={c.filter.since ?? ""} onChange={(e) => c.setFilter({ ...c.filter, since: e.target.value || null })} />
            </label>
            <label>
              {t("class.until")}{" "}
              <input type="date" value={c.filter.until ?? ""} onChange={(e) => c.setFilter({ ...c.filter, until: e.target.value || null })} />
            </label>
            <button type="button" onClick={() => void c.exportGrid("csv")}>
              {t("class.exportCsv")}
            </button>
            <button type="button" onClick={() => void c.exportGrid("page")}>
              {t("class.exportPage")}
            </button>
          </>
        )}
      </header>
      {c.error && <p role="alert">{errorText(c.error)}</p>}
      {c.imported && <ImportReport files={c.imported} />}
      {c.exported && <p role="status">{t("class.exported", { path: c.exported })}</p>}
      {view && !course && <p>{t("class.empty")}</p>}
      {course && (
        <>
          <p className="class-legend">{t("class.legend")}</p>
          <ClassGrid course={course} />
          <Attention course={course} />
        </>
      )}
      {view && view.students.length > 0 && (
        <section aria-label={t("class.student")}>
          <ul className="class-students">
            {view.students.map((s) => (
              <li key={s.key}>
                {s.name} — {s.handedInAt.slice(0, 10)} — {t("class.handIns", { count: s.handIns })}
                {s.flags.length > 0 && (
                  <strong className="class-flagged">
                    {" "}
                    — {t("class.checkStudent", { name: s.name, flags: s.flags.map((f) => t(`class.flags.${f}`)).join("; ") })}
                  </strong>
                )}
                {s.arguments.length > 0 && ` — ${t("class.arguments", { count: s.arguments.length })}`}
                {s.modules.length > 0 && ` — ${s.modules.map((m) => `${m.title} ${m.percentage} %`).join(", ")}`}{" "}
                <button type="button" aria-label={t("class.historyOf", { name: s.name })} onClick={() => setHistoryOf(s)}>
                  {t("class.history")}
                </button>{" "}
                <button type="button" aria-label={t("class.removeStudent", { name: s.name })} onClick={() => void c.removeStudent(s.key)}>
                  {t("class.remove")}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {historyOf && <HistoryDialog student={historyOf} onClose={() => setHistoryOf(null)} onChanged={() => void c.reload()} />}
    </section>
  );
}
