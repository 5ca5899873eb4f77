import { useCallback, useEffect, useState } from "react";
import { commands, type IpcError, type Settings_Serialize } from "../bindings";
import { setLanguage } from "../i18n";

/** Saved settings as the backend returns them. */
export type SavedSettings = Settings_Serialize;

/** Applies the theme to the document (`data-theme` drives the CSS variables). */
export function applyTheme(theme: SavedSettings["theme"]): void {
  document.documentElement.dataset.theme = theme;
}

function apply(settings: SavedSettings): void {
  setLanguage(settings.language);
  applyTheme(settings.theme);
}

/** The settings, loaded once and applied (language, theme); `save` validates and persists. */
export function useSettings(): {
  settings: SavedSettings | null;
  save: (next: SavedSettings) => Promise<IpcError | null>;
} {
  const [settings, setSettings] = useState<SavedSettings | null>(null);
  useEffect(() => {
    let live = true;
    commands
      .getSettings()
      .then((loaded) => {
        if (!live) return;
        apply(loaded);
        setSettings(loaded);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const save = useCallback(async (next: SavedSettings) => {
    const result = await commands.saveSettings(next);
    if (result.status === "error") return result.error;
    apply(result.data);
    setSettings(result.data);
    return null;
  }, []);
  return { settings, save };
}
