import { useCallback, useEffect, useState } from "react";
import { commands, events, type IpcError, type ModelCheckView, type ModelImportProgress, type ModelsView_Serialize } from "../../bindings";
import { currentLanguage } from "../../i18n";

type ModelsView = ModelsView_Serialize;
type Result<T> = { status: "ok"; data: T } | { status: "error"; error: IpcError };

/** What the page is waiting for: one action on one model (`null`: the automatic choice). */
export type Busy = { action: "activate" | "measure" | "remove"; key: string | null } | null;

/** An error with the model it is about (`null`: the page or the automatic choice). */
export type ModelError = { key: string | null; error: IpcError } | null;

/** The Models page: the list (kept current by `modelsChanged`), and every action —
 * switch (or go back to automatic), measure, remove, check and import a GGUF. One action
 * runs at a time; a failed one leaves the list as it was (the previous model stays active). */
export function useModels() {
  const [view, setView] = useState<ModelsView | null>(null);
  const [error, setError] = useState<ModelError>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [progress, setProgress] = useState<ModelImportProgress | null>(null);

  const reload = useCallback(async () => {
    const result = await commands.modelsList();
    if (result.status === "ok") setView(result.data);
    else setError({ key: null, error: result.error });
  }, []);

  useEffect(() => {
    let live = true;
    const stops: (() => void)[] = [];
    const keep = (stop: () => void) => (live ? stops.push(stop) : stop());
    events.modelsChanged
      .listen(() => live && void reload())
      .then(keep)
      .catch(() => undefined);
    events.modelImportProgress
      .listen((e) => live && setProgress(e.payload))
      .then(keep)
      .catch(() => undefined);
    void reload();
    return () => {
      live = false;
      stops.forEach((stop) => stop());
    };
  }, [reload]);

  /** Runs one action on `key`; resolves to whether it worked. */
  const act = useCallback(async (action: NonNullable<Busy>["action"], key: string | null, run: () => Promise<Result<ModelsView>>) => {
    setBusy({ action, key });
    setError(null);
    try {
      const result = await run();
      if (result.status === "error") {
        setError({ key, error: result.error });
        return false;
      }
      setView(result.data);
      return true;
    } finally {
      setBusy(null);
    }
  }, []);

  const activate = useCallback((key: string | null) => act("activate", key, () => commands.modelsActivate(key)), [act]);
  const measure = useCallback((key: string) => act("measure", key, () => commands.modelsMeasure(key)), [act]);
  const remove = useCallback((key: string) => act("remove", key, () => commands.modelsRemove(key)), [act]);

  /** Opens the app's file dialog for a GGUF and checks the file picked: what importing it
   * would bring, its coded error, or `null` when the student cancelled. */
  const check = useCallback(async (): Promise<{ checked: ModelCheckView } | { error: IpcError } | null> => {
    const result = await commands.modelsCheck(currentLanguage());
    if (result.status === "error") return { error: result.error };
    return result.data && { checked: result.data };
  }, []);

  /** Imports the file of the last check (copied into Lantern when `copy`); resolves to its
   * coded error, if any. */
  const importFile = useCallback(async (copy: boolean): Promise<IpcError | null> => {
    setProgress(null);
    try {
      const result = await commands.modelsImport(copy);
      if (result.status === "error") return result.error;
      setView(result.data);
      return null;
    } finally {
      setProgress(null);
    }
  }, []);

  return { view, error, busy, progress, activate, measure, remove, check, importFile };
}
