import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TutorMessage } from "../../../bindings";
import "../../../i18n";
import { DrillCard } from "./DrillCard";

const card = { type: "DRILL" as const, unitId: "ALG-01", prompt: "Solve for $x$.", questionLatex: "2x+3=11" };

function feedback(isCorrect: boolean): TutorMessage {
  return {
    id: "9", threadId: "1", role: "assistant", text: isCorrect ? "Well done." : "Subtract 3 first.", latex: null, origin: "model", turnId: "1-3", createdAt: "",
    card: { type: "DRILL_FEEDBACK", unitId: "ALG-01", drillMessageId: "5", isCorrect, expectedAnswer: "x=4", reason: isCorrect ? null : "not_equivalent", commonMistakeTag: isCorrect ? null : "sign_error" },
  };
}
const answer: TutorMessage = { id: "8", threadId: "1", role: "user", text: "5", latex: null, card: null, origin: null, turnId: "1-3", createdAt: "" };

function renderCard(over: Partial<Parameters<typeof DrillCard>[0]> = {}) {
  const props = {
    card, text: "", answer: null, feedback: null, latest: true, busy: false, grading: null,
    onCheck: vi.fn(async () => true), onStuck: vi.fn(), onTryAnother: vi.fn(), onContinue: vi.fn(), ...over,
  };
  const view = render(<DrillCard {...props} />);
  return { ...props, ...view };
}

describe("DrillCard", () => {
  afterEach(cleanup);

  it("has I'm stuck then Check Answer (primary) bottom-right; Enter in the answer box checks", async () => {
    const { container, onCheck, onStuck } = renderCard();
    const buttons = within(container.querySelector(".card-actions") as HTMLElement).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["I'm stuck", "Check Answer"]);
    expect(buttons[1].className).toContain("primary");
    expect((buttons[1] as HTMLButtonElement).disabled).toBe(true);
    const box = screen.getByLabelText("Your answer");
    fireEvent.change(box, { target: { value: "x = 4" } });
    fireEvent.submit(box.closest("form")!);
    await waitFor(() => expect(onCheck).toHaveBeenCalledWith("x = 4"));
    fireEvent.click(buttons[0]);
    expect(onStuck).toHaveBeenCalledOnce();
  });

  it("after a wrong answer shows the feedback, an Incorrect pill, the expected answer, and Try another then Continue", () => {
    const { container, onContinue, onTryAnother } = renderCard({ answer, feedback: feedback(false) });
    expect(screen.getByRole("status").textContent).toBe("Incorrect");
    expect(screen.getByText("Subtract 3 first.")).toBeTruthy();
    expect(screen.getByText(/Common mistake: a sign error/)).toBeTruthy();
    expect(screen.queryByLabelText("Your answer")).toBeNull();
    const buttons = within(container.querySelector(".card-actions") as HTMLElement).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Try another", "Continue"]);
    fireEvent.click(buttons[1]);
    expect(onContinue).toHaveBeenCalledWith(false);
    fireEvent.click(buttons[0]);
    expect(onTryAnother).toHaveBeenCalledOnce();
  });

  it("a correct answer shows the Correct pill and Continue sends the result", () => {
    const { onContinue } = renderCard({ answer, feedback: feedback(true) });
    expect(screen.getByRole("status").textContent).toBe("Correct");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledWith(true);
  });

  it("a graded drill that is no longer the last item has no buttons", () => {
    renderCard({ answer, feedback: feedback(true), latest: false });
    expect(screen.queryByRole("button")).toBeNull();
  });
});
