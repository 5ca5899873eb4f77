// Test-only: a scripted tutor backend for Vitest and the headless-Chromium suite. It
// answers each button the way the real policy would in a simple case (a question gets a
// concept card, "Try a Drill" a drill, a right answer then "Continue" an exam block),
// grades "4" as right, option "B" as right, and locks a question for 24 hours after a
// wrong answer or a viewed memo. Never part of a real build.
import type {
  ClientEvent,
  MasteryTier,
  SnapshotLite,
  TutorCard,
  TutorInputView,
  TutorMessage,
  TutorThreadView,
} from "../../bindings";

type Args = Record<string, unknown>;
type Channel = { onmessage: (event: unknown) => void };

/** The sample course's units in the scripted backend. */
export const MOCK_UNITS = [
  { unitId: "ALG-01", title: "Linear equations" },
  { unitId: "ALG-02", title: "Inequalities" },
  { unitId: "ALG-03", title: "Quadratics" },
] as const;

const HOUR = 3_600_000;

/** A scripted tutor over one course; `now` is its clock (milliseconds). */
export function createTutorMock(now: () => number = Date.now) {
  let nextId = 1;
  let turns = 0;
  let mastery: MasteryTier = "none";
  const locks = new Map<string, number>();
  const passed = new Set<string>();
  const messages: TutorMessage[] = [];
  const threads: { id: number; title: string; createdAt: string }[] = [];
  const progress: { at: string; bronze: number; silver: number; gold: number }[] = [];

  const iso = (ms: number) => new Date(ms).toISOString();
  const message = (role: "user" | "assistant", text: string, card: TutorCard | null = null, latex: string | null = null): TutorMessage => ({
    id: String(nextId++),
    threadId: "1",
    role,
    text,
    latex,
    card,
    origin: role === "assistant" ? "model" : null,
    turnId: `1-${turns}`,
    createdAt: iso(now()),
  });

  const snapshot = (): SnapshotLite => {
    const lockedUntil = [...locks.values()].filter((until) => until > now()).sort()[0];
    return {
      focus: { unitId: "ALG-01", title: "Linear equations", masteryTier: mastery },
      prereqNudge: null,
      revisit: {
        lockedCount: [...locks.values()].filter((until) => until > now()).length,
        readyCount: 0,
        nextEligibleAt: lockedUntil ? iso(lockedUntil) : null,
        nextQuestionId: lockedUntil ? "EX-1" : null,
        reviewsDue: [],
      },
      progress: { bronze: mastery === "none" ? 0 : 1, silver: 0, gold: 0, total: MOCK_UNITS.length },
    };
  };

  const thread = (id: number): TutorThreadView => {
    const found = threads.find((t) => t.id === id);
    if (!found) throw { code: "tutor_thread_not_found", message: `no thread ${id}` };
    return {
      id,
      courseId: "alg",
      title: found.title,
      language: "en",
      turns,
      messages: [...messages],
      snapshotLite: snapshot(),
      createdAt: found.createdAt,
      updatedAt: found.createdAt,
    };
  };

  const drill = (unitId: string) =>
    message("assistant", "Let's practise one.", { type: "DRILL", unitId, prompt: "Solve for $x$.", questionLatex: "2x + 3 = 11" });

  /** The reply to a typed message or a button. */
  const reply = (event: ClientEvent | null, text: string): TutorMessage => {
    switch (event?.type) {
      case "REQUEST_DRILL":
      case "CHOOSE_UNIT":
      case "EXAM_CONTINUE":
        return drill(event.unitId);
      case "DRILL_CONTINUE":
        return event.lastResult === "correct"
          ? message("assistant", "You are ready for an exam question.", {
              type: "EXAM",
              unitId: event.unitId,
              questionId: "EX-1",
              difficultyTier: "bronze",
            })
          : drill(event.unitId);
      default:
        return message("assistant", text.includes("?") ? "Here is the key idea." : "What do you notice?", {
          type: "CONCEPT",
          unitId: "ALG-01",
          keyIdeas: ["Undo operations in reverse order.", "Keep the equation balanced: $a=b \\Rightarrow a-3=b-3$."],
          workedExample: { problem_latex: "x+5=9", steps_latex: ["x = 9 - 5"], final_answer_latex: "x = 4" },
        });
    }
  };

  /** Appends a turn's messages and returns them. */
  const turn = (...added: TutorMessage[]) => {
    turns += 1;
    for (const m of added) m.turnId = `1-${turns}`;
    messages.push(...added);
    return added;
  };

  const outcome = (kind: "passed" | "incorrect" | "memo_viewed" | "video_viewed", student: string, text: string) => {
    const locked = locks.get("EX-1");
    return turn(
      message("user", student),
      message("assistant", text, {
        type: "EXAM_OUTCOME",
        unitId: "ALG-01",
        questionId: "EX-1",
        difficultyTier: "bronze",
        outcome: kind,
        lockedUntil: kind === "passed" || !locked ? null : iso(locked),
        masteryTier: mastery,
      }),
    );
  };

  const status = () => {
    if (passed.has("EX-1")) return { state: "passed", lockedUntil: null };
    const until = locks.get("EX-1");
    return until && until > now() ? { state: "locked", lockedUntil: iso(until) } : { state: "available", lockedUntil: null };
  };

  const handlers: Record<string, (args: Args) => unknown> = {
    tutor_courses: () => [{ id: "alg", title: "Grade 10 Algebra", language: "en", units: MOCK_UNITS }],
    tutor_threads: () =>
      threads.map((t) => ({ id: t.id, courseId: "alg", title: t.title, turns, updatedAt: t.createdAt })),
    tutor_create: () => {
      const id = threads.length + 1;
      threads.push({ id, title: "Grade 10 Algebra", createdAt: iso(now()) });
      return thread(id);
    },
    tutor_open: (args) => thread(Number(args.id)),
    tutor_delete: (args) => {
      const at = threads.findIndex((t) => t.id === Number(args.id));
      if (at >= 0) threads.splice(at, 1);
      return null;
    },
    tutor_send: (args) => {
      const input = args.input as TutorInputView;
      const channel = args.onEvent as Channel;
      const typed = input.text ?? input.latex ?? "";
      const added = turn(
        ...(typed ? [message("user", input.text ?? "", null, input.latex)] : []),
        reply(input.clientEvent ?? null, typed),
      );
      channel.onmessage({ kind: "started", turn: turns });
      channel.onmessage({ kind: "delta", text: added.at(-1)!.text });
      const result = { threadId: 1, turnId: `1-${turns}`, messages: added, snapshotLite: snapshot(), log: null, origin: "model" };
      channel.onmessage({ kind: "final", result, origin: "model" });
      return result;
    },
    tutor_grade_drill: (args) => {
      const answer = String(args.answer);
      const correct = ["4", "x=4"].includes(answer.replace(/\s+/g, ""));
      const channel = args.onEvent as Channel;
      const feedback = correct ? "Right: subtract 3, then divide by 2." : "Not quite: subtract 3 from both sides first.";
      channel.onmessage({ kind: "delta", text: feedback });
      const added = turn(
        message("user", answer),
        message("assistant", feedback, {
          type: "DRILL_FEEDBACK",
          unitId: "ALG-01",
          drillMessageId: String(args.messageId),
          isCorrect: correct,
          expectedAnswer: "x = 4",
          reason: correct ? null : "not_equivalent",
          commonMistakeTag: correct ? null : "sign_error",
        }),
      );
      return { threadId: 1, messages: added, isCorrect: correct, snapshotLite: snapshot(), origin: "model" };
    },
    tutor_exam_question: () => ({
      questionId: "EX-1",
      tier: "bronze",
      stem: "Solve $3x - 2 = 10$.",
      options: [
        { id: "A", text: "$x = 3$" },
        { id: "B", text: "$x = 4$" },
        { id: "C", text: "$x = 6$" },
      ],
      hasVideo: false,
      hasTranscript: true,
      status: status(),
    }),
    tutor_exam_submit: (args) => {
      if (status().state !== "available") throw { code: "exam_question_locked", message: "EX-1 is locked" };
      const right = args.optionId === "B";
      if (right) {
        passed.add("EX-1");
        mastery = "bronze";
        progress.push({ at: iso(now()), bronze: 1, silver: 0, gold: 0 });
      } else {
        locks.set("EX-1", now() + 24 * HOUR);
      }
      const added = right
        ? outcome("passed", "My answer: B", "Correct — a pass on Linear equations.")
        : outcome("incorrect", `My answer: ${String(args.optionId)}`, "Not this time. The question is locked for 24 hours.");
      return { threadId: 1, messages: added, outcome: right ? "passed" : "incorrect", status: status(), supportText: null, videoPath: null, snapshotLite: snapshot() };
    },
    tutor_exam_support: (args) => {
      const memo = args.kind === "memo";
      if (!passed.has("EX-1") && !locks.has("EX-1")) locks.set("EX-1", now() + 24 * HOUR);
      const added = outcome(memo ? "memo_viewed" : "video_viewed", "(viewed the worked solution)", "Here is the worked solution.");
      return {
        threadId: 1,
        messages: added,
        outcome: memo ? "memo_viewed" : "video_viewed",
        status: status(),
        supportText: memo ? "Add 2: $3x = 12$, so $x = 4$." : "In this video we add 2 to both sides.",
        videoPath: null,
        snapshotLite: snapshot(),
      };
    },
    tutor_learning_path: () => ({
      courseId: "alg",
      courseTitle: "Grade 10 Algebra",
      units: MOCK_UNITS.map((u, i) => ({
        ...u,
        masteryTier: i === 0 ? mastery : "none",
        blocked: i === 2 && mastery === "none",
        isFocus: i === 0,
      })),
      edges: [
        { from: "ALG-01", to: "ALG-02" },
        { from: "ALG-01", to: "ALG-03" },
      ],
    }),
    tutor_progress: () => progress,
    tutor_debug: () => ({
      lastTurn: null,
      snapshotLite: snapshot(),
      mastery: MOCK_UNITS.map((u, i) => ({ ...u, masteryTier: i === 0 ? mastery : "none" })),
    }),
  };
  return handlers;
}
