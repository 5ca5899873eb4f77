import { diffWords } from "diff";

/** Old and new text as one run of words: removed words struck through, added ones
 * underlined (with `del`/`ins`, which screen readers announce). */
export function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <p className="text-diff">
      {diffWords(before, after).map((part, i) =>
        part.added ? (
          <ins key={i}>{part.value}</ins>
        ) : part.removed ? (
          <del key={i}>{part.value}</del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}
