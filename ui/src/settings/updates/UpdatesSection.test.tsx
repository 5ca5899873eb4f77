import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18next } from "../../i18n";
import { SettingsPage } from "../SettingsPage";
import type { SavedSettings } from "../useSettings";
import { createUpdatesMock, MOCK_BUILD_LOCATION } from "./mock";
import { UpdatesSection } from "./UpdatesSection";
import { clickWhenEnabled } from "../../testing/clickWhenEnabled";

type Options = Parameters<typeof createUpdatesMock>[0];
type Call = { cmd: string; args: Record<string, unknown> };

/** The scripted update backend, recording every command with its arguments. */
function backend(options: Options = {}) {
  const handlers = createUpdatesMock(options) as Record<string, (args: Record<string, unknown>) => unknown>;
  const calls: Call[] = [];
  mockIPC((cmd, args) => {
    calls.push({ cmd, args: args as Record<string, unknown> });
    const handler = handlers[cmd];
    return handler ? handler(args as Record<string, unknown>) : null;
  });
  return calls;
}

async function openSection(options: Options = {}) {
  const calls = backend(options);
  render(<UpdatesSection />);
  await screen.findByText("This is Lantern 0.1.0.");
  return calls;
}

const sent = (calls: Call[], cmd: string) => calls.filter((c) => c.cmd === cmd).map((c) => c.args);
const locationInput = () => screen.getByLabelText("Update location") as HTMLInputElement;
const checkButton = () => screen.getByRole("button", { name: "Check for updates" }) as HTMLButtonElement;
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole("button", { name })));

/** Types `location` and checks it (the section saves a typed location first). */
async function checkAt(location: string) {
  fireEvent.change(locationInput(), { target: { value: location } });
  await click("Check for updates");
}

const OFFER = "Lantern 0.2.0 is available (you have 0.1.0)";

