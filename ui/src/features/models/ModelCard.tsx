import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AutomaticView_Serialize, ModelView_Serialize } from "../../bindings";
import { errorText } from "../../i18n";
import { useNumber } from "./format";
import type { Busy, ModelError } from "./useModels";

/** One model: what it is, what it costs here as it runs, which way it runs (alone or with
 * the model that drafts for it: only where that was measured faster) and why, how it
 * scored, why the automatic choice took it or left it — in words, with the figures that
 * decided —, and its actions (use, measure, remove). */
export function ModelCard({
  model,
  automatic,
  active,
  busy,
  error,
  onUse,
  onMeasure,
  onRemove,
}: {
  model: ModelView_Serialize;
  automatic: AutomaticView_Serialize;
  active: boolean;
  busy: Busy;
  error: ModelError;
  onUse: () => void;
  onMeasure: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const n = useNumber();
  const heading = useId();
  const mine = busy?.key === model.key ? busy.action : null;
  const speed = model.speed;
  // The `_drafted` wording where it runs with its draft: speed and memory are the pair's.
  const context = model.pairing === "drafted" ? "drafted" : undefined;
  const verdict = model.verdict === "chosen" && automatic.reason === "smallest" ? "chosenSmallest" : model.verdict;
  const why = t(`models.verdict.${verdict}`, {
    context,
    tps: n(speed?.decodeTps, 1),
    first: n(speed?.firstWordsS, 1),
    min: n(automatic.minDecodeTps, 0),
    max: n(automatic.maxFirstWordsS, 0),
  });
  return (
    <article className={`model-card${active ? " model-active" : ""}`} aria-labelledby={heading}>
      <header className="model-card-head">
        <h3 id={heading}>{model.name}</h3>
        {active && <span className="model-badge model-badge-active">{t("models.active")}</span>}
        {model.writer && <span className="model-badge model-badge-writer">{t("models.writerBadge")}</span>}
        {model.inDefaultPack && <span className="model-badge">{t("models.inDefaultPack")}</span>}
        <span className="model-file muted small">{model.fileName}</span>
      </header>
      {model.description && <p className="model-description">{model.description}</p>}
      <dl className="model-facts" aria-label={t("models.facts", { name: model.name })}>
        <div>
          <dt>{t("models.sourceLabel")}</dt>
          <dd>{t(`models.source.${model.source}`)}</dd>
        </div>
        <div>
          <dt>{t("models.architecture")}</dt>
          <dd>{model.architecture ?? t("models.unknown")}</dd>
        </div>
        <div>
          <dt>{t("models.size")}</dt>
          <dd>{t("models.sizeMb", { size: n(model.sizeMb) })}</dd>
        </div>
        <div>
          <dt>{t("models.ram")}</dt>
          <dd className={model.fits ? undefined : "model-warning"}>
            {t("models.ramMb", { ram: n(model.ramMb), context })}
            {!model.fits && <> — {t("models.tooBigWarning")}</>}
          </dd>
        </div>
        <div>
          <dt>{t("models.speed")}</dt>
          <dd>
            {speed && speed.decodeTps !== null
              ? t("models.speedValue", { decode: n(speed.decodeTps, 1), prompt: n(speed.promptTps, 0), context })
              : t("models.notMeasured")}
          </dd>
        </div>
        {speed && (
          <div>
            <dt>{t("models.firstWords")}</dt>
            <dd>{t("models.firstWordsValue", { first: n(speed.firstWordsS, 1) })}</dd>
          </div>
        )}
        {model.draft && (
          <div>
            <dt>{t("models.draft")}</dt>
            <dd>{t("models.draftValue", { name: model.draft.name })}</dd>
          </div>
        )}
        {model.draft && (
          <div>
            <dt>{t("models.runsLabel")}</dt>
            <dd className="model-runs">
              {t(runsKey(model), {
                alone: n(model.speedAlone?.decodeTps, 1),
                drafted: n(model.speedDrafted?.decodeTps, 1),
                ram: n(model.ramWithDraftMb),
              })}
            </dd>
          </div>
        )}
        <div>
          <dt>{t("models.evalScore")}</dt>
          <dd>
            {model.evalScore === null || model.evalScore === undefined ? (
              t("models.noEvals")
            ) : (
              <details className="model-evals">
                <summary>{t("models.evalMean", { score: n(model.evalScore, 1) })}</summary>
                <ul aria-label={t("models.evalsPerLoop")}>
                  {model.evals.map((e) => (
                    <li key={e.loopName}>{t("models.evalLoop", { loop: e.loopName, percent: n(e.percent, 1) })}</li>
                  ))}
                </ul>
              </details>
            )}
          </dd>
        </div>
        {model.ownChatTemplate !== null && model.ownChatTemplate !== undefined && (
          <div>
            <dt>{t("models.chatTemplate")}</dt>
            <dd>{model.ownChatTemplate ? t("models.ownTemplate") : t("models.chatml")}</dd>
          </div>
        )}
        {model.licence && (
          <div>
            <dt>{t("models.licence")}</dt>
            <dd>{model.licence}</dd>
          </div>
        )}
        <div>
          <dt>{t("models.verdictLabel")}</dt>
          <dd className={`verdict verdict-${model.verdict}`}>{why}</dd>
        </div>
      </dl>
      {!model.present && <p className="model-warning">{t("models.notInstalled")}</p>}
      <div className="model-actions">
        <button type="button" className="primary" disabled={active || !model.present || busy !== null} aria-busy={mine === "activate"} onClick={onUse}>
          {mine === "activate" ? t("models.switching") : t("models.use")}
        </button>
        <button type="button" disabled={!model.present || busy !== null} aria-busy={mine === "measure"} onClick={onMeasure}>
          {mine === "measure" ? t("models.measuring") : t("models.measure")}
        </button>
        {model.removable && (
          <button type="button" disabled={busy !== null} aria-busy={mine === "remove"} onClick={onRemove}>
            {mine === "remove" ? t("models.removing") : t("models.remove")}
          </button>
        )}
      </div>
      {error && error.key === model.key && (
        <p className="check-error" role="alert">
          {errorText(error.error)}
        </p>
      )}
    </article>
  );
}

/** The words for which way a model with a draft runs and why (`models.runs.*`). */
function runsKey(model: ModelView_Serialize): string {
  switch (model.pairing) {
    case "drafted":
    case "notFaster":
    case "pairTooBig":
      return `models.runs.${model.pairing}`;
    case "refused":
      return model.speedAlone ? "models.runs.refusedMeasured" : "models.runs.refused";
    default:
      return model.speedAlone ? "models.runs.notMeasuredDrafted" : "models.runs.notMeasured";
  }
}
