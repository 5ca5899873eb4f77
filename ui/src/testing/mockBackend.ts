// Test-only: a scripted backend for the UI in a plain browser (headless Chromium),
// injected by the Vite plugin in vite.config.ts when LANTERN_MOCK_IPC=1. Never part of
// a real build. Tests drive it through `window.lanternMock`.
import { emit } from "@tauri-apps/api/event";
import { mockConvertFileSrc, mockIPC, mockWindows } from "@tauri-apps/api/mocks";
import { createClassMock } from "../features/class/mock";
import { createExpensesMock } from "../features/expenses/mock";
import { createModelsMock } from "../features/models/mock";
import { createModulesMock } from "../features/modules/mock";
import { createReportsMock } from "../features/reports/mock";
import { createTutorMock } from "../features/tutor/mock";
import { createVoiceMock } from "../features/tutor/voice/mock";
import { createUpdatesMock } from "../settings/updates/mock";

type Args = Record<string, unknown>;

const state = {
  settings: { model: null as string | null, modelPath: null as string | null, threads: 2, language: "en", theme: "light", profileId: 1, debugDrawer: false },
  profiles: [{ id: 1, name: "Student", active: true, kind: "student", hasPin: false }] as {
    id: number;
    name: string;
    active: boolean;
    kind: string;
    hasPin: boolean;
  }[],
  model: { state: "loading", model: "SmolLM2-135M-Instruct.Q4_1.gguf", percent: 40, previous: null } as Record<string, unknown>,
  calls: [] as string[],
};

const empty = { claim: "", grounds: "", warrant: "", groundsBacking: "", warrantBacking: "", qualifier: "", rebuttal: "" };

const handlers: Record<string, (args: Args) => unknown> = {
  app_info: () => ({
    version: "0.1.0",
    profileName: state.profiles.find((p) => p.active)?.name ?? "",
    modelPack: "/pack",
    defaultModel: "SmolLM2-135M-Instruct.Q4_1.gguf",
    now: new Date().toISOString(),
  }),
  model_status: () => state.model,
  get_settings: () => state.settings,
  save_settings: (args) => (state.settings = args.settings as typeof state.settings),
  list_profiles: () => state.profiles,
  create_profile: (args) => {
    const name = String(args.name).trim();
    if (!name || name.length > 60) throw { code: "profile_name_invalid", message: "bad profile name" };
    if (state.profiles.some((p) => p.name.toLowerCase() === name.toLowerCase()))
      throw { code: "profile_name_taken", message: `${name} exists` };
    const kind = String(args.kind ?? "student");
    const pin = args.pin == null ? null : String(args.pin);
    if (kind === "class" && pin === null) throw { code: "class_profile_pin_required", message: "a class profile needs a PIN" };
    if (pin !== null && !/^\d{4,12}$/.test(pin)) throw { code: "profile_pin_invalid", message: "a PIN is 4 to 12 digits" };
    const profile = { id: state.profiles.length + 1, name, active: false, kind, hasPin: pin !== null };
    state.profiles.push(profile);
    return profile;
  },
  switch_profile: (args) => {
    const target = state.profiles.find((p) => p.id === args.id);
    if (!target) throw { code: "profile_not_found", message: `no profile ${String(args.id)}` };
    for (const p of state.profiles) p.active = p === target;
    state.settings.profileId = target.id;
    return target;
  },
  list_courses: () => [{ id: "alg", title: "Grade 10 Algebra", units: 8, questions: 47, importedAt: "2026-11-23T08:00:00Z" }],
  search_course: () => [
    { unitId: "ALG-06", sourceId: "units/ALG-06.md", section: "The discriminant", text: "For $ax^2+bx+c=0$ the discriminant is $$b^2-4ac$$.", score: 0.8 },
  ],
  coach_list: () => [],
  coach_last: () => null,
  coach_create: (args) => ({
    id: 1,
    title: args.title,
    language: args.language,
    currentStep: "claim",
    isComplete: false,
    draft: empty,
    pendingProposal: null,
    messages: [{ role: "assistant", content: "What is your claim?", step: "claim", origin: null }],
    unsentMessage: "",
  }),
};

/** The scripted class's students × units: `?class=40x60` in the page's address (the grid
 * bench), else 30 × 20. */
function classSize(): [number, number] {
  const match = /^(\d{1,5})x(\d{1,4})$/.exec(new URLSearchParams(window.location.search).get("class") ?? "");
  return match ? [Number(match[1]), Number(match[2])] : [30, 20];
}

// The app's file dialog answers the Models page's first pick with a text file (its check
// refuses it); the other features' mocks answer as if a file had been picked.
Object.assign(handlers, createModelsMock({ picks: ["/tmp/notes.txt"] }), createTutorMock(), createReportsMock(), createExpensesMock(), createModulesMock(), createUpdatesMock(), createVoiceMock(), createClassMock(...classSize()).handlers);

mockWindows("main");
mockConvertFileSrc("linux");
// Files of the app's data folder come from the test's own media folder (the asset
// protocol does not exist in a plain browser).
(window as unknown as { __TAURI_INTERNALS__: { convertFileSrc: (path: string) => string } }).__TAURI_INTERNALS__.convertFileSrc = (path) =>
  `/src/testing/media/${path.split("/").pop() ?? ""}`;
mockIPC(
  (cmd, args) => {
    state.calls.push(cmd);
    const handler = handlers[cmd];
    if (!handler) throw { code: "internal_error", message: `no mock for ${cmd}` };
    return handler((args ?? {}) as Args);
  },
  { shouldMockEvents: true },
);

declare global {
  interface Window {
    /** Handle for browser tests: send events, read the commands called. */
    lanternMock: { emit: (event: string, payload: unknown) => Promise<void>; calls: () => string[] };
  }
}

window.lanternMock = {
  emit: (event, payload) => {
    if (event === "model-status-changed") state.model = payload as Record<string, unknown>;
    return emit(event, payload);
  },
  calls: () => [...state.calls],
};
