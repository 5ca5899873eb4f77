import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { App } from "./App";
import { createModelsMock } from "../features/models/mock";
import { createProfilesMock } from "../profiles/mock";
import { i18next } from "../i18n";

const info = {
  version: "0.1.0",
  profileName: "Student",
  modelPack: "/packs/models",
  defaultModel: "smollm2-135m-instruct",
};
const settings = { model: null, modelPath: null, threads: 2, language: "en", theme: "system", profileId: null };

type Handler = (cmd: string, args: Record<string, unknown> | undefined) => unknown;

/** The backend as the UI sees it, with per-test overrides. */
function backend(overrides: Record<string, Handler> = {}) {
  const saved: unknown[] = [];
  const models = createModelsMock() as Record<string, (args: Record<string, unknown>) => unknown>;
  const defaults: Record<string, Handler> = {
    ...Object.fromEntries(Object.entries(models).map(([cmd, run]) => [cmd, (_: string, args: Record<string, unknown> | undefined) => run(args ?? {})])),
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

  it("lists the five workspaces, models and settings, and opens the coach first", async () => {
    render(<App />);
    const nav = await screen.findByRole("navigation", { name: "Workspaces" });
    expect(nav.querySelectorAll("ul button")).toHaveLength(7);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Coach");
    await screen.findByText("Profile: Student");
  });

  it("gives a student a way to hand in their progress", async () => {
    render(<App />);
    fireEvent.click(await screen.findByRole("button", { name: "Hand in my progress" }));
    expect(await screen.findByRole("dialog", { name: "Hand in my progress" })).toBeTruthy();
  });

  it("opens a class profile on the Class workspace only, with no hand-in", async () => {
    backend({
      list_profiles: () => [{ id: 2, name: "Biology 9B", active: true, kind: "class", hasPin: true }],
      class_view: () => ({ courses: [], course: null, students: [] }),
    });
    render(<App />);
    const nav = await screen.findByRole("navigation", { name: "Workspaces" });
    const names = Array.from(nav.querySelectorAll("ul button")).map((b) => b.textContent);
    expect(names).toEqual(["Class", "Models", "Settings"]);
    expect(await screen.findByText(/No hand-in yet/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Hand in my progress" })).toBeNull();
  });

  it("asks a class profile made without a PIN for one before its class opens", async () => {
    let hasPin = false;
    const pins: unknown[] = [];
    backend({
      list_profiles: () => [{ id: 2, name: "Biology 9B", active: true, kind: "class", hasPin }],
      class_view: () => ({ courses: [], course: null, students: [] }),
      profile_set_pin: (_, args) => {
        pins.push(args);
        hasPin = true;
        return { id: 2, name: "Biology 9B", active: true, kind: "class", hasPin };
      },
    });
    render(<App />);
    const prompt = await screen.findByRole("region", { name: "Give this class a PIN" });
    expect(screen.queryByText(/No hand-in yet/)).toBeNull();
    fireEvent.change(within(prompt).getByLabelText("PIN of the class (4 to 12 digits)"), { target: { value: "1357" } });
    await act(async () => fireEvent.click(within(prompt).getByRole("button", { name: "Set the PIN" })));
    expect(await screen.findByText(/No hand-in yet/)).toBeTruthy();
    expect(pins).toEqual([{ currentPin: null, newPin: "1357" }]);
  });

  it("switches workspace from the navigation", async () => {
    render(<App />);
    fireEvent.click(await screen.findByRole("button", { name: "Tutor" }));
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
    fireEvent.click(await screen.findByRole("button", { name: "Settings" }));
    const language = await screen.findByLabelText("Language");
    fireEvent.change(language, { target: { value: "es" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Ajustes guardados.")).toBeTruthy();
    expect(saved).toEqual([{ ...settings, language: "es" }]);
    expect(screen.getByRole("button", { name: "Entrenador" })).toBeTruthy();
  });

  it("opens the Models page from the navigation and from Settings", async () => {
    render(<App />);
    const nav = await screen.findByRole("navigation", { name: "Workspaces" });
    const labels = [...nav.querySelectorAll("ul button")].map((b) => b.textContent);
    expect(labels.slice(-2)).toEqual(["Models", "Settings"]);
    fireEvent.click(screen.getByRole("button", { name: "Settings" }));
    expect(await screen.findByText("Model: chosen on the Models page")).toBeTruthy();
    expect(screen.queryByLabelText("Model file (GGUF)")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Open the Models page" }));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Models");
    expect(screen.getByRole("button", { name: "Models" }).getAttribute("aria-current")).toBe("page");
    expect(await screen.findByText(/^Automatic choice: smollm2-135m-instruct/)).toBeTruthy();
  });

  it("shows a loading model's progress and the model that answers meanwhile", async () => {
    backend({
      model_status: () => ({
        state: "loading",
        model: "Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf",
        percent: 45,
        previous: "SmolLM2-135M-Instruct.Q4_1.gguf",
      }),
    });
    render(<App />);
    const text = "Model: loading Qwen2.5-Coder-0.5B-Instruct.Q4_K_M.gguf (45 %) — SmolLM2-135M-Instruct.Q4_1.gguf answers meanwhile";
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: text }).getAttribute("value")).toBe("45");
  });

  it("starts on the lock screen when the last profile has a PIN, and opens after it", async () => {
    const profiles = createProfilesMock([{ id: 1, name: "Ana", pin: "2468" }], 1, true);
    const calls: string[] = [];
    backend(
      Object.fromEntries(
        Object.entries(profiles.handlers).map(([cmd, run]) => [
          cmd,
          (_: string, args: Record<string, unknown> | undefined) => {
            calls.push(cmd);
            return run(args ?? {});
          },
        ]),
      ),
    );
    render(<App />);
    expect(await screen.findByRole("heading", { name: "Ana is locked" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Workspaces" })).toBeNull();
    fireEvent.change(screen.getByLabelText("PIN of Ana"), { target: { value: "2468" } });
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByRole("navigation", { name: "Workspaces" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Coach");
    expect(calls).toContain("switch_profile");
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
