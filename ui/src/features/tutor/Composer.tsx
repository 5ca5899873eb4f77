import { useId, useState, type FormEvent, type Ref, type SyntheticEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TutorInputView } from "../../bindings";
import { Formula, MathText } from "../../math/MathText";
import { SendOrStop, sendOnEnter } from "../../turns/SendOrStop";

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
 * KaTeX preview; Enter sends, Shift+Enter starts a new line; Stop while a reply streams. */
export function Composer({
  busy,
  canStop,
  inputRef,
  onSend,
  onStop,
}: {
  busy: boolean;
  canStop: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
  onSend: (input: TutorInputView) => Promise<boolean>;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const mathId = useId();
  const [text, setText] = useState("");
  const [math, setMath] = useState(false);
  const [field, setField] = useState<HTMLTextAreaElement | null>(null);
  const hasMath = math || /\$[^$]+\$/.test(text);

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
      {hasMath && text.trim() && (
        <p className="math-preview" aria-label={t("tutor.composer.preview")}>
          {math ? <Formula tex={text} /> : <MathText text={text} />}
        </p>
      )}
    </form>
  );
}
