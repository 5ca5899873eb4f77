import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18next } from "../../i18n";
import { createModelsMock } from "./mock";
import { ModelsPage } from "./ModelsPage";

const QWEN = "pack:qwen2.5-coder-0.5b-instruct";
const WRITER = "pack:qwen2.5-coder-1.5b-instruct";

/** The scripted model list, recording every command with its arguments. */
function backend(options: Parameters<typeof createModelsMock>[0] = {}) {
  const handlers = createModelsMock(options) as Record<string, (args: Record<string, unknown>) => unknown>;
  const calls: { cmd: string; args: Record<string, unknown> }[] = [];
  mockIPC((cmd, args) => {
    calls.push({ cmd, args: args as Record<string, unknown> });
    const handler = handlers[cmd];
    return handler ? handler(args as Record<string, unknown>) : null;
  });
  return calls;
}

async function openPage(options: Parameters<typeof createModelsMock>[0] = {}) {
  const calls = backend(options);
  render(<ModelsPage />);
  await screen.findByRole("article", { name: "smollm2-135m-instruct" });
  return calls;
}

const card = (name: string) => screen.getByRole("article", { name });
const smol = () => card("smollm2-135m-instruct");
const qwen = () => card("qwen2.5-coder-0.5b-instruct");
const writer = () => card("qwen2.5-coder-1.5b-instruct");
const sent = (calls: { cmd: string; args: Record<string, unknown> }[], cmd: string) => calls.filter((c) => c.cmd === cmd).map((c) => c.args);

