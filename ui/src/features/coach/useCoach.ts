import { useCallback, useEffect, useState } from "react";
import {
  commands,
  type CoachSessionSummaryView,
  type CoachSessionView,
  type IpcError,
  type Language,
  type ToulminStep,
} from "../../bindings";
import { useStreamedTurn, type Result } from "../../turns/useStreamedTurn";

/** The active profile's arguments, the one open (the last one, on start), and the turn
 * streaming into it. */
export function useCoach() {
  const [sessions, setSessions] = useState<CoachSessionSummaryView[] | null>(null);
  const [session, setSession] = useState<CoachSessionView | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const turn = useStreamedTurn<CoachSessionView>();

  const reloadList = useCallback(async () => {
    const result = await commands.coachList();
    if (result.status === "ok") setSessions(result.data);
    else setError(result.error);
  }, []);

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

  // On start, reopen the argument the student had open (or changed) last.
  useEffect(() => {
    void reloadList();
    void commands.coachLast().then((last) => {
      if (last.status === "ok" && typeof last.data === "number") void apply(commands.coachOpen(last.data));
    });
  }, [reloadList, apply]);

  /** Runs a streamed turn on session `sessionId`; after a failure or a stop the session
   * is reloaded (the student's message is saved, ready for a retry). Resolves to whether
   * the message is saved. */
  const stream = useCallback(
    async (sessionId: number, sent: string | null, start: Parameters<typeof turn.run>[0]) => {
      setError(null);
      const result = await turn.run(start);
      if (result.status === "ok") return apply(Promise.resolve(result));
      const reloaded = await commands.coachOpen(sessionId);
      if (reloaded.status === "ok") setSession(reloaded.data);
      setError(result.error);
      const last = reloaded.status === "ok" ? reloaded.data.messages.at(-1) : undefined;
      return sent === null || (last?.role === "user" && last.content === sent.trim());
    },
    [apply, turn.run],
  );

  const id = session?.id;
  const saveUnsent = useCallback(
    (text: string) => {
      if (id !== undefined) void commands.coachSaveUnsent(id, text);
    },
    [id],
  );
  return {
    sessions,
    session,
    streaming: turn.streaming,
    canStop: turn.canStop,
    origin: turn.origin,
    error,
    stop: turn.stop,
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
    saveUnsent,
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
