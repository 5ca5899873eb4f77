import { useTranslation } from "react-i18next";
import type { ModelStatus } from "../bindings";

/** One line about the model, with a progress bar while it loads (and, while switching,
 * the model that answers meanwhile). */
export function ModelStatusText({ status }: { status: ModelStatus | null }) {
  const { t } = useTranslation();
  if (status === null) return <span>{t("status.starting")}</span>;
  switch (status.state) {
    case "notFound":
      return <span className="model-missing">{t("status.model.notFound")}</span>;
    case "loading": {
      const percent = Math.max(0, Math.min(100, Math.round(status.percent ?? 0)));
      const text = status.previous
        ? t("status.model.loadingWithPrevious", { model: status.model, percent, previous: status.previous })
        : t("status.model.loading", { model: status.model, percent });
      return (
        <span className="model-busy">
          {text} <progress aria-label={text} max={100} value={percent} />
        </span>
      );
    }
    case "restarting":
      return (
        <span className="model-busy">
          {t("status.model.restarting", { model: status.model })} <progress aria-label={t("status.model.restarting", { model: status.model })} />
        </span>
      );
    case "ready":
      return <span className="model-ready">{t("status.model.ready", { model: status.model })}</span>;
    case "failed":
      return (
        <span className="model-failed" title={status.message}>
          {t("status.model.failed", { model: status.model, code: status.code })}
        </span>
      );
  }
}
