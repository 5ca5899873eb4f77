import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type CourseView, type HandInPreviewView_Serialize, type IpcError } from "../../bindings";
import { currentLanguage, errorText } from "../../i18n";
import "./progress.css";

/** "Hand in my progress": the student picks a course (or all) and whether their
 * arguments' text goes in, reads exactly what the file holds (a summary and the whole
 * file), then saves those bytes to a folder they pick. */
export function HandInDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [courses, setCourses] = useState<CourseView[]>([]);
  const [courseId, setCourseId] = useState<string>("");
  const [includeArguments, setIncludeArguments] = useState(false);
  const [preview, setPreview] = useState<HandInPreviewView_Serialize | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [saved, setSaved] = useState<string[] | null>(null);

  useEffect(() => {
    void commands.listCourses().then((r) => r.status === "ok" && setCourses(r.data));
  }, []);

  async function show() {
    setError(null);
    setSaved(null);
    setPreview(null);
    const result = await commands.progressPreview(courseId || null, includeArguments);
    if (result.status === "ok") setPreview(result.data);
    else setError(result.error);
  }

  async function save() {
    setError(null);
    const result = await commands.progressSave(currentLanguage());
    if (result.status === "error") setError(result.error);
    else if (result.data) setSaved(result.data);
  }

  const report = preview?.report;
  return (
    <section className="modal-dialog hand-in" role="dialog" aria-label={t("handIn.title")} onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <header>
        <h2>{t("handIn.title")}</h2>
        <button type="button" onClick={onClose}>
          {t("handIn.close")}
        </button>
      </header>
      <p>{t("handIn.intro")}</p>
      <label>
        {t("handIn.scope")}{" "}
        <select
          value={courseId}
          onChange={(e) => {
            setCourseId(e.target.value);
            setPreview(null);
          }}
        >
          <option value="">{t("handIn.allCourses")}</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={includeArguments}
          onChange={(e) => {
            setIncludeArguments(e.target.checked);
            setPreview(null);
          }}
        />{" "}
        {t("handIn.includeArguments")}
      </label>
      <button type="button" onClick={() => void show()}>
        {t("handIn.show")}
      </button>
      {error && <p role="alert">{errorText(error)}</p>}
      {report && preview && (
        <div className="hand-in-preview">
          {report.courses.map((course) => {
            const touched = course.units.filter((u) => u.touched);
            return (
              <section key={course.courseId} aria-label={course.title}>
                <h3>{course.title}</h3>
                <p>{t("handIn.minutes", { count: course.minutesOnTask })}</p>
                {touched.length > 0 && (
                  <table>
                    <thead>
                      <tr>
                        <th>{t("handIn.unit")}</th>
                        <th>{t("handIn.tier")}</th>
                        <th>{t("handIn.drills")}</th>
                        <th>{t("handIn.passes")}</th>
                        <th>{t("handIn.wrong")}</th>
                        <th>{t("handIn.locked")}</th>
                        <th>{t("handIn.recheck")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {touched.map((u) => (
                        <tr key={u.unitId}>
                          <td>{u.title}</td>
                          <td>{t(`class.tierNames.${u.tier}`)}</td>
                          <td>
                            {u.drillsCorrect} / {u.drillsAttempted}
                          </td>
                          <td>
                            {u.examPassed.bronze} / {u.examPassed.silver} / {u.examPassed.gold}
                          </td>
                          <td>{u.examWrong}</td>
                          <td>{u.lockouts}</td>
                          <td>{u.recheckDueAt ? u.recheckDueAt.slice(0, 10) : ""}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                {course.units.length > touched.length && <p>{t("handIn.untouched", { count: course.units.length - touched.length })}</p>}
              </section>
            );
          })}
          {report.arguments.length > 0 && (
            <section aria-label={t("handIn.arguments")}>
              <h3>{t("handIn.arguments")}</h3>
              <ul>
                {report.arguments.map((a, i) => (
                  <li key={i}>{t(a.argument ? "handIn.argumentWithText" : "handIn.argumentTitleOnly", { title: a.title })}</li>
                ))}
              </ul>
            </section>
          )}
          {report.modules.length > 0 && (
            <section aria-label={t("handIn.modules")}>
              <h3>{t("handIn.modules")}</h3>
              <ul>
                {report.modules.map((m) => (
                  <li key={m.moduleId}>{t("handIn.modulePercent", { title: m.title, percent: m.percentage })}</li>
                ))}
              </ul>
            </section>
          )}
          <p>{t("handIn.statements", { count: preview.statements })}</p>
          <details>
            <summary>
              {t("handIn.fileText")} ({preview.fileName})
            </summary>
            <pre className="hand-in-file">{preview.fileText}</pre>
          </details>
          <details>
            <summary>
              {t("handIn.csvText")} ({preview.fileName.replace(/\.json$/, ".csv")})
            </summary>
            <pre className="hand-in-file">{preview.csvText}</pre>
          </details>
          <button type="button" onClick={() => void save()}>
            {t("handIn.save")}
          </button>
        </div>
      )}
      {saved && <p role="status">{t("handIn.saved", { files: saved.join(", ") })}</p>}
    </section>
  );
}
