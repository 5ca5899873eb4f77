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
