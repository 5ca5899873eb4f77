import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import { i18next } from "../../i18n";
import { createReportsMock } from "./mock";
import { ReportsPage } from "./ReportsPage";

/** The scripted report editor (its file dialogs are the app's, so the commands answer
 * with what was picked), recording every command with its arguments. */
function backend() {
  const handlers = createReportsMock() as Record<string, (args: Record<string, unknown>) => unknown>;
  const calls: { cmd: string; args: Record<string, unknown> }[] = [];
  mockIPC((cmd, args) => {
    calls.push({ cmd, args: args as Record<string, unknown> });
    const handler = handlers[cmd];
    return handler ? handler(args as Record<string, unknown>) : null;
  });
  return calls;
}

async function importReport() {
  const calls = backend();
  render(<ReportsPage language="en" />);
  await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Import report…" })));
  await screen.findByRole("region", { name: "2.1 Gutters" });
  return calls;
}

async function ask(text: string) {
  fireEvent.change(screen.getByLabelText("What should change?"), { target: { value: text } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
}

const review = () => screen.getByRole("region", { name: "Review changes" });

describe("ReportsPage", () => {
  afterEach(async () => {
    cleanup();
    clearMocks();
    await i18next.changeLanguage("en");
  });

  it("imports a report and shows it numbered, with tables and image placeholders", async () => {
    const calls = await importReport();
    expect(calls.find((c) => c.cmd === "reports_import")?.args).toEqual({ projectId: null, language: "en" });
    expect(calls.some((c) => c.cmd.startsWith("plugin:"))).toBe(false);
    expect(screen.getByRole("region", { name: "1 Introduction" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Image: front" })).toBeTruthy();
    expect(screen.getByRole("table")).toBeTruthy();
    expect(screen.getByText("Version 1")).toBeTruthy();
  });

  it("a chat change shows at once, waits for review, and Accept makes a new version", async () => {
    const calls = await importReport();
    await ask("rename 2.1 to Downpipes");
    const section = await screen.findByRole("region", { name: "2.1 Downpipes" });
    expect(within(section).getByText("Changed, waiting for review")).toBeTruthy();
    expect(within(review()).getByText(/rename 2.1 Gutters to “Downpipes”/)).toBeTruthy();
    await act(async () => fireEvent.click(within(review()).getByRole("button", { name: "Accept: rename 2.1 Gutters to “Downpipes”" })));
    expect(await screen.findByText("Version 2")).toBeTruthy();
    expect(within(review()).getByText("No change is waiting for review.")).toBeTruthy();
    const accept = calls.find((c) => c.cmd === "reports_accept")!;
    expect(accept.args.confirmDeletes).toBe(false);
  });

  it("accepting a delete asks first, and undo brings the section back", async () => {
    await importReport();
    await ask("delete 2");
    await act(async () => fireEvent.click(within(review()).getByRole("button", { name: "Accept all" })));
    const dialog = screen.getByRole("alertdialog", { name: "Delete sections?" });
    expect(within(dialog).getByText(/2 Roofing/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Delete and accept" })));
    await waitFor(() => expect(screen.queryByRole("region", { name: "2.1 Gutters" })).toBeNull());
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Undo" })));
    expect(await screen.findByRole("region", { name: "2.1 Gutters" })).toBeTruthy();
  });

  it("a rejected change leaves the report as it was", async () => {
    await importReport();
    await ask("rename 1 to Scope");
    await screen.findByRole("region", { name: "1 Scope" });
    await act(async () => fireEvent.click(within(review()).getByRole("button", { name: "Reject all" })));
    expect(await screen.findByRole("region", { name: "1 Introduction" })).toBeTruthy();
  });

  it("a request the app cannot do gets an answer and changes nothing", async () => {
    await importReport();
    await ask("make it nicer");
    expect(await screen.findByText(/I couldn't do that on my own/)).toBeTruthy();
    expect(within(review()).getByText("No change is waiting for review.")).toBeTruthy();
  });

  it("edits a section by hand with a live preview", async () => {
    const calls = await importReport();
    fireEvent.click(screen.getByRole("button", { name: "Edit 3 Recommendations" }));
    fireEvent.change(screen.getByLabelText("Text (Markdown)"), { target: { value: "Clear the gutters **now**." } });
    expect(screen.getByText("now").tagName).toBe("STRONG");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    const edit = calls.find((c) => c.cmd === "reports_edit_section")!;
    expect(edit.args).toMatchObject({ sectionId: "s4", title: null, bodyMd: "Clear the gutters **now**." });
    expect(await screen.findByText("Version 2")).toBeTruthy();
  });

  it("lists versions and restores one", async () => {
    await importReport();
    await ask("rename 1 to Scope");
    await act(async () => fireEvent.click(within(review()).getByRole("button", { name: "Accept all" })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "History" })));
    const history = await screen.findByRole("dialog", { name: "Versions" });
    await act(async () => fireEvent.click(await within(history).findByRole("button", { name: "Restore version 1" })));
    expect(await screen.findByRole("region", { name: "1 Introduction" })).toBeTruthy();
  });

  it("exports the report through the app's save dialog, naming no path", async () => {
    const calls = await importReport();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Export Word" })));
    expect(await screen.findByText("Saved to /home/student/survey.docx.")).toBeTruthy();
    expect(calls.find((c) => c.cmd === "reports_export")?.args).toEqual({ id: 1, format: "docx", language: "en" });
  });

  it("export says when changes wait for review and are not in the file", async () => {
    await importReport();
    await ask("rename 2.1 to Downpipes");
    await screen.findByRole("region", { name: "2.1 Downpipes" });
    const note = "Export saves the accepted version: 1 change is still waiting for your review and is not in the file.";
    expect(screen.getByText(note)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Export Markdown" })));
    expect(await screen.findByText(/^Saved to .*1 change is still waiting/)).toBeTruthy();
  });

  it("a cancelled import changes nothing and shows no error", async () => {
    const handlers = createReportsMock() as Record<string, (args: Record<string, unknown>) => unknown>;
    mockIPC((cmd, args) => (cmd === "reports_import" ? null : (handlers[cmd]?.(args as Record<string, unknown>) ?? null)));
    render(<ReportsPage language="en" />);
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Import report…" })));
    expect(await screen.findByRole("button", { name: "Import report…" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("region", { name: "2.1 Gutters" })).toBeNull();
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    backend();
    render(<ReportsPage language="es" />);
    expect(await screen.findByRole("button", { name: "Importar informe…" })).toBeTruthy();
  });
});
