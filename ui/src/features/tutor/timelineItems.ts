import type { TutorMessage } from "../../bindings";

/** One thing the timeline shows: a plain message, or a card with what answered it. */
export type TimelineItem =
  | { kind: "message"; message: TutorMessage }
  | { kind: "concept"; message: TutorMessage }
  | { kind: "drill"; message: TutorMessage; answer: TutorMessage | null; feedback: TutorMessage | null }
  | { kind: "exam"; message: TutorMessage; actions: TutorMessage[]; outcomes: TutorMessage[] };

/** Folds the saved timeline into what the window shows: a drill's answer and feedback
 * go inside the drill card, an exam event's action and outcome inside the exam block of
 * that question (the latest one before it), as the spec places them. */
export function timelineItems(messages: TutorMessage[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  const drills = new Map<string, Extract<TimelineItem, { kind: "drill" }>>();
  const exams = new Map<string, Extract<TimelineItem, { kind: "exam" }>>();
  /** Takes the student's message of turn `turnId` if it is the last item shown. */
  const takeStudent = (turnId: string): TutorMessage | null => {
    const last = items.at(-1);
    if (last?.kind === "message" && last.message.role === "user" && last.message.turnId === turnId) {
      items.pop();
      return last.message;
    }
    return null;
  };
  for (const message of messages) {
    const card = message.card;
    if (!card || message.role !== "assistant") {
      items.push({ kind: "message", message });
    } else if (card.type === "CONCEPT") {
      items.push({ kind: "concept", message });
    } else if (card.type === "DRILL") {
      const item = { kind: "drill" as const, message, answer: null, feedback: null };
      drills.set(message.id, item);
      items.push(item);
    } else if (card.type === "EXAM") {
      const item = { kind: "exam" as const, message, actions: [], outcomes: [] };
      exams.set(card.questionId, item);
      items.push(item);
    } else if (card.type === "DRILL_FEEDBACK" && drills.get(card.drillMessageId)?.feedback === null) {
      const drill = drills.get(card.drillMessageId)!;
      drill.answer = takeStudent(message.turnId);
      drill.feedback = message;
    } else if (card.type === "EXAM_OUTCOME" && exams.has(card.questionId)) {
      const exam = exams.get(card.questionId)!;
      const action = takeStudent(message.turnId);
      if (action) exam.actions.push(action);
      exam.outcomes.push(message);
    } else {
      items.push({ kind: "message", message });
    }
  }
  return items;
}
