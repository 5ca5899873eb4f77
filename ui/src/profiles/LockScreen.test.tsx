import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commands } from "../bindings";
import { i18next } from "../i18n";
import { LockScreen } from "./LockScreen";
import { createProfilesMock } from "./mock";

/** The lock screen on Ana's locked profile, with Ben (no PIN) and Cleo (PIN 1357). */
async function open() {
  const mock = createProfilesMock(
    [
      { id: 1, name: "Ana", pin: "2468" },
      { id: 2, name: "Ben", pin: null },
      { id: 3, name: "Cleo", pin: "1357" },
    ],
    1,
    true,
  );
  mockIPC((cmd, args) => mock.handlers[cmd]((args ?? {}) as Record<string, unknown>));
  const result = await commands.listProfiles();
  const opened = vi.fn();
  render(<LockScreen profiles={result.status === "ok" ? result.data : []} onOpened={opened} />);
  return { mock, opened };
}

describe("LockScreen", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    await act(() => i18next.changeLanguage("en"));
  });

  it("asks for the locked profile's PIN and opens it only with the right one", async () => {
    const { mock, opened } = await open();
    expect(screen.getByRole("heading", { name: "Ana is locked" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("PIN of Ana"), { target: { value: "0000" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open" })));
    expect(screen.getByRole("alert").textContent).toBe("That is not this profile's PIN.");
    expect(mock.state.locked).toBe(true);
    expect(opened).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("PIN of Ana"), { target: { value: "2468" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open" })));
    expect(mock.state.locked).toBe(false);
    expect(opened).toHaveBeenCalledOnce();
  });

  it("opens another profile: at once without a PIN, after its own PIN with one", async () => {
    const { mock, opened } = await open();
    fireEvent.click(screen.getByRole("button", { name: "Cleo (PIN)" }));
    expect(screen.queryByLabelText("PIN of Ana")).toBeNull();
    fireEvent.change(screen.getByLabelText("PIN of Cleo"), { target: { value: "2468" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open" })));
    expect(screen.getByRole("alert").textContent).toBe("That is not this profile's PIN.");
    expect(mock.state.activeId).toBe(1);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Ben" })));
    expect(mock.state).toMatchObject({ activeId: 2, locked: false });
    expect(opened).toHaveBeenCalledOnce();
  });

  it("speaks Spanish", async () => {
    await act(() => i18next.changeLanguage("es"));
    await open();
    expect(screen.getByRole("heading", { name: "Ana está bloqueado" })).toBeTruthy();
    expect(screen.getByLabelText("PIN de Ana")).toBeTruthy();
  });
});
