import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RevisitItem, SnapshotLite } from "../../../bindings";
import { Countdown } from "../Countdown";
import { MasteryBadge } from "../MasteryBadge";

/** One question of the revisit list: its unit and tier, then "Try again" when it can be
 * attempted, else a countdown to when it opens (the button replaces it once it has run
 * out, before the next snapshot says so). */
function RevisitRow({
  item,
  title,
  busy,
  onRevisit,
}: {
  item: RevisitItem;
  title: string;
  busy: boolean;
  onRevisit: (unitId: string, questionId: string) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const open = useCallback(() => setOpened(true), []);
  return (
    <li>
      {title} <MasteryBadge tier={item.tier} />{" "}
      {item.eligibleAt && !opened ? (
        <Countdown until={item.eligibleAt} onDone={open} />
      ) : (
        <button
          type="button"
          disabled={busy}
          aria-label={t("tutor.panel.tryAgainOn", { unit: title, tier: t(`tutor.tiers.${item.tier}`) })}
          onClick={() => onRevisit(item.unitId, item.questionId)}
        >
          {t("tutor.panel.tryAgain")}
        </button>
      )}
    </li>
  );
}

/** The right panel (spec PV-AI-019): the focus unit with its badge, the prerequisite to
 * learn first, the revisit summary (counts, a live countdown to the next question, the
 * queue's questions in order — each with its unit, tier and "Try again" or a countdown
 * while it is locked — and reviews due), progress counts, and the "Learning path" link;
 * "Practise this unit" asks for a drill on the focus whenever the student wants one. */
export function SnapshotPanel({
  snapshot,
  titles,
  busy,
  onWorkOn,
  onPractise,
  onRevisit,
  onLearningPath,
}: {
  snapshot: SnapshotLite;
  /** Unit titles by id (for the revisit list and reviews due). */
  titles: Map<string, string>;
  /** A reply is streaming: buttons that start a turn wait. */
  busy: boolean;
  onWorkOn: (unitId: string) => void;
  onPractise: (unitId: string) => void;
  /** "Try again" on a question of the revisit list. */
  onRevisit: (unitId: string, questionId: string) => void;
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
        {revisit.questions.length > 0 && (
          <ul className="revisit-list">
            {revisit.questions.map((q) => (
              <RevisitRow key={q.questionId} item={q} title={titles.get(q.unitId) ?? q.unitId} busy={busy} onRevisit={onRevisit} />
            ))}
          </ul>
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
