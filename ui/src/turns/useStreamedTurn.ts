import { Channel } from "@tauri-apps/api/core";
import { useCallback, useRef, useState } from "react";
import { commands, type IpcError, type ReplyOrigin, type SourcePassage, type TurnEvent } from "../bindings";

/** What a command returns through the generated bindings. */
export type Result<T> = { status: "ok"; data: T } | { status: "error"; error: IpcError };

/** A step of a multi-step turn ("reading 2.1 Gutters"). */
export type TurnProgress = { step: string; section: string };

/** One streamed turn at a time, for any loop: the words as they arrive (or the steps of
 * a multi-step turn, or the tutor's course passage before the model writes), a Stop that
 * cancels the running turn, and who wrote the last reply (the model or the guide). */
export function useStreamedTurn<T>() {
  const [streaming, setStreaming] = useState<string | null>(null);
  const [progress, setProgress] = useState<TurnProgress | null>(null);
  const [passage, setPassage] = useState<SourcePassage | null>(null);
  const [canStop, setCanStop] = useState(false);
  const [origin, setOrigin] = useState<ReplyOrigin | null>(null);
  const turn = useRef<number | null>(null);

  /** Runs `start` with a fresh channel; resolves to the command's result. */
  const run = useCallback(async (start: (channel: Channel<TurnEvent<T>>) => Promise<Result<T>>) => {
    setStreaming("");
    setOrigin(null);
    const channel = new Channel<TurnEvent<T>>();
    channel.onmessage = (event) => {
      if (event.kind === "started") {
        turn.current = event.turn;
        setCanStop(true);
      } else if (event.kind === "delta") {
        setStreaming((seen) => (seen ?? "") + event.text);
      } else if (event.kind === "progress") {
        setProgress({ step: event.step, section: event.section });
      } else if (event.kind === "passage") {
        setPassage(event.passage);
      } else if (event.kind === "final") {
        setOrigin(event.origin);
      }
    };
    try {
      return await start(channel);
    } finally {
      turn.current = null;
      setCanStop(false);
      setStreaming(null);
      setProgress(null);
      setPassage(null);
    }
  }, []);

  /** Stops the running turn; what the student sent stays saved. */
  const stop = useCallback(async () => {
    if (turn.current !== null) await commands.cancelTurn(turn.current);
  }, []);

  return { streaming, progress, passage, canStop, origin, run, stop };
}
