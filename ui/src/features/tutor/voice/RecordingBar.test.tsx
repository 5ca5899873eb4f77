import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18next } from "../../../i18n";
import { clock, RecordingBar } from "./RecordingBar";

function bar(props: Partial<Parameters<typeof RecordingBar>[0]> = {}) {
  const onStop = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <RecordingBar recording elapsedMs={0} level={0} fraction={0} maxSeconds={30} onStop={onStop} onCancel={onCancel} {...props} />,
  );
  return { onStop, onCancel, view };
}

describe("RecordingBar", () => {
  afterEach(async () => {
    cleanup();
    await i18next.changeLanguage("en");
  });

  it("formats times as minutes and seconds", () => {
    expect(clock(0)).toBe("0:00");
    expect(clock(4_999)).toBe("0:04");
    expect(clock(65_000)).toBe("1:05");
    expect(clock(-20)).toBe("0:00");
  });

  it("shows the time against the limit, or alone when the limit is unknown", () => {
    const { view } = bar({ elapsedMs: 12_300, maxSeconds: 60 });
    expect(screen.getByRole("timer").textContent).toBe("0:12 / 1:00");
    view.rerender(<RecordingBar recording elapsedMs={12_300} level={0} fraction={0} maxSeconds={0} onStop={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole("timer").textContent).toBe("0:12");
  });

  it("reports the level on its meter", () => {
    bar({ level: 0.256 });
    const meter = screen.getByRole("meter", { name: "Microphone level" });
    expect(meter.getAttribute("aria-valuenow")).toBe("26");
    expect(meter.getAttribute("aria-valuemin")).toBe("0");
    expect(meter.getAttribute("aria-valuemax")).toBe("100");
    expect((meter.firstElementChild as HTMLElement).style.transform).toBe("scaleX(0.256)");
  });

  it("Stop and Cancel call back; Escape anywhere cancels unless something else handled it", () => {
    const { onStop, onCancel } = bar();
    fireEvent.click(screen.getByRole("button", { name: "Stop" }));
    expect(onStop).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(onCancel).toHaveBeenCalledTimes(2);
    const handled = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it("moves focus from Stop to Cancel when the transcription starts", () => {
    const { view } = bar();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Stop" }));
    act(() =>
      view.rerender(<RecordingBar recording={false} elapsedMs={0} level={0} fraction={0.25} maxSeconds={30} onStop={() => {}} onCancel={() => {}} />),
    );
    const group = screen.getByRole("group", { name: "Voice message" });
    expect(within(group).queryByRole("button", { name: "Stop" })).toBeNull();
    expect(within(group).queryByRole("meter")).toBeNull();
    expect(within(group).getByText("Transcribing… 25%")).toBeTruthy();
    expect(within(group).getByRole("progressbar", { name: "Turning your recording into text…" })).toBeTruthy();
    expect(document.activeElement).toBe(within(group).getByRole("button", { name: "Cancel" }));
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    const { view } = bar({ elapsedMs: 4_000 });
    const group = screen.getByRole("group", { name: "Mensaje de voz" });
    expect(within(group).getByRole("timer").getAttribute("aria-label")).toBe("0:04 grabados de un máximo de 0:30");
    expect(within(group).getByRole("button", { name: "Detener" })).toBeTruthy();
    view.rerender(<RecordingBar recording={false} elapsedMs={0} level={0} fraction={0.4} maxSeconds={30} onStop={() => {}} onCancel={() => {}} />);
    expect(within(group).getByText("Transcribiendo… 40 %")).toBeTruthy();
  });
});
