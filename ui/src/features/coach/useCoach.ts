import { Channel } from "@tauri-apps/api/core";
import { useCallback, useEffect, useState } from "react";
import {
  commands,
  type CoachSessionSummaryView,
  type CoachSessionView,
  type CoachStreamEvent,
  type IpcError,
  type Language,
  type ToulminStep,
} from "../../bindings";

type Result<T> = { status: "ok"; data: T } | { status: "error"; error: IpcError };

/** The active profile's arguments, the one open, and the turn streaming into it. */
export function useCoach() {
  const [sessions, setSessions] = useState<CoachSessionSummaryView[] | null>(null);
  const [session, setSession] = useState<CoachSessionView | null>(null);
  const [streaming, setStreaming] = useState<string | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  const reloadList = useCallback(async () => {
    const result = await commands.coachList();
    if (result.status === "ok") setSessions(result.data);
    else setError(result.error);
  }, []);

  useEffect(() => {
    void reloadList();
  }, [reloadList]);

  /** Applies a command's result: the session on success, the error otherwise. */
  const apply = useCallback(
    async (pending: Promise<Result<CoachSessionView>>) => {
      const result = await pending;
      if (result.status === "ok") {
        setSession(result.data);
        setError(null);
        void reloadList();
      } else {
        setError(result.error);
      }
      return result.status === "ok";
    },
    [reloadList],
  );

  /** Runs a streamed turn on session `sessionId`: deltas fill `streaming`, then the saved
   * session replaces it. After a failure the session is reloaded (the student's message
   * may have been saved, ready for a retry). Resolves to whether the message is saved. */
  const stream = useCallback(
    async (
      sessionId: number,
      sent: string | null,
      start: (channel: Channel<CoachStreamEvent>) => Promise<Result<CoachSessionView>>,
    ) => {
      setError(null);
      setStreaming("");
      const channel = new Channel<CoachStreamEvent>();
      channel.onmessage = (event) => {
        if (event.kind === "delta") setStreaming((seen) => (seen ?? "") + event.text);
      };
      try {
        const result = await start(channel);
        if (result.status === "ok") return apply(Promise.resolve(result));
        const reloaded = await commands.coachOpen(sessionId);
        if (reloaded.status === "ok") setSession(reloaded.data);
        setError(result.error);
        const last = reloaded.status === "ok" ? reloaded.data.messages.at(-1) : undefined;
        return sent === null || (last?.role === "user" && last.content === sent.trim());
      } finally {
        setStreaming(null);
      }
    },
    [apply],
  );

  const id = session?.id;
  return {
    sessions,
    session,
    streaming,
    error,
    open: (sessionId: number) => apply(commands.coachOpen(sessionId)),
    create: (title: string, language: Language) => apply(commands.coachCreate(title, language)),
    send: (message: string) =>
      id === undefined ? Promise.resolve(false) : stream(id, message, (ch) => commands.coachSend(id, message, ch)),
    retry: () => (id === undefined ? Promise.resolve(false) : stream(id, null, (ch) => commands.coachRetry(id, ch))),
    accept: () => (id === undefined ? Promise.resolve(false) : apply(commands.coachAccept(id))),
    reject: () => (id === undefined ? Promise.resolve(false) : apply(commands.coachReject(id))),
    advance: () => (id === undefined ? Promise.resolve(false) : apply(commands.coachAdvance(id))),
    editDraft: (step: ToulminStep, text: string) =>
      id === undefined ? Promise.resolve(false) : apply(commands.coachEditDraft(id, step, text)),
    close: () => setSession(null),
    remove: async (sessionId: number) => {
      const result = await commands.coachDelete(sessionId);
      if (result.status === "error") setError(result.error);
      await reloadList();
    },
  };
}

/** What `useCoach` returns. */
export type CoachState = ReturnType<typeof useCoach>;
