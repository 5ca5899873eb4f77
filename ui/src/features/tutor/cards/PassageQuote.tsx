import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SourcePassage } from "../../../bindings";
import { MathText } from "../../../math/MathText";
import { BlockText } from "../../modules/BlockText";

/** The pack file that stands for a unit's summary (its anchor in the course manifest). */
const UNIT_SUMMARY_SOURCE = "course.json";

/** The authored passage a tutor reply rests on (issue #33): the quoted sentences, where
 * they come from ("From your course: Angles · units/GEO-01.md › Parallel lines"), and
 * "Show the whole passage", which reveals the whole chunk as Markdown with its maths. */
export function PassageQuote({ passage }: { passage: SourcePassage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const captionId = useId();
  const fullId = useId();
  const source = passage.source === UNIT_SUMMARY_SOURCE ? t("tutor.passage.summary") : passage.source;
  const section = passage.section.trim();
  const caption = section
    ? t("tutor.passage.fromSection", { unit: passage.unitTitle, source, section })
    : t("tutor.passage.from", { unit: passage.unitTitle, source });
  const full = passage.fullText.trim();
  const more = full !== "" && full !== passage.quote.trim();
  return (
    <figure className="tutor-passage" aria-labelledby={captionId}>
      <figcaption id={captionId} className="tutor-passage-caption">
        {caption}
      </figcaption>
      <blockquote className="tutor-passage-quote">
        <MathText text={passage.quote} />
      </blockquote>
      {more && (
        <>
          <button type="button" className="link tutor-passage-toggle" aria-expanded={open} aria-controls={fullId} onClick={() => setOpen((o) => !o)}>
            {open ? t("tutor.passage.showLess") : t("tutor.passage.showAll")}
          </button>
          <div id={fullId} className="tutor-passage-full" hidden={!open}>
            {open && <BlockText markdown={full} />}
          </div>
        </>
      )}
    </figure>
  );
}
