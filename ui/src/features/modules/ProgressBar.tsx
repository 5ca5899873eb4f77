import { useTranslation } from "react-i18next";
import type { Milestone, ModuleProgressView } from "../../bindings";

/** The milestones marked on the bar. */
const MARKERS: Milestone[] = ["25%", "50%", "75%", "100%"];

/** Progress through the module, computed by the app: the bar with the four milestone
 * markers (reached ones filled), and how many topics are covered. */
export function ProgressBar({ progress }: { progress: ModuleProgressView }) {
  const { t } = useTranslation();
  return (
    <div className="module-progress">
      <div
        className="bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percentage}
        aria-label={t("modules.progressLabel", { percent: progress.percentage })}
      >
        <div className="fill" style={{ width: `${progress.percentage}%` }} />
        {MARKERS.map((m) => {
          const reached = progress.celebrated.includes(m);
          return (
            <span
              key={m}
              className={reached ? "marker reached" : "marker"}
              style={{ left: m }}
              title={t(reached ? "modules.milestoneReached" : "modules.milestone", { milestone: m })}
              aria-hidden="true"
            />
          );
        })}
      </div>
      <p className="muted">
        {progress.percentage} % · {t("modules.covered", { covered: progress.covered, total: progress.total })}
        {progress.celebrated.length > 0 && (
          <span className="visually-hidden">
            {" "}
            {progress.celebrated.map((m) => t("modules.milestoneReached", { milestone: m })).join(", ")}
          </span>
        )}
      </p>
    </div>
  );
}
