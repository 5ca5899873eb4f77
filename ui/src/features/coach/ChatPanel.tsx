import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CoachMessage, IpcError } from "../../bindings";
import { useAutosave } from "../../app/useAutosave";
import { errorText } from "../../i18n";
import { SendOrStop, sendOnEnter } from "../../turns/SendOrStop";

/** The conversation, the reply streaming in (with Stop), the message box (autosaved) and
 * any error; an unanswered last message of the student offers Retry. */
export function ChatPanel({
  messages,
  unsent,
  streaming,
  canStop,
  error,
  onSend,
  onRetry,
  onStop,
  onUnsentChange,
}: {
  messages: CoachMessage[];
  unsent: string;
  streaming: string | null;
  canStop: boolean;
  error: IpcError | null;
  onSend: (text: string) => Promise<boolean>;
  onRetry: () => void;
  onStop: () => void;
  onUnsentChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState(unsent);
  const busy = streaming !== null;
  const lastIsStudent = messages.at(-1)?.role === "user";
  const list = useRef<HTMLOListElement>(null);
  const save = useCallback((value: string) => onUnsentChange(value), [onUnsentChange]);
  useAutosave(text, save);
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
            {m.origin !== null && m.origin !== "model" && m.origin !== "app" && (
              <small className="message-origin">{t(`coach.origin.${m.origin}`)}</small>
            )}
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
        </div>
      )}
      {lastIsStudent && !busy && (
        <p className="help">
          {t("coach.unanswered")}{" "}
          <button type="button" onClick={onRetry}>
            {t("coach.retry")}
          </button>
        </p>
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
            onKeyDown={sendOnEnter((e) => void submit(e))}
          />
          <SendOrStop
            busy={busy}
            canStop={canStop}
            empty={!text.trim()}
            onStop={onStop}
            sendLabel={t("coach.send")}
            stopLabel={t("coach.stop")}
          />
        </div>
      </form>
    </section>
  );
}
