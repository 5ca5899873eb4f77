import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ExpenseArgs, ExpenseMessageView, ExpenseView, ProposalCardView } from "../../bindings";
import { SendOrStop, sendOnEnter } from "../../turns/SendOrStop";
import { ProposalCard } from "./ProposalCard";

/** The conversation with the assistant: questions it asks are marked as such, the
 * proposal waiting for a yes shows as a card under the last message (naming the row it
 * changes or removes, found among `rows`), and the message box sends on Enter (Stop
 * while the model writes). */
export function ExpenseChat({
  messages,
  proposal,
  rows,
  streaming,
  canStop,
  onSend,
  onStop,
  onConfirm,
  onCancel,
  onRevise,
}: {
  messages: ExpenseMessageView[];
  proposal: ProposalCardView | null;
  rows: ExpenseView[];
  streaming: string | null;
  canStop: boolean;
  onSend: (message: string) => Promise<boolean>;
  onStop: () => void;
  onConfirm: (id: string, args: ExpenseArgs) => Promise<boolean>;
  onCancel: (id: string) => Promise<boolean>;
  onRevise: (id: string, args: ExpenseArgs) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const busy = streaming !== null;

  async function send() {
    const text = draft.trim();
    if (!text || busy) return;
    setDraft("");
    if (!(await onSend(text))) setDraft(text);
  }

  return (
    <section className="expense-chat" aria-label={t("expenses.chat")}>
      <h2>{t("expenses.chat")}</h2>
      <ol className="messages" aria-live="polite">
        {messages.length === 0 && <li className="muted">{t("expenses.welcome")}</li>}
        {messages.map((m) => (
          <li key={m.id} className={m.fromStudent ? "from-student" : `from-assistant ${m.kind ?? ""}`}>
            {m.kind === "clarify" && <span className="visually-hidden">{t("expenses.question")}</span>}
            <p>{m.text}</p>
          </li>
        ))}
        {busy && (
          <li className="from-assistant progress" role="status">
            {streaming || t("expenses.working")}
          </li>
        )}
      </ol>
      {proposal && (
        <ProposalCard
          proposal={proposal}
          row={rows.find((r) => r.id === proposal.args.id) ?? null}
          busy={busy}
          onConfirm={onConfirm}
          onCancel={onCancel}
          onRevise={onRevise}
        />
      )}
      <form
        className="composer"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label className="visually-hidden" htmlFor="expense-message">
          {t("expenses.message")}
        </label>
        <textarea
          id="expense-message"
          value={draft}
          placeholder={t("expenses.message")}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={sendOnEnter(() => void send())}
          rows={2}
          maxLength={1000}
        />
        <SendOrStop busy={busy} canStop={canStop} empty={draft.trim() === ""} onStop={onStop} sendLabel={t("expenses.send")} stopLabel={t("expenses.stop")} primary />
      </form>
    </section>
  );
}
