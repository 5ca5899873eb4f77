import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import "../../i18n";
import { ClassPage } from "./ClassPage";
import { createClassMock } from "./mock";

function backend(handlers: Record<string, (args: Record<string, unknown>) => unknown>) {
  mockIPC((cmd, args) => handlers[cmd]?.(args as Record<string, unknown>));
}

describe("ClassPage", () => {
  afterEach(() => {
    cleanup();
    clearMocks();
  });

  it("invites an import when no one has handed in", async () => {
    backend({ class_view: () => ({ courses: [], course: null, students: [] }) });
    render(<ClassPage />);
    expect(await screen.findByText(/No hand-in yet/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Import a folder…" })).toBeTruthy();
  });

  it("shows a cell per student and unit with its tier, stuck cells and an edited hand-in", async () => {
    backend(createClassMock(4, 5).handlers);
    render(<ClassPage />);
    const grid = await screen.findByRole("table", { name: "Biology 9" });
    expect(within(grid).getAllByRole("row")).toHaveLength(1 + 4);
    expect(within(grid).getAllByRole("columnheader")).toHaveLength(1 + 5 + 1);
    const stuck = within(grid).getByLabelText(/Student 01, Unit 2: Osmosis: .*stuck/);
    expect(stuck.className).toContain("stuck");
    expect(within(grid).getAllByTitle("edited after it was handed in")).toHaveLength(1);
    expect(screen.getByRole("region", { name: "Who is stuck" }).textContent).toContain("Student 01 — Unit 2: Osmosis");
    expect(screen.getByRole("region", { name: "Frequent confusions" }).textContent).toContain("Thinks water moves toward lower concentration. (in 3 of the class)");
    expect(screen.getByRole("region", { name: "Exam questions most failed" }).textContent).toContain("Which way does water move");
    expect(screen.getByRole("region", { name: "Re-checks due" }).textContent).toContain("Student 01");
  });

  it("imports from a folder, says what each file did, and changes nothing the second time", async () => {
    const mock = createClassMock(3, 2);
    const calls: unknown[] = [];
    backend({ ...mock.handlers, class_import: (args) => (calls.push(args), mock.handlers.class_import!(args)) });
    render(<ClassPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Import a folder…" }));
    expect(await screen.findByText("3 added, 0 already imported, 0 kept as earlier hand-ins, 1 refused")).toBeTruthy();
    expect(screen.getByText(/junk.progress.json: This file is not a Lantern progress file/)).toBeTruthy();
    expect(screen.getByText(/student-2.progress.json \(Student 02\) was edited/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Import a folder…" }));
    expect(await screen.findByText("0 added, 3 already imported, 0 kept as earlier hand-ins, 1 refused")).toBeTruthy();
    expect(calls).toEqual([{ source: "folder", language: "en" }, { source: "folder", language: "en" }]);
  });

  it("exports the grid shown and removes a student", async () => {
    const mock = createClassMock(3, 2);
    backend(mock.handlers);
    render(<ClassPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Export CSV…" }));
    expect(await screen.findByText("Saved: /media/usb/biology-9.csv")).toBeTruthy();
    expect(mock.exports[0]).toMatchObject({ format: "csv", language: "en" });
    fireEvent.click(screen.getByRole("button", { name: "Remove Student 03's hand-ins" }));
    const grid = await screen.findByRole("table", { name: "Biology 9" });
    await screen.findByText(/Biology 9 \(2 students\)/);
    expect(within(grid).getAllByRole("row")).toHaveLength(1 + 2);
  });

  it("flags a key with two names and lets the teacher use an earlier hand-in, then go back", async () => {
    const mock = createClassMock(3, 2);
    backend(mock.handlers);
    render(<ClassPage />);
    expect(await screen.findByText(/Check Student 03: hand-ins under this student's key give different names/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Student 03's hand-ins" }));
    const dialog = await screen.findByRole("dialog", { name: "Student 03's hand-ins" });
    expect(await within(dialog).findByText("Mallory")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Use this one" }));
    expect(await within(dialog).findByText(/chosen by you/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Go back to the newest" }));
    await within(dialog).findByRole("button", { name: "Use this one" });
    expect(mock.choices).toEqual([
      { studentKey: "2".padStart(32, "0"), digest: "a".repeat(64) },
      { studentKey: "2".padStart(32, "0"), digest: null },
    ]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Save summary CSV…" }));
    expect(await within(dialog).findByText("Saved: /media/usb/student-03.csv")).toBeTruthy();
  });

  it("renders only the rows and columns in view of a very large class", async () => {
    backend(createClassMock(2000, 200).handlers);
    render(<ClassPage />);
    const grid = await screen.findByRole("table", { name: "Biology 9" });
    const rows = within(grid).getAllByRole("row").length;
    const cells = grid.querySelectorAll("td[aria-label]").length;
    expect(rows).toBeGreaterThan(10);
    expect(rows).toBeLessThan(60);
    expect(cells).toBeLessThan(60 * 40);
    expect(grid.getAttribute("aria-rowcount")).toBe("2001");
  });
});
