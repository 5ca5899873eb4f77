// Test-only: a scripted model list for Vitest and the headless-Chromium suite. Pack models
// on an 8 GB laptop: SmolLM2 (small, measured fast), Qwen 0.5B (better evals, not measured
// yet, so SmolLM2 runs) and the writer, Qwen 1.5B (installed, no evals yet, the 0.5B can
// draft for it, ranked first so it is "measure next"); measuring Qwen 0.5B makes it the
// automatic choice; measuring the writer (alone and with its draft, as the app does) makes
// it the choice, running alone because its draft slows it down as on a 2-core laptop (with
// `draftPays`: faster with its draft, so it runs with it; with `refuseDraft`: the worker
// refuses the draft; with `slowWriter`: its first words too late). A fourth pack model (not
// in the default pack) is not installed.
// Any `*.gguf` path imports (except one with "corrupt" in it); other paths are not GGUF.
// Never part of a real build.
import type { AutomaticView_Serialize, ModelFileInfo, ModelView_Serialize, ModelsView_Serialize, Pairing, SpeedView_Serialize, Verdict } from "../../bindings";

type Args = Record<string, unknown>;

/** The speed tests and memory share of the automatic choice (`lantern_core::catalog`). */
const MIN_DECODE_TPS = 8;
const MAX_FIRST_WORDS_S = 2;
const TURN_PROMPT_TOKENS = 200;
const MAX_RAM_PERCENT = 40;
const TOTAL_RAM_MB = 8192;
const MAX_RAM_MB = (TOTAL_RAM_MB * MAX_RAM_PERCENT) / 100;

function pack(over: Partial<ModelView_Serialize> & Pick<ModelView_Serialize, "key" | "name" | "fileName">): ModelView_Serialize {
  return {
    path: `/pack/models/${over.fileName}`,
    present: true,
    source: "pack",
    inDefaultPack: true,
    architecture: "llama",
    sizeMb: null,
    ramMb: null,
    ramWithDraftMb: over.ramMb ?? null,
    fits: true,
    ownChatTemplate: true,
    description: null,
    licence: null,
    evals: [],
    evalScore: null,
    writer: false,
    draft: null,
    pairing: "noDraft",
    speed: null,
    speedAlone: null,
    speedDrafted: null,
    verdict: "noEvals",
    removable: false,
    ...over,
  };
}

/** A measured speed with its first-words estimate, as the app computes it. */
function speed(promptTps: number, decodeTps: number, measuredAt: string, peakRamMb: number | null): SpeedView_Serialize {
  return { promptTps, decodeTps, firstWordsS: TURN_PROMPT_TOKENS / promptTps + 1 / decodeTps, peakRamMb, measuredAt };
}

function initialModels(): ModelView_Serialize[] {
  return [
    pack({
      key: "pack:smollm2-135m-instruct",
      name: "smollm2-135m-instruct",
      fileName: "SmolLM2-135M-Instruct.Q4_1.gguf",
      sizeMb: 98.4,
      ramMb: 310.2,
      description: "SmolLM2-135M-Instruct, Q4_1 GGUF with an embedded ChatML template. Tiny and fast: runs on any laptop.",
      licence: "Apache-2.0 (HuggingFaceTB/SmolLM2-135M-Instruct)",
      evals: [
        { loopName: "coach", percent: 99.5 },
        { loopName: "tutor", percent: 30.8 },
        { loopName: "reports", percent: 88.9 },
        { loopName: "expenses", percent: 100 },
        { loopName: "modules", percent: 84 },
      ],
      evalScore: 80.6,
      speedAlone: speed(410.5, 48.2, "2026-11-20T09:00:00Z", 298),
    }),
    pack({
      key: "pack:qwen2.5-coder-0.5b-instruct",
      name: "qwen2.5-coder-0.5b-instruct",
      fileName: "Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf",
      architecture: "qwen2",
      sizeMb: 491.4,
      ramMb: 742.6,
      description: "Qwen2.5-Coder-0.5B-Instruct, Q4_K_M GGUF. Better words in every loop, about 2-4x slower than SmolLM2.",
      licence: "Apache-2.0 (Qwen2.5-Coder-0.5B-Instruct)",
      evals: [
        { loopName: "coach", percent: 100 },
        { loopName: "tutor", percent: 42.3 },
        { loopName: "reports", percent: 97.2 },
        { loopName: "expenses", percent: 100 },
        { loopName: "modules", percent: 94 },
      ],
      evalScore: 86.7,
    }),
    pack({
      key: "pack:qwen2.5-coder-1.5b-instruct",
      name: "qwen2.5-coder-1.5b-instruct",
      fileName: "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
      architecture: "qwen2",
      inDefaultPack: false,
      writer: true,
      draft: { key: "pack:qwen2.5-coder-0.5b-instruct", name: "qwen2.5-coder-0.5b-instruct" },
      sizeMb: 1117.3,
      ramMb: 1307.9,
      ramWithDraftMb: 2050.5,
      pairing: "notMeasured",
      description: "Qwen2.5-Coder-1.5B-Instruct, Q4_K_M GGUF: the writer. The 0.5B can draft for it, where that pays.",
      licence: "Apache-2.0 (Qwen2.5-Coder-1.5B-Instruct)",
    }),
    pack({
      key: "pack:qwen2.5-7b-instruct",
      name: "qwen2.5-7b-instruct",
      fileName: "Qwen2.5-7B-Instruct.Q4_K_M.gguf",
      architecture: "qwen2",
      present: false,
      inDefaultPack: false,
      sizeMb: 4683,
      ramMb: 5600,
      fits: false,
      description: "The largest model of the pack, for desktops with plenty of memory.",
      licence: "Apache-2.0, Alibaba Cloud",
      evals: [{ loopName: "coach", percent: 100 }],
      evalScore: 100,
    }),
  ];
}

