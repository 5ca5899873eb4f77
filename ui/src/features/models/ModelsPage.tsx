import { useTranslation } from "react-i18next";
import type { ModelsView_Serialize } from "../../bindings";
import { errorText } from "../../i18n";
import { useNumber } from "./format";
import { ImportPanel } from "./ImportPanel";
import { ModelCard } from "./ModelCard";
import { useModels } from "./useModels";
import "./models.css";

/** The automatic choice and its reason, in words, from the structured view. */
function AutomaticSummary({ view }: { view: ModelsView_Serialize }) {
  const { t } = useTranslation();
  const n = useNumber();
  const { automatic, machine } = view;
  const nameOf = (key: string | null) => view.models.find((m) => m.key === key)?.name ?? key ?? "";
  const values = {
    name: nameOf(automatic.key),
    score: n(automatic.score, 1),
    tps: n(automatic.decodeTps, 1),
    first: n(automatic.firstWordsS, 1),
    min: n(automatic.minDecodeTps, 0),
    maxFirst: n(automatic.maxFirstWordsS, 0),
    maxRamPercent: n(automatic.maxRamPercent, 0),
    ram: machine.totalRamMb === null ? t("models.ramUnknown") : n(machine.totalRamMb / 1024, 1),
  };
  return (
    <>
      <p className="models-automatic">{t(`models.automatic.${automatic.reason}`, values)}</p>
      {automatic.measureNext && (
        <p className="models-next" role="status">
          {view.selected === null
            ? t("models.measuringNext", { name: nameOf(automatic.measureNext) })
            : t("models.measureNextHint", { name: nameOf(automatic.measureNext) })}
        </p>
      )}
    </>
  );
}

/** The Models page: what runs and why, the choice between the automatic model and one
 * the student picks, every model with its costs and measured speed, and GGUF import. */
export function ModelsPage() {
  const { t } = useTranslation();
  const n = useNumber();
  const m = useModels();
  const view = m.view;

  if (!view) {
    return (
      <div className="models-page">
        <h2>{t("models.title")}</h2>
        {m.error ? (
          <p className="check-error" role="alert">
            {errorText(m.error.error)}
          </p>
        ) : (
          <p className="muted">{t("models.loading")}</p>
        )}
      </div>
    );
  }

  const automatic = view.selected === null;
  const pinned = view.models.find((x) => x.key === (view.selected ?? view.active));
  const switchingToAuto = m.busy?.action === "activate" && m.busy.key === null;

  return (
    <div className="models-page">
      <h2>{t("models.title")}</h2>
      <p className="muted">{t("models.intro")}</p>
      {view.machine.missingCpu.length > 0 && (
        <p className="model-cpu-warning" role="alert">
          {t("models.missingCpu", { missing: view.machine.missingCpu.map((x) => x.toUpperCase()).join(", ") })}
        </p>
      )}
      <AutomaticSummary view={view} />
      <p className="muted small">
        {t("models.machine", {
          cpu: view.machine.cpu,
          ram: view.machine.totalRamMb === null ? t("models.ramUnknown") : n(view.machine.totalRamMb / 1024, 1),
          threads: view.machine.threads,
        })}
      </p>

      <fieldset className="models-choice" disabled={m.busy !== null}>
        <legend>{t("models.choice")}</legend>
        <label>
          <input type="radio" name="models-choice" checked={automatic} onChange={() => void m.activate(null)} /> {t("models.automaticOption")}
        </label>
        <label>
          <input
            type="radio"
            name="models-choice"
            checked={!automatic}
            disabled={automatic && !pinned}
            onChange={() => {
              if (pinned) void m.activate(pinned.key);
            }}
          />{" "}
          {!automatic && pinned ? t("models.chosenOptionNamed", { name: pinned.name }) : t("models.chosenOption")}
        </label>
        {switchingToAuto && (
          <span role="status" className="muted small">
            {t("models.switching")}
          </span>
        )}
      </fieldset>
      {m.error && m.error.key === null && (
        <p className="check-error" role="alert">
          {errorText(m.error.error)}
        </p>
      )}

      <section className="models-list" aria-label={t("models.list")}>
        {view.models.map((model) => (
          <ModelCard
            key={model.key}
            model={model}
            automatic={view.automatic}
            active={model.key === view.active}
            busy={m.busy}
            error={m.error}
            onUse={() => void m.activate(model.key)}
            onMeasure={() => void m.measure(model.key)}
            onRemove={() => {
              if (window.confirm(t("models.removeConfirm", { name: model.name }))) void m.remove(model.key);
            }}
          />
        ))}
      </section>

      <ImportPanel progress={m.progress} onCheck={m.check} onImport={m.importFile} />
    </div>
  );
}
