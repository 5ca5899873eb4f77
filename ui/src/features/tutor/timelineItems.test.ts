import { describe, expect, it } from "vitest";
import type { TutorCard, TutorMessage } from "../../bindings";
import { timelineItems } from "./timelineItems";

let id = 0;
function m(role: "user" | "assistant", turnId: string, card: TutorCard | null = null, text = "…"): TutorMessage {
  id += 1;
  return { id: String(id), threadId: "1", role, text, latex: null, card, origin: null, turnId, createdAt: "" };
}

const drill: TutorCard = { type: "DRILL", unitId: "U", prompt: "Solve", questionLatex: "x+1=2" };
const exam: TutorCard = { type: "EXAM", unitId: "U", questionId: "Q", difficultyTier: "bronze" };

describe("timelineItems", () => {
  it("puts a drill's answer and feedback inside the drill card", () => {
    const d = m("assistant", "t1", drill);
    const answer = m("user", "t2", null, "1");
    const feedback = m("assistant", "t2", {
      type: "DRILL_FEEDBACK", unitId: "U", drillMessageId: d.id, isCorrect: true, expectedAnswer: "1", reason: null, commonMistakeTag: null,
    });
    const items = timelineItems([m("user", "t1"), d, answer, feedback]);
    expect(items.map((i) => i.kind)).toEqual(["message", "drill"]);
    expect(items[1]).toMatchObject({ answer, feedback });
  });

  it("puts exam outcomes inside the latest block of their question", () => {
    const first = m("assistant", "t1", exam);
    const second = m("assistant", "t2", exam);
    const action = m("user", "t3", null, "My answer: A");
    const outcome = m("assistant", "t3", {
      type: "EXAM_OUTCOME", unitId: "U", questionId: "Q", difficultyTier: "bronze", outcome: "incorrect", lockedUntil: null, masteryTier: "none",
    });
    const items = timelineItems([first, second, action, outcome]);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ kind: "exam", outcomes: [] });
    expect(items[1]).toMatchObject({ kind: "exam", actions: [action], outcomes: [outcome] });
  });

  it("keeps a feedback card whose drill is not in the timeline as a message", () => {
    const orphan = m("assistant", "t1", {
      type: "DRILL_FEEDBACK", unitId: "U", drillMessageId: "999", isCorrect: false, expectedAnswer: "1", reason: null, commonMistakeTag: null,
    });
    expect(timelineItems([orphan]).map((i) => i.kind)).toEqual(["message"]);
  });

  it("shows concept cards and plain replies in order", () => {
    const concept = m("assistant", "t1", { type: "CONCEPT", unitId: "U", keyIdeas: ["a"], workedExample: null });
    expect(timelineItems([m("user", "t1"), concept, m("assistant", "t2")]).map((i) => i.kind)).toEqual(["message", "concept", "message"]);
  });
});
