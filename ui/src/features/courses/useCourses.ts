import { useCallback, useEffect, useState } from "react";
import { commands, events, type CourseImportProgress, type CourseView, type IpcError, type PackKind } from "../../bindings";
import { currentLanguage } from "../../i18n";

/** The imported courses and the import in progress, kept current by events. */
export function useCourses() {
  const [courses, setCourses] = useState<CourseView[] | null>(null);
  const [progress, setProgress] = useState<CourseImportProgress | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  const reload = useCallback(async () => {
    const result = await commands.listCourses();
    if (result.status === "ok") setCourses(result.data);
    else setError(result.error);
  }, []);

  useEffect(() => {
    let live = true;
    const stops: (() => void)[] = [];
    const keep = (stop: () => void) => (live ? stops.push(stop) : stop());
    events.courseImportProgress
      .listen((e) => live && setProgress(e.payload.step === "done" ? null : e.payload))
      .then(keep)
      .catch(() => undefined);
    events.coursesChanged
      .listen(() => live && void reload())
      .then(keep)
      .catch(() => undefined);
    void reload();
    return () => {
      live = false;
      stops.forEach((stop) => stop());
    };
  }, [reload]);

  /** Imports the pack (a folder or a .zip) the student picks in the app's file dialog;
   * resolves to the error, or null on success or when they cancel. */
  const importPack = useCallback(
    async (kind: PackKind) => {
      setError(null);
      const result = await commands.importCourse(kind, currentLanguage());
      setProgress(null);
      if (result.status === "error") {
        setError(result.error);
        return result.error;
      }
      await reload();
      return null;
    },
    [reload],
  );

  return { courses, progress, error, importPack };
}
