import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ReportMessageView } from "../../bindings";
import { SendOrStop, sendOnEnter } from "../../turns/SendOrStop";
import type { TurnProgress } from "../../turns/useStreamedTurn";

/** The report's conversation, what the running turn is doing ("Updating 2.1 Gutters…"),
 * and the message box (Enter sends; Stop while a turn runs). */
export function ReportChat({
  messages,
  busy,
  canStop,
  progress,
  onSend,
  onStop,
}: {
  messages: ReportMessageView[];
  busy: boolean;
  canStop: boolean;
  progress: TurnProgress | null;
  onSend: (message: string) => Promise<boolean>;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");

  async function send() {
    const text = draft.trim();
    if (!text || busy) return;
    setDraft("");
    if (!(await onSend(text))) setDraft(text);
  }

  const step = progress
    ? t(`reports.steps.${progress.step}` as "reports.steps.thinking", { section: progress.section })
    : t("reports.working");
  return (
    <section className="report-chat" aria-label={t("reports.chat")}>
      <h2>{t("reports.chat")}</h2>
      <ol className="messages" aria-live="polite">
        {messages.map((m) => (
          <li key={m.id} className={m.fromStudent ? "from-student" : "from-assistant"}>
            <p>{m.text}</p>
            {m.origin !== null && m.origin !== "model" && <p className="muted small">{t("reports.byApp")}</p>}
          </li>
        ))}
        {busy && (
          <li className="from-assistant progress" role="status">
            {step}
          </li>
        )}
      </ol>
      <form
        className="composer"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label className="visually-hidden" htmlFor="report-message">
          {t("reports.message")}
        </label>
        <textarea
          id="report-message"
          value={draft}
          placeholder={t("reports.message")}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={sendOnEnter(() => void send())}
          rows={3}
          maxLength={4000}
        />
        <SendOrStop busy={busy} canStop={canStop} empty={draft.trim() === ""} onStop={onStop} sendLabel={t("reports.send")} stopLabel={t("reports.stop")} primary />
      </form>
    </section>
  );
}
