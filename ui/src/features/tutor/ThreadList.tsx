import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TutorCourseView, TutorThreadSummaryView } from "../../bindings";

/** The student's tutor sessions (open one, delete one after a confirmation) and "New
 * session" on a chosen course. */
export function ThreadList({
  threads,
  courses,
  current,
  onOpen,
  onCreate,
  onDelete,
}: {
  threads: TutorThreadSummaryView[];
  courses: TutorCourseView[];
  current: number | null;
  onOpen: (id: number) => void;
  onCreate: (courseId: string) => Promise<boolean>;
  onDelete: (id: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const courseId = useId();
  const [course, setCourse] = useState("");
  const [confirming, setConfirming] = useState<number | null>(null);
  const chosen = course || courses[0]?.id || "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen) await onCreate(chosen);
  }

  return (
    <nav className="thread-list" aria-label={t("tutor.threads")}>
      <form className="new-session" onSubmit={(e) => void submit(e)}>
        <label htmlFor={courseId}>{t("tutor.course")}</label>
        <select id={courseId} value={chosen} onChange={(e) => setCourse(e.target.value)} disabled={courses.length === 0}>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
        <button type="submit" className="primary" disabled={!chosen}>
          {t("tutor.newSession")}
        </button>
        {courses.length === 0 && <p className="help">{t("tutor.noCourses")}</p>}
      </form>
      <h3>{t("tutor.threads")}</h3>
      {threads.length === 0 ? (
        <p className="help">{t("tutor.noThreads")}</p>
      ) : (
        <ul>
          {threads.map((thread) => (
            <li key={thread.id} className={thread.id === current ? "thread thread-current" : "thread"}>
              <button type="button" aria-current={thread.id === current ? "true" : undefined} onClick={() => onOpen(thread.id)}>
                {thread.title}
              </button>
              <button
                type="button"
                className="thread-delete"
                aria-label={
                  confirming === thread.id
                    ? t("tutor.confirmDelete", { title: thread.title })
                    : t("tutor.delete", { title: thread.title })
                }
                onClick={() => {
                  if (confirming !== thread.id) return setConfirming(thread.id);
                  setConfirming(null);
                  void onDelete(thread.id);
                }}
              >
                {confirming === thread.id ? t("tutor.confirmDeleteShort") : "×"}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
