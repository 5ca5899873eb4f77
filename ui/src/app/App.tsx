import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CoachPage } from "../features/coach/CoachPage";
import { ExpensesPage } from "../features/expenses/ExpensesPage";
import { ModelsPage } from "../features/models/ModelsPage";
import { ModulesPage } from "../features/modules/ModulesPage";
import { ReportsPage } from "../features/reports/ReportsPage";
import { TutorPage } from "../features/tutor/TutorPage";
import "../i18n";
import { ProfileSwitcher } from "../profiles/ProfileSwitcher";
import { SettingsPage } from "../settings/SettingsPage";
import { useSettings } from "../settings/useSettings";
import { StatusBar } from "./StatusBar";
import { useAppInfo } from "./useAppInfo";
import { useModelStatus } from "./useModelStatus";
import { WORKSPACES, type PageId } from "./workspaces";

/** The app frame: navigation on the left, the chosen page, and the status bar. */
export function App() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<PageId>("coach");
  const [appInfo, reloadAppInfo] = useAppInfo();
  const model = useModelStatus();
  const { settings, save } = useSettings();
  const pages: PageId[] = [...WORKSPACES, "models", "settings"];
  return (
    <div className="frame">
      <nav className="sidebar" aria-label={t("nav.label")}>
        <h1 className="brand">Lantern</h1>
        <ul>
          {pages.map((id) => (
            <li key={id}>
              <button
                type="button"
                aria-current={id === current ? "page" : undefined}
                onClick={() => setCurrent(id)}
              >
                {t(`nav.${id}`)}
              </button>
            </li>
          ))}
        </ul>
        <ProfileSwitcher onSwitched={reloadAppInfo} />
      </nav>
      <main className="workspace">
        {current === "settings" ? (
          settings && <SettingsPage settings={settings} onSave={save} onOpenModels={() => setCurrent("models")} />
        ) : current === "models" ? (
          <ModelsPage />
        ) : current === "coach" ? (
          <CoachPage language={settings?.language ?? "en"} modelReady={model?.state === "ready"} />
        ) : current === "tutor" ? (
          <TutorPage modelReady={model?.state === "ready"} debugDrawer={settings?.debugDrawer ?? false} />
        ) : current === "reports" ? (
          <ReportsPage language={settings?.language ?? "en"} />
        ) : current === "expenses" ? (
          <ExpensesPage language={settings?.language ?? "en"} />
        ) : (
          <ModulesPage language={settings?.language ?? "en"} />
        )}
      </main>
      <StatusBar state={appInfo} model={model} />
    </div>
  );
}
