// Test-only: a scripted tutor backend for Vitest and the headless-Chromium suite. It
// answers each button the way the real policy would in a simple case (a question gets a
// concept card ending in a gap to fill, any other typed message is judged as the answer
// to it — "3" right, "subtract" partly, else not yet —, "Try a Drill" a drill, a right
// answer then "Continue" an exam block, "Try again" on the revisit list that question
// again), grades "4" as right, option "B" as right, and locks a question for 24 hours
// after a wrong answer or a viewed memo. Typed turns rest on a passage of the unit's
// notes; buttons' replies are the app's (origin `app`). The debug view logs the last
// turn, with one model sentence the filter dropped. Never part of a real build.
import type {
  ClientEvent,
  MasteryTier,
  ReplyOrigin,
  SnapshotLite,
  SourcePassage,
  TurnLog,
  TutorCard,
  TutorInputView,
  TutorMessage,
  TutorThreadView,
  TutorVerdict,
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

/** The passage of the first unit's notes that typed turns rest on. */
export const MOCK_PASSAGE: SourcePassage = {
  unitId: "ALG-01",
  unitTitle: "Linear equations",
  source: "units/ALG-01.md",
  section: "Undoing operations",
  quote: "To find $x$ in $2x + 3 = 11$, undo the operations in reverse order: subtract 3 from both sides, then divide both sides by 2.",
  fullText: [
    "## Undoing operations",
    "",
    "An equation stays **balanced** when both sides change the same way.",
    "",
    "To find $x$ in $2x + 3 = 11$, undo the operations in reverse order: subtract 3 from both sides, then divide both sides by 2.",
    "",
    "$$",
    "2x = 8 \\quad\\Rightarrow\\quad x = 4",
    "$$",
    "",
    "- Check the answer by substituting it back: $2 \\cdot 4 + 3 = 11$.",
  ].join("\n"),
};

/** The unit summary (the anchor in `course.json`) a verdict rests on. */
export const MOCK_SUMMARY_PASSAGE: SourcePassage = {
  unitId: "ALG-01",
  unitTitle: "Linear equations",
  source: "course.json",
  section: "",
  quote: "Subtract the constant from both sides first, then divide by the coefficient.",
  fullText: "Subtract the constant from both sides first, then divide by the coefficient. Every step keeps the equation balanced.",
};

/** How the scripted tutor judges an answer to its gap ("first subtract ___"). */
export function mockVerdict(answer: string): TutorVerdict {
  if (/\b3\b|three/i.test(answer)) return "right";
  if (/subtract|take away/i.test(answer)) return "partly";
  return "not_yet";
}

const VERDICT_TEXT: Record<TutorVerdict, string> = {
  right: "Yes: 3 comes off both sides first. What is $x$ then?",
  partly: "You are on the way: subtract, but which number? Look at the constant term.",
  not_yet: "Not quite. Look at what is added to $2x$ and take it off both sides.",
};

/** A scripted tutor over one course; `now` is its clock (milliseconds). */
export function createTutorMock(now: () => number = Date.now) {
  let nextId = 1;
  let turns = 0;
  let mastery: MasteryTier = "none";
  const locks = new Map<string, number>();
  const passed = new Set<string>();
  const messages: TutorMessage[] = [];
  let lastLog: TurnLog | null = null;
  const threads: { id: number; title: string; createdAt: string }[] = [];
  const progress: { at: string; bronze: number; silver: number; gold: number }[] = [];

  const iso = (ms: number) => new Date(ms).toISOString();
  const message = (
    role: "user" | "assistant",
    text: string,
    card: TutorCard | null = null,
    latex: string | null = null,
    extra: { origin?: ReplyOrigin; passage?: SourcePassage; verdict?: TutorVerdict } = {},
  ): TutorMessage => ({
    id: String(nextId++),
    threadId: "1",
    role,
    text,
    latex,
    card,
    origin: role === "assistant" ? (extra.origin ?? "model") : null,
    passage: extra.passage ?? null,
    verdict: extra.verdict ?? null,
    turnId: `1-${turns}`,
    createdAt: iso(now()),
  });

  const snapshot = (): SnapshotLite => {
    const lockedUntil = [...locks.values()].filter((until) => until > now()).sort()[0];
    // The revisit queue: questions locked once and not passed since, those open again
    // first, then by when they open (ties by id). The sample's one question is EX-1.
    const queue = [...locks]
      .filter(([questionId]) => !passed.has(questionId))
      .map(([questionId, until]) => ({ questionId, until: until > now() ? until : null }))
      .sort((a, b) => (a.until ?? 0) - (b.until ?? 0) || a.questionId.localeCompare(b.questionId));
    return {
      focus: { unitId: "ALG-01", title: "Linear equations", masteryTier: mastery },
      prereqNudge: null,
      revisit: {
        lockedCount: [...locks.values()].filter((until) => until > now()).length,
        readyCount: queue.filter((q) => q.until === null).length,
        nextEligibleAt: lockedUntil ? iso(lockedUntil) : null,
        questions: queue.map((q) => ({
          questionId: q.questionId,
          unitId: "ALG-01",
          tier: "bronze",
          eligibleAt: q.until === null ? null : iso(q.until),
        })),
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
    message("assistant", "Let's practise one.", { type: "DRILL", unitId, prompt: "Solve for $x$.", questionLatex: "2x + 3 = 11" }, null, {
      origin: "app",
    });

  /** The reply to a typed message or a button. */
  const reply = (event: ClientEvent | null, text: string): TutorMessage => {
    switch (event?.type) {
      case "REQUEST_DRILL":
      case "CHOOSE_UNIT":
      case "EXAM_CONTINUE":
        return drill(event.unitId);
      case "DRILL_CONTINUE":
        return event.lastResult === "correct"
          ? message(
              "assistant",
              "You are ready for an exam question.",
              { type: "EXAM", unitId: event.unitId, questionId: "EX-1", difficultyTier: "bronze" },
              null,
              { origin: "app" },
            )
          : drill(event.unitId);
      case "REVISIT":
        return message(
          "assistant",
          "Here is that question on Linear equations again. Take your time.",
          { type: "EXAM", unitId: event.unitId, questionId: event.questionId, difficultyTier: "bronze" },
          null,
          { origin: "app" },
        );
      case "STUCK":
        return message(
          "assistant",
          "Here is a hint for that drill: take 3 off both sides first.",
          null,
          null,
          { origin: "app", passage: MOCK_PASSAGE },
        );
      default:
        if (!text.includes("?")) {
          const verdict = mockVerdict(text);
          return message("assistant", VERDICT_TEXT[verdict], null, null, { passage: MOCK_SUMMARY_PASSAGE, verdict });
        }
        return message(
          "assistant",
          "Here is the key idea. Fill in the gap: first subtract ___ from both sides.",
          {
            type: "CONCEPT",
            unitId: "ALG-01",
            keyIdeas: ["Undo operations in reverse order.", "Keep the equation balanced: $a=b \\Rightarrow a-3=b-3$."],
            workedExample: { problem_latex: "x+5=9", steps_latex: ["x = 9 - 5"], final_answer_latex: "x = 4" },
          },
          null,
          { passage: MOCK_PASSAGE },
        );
    }
  };

  /** The turn log of a reply (the debug drawer's last turn). */
  const log = (event: ClientEvent | null, reply: TutorMessage): TurnLog => {
    const typed = !event || event.type === "NONE";
    const modelText = typed ? "Subtracting first keeps both sides balanced." : "";
    return {
      turnId: `1-${turns}`,
      clientEvent: event?.type ?? "NONE",
      mappedUnits: typed ? [{ unitId: "ALG-01", confidence: 0.9 }] : [],
      askedUnitId: typed ? "ALG-01" : null,
      replyLanguage: "en",
      focusUnitId: "ALG-01",
      prereqBlockingUnitId: null,
      allowedActions: ["SOCRATIC_QUESTION", "CONCEPT_CARD", "DRILL_CARD"],
      plannedActions: [reply.card?.type === "DRILL" ? "DRILL_CARD" : reply.card?.type === "EXAM" ? "EXAM_BLOCK" : "CONCEPT_CARD"],
      desiredExamTier: "bronze",
      examAvailability: "available",
      nextEligibleAt: null,
      chosenAction: reply.card?.type === "DRILL" ? "DRILL_CARD" : reply.card?.type === "EXAM" ? "EXAM_BLOCK" : reply.card ? "CONCEPT_CARD" : "SOCRATIC_QUESTION",
      chosenUnitId: "ALG-01",
      passageSource: reply.passage?.source ?? null,
      verdict: reply.verdict ?? null,
      modelSentences: typed ? 1 : 0,
      modelText,
      dropped: typed ? [{ text: "The answer is obviously 42.", check: "supported" }] : [],
      origin: reply.origin ?? "model",
      fallbackReason: null,
      latencyMs: 850,
      promptTokens: typed ? 310 : null,
      reusedTokens: typed ? 240 : null,
      generatedTokens: typed ? 24 : null,
      firstTokenMs: typed ? 400 : null,
      materialChunks: 3,
      attemptableQuestions: 1,
      policy: {
        turnId: `1-${turns}`,
        focusUnitId: "ALG-01",
        primaryTargetUnitId: "ALG-01",
        prereqBlockingUnitId: null,
        scopedUnitIds: ["ALG-01"],
        allowedActions: ["SOCRATIC_QUESTION", "CONCEPT_CARD", "DRILL_CARD"],
        stuck: false,
        examReady: false,
        desiredExamTier: "bronze",
        examAvailability: "available",
        nextEligibleAt: null,
        constraints: { maxConceptWords: 120, maxWorkedExamples: 1, drillMaxSteps: 4 },
      },
      scoredUnits: MOCK_UNITS.map((u, i) => ({ ...u, mappedConfidence: i === 0 && typed ? 0.9 : null, score: 0.8 - i * 0.2 })),
    };
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
      const answer = reply(input.clientEvent ?? null, typed);
      const added = turn(...(typed ? [message("user", input.text ?? "", null, input.latex)] : []), answer);
      lastLog = log(input.clientEvent ?? null, answer);
      const origin = answer.origin ?? "model";
      channel.onmessage({ kind: "started", turn: turns });
      channel.onmessage({ kind: "delta", text: answer.text });
      const result = { threadId: 1, turnId: `1-${turns}`, messages: added, snapshotLite: snapshot(), log: lastLog, origin };
      channel.onmessage({ kind: "final", result, origin });
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
        ? outcome("passed", "My answer: B", "Correct — a pass on “Linear equations”.")
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
      lastTurn: lastLog,
      snapshotLite: snapshot(),
      mastery: MOCK_UNITS.map((u, i) => ({ ...u, masteryTier: i === 0 ? mastery : "none" })),
    }),
  };
  return handlers;
}
