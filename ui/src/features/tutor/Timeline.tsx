import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ClientEvent, ExamEventView, ExamResult, SourcePassage, TutorMessage } from "../../bindings";
import { Formula, MathText } from "../../math/MathText";
import { ConceptCard } from "./cards/ConceptCard";
import { DrillCard } from "./cards/DrillCard";
import { ExamBlock } from "./cards/ExamBlock";
import { PassageQuote } from "./cards/PassageQuote";
import { timelineItems } from "./timelineItems";
import { VerdictBadge } from "./VerdictBadge";

/** Origins that get a note under the reply: the offline guide wrote it. A reply of the
 * model or of the app (from the course's own material) is a normal reply. */
const NOTED_ORIGINS = new Set(["offline", "afterModelFailure", "afterBrokenReply"]);

/** A plain timeline message: who wrote it, the verdict on the student's answer, the
 * passage that answers the question (first: the answer comes before anything else, issue
 * #47), its text (and LaTeX), the prerequisite it offers with a button to check it, and a
 * note when the offline guide wrote it. */
function Message({
  message,
  busy,
  onPress,
}: {
  message: TutorMessage;
  busy: boolean;
  onPress: (event: ClientEvent) => void;
}) {
  const { t } = useTranslation();
  const offer = message.offer;
  return (
    <>
      <span className="visually-hidden">{t(`tutor.roles.${message.role}`)}: </span>
      {message.verdict && <VerdictBadge verdict={message.verdict} />}
      {message.passage && <PassageQuote passage={message.passage} />}
      <MathText text={message.text} />
      {message.latex && (
        <span className="message-latex">
          <Formula tex={message.latex} />
        </span>
      )}
      {offer && (
        <div className="message-actions">
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => onPress({ type: "REQUEST_DRILL", unitId: offer.unitId })}
          >
            {t("tutor.offer.check", { unit: offer.unitTitle })}
          </button>
        </div>
      )}
      {message.origin && NOTED_ORIGINS.has(message.origin) && (
        <small className="message-origin">{t(`tutor.origin.${message.origin}`)}</small>
      )}
    </>
  );
}

/** A card in the timeline with the verdict its message gives and the passage that
 * answers the question (above, before the card). */
function CardItem({ message, children }: { message: TutorMessage; children: ReactNode }) {
  return (
    <li className="item item-card" data-message-id={message.id}>
      {message.verdict && <VerdictBadge verdict={message.verdict} />}
      {message.passage && <PassageQuote passage={message.passage} />}
      {children}
    </li>
  );
}

/** The thread's timeline: messages and cards in order, with the reply streaming in; the
 * list is a polite live region, so new replies and grades are announced. */
export function Timeline({
  threadId,
  messages,
  streaming,
  streamingPassage = null,
  gradingDrill,
  busy,
  onPress,
  onFollowUp,
  onGrade,
  onSubmitExam,
  onSupport,
}: {
  threadId: number;
  messages: TutorMessage[];
  streaming: string | null;
  /** The course passage of the reply being written, shown before its words. */
  streamingPassage?: SourcePassage | null;
  /** The drill message being checked, if any. */
  gradingDrill: string | null;
  busy: boolean;
  onPress: (event: ClientEvent) => void;
  onFollowUp: () => void;
  onGrade: (messageId: string, answer: string) => Promise<boolean>;
  onSubmitExam: (questionId: string, optionId: string) => Promise<ExamEventView | null>;
  onSupport: (questionId: string, kind: "memo" | "video") => Promise<ExamEventView | null>;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const items = timelineItems(messages);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages.length, streaming]);

  return (
    <ol className="timeline" aria-live="polite" aria-label={t("tutor.timeline")} ref={list}>
      {items.map((item, i) => {
        const latest = i === items.length - 1;
        const { message } = item;
        const card = message.card;
        if (item.kind === "concept" && card?.type === "CONCEPT") {
          return (
            <CardItem key={message.id} message={message}>
              <ConceptCard
                card={card}
                text={message.text}
                busy={busy}
                onTryDrill={() => onPress({ type: "REQUEST_DRILL", unitId: card.unitId })}
                onFollowUp={onFollowUp}
              />
            </CardItem>
          );
        }
        if (item.kind === "drill" && card?.type === "DRILL") {
          return (
            <CardItem key={message.id} message={message}>
              <DrillCard
                card={card}
                text={message.text}
                answer={item.answer}
                feedback={item.feedback}
                latest={latest}
                busy={busy}
                grading={gradingDrill === message.id ? streaming : null}
                onCheck={(answer) => onGrade(message.id, answer)}
                onStuck={() => onPress({ type: "STUCK", unitId: card.unitId, drillMessageId: message.id })}
                onTryAnother={() => onPress({ type: "REQUEST_DRILL", unitId: card.unitId })}
                onContinue={(correct) =>
                  onPress({
                    type: "DRILL_CONTINUE",
                    unitId: card.unitId,
                    lastResult: correct ? "correct" : "incorrect",
                    drillMessageId: message.id,
                  })
                }
              />
            </CardItem>
          );
        }
        if (item.kind === "exam" && card?.type === "EXAM") {
          return (
            <CardItem key={message.id} message={message}>
              <ExamBlock
                threadId={threadId}
                card={card}
                text={message.text}
                outcomes={item.outcomes}
                latest={latest}
                busy={busy}
                onSubmit={(optionId) => onSubmitExam(card.questionId, optionId)}
                onSupport={(kind) => onSupport(card.questionId, kind)}
                onContinue={(result: ExamResult) =>
                  onPress({ type: "EXAM_CONTINUE", unitId: card.unitId, questionId: card.questionId, result })
                }
              />
            </CardItem>
          );
        }
        return (
          <li key={message.id} className={`item message message-${message.role}`} data-message-id={message.id}>
            <Message message={message} busy={busy} onPress={onPress} />
          </li>
        );
      })}
      {streaming !== null && gradingDrill === null && (
        <li className="item message message-assistant message-streaming" aria-busy="true">
          {streamingPassage && <PassageQuote passage={streamingPassage} />}
          {streaming || t("tutor.thinking")}
        </li>
      )}
    </ol>
  );
}
