import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import "./courses.css";
import { commands, type CourseView, type PassageView } from "../../bindings";
import { errorText } from "../../i18n";
import { MathText } from "../../math/MathText";
import { CheckPackDialog } from "../packs/CheckPackDialog";
import { useCourses } from "./useCourses";

/** Imported courses, importing a pack (folder or .zip) with a progress bar, and search. */
export function CoursesPanel() {
  const { t } = useTranslation();
  const { courses, progress, error, importPack } = useCourses();
  const [checking, setChecking] = useState(false);

  return (
    <section className="courses" aria-labelledby="courses-title">
      <h3 id="courses-title">{t("courses.title")}</h3>
      {courses === null ? (
        <p>{t("courses.loading")}</p>
      ) : courses.length === 0 && !progress ? (
        <p>{t("courses.empty")}</p>
      ) : (
        <ul className="course-list">
          {courses.map((c) => (
            <li key={c.id}>
              <strong>{c.title}</strong> — {t("courses.counts", { units: c.units, questions: c.questions })}
            </li>
          ))}
        </ul>
      )}
      {progress && (
        <div role="status" className="import-progress">
          <label>
            {t("courses.importing", { pack: progress.pack, done: progress.done, total: progress.total })}
            <progress max={Math.max(progress.total, 1)} value={progress.done} />
          </label>
        </div>
      )}
      <div className="actions">
        <button type="button" disabled={!!progress} onClick={() => void importPack("folder")}>
          {t("courses.importFolder")}
        </button>
        <button type="button" disabled={!!progress} onClick={() => void importPack("zip")}>
          {t("courses.importZip")}
        </button>
        <button type="button" disabled={!!progress} onClick={() => setChecking(true)}>
          {t("packs.open")}
        </button>
      </div>
      {checking && <CheckPackDialog pack="course" onClose={() => setChecking(false)} />}
      {error && (
        <p className="check-error" role="alert">
          {errorText(error)}
        </p>
      )}
      {courses && courses.length > 0 && <CourseSearch courses={courses} />}
    </section>
  );
}

/** Searches one course's notes, transcripts and PDFs. */
function CourseSearch({ courses }: { courses: CourseView[] }) {
  const { t } = useTranslation();
  const ids = { course: useId(), query: useId() };
  const [courseId, setCourseId] = useState(courses[0].id);
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<PassageView[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);

  async function search(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSearching(true);
    try {
      const result = await commands.searchCourse(courseId, query, 5);
      if (result.status === "ok") setHits(result.data);
      else setFailure(errorText(result.error));
    } finally {
      setSearching(false);
    }
  }

  return (
    <form className="course-search" role="search" onSubmit={(e) => void search(e)}>
      <label htmlFor={ids.course}>{t("courses.course")}</label>
      <select id={ids.course} value={courseId} onChange={(e) => setCourseId(e.target.value)}>
        {courses.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
      <label htmlFor={ids.query}>{t("courses.query")}</label>
      <div className="field-row">
        <input id={ids.query} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        <button type="submit" disabled={searching || !query.trim()}>
          {t("courses.search")}
        </button>
      </div>
      {searching && (
        <p role="status" className="searching">
          {t("courses.searching")}
        </p>
      )}
      {failure && (
        <p className="check-error" role="alert">
          {failure}
        </p>
      )}
      {hits && hits.length === 0 && <p>{t("courses.noHits")}</p>}
      {hits && hits.length > 0 && (
        <ol className="passages">
          {hits.map((hit, i) => (
            <li key={`${hit.sourceId}-${i}`}>
              <p className="passage-source">
                {hit.unitId} · {hit.sourceId} · {hit.section}
              </p>
              <p>
                <MathText text={hit.text} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </form>
  );
}
