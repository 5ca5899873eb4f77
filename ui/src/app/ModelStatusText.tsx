import { useTranslation } from "react-i18next";
import type { ModelStatus } from "../bindings";

/** One line about the model, with a progress bar while it loads. */
export function ModelStatusText({ status }: { status: ModelStatus | null }) {
  const { t } = useTranslation();
  if (status === null) return <span>{t("status.starting")}</span>;
  switch (status.state) {
    case "notFound":
      return <span className="model-missing">{t("status.model.notFound")}</span>;
    case "loading":
    case "restarting":
      return (
        <span className="model-busy">
          {t(`status.model.${status.state}`, { model: status.model })}{" "}
          <progress aria-label={t(`status.model.${status.state}`, { model: status.model })} />
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
