import { useCallback, useEffect, useState } from "react";
import { commands, type AppInfo, type IpcError } from "../bindings";
import { syncAppClock } from "../time/appClock";

/** What the status bar needs: the app info once loaded, or the error that stopped it. */
export type AppInfoState =
  | { status: "loading" }
  | { status: "ready"; info: AppInfo }
  | { status: "failed"; error: IpcError };

/** Loads the app's version, profile and model pack; `reload` asks again (after a profile switch). */
export function useAppInfo(): [AppInfoState, () => void] {
  const [state, setState] = useState<AppInfoState>({ status: "loading" });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    commands
      .appInfo()
      .then((result) => {
        if (!live) return;
        if (result.status === "ok") syncAppClock(result.data.now);
        setState(
          result.status === "ok"
            ? { status: "ready", info: result.data }
            : { status: "failed", error: result.error },
        );
      })
      .catch((cause: unknown) => {
        if (live) setState({ status: "failed", error: { code: "ipc_failed", message: String(cause) } });
      });
    return () => {
      live = false;
    };
  }, [generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return [state, reload];
}
