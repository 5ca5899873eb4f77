import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../../i18n";
import { ConceptCard } from "./ConceptCard";

const card = {
  type: "CONCEPT" as const,
  unitId: "ALG-01",
  keyIdeas: ["Undo in reverse order.", "Keep it balanced: $a=b$.", "Check by substituting.", "A fourth idea never shows."],
  workedExample: { problem_latex: "x+5=9", steps_latex: ["x=9-5"], final_answer_latex: "x=4" },
};

describe("ConceptCard", () => {
  afterEach(cleanup);

  it("shows Key idea, at most three bullets and the worked example collapsed", () => {
    render(<ConceptCard card={card} text="" busy={false} onTryDrill={() => {}} onFollowUp={() => {}} />);
    const article = screen.getByRole("article", { name: "Key idea" });
    expect(within(article).getByRole("heading", { name: "Key idea" })).toBeTruthy();
    expect(article.querySelectorAll(":scope > ul > li").length).toBe(3);
    const details = article.querySelector("details")!;
    expect(details.open).toBe(false);
    expect(within(details).getByText("Worked example")).toBeTruthy();
  });

  it("shows a worked example in words (the notes' example sentence) with no answer line", () => {
    const words = {
      ...card,
      workedExample: {
        problem_latex: "", steps_latex: [], final_answer_latex: "",
        text: "For example, in Korea the superpowers backed opposite sides.",
      },
    };
    render(<ConceptCard card={words} text="" busy={false} onTryDrill={() => {}} onFollowUp={() => {}} />);
    const details = screen.getByRole("article").querySelector("details")!;
    expect(details.textContent).toContain("in Korea the superpowers backed opposite sides");
    expect(details.querySelector(".katex")).toBeNull();
    expect(within(details).queryByText(/Answer/)).toBeNull();
  });

  it("has Ask follow-up then Try a Drill (primary) bottom-right, each doing its job", () => {
    const onTryDrill = vi.fn();
    const onFollowUp = vi.fn();
    const { container } = render(<ConceptCard card={card} text="" busy={false} onTryDrill={onTryDrill} onFollowUp={onFollowUp} />);
    const actions = container.querySelector(".card-actions")!;
    expect(actions.parentElement?.lastElementChild).toBe(actions);
    const buttons = within(actions as HTMLElement).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Ask follow-up", "Try a Drill"]);
    expect(buttons[1].className).toContain("primary");
    fireEvent.click(buttons[1]);
    fireEvent.click(buttons[0]);
    expect(onTryDrill).toHaveBeenCalledOnce();
    expect(onFollowUp).toHaveBeenCalledOnce();
  });
});
