import { useCallback, useEffect, useState } from "react";
import {
  commands,
  events,
  type CourseImportProgress,
  type IpcError,
  type Language,
  type ModuleInput,
  type ModuleListingView,
  type ModuleSessionStateView,
  type ModuleTurnView,
  type PackKind,
} from "../../bindings";
import { useStreamedTurn } from "../../turns/useStreamedTurn";

/** Errors that refuse the student's input: nothing was saved, so the page keeps what it shows. */
const INPUT_ERRORS = new Set(["module_message_empty", "module_message_too_long", "module_form_invalid", "module_form_not_found", "module_section_not_found"]);

/** The modules workspace: the library (kept current by events), the open session with
 * its conversation and progress, and every action — open or restart a module, send a
 * message, a form or a section picked, import a pack. */
export function useModules(language: Language) {
  const [modules, setModules] = useState<ModuleListingView[] | null>(null);
  const [session, setSession] = useState<ModuleSessionStateView | null>(null);
  const [importing, setImporting] = useState<CourseImportProgress | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  /** Why the school's distress phrases are refused, as the last turn said (null: in use or none). */
  const [distressWords, setDistressWords] = useState<IpcError | null>(null);
  const turn = useStreamedTurn<ModuleTurnView>();

  const reload = useCallback(async () => {
    const result = await commands.modulesList();
    if (result.status === "ok") setModules(result.data);
    else setError(result.error);
  }, []);

  useEffect(() => {
    let live = true;
    const stops: (() => void)[] = [];
    const keep = (stop: () => void) => (live ? stops.push(stop) : stop());
    events.modulesChanged
      .listen(() => live && void reload())
      .then(keep)
      .catch(() => undefined);
    events.courseImportProgress
      .listen((e) => live && setImporting(e.payload.step === "done" ? null : e.payload))
      .then(keep)
      .catch(() => undefined);
    void reload();
    return () => {
      live = false;
      stops.forEach((stop) => stop());
    };
  }, [reload]);

  /** Opens the profile's session of `moduleId` (started on first use), or starts it over. */
  const open = useCallback(
    async (moduleId: string, restart = false) => {
      const result = await commands.modulesStart(moduleId, language, restart);
      if (result.status === "error") return setError(result.error);
      setError(null);
      setSession(result.data);
    },
    [language],
  );

  /** Sends one turn; resolves to whether it was saved. */
  const send = useCallback(
    async (input: ModuleInput) => {
      if (!session) return false;
      const result = await turn.run((channel) => commands.modulesSend(session.sessionId, input, channel));
      if (result.status === "error") {
        setError(result.error);
        if (!INPUT_ERRORS.has(result.error.code)) await open(session.moduleId);
        return false;
      }
      setError(null);
      const { student, reply, progress } = result.data;
      setDistressWords(result.data.distressWords ?? null);
      setSession((s) => (s ? { ...s, messages: [...s.messages, student, reply], progress } : s));
      return true;
    },
    [session, turn, open],
  );

  /** Imports the module pack (a folder or a .zip) the student picks in the app's file
   * dialog, and opens it; a cancelled dialog changes nothing. */
  const importPack = useCallback(
    async (kind: PackKind) => {
      setError(null);
      const result = await commands.modulesImport(kind, language);
      setImporting(null);
      if (result.status === "error") return setError(result.error);
      if (result.data === null) return;
      await reload();
      await open(result.data.id);
    },
    [reload, open, language],
  );

  return { modules, session, importing, error, setError, distressWords, turn, open, send, importPack };
}

/** What `useModules` gives the page. */
export type Modules = ReturnType<typeof useModules>;
