import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { App } from "./App";

const info = {
  version: "0.1.0",
  profileName: "Student",
  modelPack: "/packs/models",
  defaultModel: "smollm2-135m-instruct",
};

describe("App", () => {
  beforeEach(() => mockIPC((cmd) => (cmd === "app_info" ? info : undefined)));
  afterEach(() => {
    cleanup();
    clearMocks();
  });

  it("lists the five workspaces and opens the coach first", () => {
    render(<App />);
    const nav = screen.getByRole("navigation", { name: "Workspaces" });
    expect(nav.querySelectorAll("button")).toHaveLength(5);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Coach");
  });

  it("switches workspace from the navigation", () => {
    render(<App />);
    fireEvent.click(screen.getByRole("button", { name: "Tutor" }));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Tutor");
    expect(screen.getByRole("button", { name: "Tutor" }).getAttribute("aria-current")).toBe("page");
  });

  it("shows the profile and model from the backend", async () => {
    render(<App />);
    expect(await screen.findByText("Profile: Student")).toBeTruthy();
    expect(screen.getByText(/smollm2-135m-instruct/)).toBeTruthy();
  });

  it("shows a coded error when the backend fails", async () => {
    mockIPC(() => {
      throw { code: "store_open_failed", message: "disk full" };
    });
    render(<App />);
    expect(await screen.findByText(/store_open_failed/)).toBeTruthy();
  });
});
