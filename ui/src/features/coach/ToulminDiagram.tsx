import { useTranslation } from "react-i18next";
import type { ToulminDraft, ToulminStep } from "../../bindings";

/** One element of the diagram: a labelled box, placed on the diagram's grid. */
function Box({ step, draft, area }: { step: ToulminStep; draft: ToulminDraft; area: string }) {
  const { t } = useTranslation();
  return (
    <div className={`tbox tbox-${step}`} style={{ gridArea: area }} role="group" aria-label={t(`coach.steps.${step}`)}>
      <strong>{t(`coach.steps.${step}`)}</strong>
      <p>{draft[step] || "—"}</p>
    </div>
  );
}

/** An arrow on the diagram's grid, pointing `direction`. */
function Arrow({ area, direction }: { area: string; direction: "right" | "up" | "down" }) {
  const glyph = { right: "→", up: "↑", down: "↓" }[direction];
  return (
    <span className="tarrow" style={{ gridArea: area }} aria-hidden="true">
      {glyph}
    </span>
  );
}

/** The argument as a Toulmin diagram: grounds lead to the (qualified) claim; the warrant
 * licenses that step; each is backed; the rebuttal names the exception. */
export function ToulminDiagram({ draft }: { draft: ToulminDraft }) {
  const { t } = useTranslation();
  return (
    <figure className="toulmin-diagram" aria-label={t("coach.diagram")}>
      <div className="tgrid">
        <Box step="grounds" draft={draft} area="grounds" />
        <Arrow area="a1" direction="right" />
        <Box step="qualifier" draft={draft} area="qualifier" />
        <Arrow area="a2" direction="right" />
        <Box step="claim" draft={draft} area="claim" />
        <Arrow area="a3" direction="up" />
        <Box step="warrant" draft={draft} area="warrant" />
        <Arrow area="a4" direction="up" />
        <Box step="rebuttal" draft={draft} area="rebuttal" />
        <Box step="groundsBacking" draft={draft} area="gback" />
        <Arrow area="a5" direction="up" />
        <Box step="warrantBacking" draft={draft} area="wback" />
      </div>
      <figcaption>{t("coach.diagram")}</figcaption>
    </figure>
  );
}
