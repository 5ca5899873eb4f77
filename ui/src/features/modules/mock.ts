// Test-only: a scripted guided module for Vitest and the headless-Chromium suite. Two
// sections, four topics (25 % each); "heart" and "sleep" in a message cover their
// topics, "next" completes the section, the first section offers a form whose
// "sleep_hours" covers sleep. Progress and milestones follow the app's rules. Never part
// of a real build.
import type { ModuleMessageView, ModuleProgressView, ModuleReply, ModuleSessionStateView, ModuleTurnView, TextBlock } from "../../bindings";

type Args = Record<string, unknown>;
type Channel = { onmessage: (event: unknown) => void };

const SECTIONS = [
  { id: "body", title: "Your body", phase: "Understanding", topics: ["heart", "breath"] },
  { id: "plan", title: "Your plan", phase: "Acting", topics: ["sleep", "breaks"] },
];
const TITLES: Record<string, string> = { heart: "Racing heart", breath: "Breathing", sleep: "Sleep", breaks: "Breaks" };
const WORDS: Record<string, RegExp> = { heart: /heart/i, breath: /breath/i, sleep: /sleep/i, breaks: /break/i };

/** A scripted module backend. */
export function createModulesMock() {
  let covered: string[] = [];
  let completed: string[] = [];
  let current = "body";
  let celebrated: string[] = [];
  let messages: ModuleMessageView[] = [];
  let nextId = 1;

  const percentage = () => Math.floor((covered.length * 100) / 4);
  const progress = (): ModuleProgressView => ({
    percentage: percentage(),
    covered: covered.length,
    total: 4,
    coveredTitles: covered.map((t) => TITLES[t]),
    sections: SECTIONS.map((s) => ({
      id: s.id,
      title: s.title,
      phase: s.phase,
      topics: 2,
      covered: s.topics.filter((t) => covered.includes(t)).length,
      completed: completed.includes(s.id),
      current: s.id === current,
    })),
    celebrated: celebrated as ModuleProgressView["celebrated"],
    finished: false,
  });
  const reply = (blocks: TextBlock[], newly: string[], withForm = false): ModuleReply => {
    const reached = (["25%", "50%", "75%", "100%"] as const).filter((m) => parseInt(m) <= percentage() && !celebrated.includes(m));
    celebrated = [...celebrated, ...reached];
    const milestone = reached.at(-1) ?? null;
    const text_blocks = milestone ? [{ type: "success" as const, content: `🎉 You've reached **${milestone.replace("%", " %")}** of this module.`, level: null }, ...blocks] : blocks;
    const section = SECTIONS.find((s) => s.id === current)!;
    const next = SECTIONS[SECTIONS.indexOf(section) + 1];
    return {
      content: {
        text_blocks,
        forms: withForm
          ? [
              {
                id: "check_in",
                title: "Check-in",
                description: null,
                submit_label: "Send my answers",
                optional: true,
                fields: [
                  { id: "sleep_hours", type: "number", label: "Hours of sleep", required: false, options: [], placeholder: null, help_text: null, min: 0, max: 14 },
                  { id: "signs", type: "checkbox", label: "Signs I notice", required: false, options: [{ value: "racing_heart", label: "Racing heart" }, { value: "worry", label: "Worry" }], placeholder: null, help_text: null, min: null, max: null },
                ],
              },
            ]
          : [],
        media: withForm ? [{ type: "image", src: "media/curve.svg", alt: "A curve of stress and performance", caption: "Some stress helps" }] : [],
        next_step: { prompt: "What do you notice?", suggestions: next ? [`Continue: ${next.title}`] : ["What have we covered?"], can_skip: true },
      },
      meta: {
        response_type: "conversational",
        progress: { percentage: percentage(), covered_topics: covered.map((t) => TITLES[t]), newly_covered: newly.map((t) => TITLES[t]), remaining_topics: 4 - covered.length, milestone },
        module_state: { current_phase: section.phase, current_section: section.title, sections_completed: completed.length, total_sections: 2 },
        emotion: milestone ? "celebratory" : "supportive",
      },
    };
  };
  const opening = () =>
    reply(
      [
        { type: "heading", content: SECTIONS.find((s) => s.id === current)!.title, level: 2 },
        { type: "paragraph", content: "Stress shows up in the body first. The curve is $y = x^2$.", level: null },
      ],
      [],
      current === "body",
    );
  const cover = (topics: string[]) => {
    const newly = topics.filter((t) => !covered.includes(t));
    covered = [...covered, ...newly];
    return newly;
  };
  const push = (fromStudent: boolean, text: string, r: ModuleReply | null = null, wasForm = false) => {
    const m: ModuleMessageView = { id: nextId++, fromStudent, text, wasForm, reply: r, origin: r ? "app" : null };
    messages.push(m);
    return m;
  };
  const view = (): ModuleSessionStateView => ({ sessionId: 1, moduleId: "calm", title: "Calm before exams", language: "en", mediaDir: "/data/media/modules/module-calm/g1", messages: [...messages], progress: progress() });

  return {
    modules_list: () => [{ id: "calm", title: "Calm before exams", language: "en", description: "Managing exam stress.", sections: 2, topics: 4 }],
    modules_import: () => {
      throw { code: "pack_missing_file", message: "module.json: not in the pack" };
    },
    modules_start: (args: Args) => {
      if (messages.length === 0 || args.restart) {
        covered = [];
        completed = [];
        celebrated = [];
        current = "body";
        messages = [];
        push(false, "Your body", opening());
      }
      return view();
    },
    modules_send: (args: Args): ModuleTurnView => {
      const input = args.input as { kind: string; text?: string; formId?: string; answers?: Record<string, unknown>; section?: string };
      (args.onEvent as Channel).onmessage({ kind: "started", turn: 1 });
      let student: ModuleMessageView;
      let r: ModuleReply;
      if (input.kind === "form") {
        const hours = input.answers?.sleep_hours;
        if (typeof hours === "number" && (hours < 0 || hours > 14)) throw { code: "module_form_invalid", message: "Hours of sleep: 0 to 14" };
        const newly = cover([...(hours !== undefined ? ["sleep"] : []), ...((input.answers?.signs as string[] | undefined)?.includes("racing_heart") ? ["heart"] : [])]);
        student = push(true, `Check-in\nHours of sleep: ${String(hours ?? "")}`, null, true);
        r = reply([{ type: "paragraph", content: "Thank you for filling in the check-in.", level: null }], newly);
      } else if (input.kind === "go") {
        current = String(input.section);
        student = push(true, SECTIONS.find((s) => s.id === current)?.title ?? "");
        r = opening();
      } else {
        const text = String(input.text ?? "");
        if (!text.trim()) throw { code: "module_message_empty", message: "empty" };
        if (text.length > 500) throw { code: "module_message_too_long", message: "at most 500 characters" };
        student = push(true, text);
        if (/^(next|continue)/i.test(text)) {
          const section = SECTIONS.find((s) => s.id === current)!;
          const newly = cover(section.topics);
          completed = [...completed, current];
          current = SECTIONS[SECTIONS.indexOf(section) + 1]?.id ?? current;
          r = reply([{ type: "heading", content: SECTIONS.find((s) => s.id === current)!.title, level: 2 }], newly);
        } else {
          const newly = cover(Object.keys(WORDS).filter((t) => WORDS[t].test(text)));
          r = reply([{ type: "tip", content: "Slow breathing calms a **racing heart**.", level: null }], newly);
        }
      }
      const saved = push(false, r.content.text_blocks[0]?.content ?? "", r);
      const turn = { student, reply: saved, progress: progress(), distressWords: null };
      (args.onEvent as Channel).onmessage({ kind: "final", result: turn, origin: "model" });
      return turn;
    },
  };
}