describe("ModelsPage", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    vi.restoreAllMocks();
    await i18next.changeLanguage("en");
  });

  it("shows the pack models with size, memory, speed and evals, and why the automatic choice runs", async () => {
    await openPage();
    expect(
      screen.getByText(
        "Automatic choice: smollm2-135m-instruct — the best eval score (80.6 %) of the models that fit in 40 % of this laptop's 8 GB, write ≥ 8 tokens/s here and show their first words within 2 s (measured 48.2 tokens/s, first words in 0.5 s).",
      ),
    ).toBeTruthy();
    // The writer ranks first by its role: it is measured next.
    expect(screen.getByText("Measuring qwen2.5-coder-1.5b-instruct to see if it runs fast enough here.")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Automatic (recommended)" }) as HTMLInputElement).checked).toBe(true);

    const s = within(smol());
    expect(s.getByText("SmolLM2-135M-Instruct.Q4_1.gguf")).toBeTruthy();
    expect(s.getByText("Active")).toBeTruthy();
    expect(s.getByText("in default pack")).toBeTruthy();
    expect(s.getByText("Model pack")).toBeTruthy();
    expect(s.getByText("98 MB")).toBeTruthy();
    expect(s.getByText("about 310 MB")).toBeTruthy();
    expect(s.getByText("48.2 tokens/s writing, 411 tokens/s reading")).toBeTruthy();
    expect(s.getByText("about 0.5 s on a typical turn")).toBeTruthy();
    expect(s.getByText("80.6 %")).toBeTruthy();
    expect(s.getByText("tutor: 30.8 %")).toBeTruthy();
    expect(s.getByText("chosen: 48.2 tokens/s, first words in 0.5 s")).toBeTruthy();
    expect(s.queryByText(/can draft for it/)).toBeNull();
    expect(s.queryByText(/^runs /)).toBeNull();
    expect((s.getByRole("button", { name: "Use this model" }) as HTMLButtonElement).disabled).toBe(true);

    const q = within(qwen());
    expect(q.queryByText("Active")).toBeNull();
    expect(q.getByText("qwen2")).toBeTruthy();
    expect(q.getByText("491 MB")).toBeTruthy();
    expect(q.getByText("about 743 MB")).toBeTruthy();
    expect(q.getByText("not measured")).toBeTruthy();
    expect(q.getByText("86.7 %")).toBeTruthy();
    expect(q.getByText("may be better; its speed here is not measured yet")).toBeTruthy();
    expect(q.getByText(/^Apache-2.0/)).toBeTruthy();

    const w = within(writer());
    expect(w.getByText("writer")).toBeTruthy();
    expect(w.queryByText("in default pack")).toBeNull();
    expect(w.getByText("qwen2.5-coder-0.5b-instruct can draft for it: the same words, sooner where that pays")).toBeTruthy();
    // Not measured yet: it runs alone, in its own memory.
    expect(w.getByText("runs alone until it is measured, alone and with its draft")).toBeTruthy();
    expect(w.getByText("about 1,308 MB")).toBeTruthy();
    expect(w.getByText("no eval results")).toBeTruthy();
    expect(w.getByText("may be better; its speed here is not measured yet")).toBeTruthy();

    const missing = within(card("qwen2.5-7b-instruct"));
    expect(missing.getByText("Not installed: run python3 models/fetch.py --all")).toBeTruthy();
    expect((missing.getByRole("button", { name: "Use this model" }) as HTMLButtonElement).disabled).toBe(true);
    expect(missing.getByText(/more than this laptop can spare/)).toBeTruthy();
  });

  it("switches to a model in one click and marks it active; Automatic goes back", async () => {
    const calls = await openPage();
    await act(async () => fireEvent.click(within(qwen()).getByRole("button", { name: "Use this model" })));
    expect(sent(calls, "models_activate")).toEqual([{ key: QWEN }]);
    await waitFor(() => expect(within(qwen()).getByText("Active")).toBeTruthy());
    expect(within(smol()).queryByText("Active")).toBeNull();
    expect((screen.getByRole("radio", { name: "The model I choose: qwen2.5-coder-0.5b-instruct" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/may be better, but its speed here is unknown/)).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole("radio", { name: "Automatic (recommended)" })));
    expect(sent(calls, "models_activate").at(-1)).toEqual({ key: null });
    await waitFor(() => expect(within(smol()).getByText("Active")).toBeTruthy());
  });

  it("a failed switch shows its coded error and keeps the previous model active", async () => {
    await openPage({ failActivate: [QWEN] });
    await act(async () => fireEvent.click(within(qwen()).getByRole("button", { name: "Use this model" })));
    const alert = await within(qwen()).findByRole("alert");
    expect(alert.textContent).toMatch(/^That file is not a usable GGUF model \(tensor data is truncated\)/);
    expect(within(smol()).getByText("Active")).toBeTruthy();
    expect(within(qwen()).queryByText("Active")).toBeNull();
    expect((screen.getByRole("radio", { name: "Automatic (recommended)" }) as HTMLInputElement).checked).toBe(true);
  });

  it("measures a model's speed, and the automatic choice follows", async () => {
    const calls = await openPage();
    await act(async () => fireEvent.click(within(qwen()).getByRole("button", { name: "Measure speed" })));
    expect(sent(calls, "models_measure")).toEqual([{ key: QWEN }]);
    expect(await within(qwen()).findByText("31.7 tokens/s writing, 124 tokens/s reading")).toBeTruthy();
    expect(screen.getByText(/^Automatic choice: qwen2.5-coder-0.5b-instruct — the best eval score \(86.7 %\)/)).toBeTruthy();
    expect(within(qwen()).getByText("chosen: 31.7 tokens/s, first words in 1.6 s")).toBeTruthy();
    expect(within(smol()).getByText("left: a better model runs here")).toBeTruthy();
  });

  it("measures the writer both ways: slower with its draft, it runs alone, is the choice, and says why", async () => {
    const calls = await openPage();
    await act(async () => fireEvent.click(within(writer()).getByRole("button", { name: "Measure speed" })));
    expect(sent(calls, "models_measure")).toEqual([{ key: WRITER }]);
    const w = within(writer());
    expect(await w.findByText("runs alone: 13.1 tokens/s; with its draft 8.2 tokens/s")).toBeTruthy();
    expect(w.getByText("13.1 tokens/s writing, 150 tokens/s reading")).toBeTruthy();
    expect(w.getByText("about 1,308 MB")).toBeTruthy();
    expect(w.getByText("chosen: 13.1 tokens/s, first words in 1.4 s")).toBeTruthy();
    expect(
      screen.getByText(
        "Automatic choice: qwen2.5-coder-1.5b-instruct — the writer, which writes best: it fits in 40 % of this laptop's 8 GB, writes ≥ 8 tokens/s here and shows its first words within 2 s (measured 13.1 tokens/s, first words in 1.4 s).",
      ),
    ).toBeTruthy();
    expect(within(smol()).getByText("left: a better model runs here")).toBeTruthy();
    expect(within(qwen()).getByText("left: a better model runs here")).toBeTruthy();
  });

  it("runs the writer with its draft where that was measured faster, counting both in memory", async () => {
    await openPage({ draftPays: true });
    await act(async () => fireEvent.click(within(writer()).getByRole("button", { name: "Measure speed" })));
    const w = within(writer());
    expect(await w.findByText("runs with its draft: 14 tokens/s, alone 9.5")).toBeTruthy();
    expect(w.getByText("14 tokens/s writing with its draft, 150 tokens/s reading")).toBeTruthy();
    expect(w.getByText("about 2,051 MB with its draft")).toBeTruthy();
    expect(w.getByText("chosen: 14 tokens/s with its draft, first words in 1.4 s")).toBeTruthy();
  });

  it("runs the writer alone when the model process refuses its draft, and says so", async () => {
    await openPage({ refuseDraft: true });
    await act(async () => fireEvent.click(within(writer()).getByRole("button", { name: "Measure speed" })));
    const w = within(writer());
    expect(
      await w.findByText("runs alone: 13.1 tokens/s; the model process refused its draft (their vocabularies differ)"),
    ).toBeTruthy();
    expect(w.getByText("chosen: 13.1 tokens/s, first words in 1.4 s")).toBeTruthy();
  });

  it("leaves a writer whose first words would come too late, and says so in figures", async () => {
    await openPage({ slowWriter: true });
    await act(async () => fireEvent.click(within(writer()).getByRole("button", { name: "Measure speed" })));
    const w = within(writer());
    expect(await w.findByText("left: its first words would take 4.5 s, more than the 2 s a student should wait")).toBeTruthy();
    expect(w.getByText("runs alone: 12 tokens/s; with its draft 8.2 tokens/s")).toBeTruthy();
    expect(within(smol()).getByText("chosen: 48.2 tokens/s, first words in 0.5 s")).toBeTruthy();
    expect(screen.getByText("Measuring qwen2.5-coder-0.5b-instruct to see if it runs fast enough here.")).toBeTruthy();
  });

  it("checks the GGUF picked in the app's dialog, then imports a copy of it; no path leaves the page", async () => {
    const calls = await openPage({ picks: ["/home/student/tiny.gguf"] });
    const import_ = within(screen.getByRole("region", { name: "Import a GGUF" }));
    expect(import_.queryByRole("textbox")).toBeNull();
    await act(async () => fireEvent.click(import_.getByRole("button", { name: "Choose file…" })));
    expect(
      await import_.findByText("tiny (llama), 669 MB on disk, about 1,020 MB of memory when loaded; uses ChatML."),
    ).toBeTruthy();
    expect(import_.getByText("Chosen: /home/student/tiny.gguf")).toBeTruthy();
    expect(sent(calls, "models_check")).toEqual([{ language: "en" }]);
    expect((import_.getByRole("radio", { name: /^Copy into Lantern/ }) as HTMLInputElement).checked).toBe(true);
    await act(async () => fireEvent.click(import_.getByRole("button", { name: "Import" })));
    expect(sent(calls, "models_import")).toEqual([{ copy: true }]);
    const tiny = within(await screen.findByRole("article", { name: "tiny" }));
    expect(tiny.getByText("Imported (copy kept by Lantern)")).toBeTruthy();
    expect(tiny.getByText("left: no eval results, so never chosen automatically")).toBeTruthy();
    expect(tiny.getByRole("button", { name: "Remove" })).toBeTruthy();
    expect(import_.getByText("tiny is on the list. Use it, or measure its speed first.")).toBeTruthy();
  });

  it("a corrupt file's check shows the model_invalid error", async () => {
    const calls = await openPage({ picks: ["/home/student/corrupt.gguf"] });
    const import_ = within(screen.getByRole("region", { name: "Import a GGUF" }));
    await act(async () => fireEvent.click(import_.getByRole("button", { name: "Choose file…" })));
    expect((await import_.findByRole("alert")).textContent).toMatch(/^That file is not a usable GGUF model/);
    expect(import_.queryByRole("button", { name: "Import" })).toBeNull();
    expect(sent(calls, "models_import")).toEqual([]);
  });

  it("a cancelled dialog keeps what was checked, with no error", async () => {
    const calls = await openPage({ picks: ["/home/student/tiny.gguf", null] });
    const import_ = within(screen.getByRole("region", { name: "Import a GGUF" }));
    await act(async () => fireEvent.click(import_.getByRole("button", { name: "Choose file…" })));
    await import_.findByText("Chosen: /home/student/tiny.gguf");
    await act(async () => fireEvent.click(import_.getByRole("button", { name: "Choose file…" })));
    expect(sent(calls, "models_check")).toHaveLength(2);
    expect(import_.queryByRole("alert")).toBeNull();
    expect(import_.getByText("Chosen: /home/student/tiny.gguf")).toBeTruthy();
  });

  it("asks before removing an imported model", async () => {
    const calls = await openPage({ picks: ["/models/tiny.gguf"] });
    const import_ = within(screen.getByRole("region", { name: "Import a GGUF" }));
    await act(async () => fireEvent.click(import_.getByRole("button", { name: "Choose file…" })));
    fireEvent.click(await import_.findByRole("radio", { name: /^Use it where it is/ }));
    await act(async () => fireEvent.click(import_.getByRole("button", { name: "Import" })));
    expect(sent(calls, "models_import")).toEqual([{ copy: false }]);
    const tiny = await screen.findByRole("article", { name: "tiny" });
    expect(within(tiny).getByText("Imported (used where it is)")).toBeTruthy();

    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    await act(async () => fireEvent.click(within(tiny).getByRole("button", { name: "Remove" })));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(sent(calls, "models_remove")).toEqual([]);
    await act(async () => fireEvent.click(within(tiny).getByRole("button", { name: "Remove" })));
    expect(sent(calls, "models_remove")).toEqual([{ key: "imported:1" }]);
    await waitFor(() => expect(screen.queryByRole("article", { name: "tiny" })).toBeNull());
    expect(within(smol()).queryByRole("button", { name: "Remove" })).toBeNull();
  });

  it("warns when the processor cannot run any model", async () => {
    const handlers = createModelsMock() as Record<string, (args: Record<string, unknown>) => unknown>;
    mockIPC((cmd, args) => {
      const result = handlers[cmd]?.(args as Record<string, unknown>) as { machine?: { missingCpu: string[] } } | undefined;
      if (cmd === "models_list" && result?.machine) result.machine.missingCpu = ["avx2", "fma"];
      return result ?? null;
    });
    render(<ModelsPage />);
    expect((await screen.findByRole("alert")).textContent).toMatch(/^This processor lacks AVX2, FMA/);
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    backend();
    render(<ModelsPage />);
    expect(await screen.findByText(/^Elección automática: smollm2-135m-instruct/)).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Automático (recomendado)" })).toBeTruthy();
    expect(within(smol()).getByText("48,2 tokens/s escribiendo, 411 tokens/s leyendo")).toBeTruthy();
    expect(within(qwen()).getByRole("button", { name: "Usar este modelo" })).toBeTruthy();
    expect(within(smol()).getByText("elegido: 48,2 tokens/s, primeras palabras en 0,5 s")).toBeTruthy();
    expect(
      within(writer()).getByText("qwen2.5-coder-0.5b-instruct puede hacerle de borrador: las mismas palabras, antes donde compensa"),
    ).toBeTruthy();
    expect(within(writer()).getByText("redactor")).toBeTruthy();
    expect(within(writer()).getByText("funciona solo hasta que se mida solo y con su borrador")).toBeTruthy();
    await act(async () => fireEvent.click(within(writer()).getByRole("button", { name: "Medir la velocidad" })));
    expect(await within(writer()).findByText("funciona solo: 13,1 tokens/s; con su borrador 8,2 tokens/s")).toBeTruthy();
  });
});
