import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CoachMessage, IpcError } from "../../bindings";
import { errorText } from "../../i18n";

/** The conversation, the reply streaming in, the message box and any error with a retry. */
export function ChatPanel({
  messages,
  streaming,
  error,
  onSend,
  onRetry,
}: {
  messages: CoachMessage[];
  streaming: string | null;
  error: IpcError | null;
  onSend: (text: string) => Promise<boolean>;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState("");
  const busy = streaming !== null;
  const lastIsStudent = messages.at(-1)?.role === "user";
  const list = useRef<HTMLOListElement>(null);
  // Keep the newest message (or the reply streaming in) in view.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages, streaming]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const message = text.trim();
    if (!message || busy) return;
    setText("");
    if (!(await onSend(message))) setText((current) => current || message);
  }

  return (
    <section className="chat" aria-label={t("coach.chat")}>
      <ol className="messages" aria-live="polite" ref={list}>
        {messages.map((m, i) => (
          <li key={i} className={`message message-${m.role}`}>
            <span className="visually-hidden">{t(`coach.roles.${m.role}`)}: </span>
            {m.content}
          </li>
        ))}
        {busy && (
          <li className="message message-assistant message-streaming" aria-busy="true">
            {streaming || t("coach.thinking")}
          </li>
        )}
      </ol>
      {error && (
        <div className="check-error" role="alert">
          <p>{errorText(error)}</p>
          {lastIsStudent && (
            <button type="button" onClick={onRetry} disabled={busy}>
              {t("coach.retry")}
            </button>
          )}
        </div>
      )}
      <form className="chat-input" onSubmit={(e) => void submit(e)}>
        <label htmlFor={inputId}>{t("coach.message")}</label>
        <div className="field-row">
          <textarea
            id={inputId}
            rows={2}
            value={text}
            maxLength={2000}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                void submit(e);
              }
            }}
          />
          <button type="submit" disabled={busy || !text.trim()}>
            {t("coach.send")}
          </button>
        </div>
      </form>
    </section>
  );
}
