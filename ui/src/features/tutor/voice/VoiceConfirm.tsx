import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TutorInputView, VoiceTranscriptView_Serialize } from "../../../bindings";
import { Formula, MathText } from "../../../math/MathText";
import { sendOnEnter } from "../../../turns/SendOrStop";
import type { VoiceDraft } from "./useVoice";

/** What can take focus inside the dialog, for keeping Tab in it. */
const FOCUSABLE = "button:not([disabled]), textarea:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** The modal that shows a transcript before it is sent: what was heard, the message to send
 * (editable, `$…$` maths previewed) and, when maths was heard, its LaTeX (editable,
 * typeset live). Send hands `{ text, latex }` to `onSend`; Discard or Escape drops it. */
export function VoiceConfirm({
  transcript,
  draft,
  failed,
  busy,
  onSend,
  onDiscard,
}: {
  transcript: VoiceTranscriptView_Serialize;
  /** What the student had written before a send failed; else the transcript is used. */
  draft: VoiceDraft | null;
  /** The last send failed. */
  failed: boolean;
  /** A reply is still streaming: nothing can be sent yet. */
  busy: boolean;
  onSend: (input: TutorInputView, draft: VoiceDraft) => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const helpId = useId();
  const latexId = useId();
  const [message, setMessage] = useState(draft?.message ?? transcript.message);
  const [latex, setLatex] = useState(draft?.latex ?? transcript.latex ?? "");
  const dialog = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLTextAreaElement>(null);
  const text = message.trim();
  const tex = latex.trim();
  const empty = !text && !tex;

  useEffect(() => first.current?.focus(), []);

  function send() {
    if (empty || busy) return;
    // An utterance that was all mathematics (its message only the formula between
    // dollars, left as heard) goes as the LaTeX field alone, not twice.
    const allMaths = transcript.latex !== null && transcript.message === `$${transcript.latex}$`;
    const words = text && !(allMaths && message === transcript.message) ? text : null;
    onSend({ text: words, latex: tex || null, clientEvent: null }, { message, latex });
  }

  /** Escape discards; Tab and Shift+Tab stay inside the dialog. */
  function keys(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onDiscard();
    } else if (event.key === "Tab" && dialog.current) {
      const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? items.length - 1 : -1) : at === items.length - 1 ? 0 : -1;
      if (next >= 0) {
        event.preventDefault();
        items[next].focus();
      }
    }
  }

  return (
    <div className="voice-backdrop">
      <div
        ref={dialog}
        className="voice-confirm"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={keys}
      >
        <h3 id={titleId}>{t("tutor.voice.confirmTitle")}</h3>
        <figure className="voice-heard">
          <figcaption>{t("tutor.voice.heard")}</figcaption>
          <blockquote lang={transcript.language}>{transcript.text}</blockquote>
        </figure>
        <div className="voice-field">
          <label htmlFor={messageId}>{t("tutor.voice.message")}</label>
          <textarea
            id={messageId}
            ref={first}
            rows={3}
            maxLength={2000}
            value={message}
            aria-describedby={helpId}
            onChange={(e) => setMessage(e.target.value)}
            onKeyDown={sendOnEnter(send)}
          />
          <p id={helpId} className="help">
            {t("tutor.voice.messageHelp")}
          </p>
          {/\$[^$]+\$/.test(message) && (
            <p className="math-preview" aria-label={t("tutor.voice.preview")}>
              <MathText text={message} />
            </p>
          )}
        </div>
        {transcript.latex !== null && (
          <div className="voice-field">
            <label htmlFor={latexId}>{t("tutor.voice.latex")}</label>
            <input
              id={latexId}
              type="text"
              value={latex}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => setLatex(e.target.value)}
              onKeyDown={sendOnEnter(send)}
            />
            <p className="math-preview voice-formula" aria-label={t("tutor.voice.preview")}>
              {tex && <Formula tex={tex} display />}
            </p>
          </div>
        )}
        {failed && (
          <p className="check-error" role="alert">
            {t("tutor.voice.notSent")}
          </p>
        )}
        <div className="voice-actions">
          <button type="button" onClick={onDiscard}>
            {t("tutor.voice.discard")}
          </button>
          <button type="button" className="primary" disabled={empty || busy} onClick={send}>
            {t("tutor.voice.send")}
          </button>
        </div>
      </div>
    </div>
  );
}
