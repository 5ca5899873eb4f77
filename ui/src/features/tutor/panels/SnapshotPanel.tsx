import { useTranslation } from "react-i18next";
import type { SnapshotLite } from "../../../bindings";
import { Countdown } from "../Countdown";
import { MasteryBadge } from "../MasteryBadge";

/** The right panel (spec PV-AI-019): the focus unit with its badge, the prerequisite to
 * learn first, the revisit summary with a live countdown and reviews due, progress
 * counts, and the "Learning path" link; "Practise this unit" asks for a drill on the
 * focus whenever the student wants one. */
export function SnapshotPanel({
  snapshot,
  titles,
  busy,
  onWorkOn,
  onPractise,
  onLearningPath,
}: {
  snapshot: SnapshotLite;
  /** Unit titles by id (for reviews due). */
  titles: Map<string, string>;
  /** A reply is streaming: buttons that start a turn wait. */
  busy: boolean;
  onWorkOn: (unitId: string) => void;
  onPractise: (unitId: string) => void;
  onLearningPath: () => void;
}) {
  const { t } = useTranslation();
  const { focus, prereqNudge, revisit, progress } = snapshot;
  return (
    <aside className="snapshot-panel" aria-label={t("tutor.panel.title")}>
      <section>
        <h3>{t("tutor.panel.focus")}</h3>
        <p className="focus-unit">
          <strong>{focus.title}</strong> <MasteryBadge tier={focus.masteryTier} />
        </p>
        <button type="button" disabled={busy} onClick={() => onPractise(focus.unitId)}>
          {t("tutor.panel.practise")}
        </button>
      </section>
      {prereqNudge && (
        <section className="nudge" role="note">
          <h3>{t("tutor.panel.firstLearn")}</h3>
          <p>{t("tutor.panel.needsFirst", { asked: prereqNudge.asked.title, blocker: prereqNudge.blocker.title })}</p>
          <button type="button" disabled={busy} onClick={() => onWorkOn(prereqNudge.blocker.unitId)}>
            {t("tutor.panel.workOn")}
          </button>
        </section>
      )}
      <section>
        <h3>{t("tutor.panel.revisit")}</h3>
        <p>{t("tutor.panel.locked", { count: revisit.lockedCount })}</p>
        {revisit.readyCount > 0 && <p>{t("tutor.panel.ready", { count: revisit.readyCount })}</p>}
        {revisit.nextEligibleAt && (
          <p>
            {t("tutor.panel.next")} <Countdown until={revisit.nextEligibleAt} />
          </p>
        )}
        {revisit.reviewsDue.length > 0 && (
          <ul className="reviews-due">
            {revisit.reviewsDue.map((r) => (
              <li key={r.unitId}>
                <span className="badge badge-review">{t("tutor.panel.reviewDue")}</span> {titles.get(r.unitId) ?? r.unitId}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3>{t("tutor.panel.progress")}</h3>
        <dl className="progress-counts">
          <dt>
            <MasteryBadge tier="bronze" />
          </dt>
          <dd>{t("tutor.panel.ofTotal", { count: progress.bronze, total: progress.total })}</dd>
          <dt>
            <MasteryBadge tier="silver" />
          </dt>
          <dd>{t("tutor.panel.ofTotal", { count: progress.silver, total: progress.total })}</dd>
          <dt>
            <MasteryBadge tier="gold" />
          </dt>
          <dd>{t("tutor.panel.ofTotal", { count: progress.gold, total: progress.total })}</dd>
        </dl>
        <button type="button" className="link" onClick={onLearningPath}>
          {t("tutor.panel.learningPath")}
        </button>
      </section>
    </aside>
  );
}
