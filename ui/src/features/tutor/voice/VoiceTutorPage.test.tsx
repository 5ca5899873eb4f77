import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it } from "vitest";
import { clickWhenEnabled } from "../../../testing/clickWhenEnabled";
import { createTutorMock } from "../mock";
import { TutorPage } from "../TutorPage";
import { createVoiceMock } from "./mock";

type Args = Record<string, unknown>;

describe("voice input on the tutor page", () => {
  afterEach(() => {
    cleanup();
    clearMocks();
  });

  it("a spoken message becomes a turn with its LaTeX", async () => {
    const handlers: Record<string, (args: Args) => unknown> = { ...createTutorMock(), ...createVoiceMock() };
    const calls: { cmd: string; args: Args }[] = [];
    mockIPC((cmd, args) => {
      calls.push({ cmd, args: args as Args });
      if (cmd === "list_courses") return [];
      return handlers[cmd]?.(args as Args) ?? null;
    });
    render(<TutorPage modelReady debugDrawer={false} />);
    await clickWhenEnabled("New session");
    const mic = await screen.findByRole("button", { name: "Speak a message" });
    // The button is usable once voice_status has answered.
    await waitFor(() => expect(mic.getAttribute("aria-disabled")).not.toBe("true"));
    await act(async () => fireEvent.click(mic));
    const bar = await screen.findByRole("group", { name: "Voice message" });
    await act(async () => fireEvent.click(within(bar).getByRole("button", { name: "Stop" })));
    const dialog = await screen.findByRole("dialog", { name: "Check your spoken message" });
    fireEvent.change(within(dialog).getByLabelText("Message"), { target: { value: "Solve $x^2 + 3x = 10$" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Send" })));

    const sent = calls.filter((c) => c.cmd === "tutor_send").map((c) => c.args.input);
    expect(sent).toEqual([{ text: "Solve $x^2 + 3x = 10$", latex: "x^2 + 3x = 10", clientEvent: null }]);
    expect(calls.find((c) => c.cmd === "voice_start")?.args.language).toBe("en");
    expect(screen.queryByRole("dialog")).toBeNull();
    const timeline = screen.getByRole("list", { name: "Conversation" });
    expect(await within(timeline).findByText(/Solve/)).toBeTruthy();
    expect(timeline.querySelector(".message-latex .katex")).toBeTruthy();
  });
});
