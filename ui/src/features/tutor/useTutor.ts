import { useCallback, useEffect, useState } from "react";
import {
  commands,
  events,
  type ClientEvent,
  type IpcError,
  type SnapshotLite,
  type TutorCourseView,
  type TutorInputView,
  type TutorMessage,
  type TutorThreadSummaryView,
  type TutorThreadView,
} from "../../bindings";
import { useStreamedTurn, type Result } from "../../turns/useStreamedTurn";

/** A thread as the page holds it: the saved view, with new timeline items appended. */
export type OpenThread = TutorThreadView;

/** What a turn, a grade or an exam event returns: new timeline items and the panel. */
type Appended = { messages: TutorMessage[]; snapshotLite: SnapshotLite };

/** The tutor's state for the active profile: courses, threads, the open thread, the
 * reply streaming into it, and every action the timeline's cards and the composer take. */
export function useTutor() {
  const [courses, setCourses] = useState<TutorCourseView[] | null>(null);
  const [threads, setThreads] = useState<TutorThreadSummaryView[] | null>(null);
  const [thread, setThread] = useState<OpenThread | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  // Bumped after every saved change, so panels that load their own data reload.
  const [revision, setRevision] = useState(0);
  const turn = useStreamedTurn<Appended>();

  const reloadLists = useCallback(async () => {
    const [listed, picked] = await Promise.all([commands.tutorThreads(), commands.tutorCourses()]);
    if (listed.status === "ok") setThreads(listed.data);
    else setError(listed.error);
    if (picked.status === "ok") setCourses(picked.data);
  }, []);

  // The course picker follows imports (the sample course is imported on first start).
  useEffect(() => {
    let live = true;
    let stop: (() => void) | null = null;
    events.coursesChanged
      .listen(() => live && void reloadLists())
      .then((unlisten) => (live ? (stop = unlisten) : unlisten()))
      .catch(() => undefined);
    void reloadLists();
    return () => {
      live = false;
      stop?.();
    };
  }, [reloadLists]);

  /** Shows a command's thread, or its error. */
  const show = useCallback(
    async (pending: Promise<Result<TutorThreadView>>) => {
      const result = await pending;
      if (result.status === "ok") {
        setThread(result.data);
        setError(null);
        setRevision((r) => r + 1);
        void reloadLists();
      } else {
        setError(result.error);
      }
      return result.status === "ok";
    },
    [reloadLists],
  );

  /** Appends what a saved action returned to the open thread `id`. */
  const append = useCallback((id: number, saved: Appended) => {
    setThread((open) =>
      open && open.id === id
        ? { ...open, messages: [...open.messages, ...saved.messages], snapshotLite: saved.snapshotLite, turns: open.turns + 1 }
        : open,
    );
    setRevision((r) => r + 1);
  }, []);

  /** Runs a streamed action on thread `id`; on failure the thread is reloaded and the
   * error shown. Resolves to whether it was saved. */
  const stream = useCallback(
    async (id: number, start: Parameters<typeof turn.run>[0]) => {
      setError(null);
      const result = await turn.run(start);
      if (result.status === "ok") {
        append(id, result.data);
        void reloadLists();
        return true;
      }
      const reloaded = await commands.tutorOpen(id);
      if (reloaded.status === "ok") setThread(reloaded.data);
      setError(result.error);
      return false;
    },
    [append, reloadLists, turn],
  );

  /** Runs a one-shot exam action on thread `id`. */
  const act = useCallback(
    async <T extends Appended>(id: number, pending: Promise<Result<T>>): Promise<T | null> => {
      const result = await pending;
      if (result.status === "ok") {
        setError(null);
        append(id, result.data);
        void reloadLists();
        return result.data;
      }
      setError(result.error);
      return null;
    },
    [append, reloadLists],
  );

  const id = thread?.id;
  const send = useCallback(
    (input: TutorInputView) =>
      id === undefined ? Promise.resolve(false) : stream(id, (ch) => commands.tutorSend(id, input, ch)),
    [id, stream],
  );
  const press = useCallback(
    (clientEvent: ClientEvent) => send({ text: null, latex: null, clientEvent }),
    [send],
  );

  return {
    courses,
    threads,
    thread,
    error,
    origin: turn.origin,
    revision,
    streaming: turn.streaming,
    streamingPassage: turn.passage,
    canStop: turn.canStop,
    stop: turn.stop,
    open: (threadId: number) => show(commands.tutorOpen(threadId)),
    create: (courseId: string) => show(commands.tutorCreate(courseId, null)),
    close: () => setThread(null),
    remove: async (threadId: number) => {
      const result = await commands.tutorDelete(threadId);
      if (result.status === "error") setError(result.error);
      if (threadId === id) setThread(null);
      await reloadLists();
    },
    send,
    press,
    gradeDrill: (messageId: string, answer: string) =>
      id === undefined
        ? Promise.resolve(false)
        : stream(id, (ch) => commands.tutorGradeDrill(id, messageId, answer, ch)),
    submitExam: (questionId: string, optionId: string) =>
      id === undefined ? Promise.resolve(null) : act(id, commands.tutorExamSubmit(id, questionId, optionId)),
    viewSupport: (questionId: string, kind: "memo" | "video") =>
      id === undefined ? Promise.resolve(null) : act(id, commands.tutorExamSupport(id, questionId, kind)),
  };
}

/** What `useTutor` returns. */
export type TutorState = ReturnType<typeof useTutor>;
