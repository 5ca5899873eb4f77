import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { clearMocks, mockConvertFileSrc, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ExamQuestionView, TutorMessage } from "../../../bindings";
import "../../../i18n";
import { ExamBlock } from "./ExamBlock";

const card = { type: "EXAM" as const, unitId: "ALG-01", questionId: "EX-1", difficultyTier: "silver" as const };
const HOUR = 3_600_000;

function question(status: ExamQuestionView["status"]): ExamQuestionView {
  return {
    questionId: "EX-1", tier: "silver", stem: "Solve $3x-2=10$.", hasVideo: false, hasTranscript: true, status,
    options: [{ id: "A", text: "$x=3$" }, { id: "B", text: "$x=4$" }],
  };
}

function outcome(kind: "passed" | "incorrect", lockedUntil: string | null): TutorMessage {
  return {
    id: "7", threadId: "1", role: "assistant", text: "Outcome words.", latex: null, origin: "offline", turnId: "1-4", createdAt: "",
    card: { type: "EXAM_OUTCOME", unitId: "ALG-01", questionId: "EX-1", difficultyTier: "silver", outcome: kind, lockedUntil, masteryTier: "bronze" },
  };
}

async function renderBlock(status: ExamQuestionView["status"], over: Partial<Parameters<typeof ExamBlock>[0]> = {}) {
  mockIPC((cmd) => (cmd === "tutor_exam_question" ? question(status) : null));
  const props = {
    threadId: 1, card, text: "", outcomes: [], latest: true, busy: false,
    onSubmit: vi.fn(async () => null), onSupport: vi.fn(async () => null), onContinue: vi.fn(), ...over,
  };
  const view = render(<ExamBlock {...props} />);
  await screen.findByText("A.");
  return { ...props, ...view };
}

describe("ExamBlock", () => {
  afterEach(() => {
    cleanup();
    clearMocks();
  });

  it("shows the tier badge, the stem, the options and View Memo, Watch Video, Submit (primary) at the bottom", async () => {
    const { container, onSubmit } = await renderBlock({ state: "available", lockedUntil: null });
    expect(within(container.querySelector(".card-header") as HTMLElement).getByText("Silver")).toBeTruthy();
    const buttons = within(container.querySelector(".card-actions") as HTMLElement).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["View Memo", "Watch Video", "Submit"]);
    expect(buttons[2].className).toContain("primary");
    expect((buttons[2] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getAllByRole("radio")[1]);
    fireEvent.click(buttons[2]);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith("B"));
  });

  it("a locked question has its options and Submit disabled and counts down", async () => {
    const until = new Date(Date.now() + 18 * HOUR + 12 * 60_000 + 30_000).toISOString();
    const { container } = await renderBlock({ state: "locked", lockedUntil: until });
    expect((container.querySelector("fieldset") as HTMLFieldSetElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Submit" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Available in 18h 12m")).toBeTruthy();
  });

  it("viewing the memo of an open question warns first that it locks the question", async () => {
    const onSupport = vi.fn(async () => null);
    await renderBlock({ state: "available", lockedUntil: null }, { onSupport });
    fireEvent.click(screen.getByRole("button", { name: "View Memo" }));
    const dialog = screen.getByRole("alertdialog");
    expect(dialog.textContent).toMatch(/locks this question for 24 hours/);
    expect(onSupport).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "View memo" })));
    expect(onSupport).toHaveBeenCalledWith("memo");
  });

  it("after a wrong answer shows Locked for 24h with the countdown and Continue (locked)", async () => {
    const until = new Date(Date.now() + 24 * HOUR - 1000).toISOString();
    const onContinue = vi.fn();
    await renderBlock({ state: "locked", lockedUntil: until }, { outcomes: [outcome("incorrect", until)], onContinue });
    expect(screen.getByText(/Locked for 24h/)).toBeTruthy();
    expect(screen.getByText("Available in 23h 59m")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledWith("locked");
  });

  it("after a pass shows the Passed badge and Continue (passed)", async () => {
    const onContinue = vi.fn();
    await renderBlock({ state: "passed", lockedUntil: null }, { outcomes: [outcome("passed", null)], onContinue });
    expect(screen.getByText("Passed")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledWith("passed");
  });
});

describe("ExamBlock video", () => {
  afterEach(() => {
    cleanup();
    clearMocks();
  });

  it("plays the pack's local video through the asset protocol after the warning", async () => {
    mockConvertFileSrc("linux");
    const saved = {
      threadId: 1, messages: [], outcome: "video_viewed" as const, status: { state: "locked" as const, lockedUntil: null },
      supportText: "In this video we subtract.", videoPath: "/data/media/eq/g1/walkthrough.mp4",
      snapshotLite: null as never,
    };
    const onSupport = vi.fn(async () => saved);
    await renderBlock({ state: "available", lockedUntil: null }, { onSupport });
    fireEvent.click(screen.getByRole("button", { name: "Watch Video" }));
    await act(async () => fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Watch video" })));
    const video = document.querySelector("video")!;
    expect(video.getAttribute("src")).toBe("asset://localhost/%2Fdata%2Fmedia%2Feq%2Fg1%2Fwalkthrough.mp4");
    expect(screen.getByText("In this video we subtract.")).toBeTruthy();
  });
});
