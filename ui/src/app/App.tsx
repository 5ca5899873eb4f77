import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ClassPage } from "../features/class/ClassPage";
import { CoachPage } from "../features/coach/CoachPage";
import { ExpensesPage } from "../features/expenses/ExpensesPage";
import { ModelsPage } from "../features/models/ModelsPage";
import { ModulesPage } from "../features/modules/ModulesPage";
import { HandInDialog } from "../features/progress/HandInDialog";
import { ReportsPage } from "../features/reports/ReportsPage";
import { TutorPage } from "../features/tutor/TutorPage";
import "../i18n";
import { LockScreen } from "../profiles/LockScreen";
import { ClassPinPrompt } from "../profiles/ClassPinPrompt";
import { ProfileSwitcher } from "../profiles/ProfileSwitcher";
import { useProfiles } from "../profiles/useProfiles";
import { SettingsPage } from "../settings/SettingsPage";
import { useSettings } from "../settings/useSettings";
import { StatusBar } from "./StatusBar";
import { useAppInfo } from "./useAppInfo";
import { useModelStatus } from "./useModelStatus";
import { WORKSPACES, type PageId } from "./workspaces";

/** The app frame: navigation on the left, the chosen page, and the status bar; while
 * the profile in use waits for its PIN, the lock screen instead of the navigation and
 * pages (nothing is shown before the profiles are known). A student's profile has the
 * five workspaces and "Hand in my progress"; a class's has the Class workspace. */
export function App() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<PageId>("coach");
  const [appInfo, reloadAppInfo] = useAppInfo();
  const model = useModelStatus();
  const { settings, save } = useSettings();
  const profiles = useProfiles();
  const [handingIn, setHandingIn] = useState(false);
  const active = profiles.list?.find((p) => p.active);
  const isClass = active?.kind === "class";
  const pages: PageId[] = isClass ? ["class", "models", "settings"] : [...WORKSPACES, "models", "settings"];
  const shown: PageId = pages.includes(current) ? current : pages[0];
  const profileChanged = () => {
    void profiles.refresh();
    reloadAppInfo();
  };
  if (profiles.list?.some((p) => p.active && p.locked)) {
    return (
      <div className="frame locked">
        <main className="workspace">
          <LockScreen profiles={profiles.list} onOpened={profileChanged} />
        </main>
        <StatusBar state={appInfo} model={model} />
      </div>
    );
  }
  if (!profiles.list && !profiles.error) return <div className="frame" aria-busy="true" />;
  return (
    <div className="frame">
      <nav className="sidebar" aria-label={t("nav.label")}>
        <h1 className="brand">Lantern</h1>
        <ul>
          {pages.map((id) => (
            <li key={id}>
              <button
                type="button"
                aria-current={id === shown ? "page" : undefined}
                onClick={() => setCurrent(id)}
              >
                {t(`nav.${id}`)}
              </button>
            </li>
          ))}
        </ul>
        {!isClass && (
          <button type="button" className="hand-in-open" onClick={() => setHandingIn(true)}>
            {t("handIn.open")}
          </button>
        )}
        <ProfileSwitcher profiles={profiles.list ?? []} onChanged={profileChanged} />
      </nav>
      {/* Keyed by the profile in use: a switch starts every page afresh, with nothing of
          the previous profile's work left on screen. */}
      <main className="workspace" key={active?.id}>
        {shown === "settings" ? (
          settings && <SettingsPage settings={settings} onSave={save} onOpenModels={() => setCurrent("models")} />
        ) : shown === "models" ? (
          <ModelsPage />
        ) : shown === "class" ? (
          active?.hasPin ? <ClassPage /> : <ClassPinPrompt onSet={profileChanged} />
        ) : shown === "coach" ? (
          <CoachPage language={settings?.language ?? "en"} modelReady={model?.state === "ready"} />
        ) : shown === "tutor" ? (
          <TutorPage modelReady={model?.state === "ready"} debugDrawer={settings?.debugDrawer ?? false} />
        ) : shown === "reports" ? (
          <ReportsPage language={settings?.language ?? "en"} />
        ) : shown === "expenses" ? (
          <ExpensesPage language={settings?.language ?? "en"} />
        ) : (
          <ModulesPage language={settings?.language ?? "en"} />
        )}
        {handingIn && !isClass && <HandInDialog onClose={() => setHandingIn(false)} />}
      </main>
      <StatusBar state={appInfo} model={model} />
    </div>
  );
}
