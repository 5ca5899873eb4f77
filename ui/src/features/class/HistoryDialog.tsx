import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type ClassStudent_Serialize as ClassStudent, type HandInHistoryEntry, type IpcError } from "../../bindings";
import { currentLanguage, errorText } from "../../i18n";

/** A student's hand-ins the class keeps, newest first: which one is in use, which the
 * teacher chose, which were edited; the teacher can use an earlier one, go back to the
 * newest, or save the student's summary CSV made again from the verified hand-in. */
export function HistoryDialog({ student, onClose, onChanged }: { student: ClassStudent; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<HandInHistoryEntry[] | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await commands.classHistory(student.key);
    if (result.status === "ok") setEntries(result.data);
    else setError(result.error);
  }, [student.key]);

  useEffect(() => {
    void load();
  }, [load]);

  async function choose(digest: string | null) {
    setError(null);
    const result = await commands.classChoose(student.key, digest);
    if (result.status === "error") return setError(result.error);
    await load();
    onChanged();
  }

  async function saveSummary() {
    setError(null);
    const result = await commands.classExportSummary(student.key, currentLanguage());
    if (result.status === "error") setError(result.error);
    else if (result.data) setSaved(result.data);
  }

  const anyChosen = entries?.some((e) => e.chosen) ?? false;
  return (
    <section className="modal-dialog class-history" role="dialog" aria-label={t("class.historyOf", { name: student.name })} onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <header>
        <h2>{t("class.historyOf", { name: student.name })}</h2>
        <button type="button" onClick={onClose}>
          {t("class.close")}
        </button>
      </header>
      <p>{t("class.historyIntro")}</p>
      {student.flags.length > 0 && (
        <ul role="status">
          {student.flags.map((f) => (
            <li key={f}>{t(`class.flags.${f}`)}</li>
          ))}
        </ul>
      )}
      {error && <p role="alert">{errorText(error)}</p>}
      {saved && <p role="status">{t("class.exported", { path: saved })}</p>}
      <ol>
        {(entries ?? []).map((e) => (
          <li key={e.digest}>
            <strong>{e.studentName}</strong> —{" "}
            {t("class.historyItem", { made: e.exportedAt.slice(0, 16).replace("T", " "), imported: e.importedAt.slice(0, 10), file: e.fileName, courses: e.courseIds.join(", ") })}
            {e.inUse && <span className="badge"> {t("class.inUse")}</span>}
            {e.chosen && <span className="badge"> {t("class.chosen")}</span>}
            {e.edited && <span className="class-edited"> ⚠ {t("class.edited")}</span>}{" "}
            {!e.inUse && (
              <button type="button" onClick={() => void choose(e.digest)}>
                {t("class.useThis")}
              </button>
            )}
          </li>
        ))}
      </ol>
      <footer>
        {anyChosen && (
          <button type="button" onClick={() => void choose(null)}>
            {t("class.useNewest")}
          </button>
        )}{" "}
        <button type="button" onClick={() => void saveSummary()}>
          {t("class.summary")}
        </button>
      </footer>
    </section>
  );
}