/** Which way a model runs, by the app's rule (`lantern_core::catalog::Pairing`): with its
 * draft only when measured both ways, the pair accepted, faster with it, and fitting; its
 * speed and memory are then the pair's. `ramAloneMb`: its own memory. */
function pair(m: ModelView_Serialize, ramAloneMb: number, refused: boolean) {
  const [alone, drafted] = [m.speedAlone, m.speedDrafted];
  let pairing: Pairing = "noDraft";
  if (m.draft) {
    if (refused) pairing = "refused";
    else if (!alone || !drafted) pairing = "notMeasured";
    else if ((drafted.decodeTps ?? 0) <= (alone.decodeTps ?? 0)) pairing = "notFaster";
    else pairing = (m.ramWithDraftMb ?? 0) <= MAX_RAM_MB ? "drafted" : "pairTooBig";
  }
  m.pairing = pairing;
  m.speed = pairing === "drafted" ? drafted : alone;
  m.ramMb = pairing === "drafted" ? m.ramWithDraftMb : ramAloneMb;
  m.fits = (m.ramMb ?? 0) <= MAX_RAM_MB;
}

/** Verdicts and the automatic choice, by the app's rules. */
function choose(models: ModelView_Serialize[]): AutomaticView_Serialize {
  const auto: AutomaticView_Serialize = {
    key: null,
    reason: "nothing",
    score: null,
    decodeTps: null,
    firstWordsS: null,
    measureNext: null,
    minDecodeTps: MIN_DECODE_TPS,
    maxFirstWordsS: MAX_FIRST_WORDS_S,
    maxRamPercent: MAX_RAM_PERCENT,
  };
  const verdict = (m: ModelView_Serialize, v: Verdict) => (m.verdict = v);
  // The mean eval; the writer without one first; null: cannot be ranked.
  const rank = (m: ModelView_Serialize) => m.evalScore ?? (m.writer ? Infinity : null);
  const ranked = [...models].filter((m) => m.present && m.fits && rank(m) !== null).sort((a, b) => (rank(b) ?? 0) - (rank(a) ?? 0));
  for (const m of models) {
    if (!m.present) verdict(m, "missing");
    else if (!m.fits) verdict(m, "tooBig");
    else if (rank(m) === null) verdict(m, "noEvals");
  }
  for (const m of ranked) {
    const s = m.speed;
    if (auto.key) verdict(m, "lowerScore");
    else if (!s) {
      verdict(m, "notMeasured");
      auto.measureNext ??= m.key;
    } else if ((s.decodeTps ?? 0) < MIN_DECODE_TPS) verdict(m, "tooSlow");
    else if ((s.firstWordsS ?? Infinity) > MAX_FIRST_WORDS_S) verdict(m, "lateFirstWords");
    else {
      verdict(m, "chosen");
      const reason = m.evalScore === null ? "writer" : "best";
      Object.assign(auto, { key: m.key, reason, score: m.evalScore, decodeTps: s.decodeTps, firstWordsS: s.firstWordsS });
    }
  }
  if (!auto.key) {
    const smallest = models.filter((m) => m.present && m.fits && rank(m) !== null).sort((a, b) => (a.ramMb ?? 0) - (b.ramMb ?? 0))[0];
    if (smallest) {
      Object.assign(auto, { key: smallest.key, reason: "smallest" });
      verdict(smallest, "chosen");
    }
  }
  return auto;
}

/** The writer's figures (prompt, writing) alone and with its draft, per scenario. */
function writerSpeeds(options: { slowWriter?: boolean; draftPays?: boolean }): [number, number][] {
  if (options.slowWriter) return [[45, 12], [44.5, 8.2]];
  if (options.draftPays) return [[150.2, 9.5], [149.8, 14.0]];
  return [[150.2, 13.1], [149.8, 8.2]];
}

