import { useTranslation } from "react-i18next";
import type { LearningPath } from "../../../bindings";
import { LockIcon } from "../LockIcon";
import { NODE, layoutPath } from "./layoutPath";

/** The course's prerequisite graph: units coloured by mastery, blocked units dashed with a
 * lock, the focus outlined. Each unit is a button (click, Enter or Space) that works on it. */
export function PathGraph({ path, onChoose }: { path: LearningPath; onChoose: (unitId: string) => void }) {
  const { t } = useTranslation();
  const layout = layoutPath(path);
  const place = new Map(layout.units.map((u) => [u.unitId, u]));
  return (
    <svg
      className="path-graph"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      role="group"
      aria-label={t("tutor.path.graph")}
    >
      <defs>
        <marker id="path-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">
          <path d="M0,0 L10,5 L0,10 z" className="path-arrowhead" />
        </marker>
      </defs>
      {layout.edges.map((e) => (
        <polyline
          key={`${e.from}-${e.to}`}
          className="path-edge"
          points={e.points.map((p) => `${p.x},${p.y}`).join(" ")}
          markerEnd="url(#path-arrow)"
        />
      ))}
      {path.units.map((unit) => {
        const at = place.get(unit.unitId);
        if (!at) return null;
        const classes = ["path-unit", `tier-${unit.masteryTier}`, unit.blocked ? "path-blocked" : "", unit.isFocus ? "path-focus" : ""];
        const label = [
          unit.title,
          t(`tutor.tiers.${unit.masteryTier}`),
          unit.blocked ? t("tutor.path.blocked") : "",
          unit.isFocus ? t("tutor.path.focus") : "",
        ]
          .filter(Boolean)
          .join(", ");
        return (
          <g
            key={unit.unitId}
            className={classes.filter(Boolean).join(" ")}
            transform={`translate(${at.x - NODE.width / 2},${at.y - NODE.height / 2})`}
            role="button"
            tabIndex={0}
            aria-label={label}
            data-unit={unit.unitId}
            onClick={() => onChoose(unit.unitId)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onChoose(unit.unitId);
              }
            }}
          >
            <rect width={NODE.width} height={NODE.height} rx={8} />
            <text x={10} y={22} className="path-title">
              {unit.title.length > 24 ? `${unit.title.slice(0, 23)}…` : unit.title}
            </text>
            {unit.blocked && <LockIcon x={10} y={32} />}
            <text x={unit.blocked ? 26 : 10} y={42} className="path-meta">
              {t(`tutor.tiers.${unit.masteryTier}`)}
            </text>
            <title>{label}</title>
          </g>
        );
      })}
    </svg>
  );
}
