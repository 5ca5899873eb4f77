import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type VersionView } from "../../bindings";

/** The report's versions, newest first, each restorable (as a new version). */
export function HistoryPanel({
  reportId,
  version,
  onRestore,
  onClose,
}: {
  reportId: number;
  version: number;
  onRestore: (version: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [versions, setVersions] = useState<VersionView[] | null>(null);

  useEffect(() => {
    let live = true;
    void commands.reportsHistory(reportId).then((r) => live && r.status === "ok" && setVersions(r.data));
    return () => {
      live = false;
    };
  }, [reportId, version]);

  return (
    <section className="history-panel" role="dialog" aria-label={t("reports.historyTitle")} onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <header>
        <h2>{t("reports.historyTitle")}</h2>
        <button type="button" onClick={onClose} autoFocus>
          {t("tutor.close")}
        </button>
      </header>
      <ol>
        {versions?.map((v) => (
          <li key={v.version}>
            <p>
              <strong>{t("reports.version", { version: v.version })}</strong> · {t(`reports.causes.${v.cause}` as "reports.causes.import")}
              {v.version === version && <span className="pill">{t("reports.current")}</span>}
            </p>
            <p className="muted">{v.summary}</p>
            <p className="muted small">{new Date(v.createdAt).toLocaleString()}</p>
            {v.version !== version && (
              <button type="button" onClick={() => onRestore(v.version)}>
                {t("reports.restore", { version: v.version })}
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
