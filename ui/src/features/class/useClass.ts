import { useCallback, useEffect, useState } from "react";
import {
  commands,
  type ClassExportFormat,
  type ClassFilter_Deserialize,
  type ClassView_Serialize,
  type HandInImportView,
  type HandInSource,
  type IpcError,
} from "../../bindings";
import { currentLanguage } from "../../i18n";

/** The class in use: its view under the filter, and importing, exporting and removing. */
export function useClass() {
  const [filter, setFilter] = useState<ClassFilter_Deserialize>({ courseId: null, since: null, until: null });
  const [view, setView] = useState<ClassView_Serialize | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [imported, setImported] = useState<HandInImportView[] | null>(null);
  const [exported, setExported] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const result = await commands.classView(filter);
    if (result.status === "ok") setView(result.data);
    else setError(result.error);
  }, [filter]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Imports hand-ins from a folder or files the teacher picks, then shows the class. */
  const importHandIns = useCallback(
    async (source: HandInSource) => {
      setError(null);
      setExported(null);
      const result = await commands.classImport(source, currentLanguage());
      if (result.status === "error") return setError(result.error);
      if (result.data) setImported(result.data);
      await reload();
    },
    [reload],
  );

  /** Saves the grid shown as CSV or a printable page where the teacher picks. */
  const exportGrid = useCallback(
    async (format: ClassExportFormat) => {
      setError(null);
      const result = await commands.classExport(filter, format, currentLanguage());
      if (result.status === "error") setError(result.error);
      else if (result.data) setExported(result.data);
    },
    [filter],
  );

  /** Removes a student's hand-ins from the class. */
  const removeStudent = useCallback(
    async (key: string) => {
      const result = await commands.classRemoveStudent(key);
      if (result.status === "error") return setError(result.error);
      await reload();
    },
    [reload],
  );

  return { filter, setFilter, view, error, imported, exported, importHandIns, exportGrid, removeStudent, reload };
}
