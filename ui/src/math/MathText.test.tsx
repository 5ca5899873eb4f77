import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MathText, QuestionText, isProse, splitMath } from "./MathText";

describe("splitMath", () => {
  it("separates inline and display formulas from text", () => {
    expect(splitMath("Solve $x^2 = 4$ then $$y = 2x$$.")).toEqual([
      { kind: "text", text: "Solve " },
      { kind: "math", tex: "x^2 = 4", display: false },
      { kind: "text", text: " then " },
      { kind: "math", tex: "y = 2x", display: true },
      { kind: "text", text: "." },
    ]);
  });

  it("keeps escaped and unclosed dollars as text", () => {
    expect(splitMath("It costs \\$5 and $3")).toEqual([{ kind: "text", text: "It costs $5 and $3" }]);
  });
});

describe("MathText", () => {
  afterEach(cleanup);

  it("typesets formulas with KaTeX", () => {
    const { container } = render(<MathText text="Area $\\frac{1}{2}bh$" />);
    expect(container.querySelector(".katex")).not.toBeNull();
    expect(container.textContent).toContain("Area");
  });

  it("escapes plain text instead of interpreting it as HTML", () => {
    const { container } = render(<MathText text={'<img src=x onerror="alert(1)"> and $a<b$'} />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it("shows a formula that does not parse as its source", () => {
    const { container } = render(<MathText text="Bad $\\frac{1}{$ here" />);
    expect(container.querySelector(".katex-error")).not.toBeNull();
  });
});

describe("QuestionText", () => {
  afterEach(cleanup);

  it("tells sentences and words from formulas", () => {
    expect(isProse("To solve x + b = c, ___ b from both sides so x is alone.")).toBe(true);
    expect(isProse("subtract")).toBe(true);
    expect(isProse("The area of a square of side $s$ is $s^2$.")).toBe(true);
    expect(isProse("Solve $2x = 8$ — A) $x = 2$ · B) $x = 4$")).toBe(true);
    expect(isProse("2x + 3 = 11")).toBe(false);
    expect(isProse("\\frac{3}{4} + x")).toBe(false);
    expect(isProse("sin x + cos x")).toBe(false);
    expect(isProse("x = 7")).toBe(false);
  });

  it("shows a cloze as text with its spaces, and a formula with KaTeX", () => {
    const cloze = render(<QuestionText tex="Angles on a line add to ___ degrees." display />);
    expect(cloze.container.querySelector(".katex")).toBeNull();
    expect(cloze.container.textContent).toBe("Angles on a line add to ___ degrees.");
    cleanup();
    const formula = render(<QuestionText tex="2x + 3 = 11" display />);
    expect(formula.container.querySelector(".katex")).not.toBeNull();
  });
});
