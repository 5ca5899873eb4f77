import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CoachSessionSummaryView, Language } from "../../bindings";

/** The student's arguments (reopen one) and a form to start a new one. */
export function SessionList({
  sessions,
  language,
  onOpen,
  onCreate,
  onDelete,
}: {
  sessions: CoachSessionSummaryView[];
  language: Language;
  onOpen: (id: number) => void;
  onCreate: (title: string, language: Language) => Promise<boolean>;
  onDelete: (id: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [title, setTitle] = useState("");
  // Deleting takes two clicks: the first turns the button into a confirmation.
  const [confirming, setConfirming] = useState<number | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim() && (await onCreate(title.trim(), language))) setTitle("");
  }

  return (
    <div className="coach-sessions">
      <form className="new-argument" onSubmit={(e) => void submit(e)}>
        <label htmlFor={titleId}>{t("coach.newTitle")}</label>
        <div className="field-row">
          <input id={titleId} type="text" maxLength={120} value={title} onChange={(e) => setTitle(e.target.value)} />
          <button type="submit" disabled={!title.trim()}>
            {t("coach.start")}
          </button>
        </div>
      </form>
      <h3>{t("coach.arguments")}</h3>
      {sessions.length === 0 ? (
        <p>{t("coach.none")}</p>
      ) : (
        <ul className="session-list">
          {sessions.map((s) => (
            <li key={s.id}>
              <button type="button" onClick={() => onOpen(s.id)}>
                {s.title}
              </button>{" "}
              <span className="help">
                {s.isComplete ? t("coach.complete") : t("coach.atStep", { step: t(`coach.steps.${s.currentStep}`) })}
              </span>{" "}
              <button
                type="button"
                aria-label={confirming === s.id ? t("coach.confirmDelete", { title: s.title }) : t("coach.delete", { title: s.title })}
                onClick={() => {
                  if (confirming !== s.id) return setConfirming(s.id);
                  setConfirming(null);
                  void onDelete(s.id);
                }}
              >
                {confirming === s.id ? t("coach.confirmDeleteShort") : t("coach.deleteShort")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
