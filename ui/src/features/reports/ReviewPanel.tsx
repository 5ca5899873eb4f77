import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChangeView } from "../../bindings";
import { TextDiff } from "./TextDiff";

/** The changes waiting for review, each with its section before and after (a word
 * diff), the reason and who proposed it; Accept or Reject each, or all. Accepting a
 * delete asks first. */
export function ReviewPanel({
  changes,
  onAccept,
  onReject,
}: {
  changes: ChangeView[];
  onAccept: (ids: number[] | null, confirmDeletes: boolean) => Promise<boolean>;
  onReject: (ids: number[] | null) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<{ ids: number[] | null; deletes: ChangeView[] } | null>(null);

  function accept(ids: number[] | null) {
    const chosen = ids === null ? changes : changes.filter((c) => ids.includes(c.id));
    const deletes = chosen.filter((c) => c.kind === "delete_section");
    if (deletes.length > 0) setConfirming({ ids, deletes });
    else void onAccept(ids, false);
  }

  if (changes.length === 0) {
    return (
      <section className="review-panel" aria-label={t("reports.review")}>
        <h2>{t("reports.review")}</h2>
        <p className="muted">{t("reports.noChanges")}</p>
      </section>
    );
  }
  return (
    <section className="review-panel" aria-label={t("reports.review")}>
      <h2>{t("reports.review")}</h2>
      <p className="muted">{t("reports.reviewHelp")}</p>
      <ol className="changes">
        {changes.map((c) => (
          <li key={c.id} className={`change ${c.kind}${c.applies ? "" : " stale"}`} data-change-id={c.id}>
            <p className="change-head">
              <span className="pill">{t(`reports.kinds.${c.kind}` as "reports.kinds.update_section")}</span> {c.description}
              {c.author === "app" && <span className="muted"> · {t("reports.byApp")}</span>}
            </p>
            {c.reason && <p className="muted">{t("reports.reason", { reason: c.reason })}</p>}
            {!c.applies && <p className="check-error">{t("reports.stale")}</p>}
            <ChangeBody change={c} />
            <div className="actions">
              <button type="button" onClick={() => void onReject([c.id])} aria-label={t("reports.rejectChange", { description: c.description })}>
                {t("reports.reject")}
              </button>
              <button
                type="button"
                className="primary"
                disabled={!c.applies}
                onClick={() => accept([c.id])}
                aria-label={t("reports.acceptChange", { description: c.description })}
              >
                {t("reports.accept")}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="actions all">
        <button type="button" onClick={() => void onReject(null)}>
          {t("reports.rejectAll")}
        </button>
        <button type="button" className="primary" onClick={() => accept(null)}>
          {t("reports.acceptAll")}
        </button>
      </div>
      {confirming && (
        <div className="confirm" role="alertdialog" aria-labelledby="confirm-delete-title" aria-describedby="confirm-delete-text">
          <h3 id="confirm-delete-title">{t("reports.confirmDeleteTitle")}</h3>
          <p id="confirm-delete-text">
            {t("reports.confirmDeleteText", {
              sections: confirming.deletes.map((d) => (d.before ? `${d.before.number} ${d.before.title}` : d.sectionId)).join(", "),
            })}
          </p>
          <div className="actions">
            <button type="button" onClick={() => setConfirming(null)} autoFocus>
              {t("reports.cancel")}
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                const ids = confirming.ids;
                setConfirming(null);
                void onAccept(ids, true);
              }}
            >
              {t("reports.confirmDeleteButton")}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

/** What a change does to its section: title and body before and after. */
function ChangeBody({ change }: { change: ChangeView }) {
  const { t } = useTranslation();
  const { before, after } = change;
  if (before && after) {
    return (
      <div className="change-body">
        {before.title !== after.title && <TextDiff before={`${before.number} ${before.title}`} after={`${after.number} ${after.title}`} />}
        {before.bodyMd !== after.bodyMd && <TextDiff before={before.bodyMd} after={after.bodyMd} />}
        {before.number !== after.number && before.title === after.title && (
          <p className="muted">
            {before.number} → {after.number}
          </p>
        )}
      </div>
    );
  }
  const side = after ?? before;
  if (!side) return null;
  return (
    <div className="change-body">
      <p className="muted">{after ? t("reports.after") : t("reports.before")}</p>
      <p className={after ? "added" : "removed"}>
        <strong>
          {side.number} {side.title}
        </strong>
        {side.bodyMd && ` — ${side.bodyMd.slice(0, 300)}`}
      </p>
    </div>
  );
}
