import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import { i18next } from "../../i18n";
import { ExportBar } from "./ExportBar";

/** `coach_export_file` answering `saved` (the path the app's save dialog chose, or `null`
 * when the student cancelled); returns the arguments it was called with. */
function backend(saved: string | null) {
  const sent: unknown[] = [];
  mockIPC((cmd, args) => {
    if (cmd !== "coach_export_file") throw { code: "internal_error", message: `no mock for ${cmd}` };
    sent.push(args);
    return saved;
  });
  return sent;
}

describe("ExportBar", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    await i18next.changeLanguage("en");
  });

  it("asks the app to save, naming no path, and says where the file went", async () => {
    await i18next.changeLanguage("es");
    const sent = backend("/home/ana/deberes.argdown");
    render(<ExportBar id={7} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Guardar como Argdown…" })));
    expect(sent).toEqual([{ id: 7, format: "argdown", language: "es" }]);
    expect((await screen.findByRole("status")).textContent).toContain("/home/ana/deberes.argdown");
  });

  it("a cancelled save dialog shows nothing", async () => {
    const sent = backend(null);
    render(<ExportBar id={7} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save as Markdown…" })));
    expect(sent).toEqual([{ id: 7, format: "markdown", language: "en" }]);
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
