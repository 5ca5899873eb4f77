import { convertFileSrc } from "@tauri-apps/api/core";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  commands,
  type ExamEventView,
  type ExamQuestionView,
  type ExamResult,
  type IpcError,
  type TutorCard,
  type TutorMessage,
} from "../../../bindings";
import { errorText } from "../../../i18n";
import { MathText } from "../../../math/MathText";
import { Countdown } from "../Countdown";
import { MasteryBadge } from "../MasteryBadge";
import { CardActions } from "./CardActions";

type Support = "memo" | "video";
type Outcome = Extract<TutorCard, { type: "EXAM_OUTCOME" }>;

/** An exam block (spec PV-AI-022): the tier badge, the stem, the options, and "View Memo",
 * "Watch Video" and "Submit" (primary). A locked question has its options and Submit
 * disabled with a countdown; after an attempt, "Passed" or "Locked for 24h" with the
 * countdown, and "Continue" (primary) while it is the timeline's last item. Viewing the
 * memo or the video asks first, as it locks the question. */
export function ExamBlock({
  threadId,
  card,
  text,
  outcomes,
  latest,
  busy,
  onSubmit,
  onSupport,
  onContinue,
}: {
  threadId: number;
  card: Extract<TutorCard, { type: "EXAM" }>;
  text: string;
  outcomes: TutorMessage[];
  latest: boolean;
  busy: boolean;
  onSubmit: (optionId: string) => Promise<ExamEventView | null>;
  onSupport: (kind: Support) => Promise<ExamEventView | null>;
  onContinue: (result: ExamResult) => void;
}) {
  const { t } = useTranslation();
  const groupId = useId();
  const [question, setQuestion] = useState<ExamQuestionView | null>(null);
  const [loadError, setLoadError] = useState<IpcError | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Support | null>(null);
  const [support, setSupport] = useState<{ kind: Support; text: string | null; video: string | null } | null>(null);
  const [working, setWorking] = useState(false);

  const load = useCallback(async () => {
    const result = await commands.tutorExamQuestion(threadId, card.questionId);
    if (result.status === "ok") {
      setQuestion(result.data);
      setLoadError(null);
    } else {
      setLoadError(result.error);
    }
  }, [threadId, card.questionId]);

  useEffect(() => {
    void load();
  }, [load, outcomes.length]);

  const last = outcomes.at(-1);
  const outcome = last?.card?.type === "EXAM_OUTCOME" ? (last.card as Outcome) : null;
  const status = question?.status;
  const open = status?.state === "available";
  const disabled = busy || working || !open;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || disabled) return;
    setWorking(true);
    await onSubmit(chosen);
    setWorking(false);
  }

  async function view(kind: Support) {
    setConfirming(null);
    setWorking(true);
    const saved = await onSupport(kind);
    setWorking(false);
    if (saved) setSupport({ kind, text: saved.supportText ?? null, video: saved.videoPath ?? null });
  }

  /** Support locks an open question, so it asks first; otherwise it costs nothing. */
  function ask(kind: Support) {
    if (open) setConfirming(kind);
    else void view(kind);
  }

  const noVideo = question !== null && !question.hasVideo && !question.hasTranscript;
  return (
    <article className="card card-exam" aria-label={t("tutor.exam.title")} data-question-id={card.questionId}>
      <header className="card-header">
        <h4>{t("tutor.exam.title")}</h4>
        <MasteryBadge tier={card.difficultyTier} />
      </header>
      {text && (
        <p className="card-text">
          <MathText text={text} />
        </p>
      )}
      {loadError && (
        <p className="check-error" role="alert">
          {errorText(loadError)}
        </p>
      )}
      {question && (
        <form onSubmit={(e) => void submit(e)}>
          <fieldset className="exam-options" disabled={disabled}>
            <legend id={groupId} className="exam-stem">
              <MathText text={question.stem} />
            </legend>
            {question.options.map((option) => (
              <label key={option.id} className="exam-option">
                <input
                  type="radio"
                  name={`exam-${card.questionId}-${threadId}`}
                  value={option.id}
                  checked={chosen === option.id}
                  onChange={() => setChosen(option.id)}
                />
                <span className="option-id">{option.id}.</span> <MathText text={option.text} />
              </label>
            ))}
          </fieldset>
          {status?.state === "locked" && status.lockedUntil && !outcome && (
            <p className="exam-locked">
              {t("tutor.exam.locked")} <Countdown until={status.lockedUntil} onDone={() => void load()} />
            </p>
          )}
          {status?.state === "passed" && !outcome && <p className="badge badge-passed">{t("tutor.exam.passed")}</p>}
          {confirming && (
            <div className="confirm" role="alertdialog" aria-label={t("tutor.exam.confirmTitle")}>
              <p>{t(confirming === "memo" ? "tutor.exam.confirmMemo" : "tutor.exam.confirmVideo")}</p>
              <button type="button" onClick={() => setConfirming(null)}>
                {t("tutor.exam.cancel")}
              </button>{" "}
              <button type="button" className="primary" onClick={() => void view(confirming)} autoFocus>
                {t(confirming === "memo" ? "tutor.exam.viewMemoAnyway" : "tutor.exam.watchVideoAnyway")}
              </button>
            </div>
          )}
          <CardActions>
            <button type="button" disabled={busy || working} onClick={() => ask("memo")}>
              {t("tutor.exam.viewMemo")}
            </button>
            <button
              type="button"
              disabled={busy || working || noVideo}
              title={noVideo ? t("tutor.exam.noVideo") : undefined}
              onClick={() => ask("video")}
            >
              {t("tutor.exam.watchVideo")}
            </button>
            <button type="submit" className="primary" disabled={disabled || !chosen}>
              {t("tutor.exam.submit")}
            </button>
          </CardActions>
        </form>
      )}
      {support && (
        <section className="exam-support" aria-label={t(support.kind === "memo" ? "tutor.exam.memo" : "tutor.exam.video")}>
          <h5>{t(support.kind === "memo" ? "tutor.exam.memo" : "tutor.exam.video")}</h5>
          {support.video && <video controls preload="metadata" src={convertFileSrc(support.video)} />}
          {support.text && (
            <p className="support-text">
              <MathText text={support.text} />
            </p>
          )}
        </section>
      )}
      {outcome && last && (
        <div className="exam-outcome" role="status">
          {outcome.outcome === "passed" && <p className="badge badge-passed">{t("tutor.exam.passed")}</p>}
          {outcome.outcome !== "passed" && outcome.lockedUntil && (
            <p className="exam-locked">
              {t("tutor.exam.lockedFor")} <Countdown until={outcome.lockedUntil} onDone={() => void load()} />
            </p>
          )}
          <p>
            <MathText text={last.text} />
          </p>
          {latest && (
            <CardActions>
              <button
                type="button"
                className="primary"
                disabled={busy}
                onClick={() => onContinue(outcome.outcome === "passed" ? "passed" : "locked")}
              >
                {t("tutor.continue")}
              </button>
            </CardActions>
          )}
        </div>
      )}
    </article>
  );
}
