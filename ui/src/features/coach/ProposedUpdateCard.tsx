import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ProposedUpdate } from "../../bindings";

/** A proposal from the coach for the current step, to accept into the draft or reject;
 * brought into view when it appears, so its buttons are never below the window's edge. */
export function ProposedUpdateCard({
  proposal,
  busy,
  onAccept,
  onReject,
}: {
  proposal: ProposedUpdate;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: "nearest" });
  }, [proposal.value]);
  return (
    <section ref={card} className="proposal-card" aria-labelledby="proposal-title">
      <h4 id="proposal-title">{t("coach.proposal.title", { step: t(`coach.steps.${proposal.field}`) })}</h4>
      <blockquote>{proposal.value}</blockquote>
      {proposal.rationale && <p className="help">{proposal.rationale}</p>}
      <div className="actions">
        <button type="button" disabled={busy} onClick={onAccept}>
          {t("coach.proposal.accept")}
        </button>
        <button type="button" disabled={busy} onClick={onReject}>
          {t("coach.proposal.reject")}
        </button>
      </div>
    </section>
  );
}
