import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import "../../i18n";
import { HandInDialog } from "./HandInDialog";

const unit = (unitId: string, title: string, touched: boolean) => ({
  unitId,
  title,
  touched,
  tier: touched ? "bronze" : "none",
  drillsAttempted: touched ? 4 : 0,
  drillsCorrect: touched ? 3 : 0,
  drillStreak: 2,
  examPassed: { bronze: touched ? 1 : 0, silver: 0, gold: 0 },
  examWrong: touched ? 1 : 0,
  lockouts: touched ? 1 : 0,
  recheckDueAt: null,
  needsReview: false,
  confusions: [],
  lastTouchedAt: null,
});

const preview = (includeArguments: boolean) => ({
  report: {
    student: { key: "0".repeat(32), name: "Ana" },
    exportedAt: "2026-11-20T10:00:00.000Z",
    courses: [
      {
        courseId: "bio",
        title: "Biology 9",
        units: [unit("B-1", "Cells", true), unit("B-2", "Osmosis", false)],
        questions: [],
        minutesOnTask: 42,
        firstActivityAt: null,
        lastActivityAt: null,
      },
    ],
    arguments: [{ title: "School uniforms", completedAt: "2026-11-19T10:00:00.000Z", argument: includeArguments ? { claim: "c" } : null }],
    modules: [{ moduleId: "stress", title: "Exam stress", percentage: 50, sectionsCompleted: 1, sectionsTotal: 2, finished: false, updatedAt: "2026-11-19T10:00:00.000Z" }],
  },
  fileText: '{\n  "format": "lantern-progress"\n}\n',
  csvText: "record,student\n",
  fileName: "ana-all-2026-11-20.progress.json",
  statements: 7,
});

function backend(handlers: Record<string, (args: Record<string, unknown>) => unknown>) {
  mockIPC((cmd, args) => handlers[cmd]?.(args as Record<string, unknown>));
}

describe("HandInDialog", () => {
  afterEach(() => {
    cleanup();
    clearMocks();
  });

  it("shows exactly what the file holds before saving it", async () => {
    const asked: unknown[] = [];
    backend({
      list_courses: () => [{ id: "bio", title: "Biology 9", units: 2, questions: 3, importedAt: "2026-11-01T00:00:00Z" }],
      progress_preview: (args) => (asked.push(args), preview(Boolean(args.includeArguments))),
    });
    render(<HandInDialog onClose={() => undefined} />);
    fireEvent.click(screen.getByLabelText("Include the text of my finished arguments"));
    fireEvent.click(screen.getByRole("button", { name: "Show what will be in the file" }));
    const course = await screen.findByRole("region", { name: "Biology 9" });
    expect(within(course).getByText("42 minutes on task")).toBeTruthy();
    expect(within(course).getByRole("cell", { name: "Cells" })).toBeTruthy();
    expect(within(course).getByText("1 unit not started")).toBeTruthy();
    expect(screen.getByText("School uniforms (with its text)")).toBeTruthy();
    expect(screen.getByText("Exam stress: 50 %")).toBeTruthy();
    expect(screen.getByText("7 learning records (xAPI) in the file")).toBeTruthy();
    expect(screen.getByText(/"format": "lantern-progress"/)).toBeTruthy();
    expect(screen.getByText("The summary saved beside it (ana-all-2026-11-20.progress.csv)")).toBeTruthy();
    expect(screen.getByText(/record,student/)).toBeTruthy();
    expect(asked).toEqual([{ courseId: null, includeArguments: true }]);
  });

  it("saves the previewed file where the student picks, and says where", async () => {
    const saves: unknown[] = [];
    backend({
      list_courses: () => [],
      progress_preview: () => preview(false),
      progress_save: (args) => (saves.push(args), ["/media/usb/ana.progress.json", "/media/usb/ana.progress.csv"]),
    });
    render(<HandInDialog onClose={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Show what will be in the file" }));
    fireEvent.click(await screen.findByRole("button", { name: "Save to a folder…" }));
    expect(await screen.findByText("Saved: /media/usb/ana.progress.json, /media/usb/ana.progress.csv")).toBeTruthy();
    expect(saves).toEqual([{ language: "en" }]);
  });

  it("says in words when there is nothing to hand in", async () => {
    backend({
      list_courses: () => [],
      progress_preview: () => {
        throw { code: "handin_empty", message: "nothing" };
      },
    });
    render(<HandInDialog onClose={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Show what will be in the file" }));
    expect((await screen.findByRole("alert")).textContent).toContain("There is nothing to hand in yet");
  });
});
