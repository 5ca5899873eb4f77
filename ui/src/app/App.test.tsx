import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { App } from "./App";
import { i18next } from "../i18n";

const info = {
  version: "0.1.0",
  profileName: "Student",
  modelPack: "/packs/models",
  defaultModel: "smollm2-135m-instruct",
};
const settings = { modelPath: null, threads: 2, language: "en", theme: "system", profileId: null };

type Handler = (cmd: string, args: Record<string, unknown> | undefined) => unknown;

/** The backend as the UI sees it, with per-test overrides. */
function backend(overrides: Record<string, Handler> = {}) {
  const saved: unknown[] = [];
  const defaults: Record<string, Handler> = {
    app_info: () => info,
    model_status: () => ({ state: "ready", model: "SmolLM2-135M-Instruct.Q4_1.gguf" }),
    get_settings: () => settings,
    save_settings: (_, args) => {
      saved.push(args?.settings);
      return args?.settings;
    },
    list_profiles: () => [{ id: 1, name: "Student", active: true }],
    list_courses: () => [],
    coach_list: () => [],
  };
  mockIPC((cmd, args) => {
    const handler = overrides[cmd] ?? defaults[cmd];
    return handler ? handler(cmd, args as Record<string, unknown>) : undefined;
  });
  return saved;
}

describe("App", () => {
  beforeEach(() => backend());
  afterEach(async () => {
    cleanup();
    clearMocks();
    await act(() => i18next.changeLanguage("en"));
  });

  it("lists the five workspaces and settings, and opens the coach first", async () => {
    render(<App />);
    const nav = screen.getByRole("navigation", { name: "Workspaces" });
    expect(nav.querySelectorAll("ul button")).toHaveLength(6);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Coach");
    await screen.findByText("Profile: Student");
  });

  it("switches workspace from the navigation", async () => {
    render(<App />);
    fireEvent.click(screen.getByRole("button", { name: "Tutor" }));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Tutor");
    expect(screen.getByRole("button", { name: "Tutor" }).getAttribute("aria-current")).toBe("page");
    await screen.findByText("Profile: Student");
  });

  it("shows the profile and the model state", async () => {
    render(<App />);
    expect(await screen.findByText("Profile: Student")).toBeTruthy();
    expect(await screen.findByText("Model: SmolLM2-135M-Instruct.Q4_1.gguf ready")).toBeTruthy();
  });

  it("shows a failed model with its code", async () => {
    backend({ model_status: () => ({ state: "failed", model: "x.gguf", code: "model_invalid", message: "bad" }) });
    render(<App />);
    expect(await screen.findByText("Model: x.gguf failed (model_invalid)")).toBeTruthy();
  });

  it("shows a coded error when the backend fails", async () => {
    backend({
      app_info: () => {
        throw { code: "store_open_failed", message: "disk full" };
      },
    });
    render(<App />);
    expect(await screen.findByText(/could not open your saved work \(disk full\)/)).toBeTruthy();
  });

  it("saves settings and switches the interface to Spanish", async () => {
    const saved = backend();
    render(<App />);
    fireEvent.click(screen.getByRole("button", { name: "Settings" }));
    const language = await screen.findByLabelText("Language");
    fireEvent.change(language, { target: { value: "es" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Ajustes guardados.")).toBeTruthy();
    expect(saved).toEqual([{ ...settings, language: "es" }]);
    expect(screen.getByRole("button", { name: "Entrenador" })).toBeTruthy();
  });

  it("checks a model file and shows its memory estimate or its error", async () => {
    backend({
      models_check: (_, args) => {
        if (args?.path === "/models/good.gguf") {
          return { name: "Good", architecture: "llama", sizeMb: 98.4, ramEstimateMb: 310.2, hasChatTemplate: true, fits: true };
        }
        throw { code: "model_invalid", message: "missing GGUF magic bytes" };
      },
    });
    render(<App />);
    fireEvent.click(screen.getByRole("button", { name: "Settings" }));
    const path = await screen.findByLabelText("Model file (GGUF)");
    fireEvent.change(path, { target: { value: "/models/good.gguf" } });
    fireEvent.click(screen.getByRole("button", { name: "Check file" }));
    expect(await screen.findByText(/about 310 MB of memory/)).toBeTruthy();
    fireEvent.change(path, { target: { value: "/etc/passwd" } });
    fireEvent.click(screen.getByRole("button", { name: "Check file" }));
    expect(await screen.findByText(/^That file is not a usable GGUF model/)).toBeTruthy();
  });

  it("creates a profile and switches to it", async () => {
    let profiles = [{ id: 1, name: "Student", active: true }];
    backend({
      list_profiles: () => profiles,
      create_profile: (_, args) => ({ id: 2, name: String(args?.name), active: false }),
      switch_profile: (_, args) => {
        profiles = [
          { id: 1, name: "Student", active: args?.id === 1 },
          { id: 2, name: "Ana", active: args?.id === 2 },
        ];
        return profiles.find((p) => p.active);
      },
    });
    render(<App />);
    fireEvent.change(await screen.findByLabelText("Name of the new profile"), { target: { value: "Ana" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect((screen.getByLabelText("Profile") as HTMLSelectElement).value).toBe("2"));
  });
});
