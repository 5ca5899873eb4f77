import { useState } from "react";
import { StatusBar } from "./StatusBar";
import { useAppInfo } from "./useAppInfo";
import { WORKSPACES, type WorkspaceId } from "./workspaces";

/** The app frame: navigation on the left, the chosen workspace, and the status bar. */
export function App() {
  const [current, setCurrent] = useState<WorkspaceId>("coach");
  const appInfo = useAppInfo();
  const workspace = WORKSPACES.find((w) => w.id === current) ?? WORKSPACES[0];
  return (
    <div className="frame">
      <nav className="sidebar" aria-label="Workspaces">
        <h1 className="brand">Lantern</h1>
        <ul>
          {WORKSPACES.map((w) => (
            <li key={w.id}>
              <button
                type="button"
                aria-current={w.id === current ? "page" : undefined}
                onClick={() => setCurrent(w.id)}
              >
                {w.title}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="workspace">
        <h2>{workspace.title}</h2>
        <p>{workspace.summary}</p>
      </main>
      <StatusBar state={appInfo} />
    </div>
  );
}
