import { useEffect, useId, useRef, useState, type FormEvent, type Ref, type SyntheticEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Language, TutorInputView } from "../../bindings";
import { errorText } from "../../i18n";
import { Formula, MathText } from "../../math/MathText";
import { SendOrStop, sendOnEnter } from "../../turns/SendOrStop";
import { RecordingBar } from "./voice/RecordingBar";
import { useVoice, type VoiceDraft } from "./voice/useVoice";
import { VoiceButton } from "./voice/VoiceButton";
import { VoiceConfirm } from "./voice/VoiceConfirm";

/** LaTeX snippets the math buttons insert at the cursor. */
const SNIPPETS = [
  { label: "a/b", tex: "\\frac{}{}" },
  { label: "√", tex: "\\sqrt{}" },
  { label: "xⁿ", tex: "^{}" },
  { label: "×", tex: "\\times " },
  { label: "π", tex: "\\pi " },
  { label: "≤", tex: "\\le " },
] as const;

/** The message box: plain text (with `$…$` math) or, with "Math", a LaTeX field; a live
 * KaTeX preview; Enter sends, Shift+Enter starts a new line; Stop while a reply streams.
 * The microphone records a spoken message: a bar over the box while it records and
 * transcribes, then a dialog to check it before it is sent. */
export function Composer({
  busy,
  canStop,
  inputRef,
  language,
  onSend,
  onStop,
}: {
  busy: boolean;
  canStop: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
  /** The conversation's language, for voice input; else the interface's. */
  language?: Language | null;
  onSend: (input: TutorInputView) => Promise<boolean>;
  onStop: () => void;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const mathId = useId();
  const [text, setText] = useState("");
  const [math, setMath] = useState(false);
  const [field, setField] = useState<HTMLTextAreaElement | null>(null);
  const hasMath = math || /\$[^$]+\$/.test(text);
  const voice = useVoice();
  const { state } = voice;
  const { phase } = state;
  const mic = useRef<HTMLButtonElement>(null);
  const covered = phase === "recording" || phase === "transcribing";
  const speaking: Language = language ?? (i18n.language?.startsWith("es") ? "es" : "en");

  /** Where focus goes once voice input is back to idle (the microphone is disabled until then). */
  const focusAfter = useRef<"mic" | "field" | null>(null);

  /** Cancels the recording (Cancel or Escape); focus goes back to the microphone. */
  function cancelVoice() {
    focusAfter.current = "mic";
    void voice.cancel();
  }

  /** Closes the confirm dialog or the error; focus goes back to the microphone. */
  function dismissVoice() {
    focusAfter.current = "mic";
    voice.close();
  }

  /** Sends a checked transcript. The dialog closes at once (the reply streams in the
   * timeline); if the turn is not saved it opens again with what was written. */
  async function sendVoice(input: TutorInputView, draft: VoiceDraft) {
    if (state.phase !== "confirming") return;
    const { transcript } = state;
    focusAfter.current = "field";
    voice.close();
    if (!(await onSend(input))) voice.reopen(transcript, draft);
  }

  useEffect(() => {
    if (phase === "idle" && focusAfter.current) {
      (focusAfter.current === "mic" ? mic.current : field)?.focus();
      focusAfter.current = null;
    } else if (phase === "error" && (!document.activeElement || document.activeElement === document.body)) {
      // A failure ended the bar while focus was in it.
      mic.current?.focus();
    }
  }, [phase, field]);

  async function submit(event: FormEvent | SyntheticEvent) {
    event.preventDefault();
    const message = text.trim();
    if (!message || busy) return;
    setText("");
    const input: TutorInputView = math
      ? { text: null, latex: message, clientEvent: null }
      : { text: message, latex: null, clientEvent: null };
    if (!(await onSend(input))) setText((current) => current || message);
  }

  /** Inserts `tex` at the cursor, with the cursor in its first pair of braces. */
  function insert(tex: string) {
    const at = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? at;
    setText(text.slice(0, at) + tex + text.slice(end));
    const inside = tex.indexOf("{}");
    const cursor = at + (inside >= 0 ? inside + 1 : tex.length);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(cursor, cursor);
    });
  }

  return (
    <>
      <form className="composer" onSubmit={(e) => void submit(e)}>
        <div className="composer-head">
          <label htmlFor={inputId}>{math ? t("tutor.composer.latexLabel") : t("tutor.composer.label")}</label>
          <span className="composer-math">
            <input id={mathId} type="checkbox" checked={math} onChange={(e) => setMath(e.target.checked)} />
            <label htmlFor={mathId}>{t("tutor.composer.math")}</label>
          </span>
        </div>
        {math && (
          <div className="math-palette" role="toolbar" aria-label={t("tutor.composer.palette")}>
            {SNIPPETS.map((s) => (
              <button key={s.label} type="button" aria-label={t("tutor.composer.insert", { tex: s.tex.trim() })} onClick={() => insert(s.tex)}>
                {s.label}
              </button>
            ))}
          </div>
        )}
        <div className="field-row">
          <div className={covered ? "composer-input composer-input-covered" : "composer-input"}>
            <textarea
              id={inputId}
              ref={(node) => {
                setField(node);
                if (typeof inputRef === "function") inputRef(node);
                else if (inputRef) inputRef.current = node;
              }}
              rows={2}
              value={text}
              maxLength={2000}
              placeholder={math ? "x^2 - 5x + 6 = 0" : t("tutor.composer.placeholder")}
              spellCheck={!math}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={sendOnEnter((e) => void submit(e))}
            />
            {covered && (
              <RecordingBar
                recording={state.phase === "recording"}
                elapsedMs={state.phase === "recording" ? state.elapsedMs : 0}
                level={state.phase === "recording" ? state.level : 0}
                fraction={state.phase === "transcribing" ? state.fraction : 0}
                maxSeconds={voice.status?.maxSeconds ?? 0}
                onStop={() => void voice.stop()}
                onCancel={cancelVoice}
              />
            )}
          </div>
          <VoiceButton
            status={voice.status}
            recording={phase === "recording"}
            disabled={busy || phase === "transcribing" || phase === "confirming"}
            buttonRef={mic}
            onPress={() => void (phase === "recording" ? voice.stop() : voice.start(speaking))}
          />
          <SendOrStop
            busy={busy}
            canStop={canStop}
            empty={!text.trim()}
            onStop={onStop}
            sendLabel={t("tutor.composer.send")}
            stopLabel={t("tutor.composer.stop")}
            primary
          />
        </div>
        {state.phase === "error" && (
          <div className="voice-error">
            <p className="check-error" role="alert">
              {errorText(state.error)}
            </p>
            <button type="button" onClick={dismissVoice}>
              {t("tutor.voice.dismiss")}
            </button>
          </div>
        )}
        {hasMath && text.trim() && (
          <p className="math-preview" aria-label={t("tutor.composer.preview")}>
            {math ? <Formula tex={text} /> : <MathText text={text} />}
          </p>
        )}
      </form>
      {state.phase === "confirming" && (
        <VoiceConfirm
          transcript={state.transcript}
          draft={state.draft}
          failed={state.failed}
          busy={busy}
          onSend={(input, draft) => void sendVoice(input, draft)}
          onDiscard={dismissVoice}
        />
      )}
    </>
  );
}
