import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Category, ExpenseArgs, ExpenseView, ProposalCardView } from "../../bindings";
import { ExpenseForm } from "./ExpenseForm";
import { CategoryOptions } from "./CategoryOptions";

/** A proposal waiting for a yes: what will run with its exact arguments, Confirm and
 * Cancel, and Edit to change the arguments first (saved as a new proposal, checked
 * again, which still needs its own yes). Confirm sends the arguments shown, so what
 * runs is what the student saw. A change or a removal names the row it is about
 * (`row`, when the page has it); the category is shown on every card and, unless the
 * card deletes, changed on the card itself (a new proposal, like Edit). An amount the app
 * computed (so many at a price, a split, a refund) shows its working. */
export function ProposalCard({
  proposal,
  row,
  busy,
  onConfirm,
  onCancel,
  onRevise,
}: {
  proposal: ProposalCardView;
  row: ExpenseView | null;
  busy: boolean;
  onConfirm: (id: string, args: ExpenseArgs) => Promise<boolean>;
  onCancel: (id: string) => Promise<boolean>;
  onRevise: (id: string, args: ExpenseArgs) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleting = proposal.tool === "delete_expense";

  useEffect(() => {
    setEditing(false);
    confirmButton.current?.focus();
  }, [proposal]);

  const expires = new Date(proposal.expiresAt).toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit" });
  const named = row && row.id === proposal.args.id ? row : null;
  const shown = (
    [
      ["id", proposal.args.id === null ? null : named ? `#${named.id} ${named.item}, ${named.amount.text}, ${named.date}` : `#${proposal.args.id}`],
      ["item", proposal.args.item],
      ["amount", proposal.args.amount && `${proposal.args.amount} ${proposal.args.currency ?? ""}`.trim()],
      ["date", proposal.args.date],
    ] as const
  ).filter(([, value]) => value);
  const category: Category | null = proposal.args.category ?? named?.category ?? null;
  const categoryId = useId();

  return (
    <section className={`proposal-card${deleting ? " deleting" : ""}`} aria-label={t("expenses.proposal")} role="group">
      <h3>{t(`expenses.tools.${proposal.tool}`)}</h3>
      <p className="muted small">{t(`expenses.reasons.${proposal.reason}`)}</p>
      {editing ? (
        <ExpenseForm
          title={t("expenses.editProposal")}
          initial={proposal.args}
          saveLabel={t("expenses.saveEdit")}
          busy={busy}
          onSave={(args) => void onRevise(proposal.id, { ...args, id: proposal.args.id })}
          onClose={() => setEditing(false)}
        />
      ) : (
        <>
          <dl className="proposal-args">
            {shown.map(([name, value]) => (
              <div key={name}>
                <dt>{t(`expenses.fields.${name}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            {deleting
              ? category && (
                  <div>
                    <dt>{t("expenses.fields.category")}</dt>
                    <dd>{t(`expenses.categories.${category}`)}</dd>
                  </div>
                )
              : (category || proposal.tool === "add_expense") && (
                  <div>
                    <dt>
                      <label htmlFor={categoryId}>{t("expenses.fields.category")}</label>
                    </dt>
                    <dd>
                      <select
                        id={categoryId}
                        value={category ?? ""}
                        disabled={busy}
                        onChange={(e) => void onRevise(proposal.id, { ...proposal.args, category: e.target.value as Category })}
                      >
                        {!category && <option value="">{t("expenses.guessCategory")}</option>}
                        <CategoryOptions />
                      </select>
                    </dd>
                  </div>
                )}
          </dl>
          {proposal.working && <p className="working">{proposal.working}</p>}
          <p className="muted small">{t("expenses.expires", { time: expires })}</p>
          <div className="actions">
            <button
              ref={confirmButton}
              type="button"
              className={deleting ? "danger" : "primary"}
              disabled={busy}
              onClick={() => void onConfirm(proposal.id, proposal.args)}
            >
              {t("expenses.confirm")}
            </button>
            <button type="button" disabled={busy} onClick={() => void onCancel(proposal.id)}>
              {t("expenses.cancel")}
            </button>
            {!deleting && (
              <button type="button" disabled={busy} onClick={() => setEditing(true)}>
                {t("expenses.edit")}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
