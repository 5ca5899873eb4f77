import { useTranslation } from "react-i18next";
import type { ModelStatus } from "../bindings";
import { errorText } from "../i18n";
import { ModelStatusText } from "./ModelStatusText";
import type { AppInfoState } from "./useAppInfo";

/** The bottom bar: profile, model state and version. */
export function StatusBar({ state, model }: { state: AppInfoState; model: ModelStatus | null }) {
  const { t } = useTranslation();
  if (state.status === "loading") {
    return (
      <footer className="status-bar" role="status">
        {t("status.starting")}
      </footer>
    );
  }
  if (state.status === "failed") {
    return (
      <footer className="status-bar status-error" role="status">
        {errorText(state.error)}
      </footer>
    );
  }
  const { info } = state;
  return (
    <footer className="status-bar" role="status">
      <span>{t("status.profile", { name: info.profileName })}</span>
      <ModelStatusText status={model} />
      <span>{t("status.version", { version: info.version })}</span>
    </footer>
  );
}
