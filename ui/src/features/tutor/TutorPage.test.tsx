import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import { i18next } from "../../i18n";
import { clickWhenEnabled } from "../../testing/clickWhenEnabled";
import { createTutorMock } from "./mock";
import { TutorPage } from "./TutorPage";

/** The scripted tutor, recording every command and each turn's input. */
function backend() {
  const handlers = createTutorMock();
  const calls: { cmd: string; args: Record<string, unknown> }[] = [];
  mockIPC((cmd, args) => {
    calls.push({ cmd, args: args as Record<string, unknown> });
    const handler = handlers[cmd];
    if (cmd === "list_courses") return [];
    return handler ? handler(args as Record<string, unknown>) : null;
  });
  return calls;
}

/** Events the turns sent, in order. */
function events(calls: ReturnType<typeof backend>) {
  return calls
    .filter((c) => c.cmd === "tutor_send")
    .map((c) => (c.args.input as { clientEvent: { type: string } | null }).clientEvent?.type ?? "NONE");
}

async function startSession(debugDrawer = false) {
  const calls = backend();
  render(<TutorPage modelReady debugDrawer={debugDrawer} />);
  await clickWhenEnabled("New session");
  await screen.findByRole("complementary", { name: "Your progress" });
  return calls;
}

async function ask(text: string) {
  fireEvent.change(screen.getByLabelText("Your message"), { target: { value: text } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
}

describe("TutorPage", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    await i18next.changeLanguage("en");
  });

  it("goes from a question to a drill, wrong then right, to an exam block and a lockout", async () => {
    const calls = await startSession();
    await ask("How do I solve 2x+3=11?");
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Try a Drill" })));
    fireEvent.change(await screen.findByLabelText("Your answer"), { target: { value: "5" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Check Answer" })));
    expect(await screen.findByText("Incorrect")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Try another" })));
    fireEvent.change(await screen.findByLabelText("Your answer"), { target: { value: "4" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Check Answer" })));
    expect(await screen.findByText("Correct")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Continue" })));
    const exam = await screen.findByRole("article", { name: "Exam question" });
    await within(exam).findByText("A.");
    fireEvent.click(within(exam).getAllByRole("radio")[0]);
    await act(async () => fireEvent.click(within(exam).getByRole("button", { name: "Submit" })));
    expect(await within(exam).findByText(/Locked for 24h/)).toBeTruthy();
    expect(within(exam).getByText(/Available in 2[34]h/)).toBeTruthy();
    expect(screen.getByText("1 locked")).toBeTruthy();
    await act(async () => fireEvent.click(within(exam).getByRole("button", { name: "Continue" })));
    expect(events(calls)).toEqual(["NONE", "REQUEST_DRILL", "REQUEST_DRILL", "DRILL_CONTINUE", "EXAM_CONTINUE"]);
    const continued = calls.filter((c) => c.cmd === "tutor_send").at(-1)!.args.input as { clientEvent: unknown };
    expect(continued.clientEvent).toEqual({ type: "EXAM_CONTINUE", unitId: "ALG-01", questionId: "EX-1", result: "locked" });
  });

  it("Ask follow-up focuses the composer; Math sends LaTeX", async () => {
    const calls = await startSession();
    await ask("What is a linear equation?");
    fireEvent.click(await screen.findByRole("button", { name: "Ask follow-up" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Your message"));
    fireEvent.click(screen.getByLabelText("Math (LaTeX)"));
    fireEvent.change(screen.getByLabelText("Your message (LaTeX)"), { target: { value: "\\frac{1}{2}x=3" } });
    fireEvent.keyDown(screen.getByLabelText("Your message (LaTeX)"), { key: "Enter" });
    await waitFor(() => expect(calls.filter((c) => c.cmd === "tutor_send")).toHaveLength(2));
    const input = calls.filter((c) => c.cmd === "tutor_send").at(-1)!.args.input;
    expect(input).toEqual({ text: null, latex: "\\frac{1}{2}x=3", clientEvent: null });
  });

  it("opens the learning path and choosing a unit works on it", async () => {
    const calls = await startSession();
    fireEvent.click(screen.getByRole("button", { name: "Learning path" }));
    const unit = await screen.findByRole("button", { name: /Inequalities/ });
    await act(async () => fireEvent.keyDown(unit, { key: "Enter" }));
    expect(events(calls)).toEqual(["CHOOSE_UNIT"]);
    expect(await screen.findByRole("article", { name: "Drill" })).toBeTruthy();
  });

  it("shows the debug drawer only when the setting is on", async () => {
    const calls = await startSession(true);
    expect(screen.getByText("Debug")).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.cmd === "tutor_debug")).toBe(true));
    cleanup();
    await startSession(false);
    expect(screen.queryByText("Debug")).toBeNull();
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    backend();
    render(<TutorPage modelReady debugDrawer={false} />);
    await clickWhenEnabled("Nueva sesión");
    expect(await screen.findByRole("complementary", { name: "Tu progreso" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ruta de aprendizaje" })).toBeTruthy();
  });
});
