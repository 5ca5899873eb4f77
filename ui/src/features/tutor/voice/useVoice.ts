import { Channel } from "@tauri-apps/api/core";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  commands,
  type IpcError,
  type Language,
  type VoiceEvent,
  type VoiceStatusView_Serialize,
  type VoiceTranscriptView_Serialize,
} from "../../../bindings";

type Result<T> = { status: "ok"; data: T } | { status: "error"; error: IpcError };

/** What the student typed in the confirm dialog, kept when a send fails. */
export type VoiceDraft = { message: string; latex: string };

/** Where voice input is: idle → recording → transcribing → confirming → idle; a failure
 * at any step goes to `error` until it is dismissed (or a new recording starts). */
export type VoiceState =
  | { phase: "idle" }
  | { phase: "recording"; elapsedMs: number; level: number }
  | { phase: "transcribing"; fraction: number }
  | { phase: "confirming"; transcript: VoiceTranscriptView_Serialize; draft: VoiceDraft | null; failed: boolean }
  | { phase: "error"; error: IpcError };

/** The status while it is unknown: a bare backend answered nothing. */
const UNKNOWN: VoiceStatusView_Serialize = { available: false, model: null, error: null, maxSeconds: 0 };

/** A failure as a coded error: the backend's own, else `ipc_failed`. */
function asIpcError(cause: unknown): IpcError {
  const coded = cause as Partial<IpcError> | null;
  return typeof coded?.code === "string" ? (coded as IpcError) : { code: "ipc_failed", message: String(cause) };
}

/** Runs a command; anything it throws (or an uncoded error) becomes a coded error. */
async function call<T>(command: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    const result = await command();
    return result.status === "ok" ? result : { status: "error", error: asIpcError(result.error) };
  } catch (cause) {
    return { status: "error", error: asIpcError(cause) };
  }
}

/** Voice input for the composer: whether it can work (asked on mount), and one recording
 * at a time through its phases. Events and results of a cancelled recording are ignored;
 * unmounting during a recording cancels it. */
export function useVoice() {
  const [status, setStatus] = useState<VoiceStatusView_Serialize | null>(null);
  const [state, setState] = useState<VoiceState>({ phase: "idle" });
  /** The phase now, for event handlers and callbacks that outlive a render. */
  const phase = useRef<VoiceState["phase"]>("idle");
  /** Bumped at each start and cancel: what arrives for an older recording is dropped. */
  const session = useRef(0);
  const mounted = useRef(true);

  const go = useCallback((next: VoiceState) => {
    phase.current = next.phase;
    if (mounted.current) setState(next);
  }, []);

  /** Asks the backend whether voice input can work. */
  const refresh = useCallback(async () => {
    const result = await call(commands.voiceStatus);
    if (!mounted.current) return;
    if (result.status === "ok") setStatus(result.data ?? UNKNOWN);
    else setStatus({ ...UNKNOWN, error: result.error });
  }, []);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    return () => {
      mounted.current = false;
      if (phase.current === "recording" || phase.current === "transcribing") {
        session.current += 1;
        phase.current = "idle";
        void call(commands.voiceCancel);
      }
    };
  }, [refresh]);

  /** Stops recording and transcribes (also when the time limit stopped it). */
  const stop = useCallback(async () => {
    if (phase.current !== "recording") return;
    const id = session.current;
    go({ phase: "transcribing", fraction: 0 });
    const result = await call(commands.voiceStop);
    if (session.current !== id) return; // cancelled meanwhile
    go(
      result.status === "ok"
        ? { phase: "confirming", transcript: result.data, draft: null, failed: false }
        : { phase: "error", error: result.error },
    );
  }, [go]);

  /** Starts recording in `language`. */
  const start = useCallback(
    async (language: Language) => {
      if (phase.current !== "idle" && phase.current !== "error") return;
      const id = ++session.current;
      go({ phase: "recording", elapsedMs: 0, level: 0 });
      const channel = new Channel<VoiceEvent>();
      channel.onmessage = (event) => {
        if (session.current !== id) return;
        if (event.kind === "level" && phase.current === "recording") {
          go({ phase: "recording", elapsedMs: event.elapsedMs, level: Math.min(1, Math.max(0, event.level ?? 0)) });
        } else if (event.kind === "limit") {
          void stop();
        } else if (event.kind === "transcribing" && phase.current === "transcribing") {
          go({ phase: "transcribing", fraction: Math.min(1, Math.max(0, event.fraction ?? 0)) });
        }
      };
      const result = await call(() => commands.voiceStart(language, channel));
      if (session.current !== id) {
        // Cancelled while the microphone was opening: make sure it is closed.
        if (result.status === "ok") void call(commands.voiceCancel);
        return;
      }
      if (result.status === "error") {
        go({ phase: "error", error: result.error });
        void refresh(); // the model or the microphone may have gone
      }
    },
    [go, refresh, stop],
  );

  /** Stops and discards the recording or the transcription running. */
  const cancel = useCallback(async () => {
    if (phase.current !== "recording" && phase.current !== "transcribing") return;
    const id = ++session.current;
    go({ phase: "idle" });
    const result = await call(commands.voiceCancel);
    // Nothing left to cancel is what was wanted; anything else may mean the microphone is
    // still on, so it is shown (unless a new recording started meanwhile).
    if (result.status === "error" && result.error.code !== "voice_not_recording" && session.current === id) {
      go({ phase: "error", error: result.error });
    }
  }, [go]);

  /** Closes the confirm dialog (discarding the transcript) or the error. */
  const close = useCallback(() => {
    if (phase.current === "confirming" || phase.current === "error") go({ phase: "idle" });
  }, [go]);

  /** Opens the confirm dialog again with what the student had written (a send failed). */
  const reopen = useCallback(
    (transcript: VoiceTranscriptView_Serialize, draft: VoiceDraft) => {
      if (phase.current === "idle") go({ phase: "confirming", transcript, draft, failed: true });
    },
    [go],
  );

  return { status, state, start, stop, cancel, close, reopen };
}
