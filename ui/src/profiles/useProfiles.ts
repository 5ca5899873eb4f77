import { useCallback, useEffect, useState } from "react";
import { commands, type IpcError, type ProfileView } from "../bindings";

/** The profiles and the one in use (`locked` while it waits for its PIN). */
export type Profiles = {
  /** Every profile, oldest first; null until loaded. */
  list: ProfileView[] | null;
  /** Why the list could not be loaded. */
  error: IpcError | null;
  /** Loads the list again (after a switch, a new profile, a PIN change or a lock). */
  refresh: () => Promise<void>;
};

/** Loads the profiles once, and again on `refresh`. */
export function useProfiles(): Profiles {
  const [list, setList] = useState<ProfileView[] | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const refresh = useCallback(async () => {
    const result = await commands.listProfiles();
    if (result.status === "ok") {
      setList(result.data);
      setError(null);
    } else setError(result.error);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { list, error, refresh };
}
