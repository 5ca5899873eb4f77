import { describe, expect, it } from "vitest";
import type { VoiceEvent } from "../../../bindings";
import { createVoiceMock, MOCK_LEVELS, MOCK_TRANSCRIPT } from "./mock";

/** A channel that keeps what it receives. */
function channel() {
  const events: VoiceEvent[] = [];
  return { events, onEvent: { onmessage: (event: VoiceEvent) => events.push(event) } };
}

describe("createVoiceMock", () => {
  it("records, reports levels and the transcription, and returns the transcript", () => {
    const voice = createVoiceMock();
    expect(voice.voice_status()).toEqual({ available: true, model: "whisper-base", error: null, maxSeconds: 30 });
    const { events, onEvent } = channel();
    expect(voice.voice_start({ language: "en", onEvent })).toBeNull();
    expect(events.map((e) => e.level)).toEqual([...MOCK_LEVELS]);
    expect(events.every((e) => e.kind === "level")).toBe(true);
    expect(voice.voice_stop()).toEqual(MOCK_TRANSCRIPT);
    expect(events.filter((e) => e.kind === "transcribing").map((e) => e.fraction)).toEqual([0.5, 1]);
  });

  it("refuses to stop without a recording, to start twice, and to start without the model", () => {
    const voice = createVoiceMock();
    expect(() => voice.voice_stop()).toThrow(expect.objectContaining({ code: "voice_not_recording" }));
    voice.voice_start({ onEvent: channel().onEvent });
    expect(() => voice.voice_start({ onEvent: channel().onEvent })).toThrow(expect.objectContaining({ code: "voice_already_recording" }));
    expect(voice.voice_cancel()).toBeNull();
    expect(() => voice.voice_stop()).toThrow(expect.objectContaining({ code: "voice_not_recording" }));
    const missing = createVoiceMock({ available: false });
    expect(missing.voice_status().error?.code).toBe("voice_model_missing");
    expect(() => missing.voice_start({ onEvent: channel().onEvent })).toThrow(expect.objectContaining({ code: "voice_model_missing" }));
  });

  it("reports the time limit when asked to", () => {
    const voice = createVoiceMock({ limit: true });
    const { events, onEvent } = channel();
    voice.voice_start({ onEvent });
    expect(events.at(-1)).toEqual({ kind: "limit", level: 0, elapsedMs: 30_000, fraction: 0 });
  });
});
