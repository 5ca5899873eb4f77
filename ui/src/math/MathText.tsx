import katex from "katex";
import { Fragment } from "react";

/** A piece of text: plain, or a LaTeX formula (inline `$…$` or display `$$…$$`). */
export type Segment = { kind: "text"; text: string } | { kind: "math"; tex: string; display: boolean };

/** Splits `text` into plain runs and `$…$` / `$$…$$` formulas; `\$` is a literal dollar,
 * and an unclosed `$` stays plain text. */
export function splitMath(text: string): Segment[] {
  const segments: Segment[] = [];
  const pattern = /\$\$([\s\S]+?)\$\$|(?<!\\)\$((?:\\\$|[^$\n])+?)(?<!\\)\$/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) segments.push({ kind: "text", text: text.slice(last, at) });
    const display = match[1] !== undefined;
    segments.push({ kind: "math", tex: (display ? match[1] : match[2]).trim(), display });
    last = at + match[0].length;
  }
  if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  return segments.map((s) => (s.kind === "text" ? { ...s, text: s.text.replace(/\\\$/g, "$") } : s));
}

/** One LaTeX formula typeset by KaTeX (bundled locally). A formula that does not parse is
 * shown as its source, in red, never as an error; trust is off, so no \href or \url. */
export function Formula({ tex, display = false }: { tex: string; display?: boolean }) {
  return (
    <span
      className={display ? "math math-display" : "math"}
      // KaTeX output escapes the formula's text itself.
      dangerouslySetInnerHTML={{
        __html: katex.renderToString(tex, { displayMode: display, throwOnError: false, output: "htmlAndMathml", trust: false }),
      }}
    />
  );
}

/** Text with its LaTeX formulas typeset by KaTeX. Plain text is rendered as React text,
 * so it is always escaped. */
export function MathText({ text }: { text: string }) {
  return (
    <>
      {splitMath(text).map((segment, i) =>
        segment.kind === "text" ? (
          <Fragment key={i}>{segment.text}</Fragment>
        ) : (
          <Formula key={i} tex={segment.tex} display={segment.display} />
        ),
      )}
    </>
  );
}

/** Common function names written without a backslash in a formula (`sin x`). */
const FUNCTION_NAMES = new Set(["sin", "cos", "tan", "log", "exp", "sqrt", "max", "min"]);

/** Whether `tex` is a sentence or a word rather than a formula: it has `$…$` formulas
 * in it (an exam question's options), or it has no LaTeX command or group and a word of
 * three letters or more that is not a function name ("To solve x + b = c, ___ b from both sides", "subtract", "true" — not
 * "2x + 3 = 11" or "\\frac{3}{4}"). */
export function isProse(tex: string): boolean {
  const segments = splitMath(tex);
  // A formula is never written between dollars; text with `$…$` in it is prose.
  if (segments.some((s) => s.kind === "math")) return true;
  const outside = segments.map((s) => (s.kind === "text" ? s.text : " ")).join("");
  if (/[\\{}^]/.test(outside)) return false;
  const words = outside.match(/\p{L}{3,}/gu) ?? [];
  return words.some((w) => !FUNCTION_NAMES.has(w.toLowerCase()));
}

/** A drill's question or answer: a formula typeset by KaTeX, or — for a cloze, a
 * true-or-false statement or a word — text, with its own `$…$` formulas typeset. */
export function QuestionText({ tex, display = false }: { tex: string; display?: boolean }) {
  return isProse(tex) ? (
    <span className={display ? "prose prose-display" : "prose"}>
      <MathText text={tex} />
    </span>
  ) : (
    <Formula tex={tex} display={display} />
  );
}
