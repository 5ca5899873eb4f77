import { useTranslation } from "react-i18next";
import type { ToulminStep } from "../../bindings";
import { STEPS } from "./steps";

/** The seven steps as a progress rail: done, current (highlighted) and to come. */
export function StepRail({ current, complete }: { current: ToulminStep; complete: boolean }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(current);
  return (
    <ol className="step-rail" aria-label={t("coach.progress")}>
      {STEPS.map((step, i) => {
        const state = complete || i < at ? "done" : i === at ? "current" : "todo";
        return (
          <li key={step} className={`step step-${state}`} aria-current={state === "current" ? "step" : undefined}>
            <span className="step-number" aria-hidden="true">
              {state === "done" ? "✓" : i + 1}
            </span>
            {t(`coach.steps.${step}`)}
          </li>
        );
      })}
    </ol>
  );
}
