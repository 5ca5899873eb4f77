import { useTranslation } from "react-i18next";
import type { TutorCard } from "../../../bindings";
import { Formula, MathText } from "../../../math/MathText";
import { CardActions } from "./CardActions";

/** A concept card (spec PV-AI-020): "Key idea", at most three bullets, the worked example
 * collapsed (a worked instance of the unit's template, or the notes' example sentence),
 * and bottom-right "Ask follow-up" and "Try a Drill" (primary). */
export function ConceptCard({
  card,
  text,
  busy,
  onTryDrill,
  onFollowUp,
}: {
  card: Extract<TutorCard, { type: "CONCEPT" }>;
  text: string;
  busy: boolean;
  onTryDrill: () => void;
  onFollowUp: () => void;
}) {
  const { t } = useTranslation();
  const example = card.workedExample;
  return (
    <article className="card card-concept" aria-label={t("tutor.concept.title")}>
      <h4>{t("tutor.concept.title")}</h4>
      {text && (
        <p className="card-text">
          <MathText text={text} />
        </p>
      )}
      <ul>
        {card.keyIdeas.slice(0, 3).map((idea, i) => (
          <li key={i}>
            <MathText text={idea} />
          </li>
        ))}
      </ul>
      {example && (
        <details className="worked-example">
          <summary>{t("tutor.concept.workedExample")}</summary>
          <p>
            {example.text ? <MathText text={example.text} /> : <Formula tex={example.problem_latex} display />}
          </p>
          {(example.steps_latex ?? []).length > 0 && (
            <ol>
              {(example.steps_latex ?? []).map((step, i) => (
                <li key={i}>
                  <Formula tex={step} />
                </li>
              ))}
            </ol>
          )}
          {example.final_answer_latex && (
            <p>
              {t("tutor.concept.answer")} <Formula tex={example.final_answer_latex} />
            </p>
          )}
        </details>
      )}
      <CardActions>
        <button type="button" onClick={onFollowUp}>
          {t("tutor.concept.followUp")}
        </button>
        <button type="button" className="primary" disabled={busy} onClick={onTryDrill}>
          {t("tutor.concept.tryDrill")}
        </button>
      </CardActions>
    </article>
  );
}
