import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TutorCard, TutorMessage } from "../../../bindings";
import { i18next } from "../../../i18n";
import { Formula, MathText, QuestionText, isProse } from "../../../math/MathText";
import { CardActions } from "./CardActions";

type Feedback = Extract<TutorCard, { type: "DRILL_FEEDBACK" }>;

/** Why an answer was not accepted, in the interface language (the code itself when new). */
function reasonText(reason: string | null | undefined): string | null {
  if (!reason) return null;
  const key = `tutor.drill.reasons.${reason}`;
  return i18next.exists(key) ? i18next.t(key) : reason;
}

/** The name of a common mistake's tag: a known one translated, else the tag in words. */
function mistakeText(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const key = `tutor.drill.mistakes.${tag}`;
  return i18next.exists(key) ? i18next.t(key) : tag.replace(/[_-]+/g, " ");
}

/** A drill card (spec PV-AI-021): prompt and question, an inline answer box, bottom-right
 * "I'm stuck" and "Check Answer" (primary); once graded, the feedback with a
 * Correct/Incorrect pill, and "Try another" and "Continue" (primary) while it is the
 * timeline's last item. */
export function DrillCard({
  card,
  text,
  answer,
  feedback,
  latest,
  busy,
  grading,
  onCheck,
  onStuck,
  onTryAnother,
  onContinue,
}: {
  card: Extract<TutorCard, { type: "DRILL" }>;
  text: string;
  answer: TutorMessage | null;
  feedback: TutorMessage | null;
  latest: boolean;
  busy: boolean;
  /** The feedback streaming in while this drill is being checked. */
  grading: string | null;
  onCheck: (answer: string) => Promise<boolean>;
  onStuck: () => void;
  onTryAnother: () => void;
  onContinue: (correct: boolean) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [draft, setDraft] = useState("");
  const verdict = feedback?.card?.type === "DRILL_FEEDBACK" ? (feedback.card as Feedback) : null;

  async function check(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim() || busy) return;
    if (await onCheck(draft.trim())) setDraft("");
  }

  return (
    <article className="card card-drill" aria-label={t("tutor.drill.title")}>
      <h4>{t("tutor.drill.title")}</h4>
      {text && (
        <p className="card-text">
          <MathText text={text} />
        </p>
      )}
      <p className="drill-prompt">
        <MathText text={card.prompt} />
      </p>
      <p className="drill-question">
        <QuestionText tex={card.questionLatex} display />
      </p>
      {verdict && feedback ? (
        <div className="drill-graded">
          {answer && (
            <p>
              {t("tutor.drill.yourAnswer")} <QuestionText tex={answer.text} />
            </p>
          )}
          <p role="status" className={verdict.isCorrect ? "pill pill-correct" : "pill pill-incorrect"}>
            {verdict.isCorrect ? t("tutor.drill.correct") : t("tutor.drill.incorrect")}
          </p>
          <p className="drill-feedback">
            <MathText text={feedback.text} />
          </p>
          {!verdict.isCorrect && (
            <p>
              {t("tutor.drill.expected")} <QuestionText tex={verdict.expectedAnswer} />
              {reasonText(verdict.reason) && <span className="help"> — {reasonText(verdict.reason)}</span>}
            </p>
          )}
          {mistakeText(verdict.commonMistakeTag) && (
            <p className="help">{t("tutor.drill.mistake", { mistake: mistakeText(verdict.commonMistakeTag) })}</p>
          )}
          {latest && (
            <CardActions>
              <button type="button" disabled={busy} onClick={onTryAnother}>
                {t("tutor.drill.tryAnother")}
              </button>
              <button type="button" className="primary" disabled={busy} onClick={() => onContinue(verdict.isCorrect)}>
                {t("tutor.continue")}
              </button>
            </CardActions>
          )}
        </div>
      ) : (
        <form className="drill-answer" onSubmit={(e) => void check(e)}>
          <label htmlFor={inputId}>{t("tutor.drill.answerLabel")}</label>
          <input
            id={inputId}
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={500}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          {draft.trim() && !isProse(card.questionLatex) && (
            <p className="math-preview" aria-hidden="true">
              <Formula tex={draft} />
            </p>
          )}
          {grading !== null && (
            <p className="drill-checking" aria-busy="true">
              {grading || t("tutor.drill.checking")}
            </p>
          )}
          <CardActions>
            <button type="button" disabled={busy} onClick={onStuck}>
              {t("tutor.drill.stuck")}
            </button>
            <button type="submit" className="primary" disabled={busy || !draft.trim()}>
              {t("tutor.drill.check")}
            </button>
          </CardActions>
        </form>
      )}
    </article>
  );
}
