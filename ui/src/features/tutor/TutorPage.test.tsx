import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import { i18next } from "../../i18n";
import { clickWhenEnabled } from "../../testing/clickWhenEnabled";
import { createTutorMock } from "./mock";
import { TutorPage } from "./TutorPage";

/** The scripted tutor (on `now`, its clock), recording every command and each turn's input. */
function backend(now: () => number = Date.now) {
  const handlers = createTutorMock(now);
  const calls: { cmd: string; args: Record<string, unknown> }[] = [];
  mockIPC((cmd, args) => {
    calls.push({ cmd, args: args as Record<string, unknown> });
    const handler = handlers[cmd];
    if (cmd === "list_courses") return [];
    return handler ? handler(args as Record<string, unknown>) : null;
  });
  return calls;
}

/** The button events the turns sent, in full, in order. */
function sentEvents(calls: ReturnType<typeof backend>) {
  return calls
    .filter((c) => c.cmd === "tutor_send")
    .map((c) => (c.args.input as { clientEvent: Record<string, unknown> | null }).clientEvent);
}

/** The message id of the `n`-th drill card on screen. */
function drillId(n = 0) {
  return screen.getAllByRole("article", { name: "Drill" })[n].closest("li")!.getAttribute("data-message-id");
}

/** Events the turns sent, in order. */
function events(calls: ReturnType<typeof backend>) {
  return calls
    .filter((c) => c.cmd === "tutor_send")
    .map((c) => (c.args.input as { clientEvent: { type: string } | null }).clientEvent?.type ?? "NONE");
}

async function startSession(debugDrawer = false, now?: () => number) {
  const calls = backend(now);
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
    expect(sentEvents(calls)[3]).toEqual({ type: "DRILL_CONTINUE", unitId: "ALG-01", lastResult: "correct", drillMessageId: drillId(1) });
    const continued = calls.filter((c) => c.cmd === "tutor_send").at(-1)!.args.input as { clientEvent: unknown };
    expect(continued.clientEvent).toEqual({ type: "EXAM_CONTINUE", unitId: "ALG-01", questionId: "EX-1", result: "locked" });
  });

  it("Try again on the revisit list asks for that question again", async () => {
    let offset = 0;
    const calls = await startSession(false, () => Date.now() + offset);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Practise this unit" })));
    fireEvent.change(await screen.findByLabelText("Your answer"), { target: { value: "4" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Check Answer" })));
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Continue" })));
    const exam = await screen.findByRole("article", { name: "Exam question" });
    await within(exam).findByText("A.");
    fireEvent.click(within(exam).getAllByRole("radio")[0]);
    await act(async () => fireEvent.click(within(exam).getByRole("button", { name: "Submit" })));
    await within(exam).findByText(/Locked for 24h/);
    const panel = screen.getByRole("complementary", { name: "Your progress" });
    const locked = panel.querySelector(".revisit-list li")!;
    expect(locked.textContent).toMatch(/^Linear equations Bronze Available in 2[34]h/);
    expect(within(panel).queryByRole("button", { name: /^Try again/ })).toBeNull();
    offset = 25 * 3_600_000; // a day later, the question opens again
    await ask("first subtract 3");
    expect(await within(panel).findByText("1 ready to try again")).toBeTruthy();
    await act(async () => fireEvent.click(within(panel).getByRole("button", { name: "Try again: Linear equations (Bronze)" })));
    expect(sentEvents(calls).at(-1)).toEqual({ type: "REVISIT", unitId: "ALG-01", questionId: "EX-1" });
    expect(await screen.findByText("Here is that question on Linear equations again. Take your time.")).toBeTruthy();
    expect(screen.getAllByRole("article", { name: "Exam question" })).toHaveLength(2);
  });

  it("I'm stuck names its drill", async () => {
    const calls = await startSession();
    await ask("How do I solve 2x+3=11?");
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Try a Drill" })));
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "I'm stuck" })));
    const id = drillId();
    expect(id).toBeTruthy();
    expect(sentEvents(calls).at(-1)).toEqual({ type: "STUCK", unitId: "ALG-01", drillMessageId: id });
    expect(await screen.findByText(/a hint for that drill/)).toBeTruthy();
  });

  it("shows the passage a reply rests on, and the verdict on the answer to its question", async () => {
    await startSession();
    await ask("How do I solve 2x+3=11?");
    const concept = (await screen.findByRole("article", { name: "Key idea" })).closest("li")!;
    const passage = within(concept).getByRole("figure", { name: "From your course: Linear equations · units/ALG-01.md › Undoing operations" });
    expect(within(passage).getByText(/undo the operations in reverse order/)).toBeTruthy();
    fireEvent.click(within(passage).getByRole("button", { name: "Show the whole passage" }));
    expect(within(passage).getByRole("heading", { name: "Undoing operations" })).toBeTruthy();
    await ask("first subtract 3");
    const answered = await screen.findByText("Right");
    expect(answered.className).toContain("tutor-verdict-right");
    const item = answered.closest("li")!;
    expect(within(item).getByRole("figure", { name: "From your course: Linear equations · unit summary" })).toBeTruthy();
    expect(item.querySelector(".message-origin")).toBeNull();
    await ask("no idea");
    const timeline = screen.getByRole("list", { name: "Conversation" });
    await waitFor(() => expect(timeline.querySelector(".tutor-verdict-not_yet")?.textContent).toBe("Not yet"));
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
    expect(await screen.findByText("No turn yet.")).toBeTruthy();
    await ask("first subtract 3");
    const drawer = screen.getByText("Debug").closest("details")!;
    expect(await within(drawer).findByText("“The answer is obviously 42.” — failed supported")).toBeTruthy();
    const fact = (name: string) => within(drawer).getByText(name).nextElementSibling?.textContent;
    expect(fact("Reply from")).toBe("model");
    expect(fact("Model sentences shown")).toBe("1");
    expect(fact("Asked unit")).toBe("ALG-01");
    expect(fact("Passage")).toBe("course.json");
    expect(fact("Verdict")).toBe("Right");
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