describe("UpdatesSection", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    vi.restoreAllMocks();
    await i18next.changeLanguage("en");
  });

  it("shows the running version, the key and the build's location", async () => {
    await openSection();
    expect(screen.getByRole("heading", { name: "Updates" })).toBeTruthy();
    expect(screen.getByText("Updates must be signed with key school-2026.")).toBeTruthy();
    expect(locationInput().value).toBe(MOCK_BUILD_LOCATION);
    expect(locationInput().placeholder).toBe("/media/usb/lantern-repo or http://192.168.1.10/lantern-repo");
    expect(screen.getByText("A folder (USB stick, share) or an address on the school network. Lantern never looks on the internet.")).toBeTruthy();
    expect(screen.getByText(`Default from your school's build: ${MOCK_BUILD_LOCATION}. Save an empty location to go back to it.`)).toBeTruthy();
    expect(checkButton().disabled).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("without a key, says updates come through apt and cannot check", async () => {
    await openSection({ keyId: null });
    expect(screen.queryByText(/must be signed with key/)).toBeNull();
    expect(
      screen.getByText("This build of Lantern has no update key, so it accepts no update; updates arrive as new packages through apt."),
    ).toBeTruthy();
    expect(checkButton().disabled).toBe(true);
  });

  it("refuses a location that is not a folder or is off the school network, with its coded error", async () => {
    const calls = await openSection();
    fireEvent.change(locationInput(), { target: { value: "ftp://192.168.1.10/repo" } });
    await click("Use this location");
    expect(sent(calls, "updates_set_location")).toEqual([{ location: "ftp://192.168.1.10/repo" }]);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The update location must be a folder (such as /media/usb/lantern-repo) or an http address on the school network.",
    );

    fireEvent.change(locationInput(), { target: { value: "https://updates.example.com/lantern" } });
    await click("Use this location");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "That address is outside this laptop and the school network; Lantern only reads updates from there.",
    );
  });

  it("saves a local-network address, and an empty location goes back to the build's", async () => {
    const calls = await openSection();
    fireEvent.change(locationInput(), { target: { value: " http://192.168.1.10/lantern-repo " } });
    await click("Use this location");
    expect(locationInput().value).toBe("http://192.168.1.10/lantern-repo");
    fireEvent.change(locationInput(), { target: { value: "" } });
    await click("Use this location");
    expect(sent(calls, "updates_set_location")).toEqual([{ location: "http://192.168.1.10/lantern-repo" }, { location: "" }]);
    expect(locationInput().value).toBe(MOCK_BUILD_LOCATION);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("checks a typed location after saving it, and says when Lantern is up to date", async () => {
    const calls = await openSection();
    await checkAt("/media/usb/current-repo");
    expect(calls.map((c) => c.cmd)).toEqual(["updates_status", "updates_set_location", "updates_check"]);
    expect((await screen.findByRole("status")).textContent).toBe("Lantern is up to date (the location offers 0.1.0).");
  });

  it("says it is checking while the package is verified", async () => {
    const handlers = createUpdatesMock() as Record<string, (args: Record<string, unknown>) => unknown>;
    let finish = () => undefined as unknown;
    mockIPC((cmd, args) => {
      const run = () => handlers[cmd]?.(args as Record<string, unknown>);
      return cmd === "updates_check" ? new Promise((resolve) => (finish = () => resolve(run()))) : run();
    });
    render(<UpdatesSection />);
    await clickWhenEnabled("Check for updates");
    expect((await screen.findByRole("status")).textContent).toBe("Checking and verifying the package…");
    expect(checkButton().disabled).toBe(true);
    await act(async () => finish());
    expect(await screen.findByRole("article", { name: OFFER })).toBeTruthy();
    expect(screen.queryByText("Checking and verifying the package…")).toBeNull();
  });

  it("shows a verified update with its notes, package and checksum, and installs it", async () => {
    const calls = await openSection();
    await click("Check for updates");
    const offer = within(await screen.findByRole("article", { name: OFFER }));
    expect(offer.getByText("Signature verified with key school-2026")).toBeTruthy();
    expect(document.querySelector(".update-notes")?.textContent).toBe("Models load twice as fast.\nThe tutor explains each step of a drill.");
    expect(offer.getByText("December 1, 2026").getAttribute("datetime")).toBe("2026-12-01T09:00:00Z");
    expect(offer.getByText("lantern_0.2.0_amd64.deb")).toBeTruthy();
    expect(offer.getByText("84.3 MB")).toBeTruthy();
    expect(offer.getByText("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08").tagName).toBe("CODE");

    await act(async () => fireEvent.click(offer.getByRole("button", { name: "Install" })));
    expect(sent(calls, "updates_install")).toEqual([{}]);
    expect(offer.getByRole("status").textContent).toBe("Installed. Restart Lantern to use version 0.2.0.");
    expect(offer.queryByRole("button", { name: "Install" })).toBeNull();
  });

  it("a copy not installed from a package cannot install, and says who can", async () => {
    const calls = await openSection({ installable: false });
    await click("Check for updates");
    const offer = within(await screen.findByRole("article", { name: OFFER }));
    expect((offer.getByRole("button", { name: "Install" }) as HTMLButtonElement).disabled).toBe(true);
    expect(offer.getByText("This copy of Lantern was not installed from a package, so it cannot install updates itself.")).toBeTruthy();
    expect(offer.getByText("An administrator can install it with apt.")).toBeTruthy();
    expect(sent(calls, "updates_install")).toEqual([]);
  });

  it("refuses a package signed with another key", async () => {
    await openSection();
    await checkAt("/media/usb/forged-repo");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The update is not signed with this build's key, so it was refused and nothing was installed.",
    );
    expect(screen.queryByRole("article")).toBeNull();
    expect(screen.queryByRole("button", { name: "Install" })).toBeNull();
  });

  it("says why a location cannot be read, with the backend's detail", async () => {
    await openSection();
    await checkAt("/media/usb/missing-repo");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The update location could not be read (/media/usb/missing-repo: no such file or directory). Check the USB stick or the network.",
    );
  });

  it("speaks Spanish, refused signature included", async () => {
    await i18next.changeLanguage("es");
    backend();
    render(<UpdatesSection />);
    expect(await screen.findByText("Estás usando Lantern 0.1.0.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Actualizaciones" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Ubicación de las actualizaciones"), { target: { value: "/media/usb/forged-repo" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Buscar actualizaciones" })));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "La actualización no está firmada con la clave de esta versión, así que se rechazó y no se instaló nada.",
    );
  });

  it("sits on the Settings page outside its form: its buttons never save the settings", async () => {
    backend();
    const settings = { model: null, modelPath: null, threads: 2, language: "en", theme: "system", profileId: null, debugDrawer: false, updateLocation: null };
    const onSave = vi.fn(async () => null);
    render(<SettingsPage settings={settings as SavedSettings} onSave={onSave} onOpenModels={() => undefined} />);
    const section = await screen.findByRole("region", { name: "Updates" });
    expect(section.closest("form.settings")).toBeNull();
    await within(section).findByText("This is Lantern 0.1.0.");
    await click("Use this location");
    await click("Check for updates");
    await within(section).findByRole("article", { name: OFFER });
    expect(onSave).not.toHaveBeenCalled();
  });
});
