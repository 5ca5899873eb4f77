// Test-only: a scripted voice backend for Vitest and the headless-Chromium suite. A
// recording reports three input levels as soon as it starts (and, with `limit`, that the
// time limit stopped it); stopping reports the transcription at 50% and 100% and returns
// the scripted transcript (by default "x squared plus three x equals ten"). Without a
// speech model (`available: false`) nothing can start. Never part of a real build.
import type { ErrorCode, IpcError, VoiceEvent, VoiceStatusView_Serialize, VoiceTranscriptView_Serialize } from "../../../bindings";

type Args = Record<string, unknown>;
type Channel = { onmessage: (event: VoiceEvent) => void };

/** What the scripted recording is heard as. */
export const MOCK_TRANSCRIPT: VoiceTranscriptView_Serialize = {
  text: "x squared plus three x equals ten",
  message: "$x^2 + 3x = 10$",
  latex: "x^2 + 3x = 10",
  language: "en",
  seconds: 3.2,
};

/** The longest recording, in seconds. */
export const MOCK_MAX_SECONDS = 30;

/** The input levels a recording reports when it starts, 100 ms apart. */
export const MOCK_LEVELS = [0.2, 0.65, 0.4] as const;

/** A scripted voice backend. `available: false`: the speech model is missing;
 * `transcript`: what a recording is heard as; `limit`: a recording reaches the time limit
 * right after its levels; `stopError`: stopping fails with that code (e.g. `voice_no_speech`). */
export function createVoiceMock(
  options: { available?: boolean; transcript?: VoiceTranscriptView_Serialize; limit?: boolean; stopError?: ErrorCode } = {},
) {
  const available = options.available ?? true;
  const transcript = options.transcript ?? MOCK_TRANSCRIPT;
  let channel: Channel | null = null;
  let elapsedMs = 0;

  const missing: IpcError = { code: "voice_model_missing", message: "no whisper-base in the model pack" };
  const event = (kind: VoiceEvent["kind"], level: number, fraction: number): VoiceEvent => ({ kind, level, elapsedMs, fraction });

  return {
    voice_status: (): VoiceStatusView_Serialize => ({
      available,
      model: available ? "whisper-base" : null,
      error: available ? null : missing,
      maxSeconds: MOCK_MAX_SECONDS,
    }),
    voice_start: (args: Args) => {
      if (!available) throw missing;
      if (channel) throw { code: "voice_already_recording", message: "a recording is running" } satisfies IpcError;
      const started = args.onEvent as Channel;
      channel = started;
      elapsedMs = 0;
      for (const level of MOCK_LEVELS) {
        elapsedMs += 100;
        started.onmessage(event("level", level, 0));
      }
      if (options.limit) {
        elapsedMs = MOCK_MAX_SECONDS * 1000;
        started.onmessage(event("limit", 0, 0));
      }
      return null;
    },
    voice_stop: (): VoiceTranscriptView_Serialize => {
      const recording = channel;
      if (!recording) throw { code: "voice_not_recording", message: "nothing is recording" } satisfies IpcError;
      channel = null;
      if (options.stopError) throw { code: options.stopError, message: "scripted failure" } satisfies IpcError;
      recording.onmessage(event("transcribing", 0, 0.5));
      recording.onmessage(event("transcribing", 0, 1));
      return transcript;
    },
    voice_cancel: () => {
      channel = null;
      return null;
    },
  };
}
