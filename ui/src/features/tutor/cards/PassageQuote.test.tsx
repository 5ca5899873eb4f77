import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SourcePassage } from "../../../bindings";
import { i18next } from "../../../i18n";
import { MOCK_PASSAGE, MOCK_SUMMARY_PASSAGE } from "../mock";
import { PassageQuote } from "./PassageQuote";

describe("PassageQuote", () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage("en");
  });

  it("quotes the passage in a figure labelled with its unit, file and section", () => {
    render(<PassageQuote passage={MOCK_PASSAGE} />);
    const figure = screen.getByRole("figure", { name: "From your course: Linear equations · units/ALG-01.md › Undoing operations" });
    const quote = figure.querySelector("blockquote")!;
    expect(quote.textContent).toContain("undo the operations in reverse order");
    expect(quote.querySelectorAll(".katex")).toHaveLength(2);
  });

  it("names a unit summary instead of course.json and leaves out an empty section", () => {
    render(<PassageQuote passage={MOCK_SUMMARY_PASSAGE} />);
    expect(screen.getByRole("figure", { name: "From your course: Linear equations · unit summary" })).toBeTruthy();
    expect(screen.queryByText(/course\.json/)).toBeNull();
  });

  it("reveals the whole passage as Markdown with its maths, and folds it again", () => {
    render(<PassageQuote passage={MOCK_PASSAGE} />);
    const toggle = screen.getByRole("button", { name: "Show the whole passage" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("heading", { name: "Undoing operations" })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toBe("Show less");
    const full = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(full.hidden).toBe(false);
    expect(within(full).getByRole("heading", { name: "Undoing operations" })).toBeTruthy();
    expect(within(full).getByText("balanced").tagName).toBe("STRONG");
    expect(within(full).getByRole("listitem").textContent).toContain("substituting");
    expect(full.querySelector(".katex-display")).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("button", { name: "Show the whole passage" })).toBe(toggle);
    expect(full.hidden).toBe(true);
  });

  it("never renders the passage's raw HTML", () => {
    const passage: SourcePassage = { ...MOCK_PASSAGE, fullText: 'Before <img src="x" onerror="alert(1)"> <script>alert(2)</script> after.' };
    const { container } = render(<PassageQuote passage={passage} />);
    fireEvent.click(screen.getByRole("button", { name: "Show the whole passage" }));
    expect(container.querySelector("img, script")).toBeNull();
  });

  it("has no toggle when the quote is the whole passage", () => {
    render(<PassageQuote passage={{ ...MOCK_SUMMARY_PASSAGE, fullText: MOCK_SUMMARY_PASSAGE.quote }} />);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("speaks Spanish", async () => {
    await act(async () => {
      await i18next.changeLanguage("es");
    });
    render(<PassageQuote passage={MOCK_SUMMARY_PASSAGE} />);
    expect(screen.getByRole("figure", { name: "De tu curso: Linear equations · resumen de la unidad" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mostrar el pasaje completo" })).toBeTruthy();
  });
});
