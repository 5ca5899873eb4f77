import { useCallback, useEffect, useState } from "react";
import { commands, type IpcError, type UpdateCheckView_Serialize, type UpdatesStatus_Serialize } from "../../bindings";

type Result<T> = { status: "ok"; data: T } | { status: "error"; error: IpcError };

/** What the Updates section can wait for; one action runs at a time. */
export type UpdatesAction = "location" | "check" | "install";

/** The last failure with what it came from (`load`: reading the update status). */
export type UpdatesError = { action: UpdatesAction | "load"; error: IpcError } | null;

/** A failed call as a coded error: the backend's own, else `ipc_failed`. */
function asIpcError(cause: unknown): IpcError {
  const coded = cause as Partial<IpcError> | null;
  return typeof coded?.code === "string" ? (coded as IpcError) : { code: "ipc_failed", message: String(cause) };
}

/** The Updates section: the status (loaded on mount), the location, the last check's
 * result, and whether its offer was installed. A new location or check drops the result. */
export function useUpdates() {
  const [status, setStatus] = useState<UpdatesStatus_Serialize | null>(null);
  const [busy, setBusy] = useState<UpdatesAction | null>(null);
  const [error, setError] = useState<UpdatesError>(null);
  const [result, setResult] = useState<UpdateCheckView_Serialize | null>(null);
  const [installed, setInstalled] = useState(false);

  useEffect(() => {
    let live = true;
    commands
      .updatesStatus()
      .then((loaded) => {
        if (live && loaded) setStatus(loaded); // a bare test backend may answer nothing
      })
      .catch((cause: unknown) => {
        if (live) setError({ action: "load", error: asIpcError(cause) });
      });
    return () => {
      live = false;
    };
  }, []);

  /** Runs one action; resolves to whether it worked. */
  const run = useCallback(async <T>(action: UpdatesAction, call: () => Promise<Result<T>>, done: (data: T) => void) => {
    setBusy(action);
    setError(null);
    try {
      const outcome = await call();
      if (outcome.status === "error") {
        setError({ action, error: outcome.error });
        return false;
      }
      done(outcome.data);
      return true;
    } finally {
      setBusy(null);
    }
  }, []);

  /** Sets the location (empty: the build's). */
  const setLocation = useCallback(
    (location: string) =>
      run("location", () => commands.updatesSetLocation(location.trim()), (next) => {
        setStatus(next);
        setResult(null);
        setInstalled(false);
      }),
    [run],
  );

  /** Checks the location for a newer, verified package. */
  const check = useCallback(() => {
    setResult(null);
    setInstalled(false);
    return run("check", commands.updatesCheck, setResult);
  }, [run]);

  /** Installs the last check's offer. */
  const install = useCallback(() => run("install", commands.updatesInstall, () => setInstalled(true)), [run]);

  return { status, busy, error, result, installed, setLocation, check, install };
}
