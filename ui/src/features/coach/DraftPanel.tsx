import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ToulminDraft, ToulminStep } from "../../bindings";
import { useAutosave } from "../../app/useAutosave";
import { STEPS } from "./steps";

/** The argument so far, one editable field per step, autosaved while the student types;
 * the current step can be completed from here with the student's own text. */
export function DraftPanel({
  draft,
  current,
  complete,
  onSave,
  onAdvance,
}: {
  draft: ToulminDraft;
  current: ToulminStep;
  complete: boolean;
  onSave: (step: ToulminStep, text: string) => Promise<boolean>;
  onAdvance: () => void;
}) {
  const { t } = useTranslation();
  const [edits, setEdits] = useState<ToulminDraft>(draft);
  useEffect(() => setEdits(draft), [draft]);
  const reached = complete ? STEPS.length - 1 : STEPS.indexOf(current);
  const saveChanged = useCallback(
    (edited: ToulminDraft) => {
      for (const step of STEPS) if (edited[step] !== draft[step]) void onSave(step, edited[step]);
    },
    [draft, onSave],
  );
  useAutosave(edits, saveChanged, 700);

  return (
    <section className="draft" aria-labelledby="draft-title">
      <h3 id="draft-title">{t("coach.draft")}</h3>
      {STEPS.map((step, i) => (
        <div key={step} className={`draft-field${step === current && !complete ? " draft-current" : ""}`}>
          <label htmlFor={`draft-${step}`}>{t(`coach.steps.${step}`)}</label>
          <textarea
            id={`draft-${step}`}
            rows={2}
            maxLength={2000}
            disabled={i > reached}
            placeholder={t(`coach.hints.${step}`)}
            value={edits[step]}
            onChange={(e) => setEdits({ ...edits, [step]: e.target.value })}
            onBlur={() => {
              if (edits[step] !== draft[step]) void onSave(step, edits[step]);
            }}
          />
          {step === current && !complete && (
            <button
              type="button"
              disabled={!edits[step].trim()}
              onClick={async () => {
                if (edits[step] !== draft[step] && !(await onSave(step, edits[step]))) return;
                onAdvance();
              }}
            >
              {step === "rebuttal" ? t("coach.finish") : t("coach.next")}
            </button>
          )}
        </div>
      ))}
    </section>
  );
}
