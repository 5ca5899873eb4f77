import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commands } from "../bindings";
import { i18next } from "../i18n";
import { createProfilesMock, type MockProfile } from "./mock";
import { ProfileSwitcher } from "./ProfileSwitcher";

/** The switcher over the scripted backend; it re-renders with the list after each change. */
async function open(profiles: MockProfile[], activeId = 1) {
  const mock = createProfilesMock(profiles, activeId);
  const calls: string[] = [];
  mockIPC((cmd, args) => {
    calls.push(cmd);
    return mock.handlers[cmd]((args ?? {}) as Record<string, unknown>);
  });
  const list = async () => {
    const result = await commands.listProfiles();
    return result.status === "ok" ? result.data : [];
  };
  const changed = vi.fn();
  const view = render(<ProfileSwitcher profiles={await list()} onChanged={changed} />);
  const rerender = async () => view.rerender(<ProfileSwitcher profiles={await list()} onChanged={changed} />);
  changed.mockImplementation(() => void rerender());
  return { mock, calls, changed, rerender };
}

const select = () => screen.getByLabelText("Profile") as HTMLSelectElement;
const pinField = (name: string) => screen.getByLabelText(`PIN of ${name}`);

describe("ProfileSwitcher", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    await act(() => i18next.changeLanguage("en"));
  });

  it("opens a profile without a PIN at once, as before", async () => {
    const { mock, changed } = await open([
      { id: 1, name: "Ana", pin: null },
      { id: 2, name: "Ben", pin: null },
    ]);
    await act(async () => fireEvent.change(select(), { target: { value: "2" } }));
    expect(mock.state.activeId).toBe(2);
    expect(changed).toHaveBeenCalled();
    expect(screen.queryByLabelText(/^PIN of (Ana|Ben)$/)).toBeNull();
  });

  it("asks for the PIN of a locked profile; a wrong PIN is refused and nothing switches", async () => {
    const { mock, calls } = await open([
      { id: 1, name: "Ana", pin: null },
      { id: 2, name: "Ben", pin: "2468" },
    ]);
    expect(screen.getByRole("option", { name: "Ben (PIN)" })).toBeTruthy();
    await act(async () => fireEvent.change(select(), { target: { value: "2" } }));
    expect(calls).not.toContain("switch_profile");
    fireEvent.change(pinField("Ben"), { target: { value: "1111" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open" })));
    expect((await screen.findByRole("alert")).textContent).toBe("That is not this profile's PIN.");
    expect(mock.state.activeId).toBe(1);
    expect((pinField("Ben") as HTMLInputElement).value).toBe("");
    fireEvent.change(pinField("Ben"), { target: { value: "2468" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open" })));
    expect(mock.state.activeId).toBe(2);
    await waitFor(() => expect(select().value).toBe("2"));
  });

  it("says how long to wait after too many wrong PINs", async () => {
    await open([
      { id: 1, name: "Ana", pin: null },
      { id: 2, name: "Ben", pin: "2468" },
    ]);
    await act(async () => fireEvent.change(select(), { target: { value: "2" } }));
    for (let i = 0; i < 3; i++) {
      fireEvent.change(pinField("Ben"), { target: { value: "0000" } });
      await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open" })));
    }
    expect(screen.getByRole("alert").textContent).toBe("Too many wrong PINs. Try again in 30 s.");
    await act(() => i18next.changeLanguage("es"));
    fireEvent.change(screen.getByLabelText("PIN de Ben"), { target: { value: "0000" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Abrir" })));
    expect(screen.getByRole("alert").textContent).toBe("Demasiados PIN incorrectos. Vuelve a intentarlo en 30 s.");
  });

  it("Cancel leaves the profile in use", async () => {
    const { mock } = await open([
      { id: 1, name: "Ana", pin: null },
      { id: 2, name: "Ben", pin: "2468" },
    ]);
    await act(async () => fireEvent.change(select(), { target: { value: "2" } }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("PIN of Ben")).toBeNull();
    expect(select().value).toBe("1");
    expect(mock.state.activeId).toBe(1);
  });

  it("sets, changes and removes the PIN of the profile in use, and locks it", async () => {
    const { mock } = await open([{ id: 1, name: "Ana", pin: null }]);
    fireEvent.click(screen.getByText("PIN of this profile"));
    const form = () => screen.getByRole("form", { name: "PIN of this profile" });
    const field = (label: string, value: string) => fireEvent.change(within(form()).getByLabelText(label), { target: { value } });
    const press = (name: string) => act(async () => fireEvent.click(within(form()).getByRole("button", { name })));
    expect(within(form()).queryByLabelText("Current PIN")).toBeNull();
    expect(within(form()).queryByRole("button", { name: "Lock now" })).toBeNull();
    field("New PIN (4 to 12 digits)", "12a");
    await press("Set the PIN");
    expect(screen.getByRole("alert").textContent).toBe("A PIN is 4 to 12 digits, nothing else.");
    field("New PIN (4 to 12 digits)", "1234");
    await press("Set the PIN");
    expect(mock.state.profiles[0].pin).toBe("1234");
    expect(await screen.findByText("PIN saved: the profile asks for it when it is opened.")).toBeTruthy();

    // Changing and removing need the current PIN.
    await waitFor(() => expect(within(form()).getByLabelText("Current PIN")).toBeTruthy());
    field("Current PIN", "9999");
    field("New PIN (4 to 12 digits)", "5678");
    await press("Change the PIN");
    expect(screen.getByRole("alert").textContent).toBe("That is not this profile's PIN.");
    expect(mock.state.profiles[0].pin).toBe("1234");
    field("Current PIN", "1234");
    await press("Remove the PIN");
    expect(mock.state.profiles[0].pin).toBeNull();
    expect(await screen.findByText("PIN removed: the profile opens without it.")).toBeTruthy();

    field("New PIN (4 to 12 digits)", "4321");
    await press("Set the PIN");
    await waitFor(() => expect(within(form()).getByRole("button", { name: "Lock now" })).toBeTruthy());
    await press("Lock now");
    expect(mock.state.locked).toBe(true);
  });

  it("creates a class profile only with a PIN, opens it with that PIN, and never removes it", async () => {
    const { mock, calls, rerender } = await open([{ id: 1, name: "Ana", pin: null }]);
    const form = () => screen.getByRole("form", { name: "New profile" });
    const create = () => within(form()).getByRole("button", { name: "Create" }) as HTMLButtonElement;
    fireEvent.change(within(form()).getByLabelText("Name of the new profile"), { target: { value: "Biology 9B" } });
    expect(within(form()).queryByLabelText("PIN of the class (4 to 12 digits)")).toBeNull();
    fireEvent.change(within(form()).getByLabelText("Kind of profile"), { target: { value: "class" } });
    // The crafted input: a class profile without a PIN cannot be submitted.
    expect(create().disabled).toBe(true);
    fireEvent.change(within(form()).getByLabelText("PIN of the class (4 to 12 digits)"), { target: { value: "1357" } });
    expect(create().disabled).toBe(false);
    await act(async () => fireEvent.click(create()));
    expect(mock.state.profiles[1]).toMatchObject({ name: "Biology 9B", kind: "class", pin: "1357" });
    await waitFor(() => expect(mock.state.activeId).toBe(2));
    expect(calls.filter((c) => c === "create_profile" || c === "switch_profile")).toEqual(["create_profile", "switch_profile"]);

    await rerender();
    fireEvent.click(screen.getByText("PIN of this profile"));
    const pins = screen.getByRole("form", { name: "PIN of this profile" });
    expect(within(pins).getByRole("button", { name: "Change the PIN" })).toBeTruthy();
    expect(within(pins).queryByRole("button", { name: "Remove the PIN" })).toBeNull();
  });
});
