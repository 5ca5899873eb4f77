import type { AppInfoState } from "./useAppInfo";

/** The bottom bar: profile, model pack state and version. */
export function StatusBar({ state }: { state: AppInfoState }) {
  if (state.status === "loading") {
    return <footer className="status-bar" role="status">Starting…</footer>;
  }
  if (state.status === "failed") {
    return (
      <footer className="status-bar status-error" role="status">
        Error {state.error.code}: {state.error.message}
      </footer>
    );
  }
  const { info } = state;
  return (
    <footer className="status-bar" role="status">
      <span>Profile: {info.profileName}</span>
      <span>
        Model: {info.defaultModel}{" "}
        {info.modelPack ? "(model pack found)" : "(model pack not found — run models/fetch.py)"}
      </span>
      <span>Lantern {info.version}</span>
    </footer>
  );
}
