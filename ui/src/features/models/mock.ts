// Test-only: a scripted model list for Vitest and the headless-Chromium suite. Two pack
// models on an 8 GB laptop: SmolLM2 (small, measured fast) and Qwen (better evals, not
// measured yet, so SmolLM2 runs and Qwen is "measure next"); measuring Qwen makes it the
// automatic choice. A third pack model (not in the default pack) is not installed. Any `*.gguf` path imports
// (except one with "corrupt" in it); other paths are not GGUF. Never part of a real build.
import type { AutomaticView_Serialize, ModelFileInfo, ModelView_Serialize, ModelsView_Serialize, Verdict } from "../../bindings";

type Args = Record<string, unknown>;

/** The speed floor and memory share of the automatic choice. */
const MIN_DECODE_TPS = 10;
const MAX_RAM_PERCENT = 40;
const TOTAL_RAM_MB = 8192;

function pack(over: Partial<ModelView_Serialize> & Pick<ModelView_Serialize, "key" | "name" | "fileName">): ModelView_Serialize {
  return {
    path: `/pack/models/${over.fileName}`,
    present: true,
    source: "pack",
    inDefaultPack: true,
    architecture: "llama",
    sizeMb: null,
    ramMb: null,
    fits: true,
    ownChatTemplate: true,
    description: null,
    licence: null,
    evals: [],
    evalScore: null,
    speed: null,
    verdict: "noEvals",
    removable: false,
    ...over,
  };
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
      speed: { promptTps: 410.5, decodeTps: 48.2, peakRamMb: 298, measuredAt: "2026-11-20T09:00:00Z" },
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

/** Verdicts and the automatic choice, by the app's rules. */
function choose(models: ModelView_Serialize[]): AutomaticView_Serialize {
  const auto: AutomaticView_Serialize = {
    key: null,
    reason: "nothing",
    score: null,
    decodeTps: null,
    measureNext: null,
    minDecodeTps: MIN_DECODE_TPS,
    maxRamPercent: MAX_RAM_PERCENT,
  };
  const verdict = (m: ModelView_Serialize, v: Verdict) => (m.verdict = v);
  const ranked = [...models].filter((m) => m.present && m.fits && m.evalScore !== null).sort((a, b) => (b.evalScore ?? 0) - (a.evalScore ?? 0));
  for (const m of models) {
    if (!m.present) verdict(m, "missing");
    else if (!m.fits) verdict(m, "tooBig");
    else if (m.evalScore === null) verdict(m, "noEvals");
  }
  for (const m of ranked) {
    const tps = m.speed?.decodeTps ?? null;
    if (auto.key) verdict(m, "lowerScore");
    else if (tps === null) {
      verdict(m, "notMeasured");
      auto.measureNext ??= m.key;
    } else if (tps < MIN_DECODE_TPS) verdict(m, "tooSlow");
    else {
      verdict(m, "chosen");
      Object.assign(auto, { key: m.key, reason: "best", score: m.evalScore, decodeTps: tps });
    }
  }
  if (!auto.key) {
    const smallest = models.filter((m) => m.present && m.fits).sort((a, b) => (a.ramMb ?? 0) - (b.ramMb ?? 0))[0];
    if (smallest) {
      Object.assign(auto, { key: smallest.key, reason: "smallest" });
      verdict(smallest, "chosen");
    }
  }
  return auto;
}

/** A scripted model backend; `failActivate` keys refuse to load (a broken file); `picks`
 * are the answers of the app's file dialog, in order (`null` or none left: cancelled). */
export function createModelsMock(options: { failActivate?: string[]; picks?: (string | null)[] } = {}) {
  let models = initialModels();
  let selected: string | null = null;
  let nextImport = 1;
  const picks = [...(options.picks ?? [])];
  /** The file of the last successful check: the only one an import brings in. */
  let checked: string | null = null;

  const view = (): ModelsView_Serialize => {
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
      const big = (model.ramMb ?? 0) > 500;
      model.speed = { promptTps: big ? 96.3 : 410.5, decodeTps: big ? 17.5 : 48.2, peakRamMb: model.ramMb, measuredAt: "2026-11-23T10:00:00Z" };
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
          fits: info.fits,
          ownChatTemplate: info.hasChatTemplate,
          description: null,
          licence: null,
          evals: [],
          evalScore: null,
          speed: null,
          verdict: "noEvals",
          removable: true,
        },
      ];
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