/** A scripted model backend; `failActivate` keys refuse to load (a broken file); `picks`
 * are the answers of the app's file dialog, in order (`null` or none left: cancelled);
 * `slowWriter`: the writer measures 12 tokens/s alone but reads prompts at 45 tokens/s;
 * `draftPays`: the writer writes faster with its draft (14.0 tokens/s, 9.5 alone);
 * `refuseDraft`: the worker refuses the writer's draft. */
export function createModelsMock(
  options: { failActivate?: string[]; picks?: (string | null)[]; slowWriter?: boolean; draftPays?: boolean; refuseDraft?: boolean } = {},
) {
  let models = initialModels();
  /** Each model's own memory, before its draft's. */
  const ramAlone = new Map(models.map((m) => [m.key, m.ramMb ?? 0]));
  const refused = new Set<string>();
  let selected: string | null = null;
  let nextImport = 1;
  const picks = [...(options.picks ?? [])];
  /** The file of the last successful check: the only one an import brings in. */
  let checked: string | null = null;

  const view = (): ModelsView_Serialize => {
    for (const m of models) pair(m, ramAlone.get(m.key) ?? m.ramMb ?? 0, refused.has(m.key));
    const automatic = choose(models);
    return {
      models: models.map((m) => ({ ...m, evals: [...m.evals] })),
      selected,
      active: selected ?? automatic.key,
      automatic,
      machine: { totalRamMb: TOTAL_RAM_MB, cpu: "Intel(R) Core(TM) i5-8250U CPU @ 1.60GHz", missingCpu: [], threads: 4 },
    };
  };
  const find = (key: unknown) => {
    const model = models.find((m) => m.key === key);
    if (!model) throw { code: "model_unknown", message: `no model ${String(key)}` };
    return model;
  };
  const inspect = (path: string): ModelFileInfo => {
    if (!path.endsWith(".gguf") || path.includes("corrupt")) throw { code: "model_invalid", message: `${path} is not a GGUF file` };
    const name = path.split("/").pop()!.replace(/\.gguf$/, "");
    return { name, architecture: "llama", sizeMb: 668.8, ramEstimateMb: 1020.4, hasChatTemplate: false, fits: true };
  };

  return {
    models_list: () => view(),
    models_activate: (args: Args) => {
      const key = (args.key as string | null) ?? null;
      if (key !== null) {
        const model = find(key);
        if (!model.present) throw { code: "model_not_found", message: model.path };
        if (options.failActivate?.includes(key)) throw { code: "model_invalid", message: "tensor data is truncated" };
      }
      selected = key;
      return view();
    },
    models_measure: (args: Args) => {
      const model = find(args.key);
      if (!model.present) throw { code: "model_not_found", message: model.path };
      const at = "2026-11-23T10:00:00Z";
      if (model.writer) {
        const [[prompt, decode], [draftedPrompt, draftedDecode]] = writerSpeeds(options);
        model.speedAlone = speed(prompt, decode, at, ramAlone.get(model.key) ?? null);
        if (options.refuseDraft) refused.add(model.key);
        else model.speedDrafted = speed(draftedPrompt, draftedDecode, at, model.ramWithDraftMb);
      } else {
        const [prompt, decode] = (model.ramMb ?? 0) > 500 ? [124.4, 31.7] : [410.5, 48.2];
        model.speedAlone = speed(prompt, decode, at, model.ramMb);
      }
      return view();
    },
    models_check: () => {
      checked = null;
      const path = picks.shift() ?? null;
      if (path === null) return null;
      const info = inspect(path);
      checked = path;
      return { path, info };
    },
    models_import: (args: Args) => {
      if (checked === null) throw { code: "model_not_checked", message: "no model checked" };
      const path = checked;
      const info = inspect(path);
      if (models.some((m) => m.path === path)) throw { code: "model_already_imported", message: path };
      const copy = Boolean(args.copy);
      const fileName = path.split("/").pop()!;
      models = [
        ...models,
        {
          key: `imported:${nextImport++}`,
          name: info.name,
          fileName,
          path: copy ? `/data/models/${fileName}` : path,
          present: true,
          source: copy ? "copied" : "referenced",
          inDefaultPack: false,
          architecture: info.architecture,
          sizeMb: info.sizeMb,
          ramMb: info.ramEstimateMb,
          ramWithDraftMb: info.ramEstimateMb,
          fits: info.fits,
          ownChatTemplate: info.hasChatTemplate,
          description: null,
          licence: null,
          evals: [],
          evalScore: null,
          writer: false,
          draft: null,
          pairing: "noDraft",
          speed: null,
          speedAlone: null,
          speedDrafted: null,
          verdict: "noEvals",
          removable: true,
        },
      ];
      ramAlone.set(models[models.length - 1].key, info.ramEstimateMb ?? 0);
      checked = null;
      return view();
    },
    models_remove: (args: Args) => {
      const model = find(args.key);
      if (!model.removable) throw { code: "model_not_removable", message: model.key };
      models = models.filter((m) => m !== model);
      if (selected === model.key) selected = null;
      return view();
    },
  };
}
