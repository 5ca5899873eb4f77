import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { clearMocks, mockConvertFileSrc, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import { i18next } from "../../i18n";
import { createModulesMock } from "./mock";
import { ModulesPage } from "./ModulesPage";

/** The scripted module, recording every command with its arguments. */
function backend() {
  const handlers = createModulesMock() as Record<string, (args: Record<string, unknown>) => unknown>;
  const calls: { cmd: string; args: Record<string, unknown> }[] = [];
  mockIPC((cmd, args) => {
    calls.push({ cmd, args: args as Record<string, unknown> });
    const handler = handlers[cmd];
    return handler ? handler(args as Record<string, unknown>) : null;
  });
  mockConvertFileSrc("linux");
  return calls;
}

async function openModule() {
  const calls = backend();
  render(<ModulesPage language="en" />);
  const module = await screen.findByRole("button", { name: /Calm before exams/ });
  await act(async () => fireEvent.click(module));
  await screen.findByRole("heading", { name: "Your body" });
  return calls;
}

async function say(text: string) {
  fireEvent.change(screen.getByLabelText(/Write anything/), { target: { value: text } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
}

const bar = () => screen.getByRole("progressbar");

describe("ModulesPage", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    await i18next.changeLanguage("en");
  });

  it("opens a module on its first section with media, an optional form, quick replies and KaTeX", async () => {
    await openModule();
    expect(bar().getAttribute("aria-valuenow")).toBe("0");
    expect(screen.getByRole("img", { name: "A curve of stress and performance" })).toBeTruthy();
    expect(screen.getByRole("form", { name: "Check-in" })).toBeTruthy();
    expect(screen.getByText("Optional — you can also just write.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue: Your plan" })).toBeTruthy();
    expect(document.querySelector(".katex")).toBeTruthy();
    const sections = screen.getByRole("navigation", { name: "Sections" });
    expect(within(sections).getByRole("button", { name: /Your body/ }).getAttribute("aria-current")).toBe("step");
  });

  it("free text moves progress and a milestone is celebrated once", async () => {
    await openModule();
    await say("my heart races");
    expect(bar().getAttribute("aria-valuenow")).toBe("25");
    expect(document.querySelectorAll(".block-success")).toHaveLength(1);
    await say("my heart still races");
    expect(document.querySelectorAll(".block-success")).toHaveLength(1);
  });

  it("a form is a structured turn, and the quick replies of older replies disappear", async () => {
    const calls = await openModule();
    fireEvent.change(screen.getByLabelText("Hours of sleep"), { target: { value: "6" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Racing heart" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send my answers" })));
    const sent = calls.filter((c) => c.cmd === "modules_send").at(-1)!.args.input;
    expect(sent).toEqual({ kind: "form", formId: "check_in", answers: { sleep_hours: 6, signs: ["racing_heart"] } });
    expect(bar().getAttribute("aria-valuenow")).toBe("50");
    expect(screen.queryByRole("form", { name: "Check-in" })).toBeNull();
    expect(screen.getAllByRole("group", { name: "Quick replies" })).toHaveLength(1);
  });

  it("a quick reply moves on and the section list goes anywhere", async () => {
    const calls = await openModule();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Continue: Your plan" })));
    expect(await screen.findByRole("heading", { name: "Your plan" })).toBeTruthy();
    expect(bar().getAttribute("aria-valuenow")).toBe("50");
    const sections = screen.getByRole("navigation", { name: "Sections" });
    await act(async () => fireEvent.click(within(sections).getByRole("button", { name: /Your body/ })));
    expect(calls.filter((c) => c.cmd === "modules_send").at(-1)!.args.input).toEqual({ kind: "go", section: "body" });
  });

  it("a number out of range never leaves the form; a refused message shows a coded text and stays in the box", async () => {
    const calls = await openModule();
    fireEvent.change(screen.getByLabelText("Hours of sleep"), { target: { value: "20" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send my answers" })));
    expect(calls.some((c) => c.cmd === "modules_send")).toBe(false);
    const long = "a".repeat(600);
    await say(long);
    expect((await screen.findByRole("alert")).textContent).toContain("too long");
    expect((screen.getByLabelText(/Write anything/) as HTMLTextAreaElement).value).toBe(long);
  });

  it("asks the app to pick a pack, naming no path, and shows the import's coded error", async () => {
    const calls = backend();
    render(<ModulesPage language="es" />);
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Import .zip…" })));
    expect(calls.filter((c) => c.cmd === "modules_import").map((c) => c.args)).toEqual([{ kind: "zip", language: "es" }]);
    expect((await screen.findByRole("alert")).textContent).toContain("module.json");
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    backend();
    render(<ModulesPage language="es" />);
    expect(await screen.findByRole("button", { name: "Importar carpeta de módulo…" })).toBeTruthy();
    expect(screen.getByText("Elige un módulo a la izquierda para empezar.")).toBeTruthy();
  });

  it("a school's distress-words file that was refused is shown with the turn", async () => {
    const handlers = createModulesMock() as Record<string, (args: Record<string, unknown>) => unknown>;
    const refused = { code: "module_distress_words_invalid", message: "line 2: write one phrase of at most 8 words" };
    mockIPC((cmd, args) => {
      const answer = handlers[cmd]?.(args as Record<string, unknown>) ?? null;
      return cmd === "modules_send" ? { ...(answer as object), distressWords: refused } : answer;
    });
    mockConvertFileSrc("linux");
    render(<ModulesPage language="en" />);
    const module = await screen.findByRole("button", { name: /Calm before exams/ });
    await act(async () => fireEvent.click(module));
    await screen.findByRole("heading", { name: "Your body" });
    expect(screen.queryByRole("note")).toBeNull();
    await say("hello");
    const note = await screen.findByRole("note");
    expect(note.textContent).toContain("line 2: write one phrase");
    expect(note.textContent).toContain("distress-words.txt");
  });
});
