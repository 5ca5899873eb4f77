import { useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type PackCheckView_Serialize, type PackFinding_Serialize, type PackKind, type PackType } from "../../bindings";
import { currentLanguage, errorText } from "../../i18n";
import "./packs.css";

/** One finding: where (file, line, field), its code, and the message in the window's
 * language. */
function Finding({ finding }: { finding: PackFinding_Serialize }) {
  const place = [finding.file, finding.line ? String(finding.line) : null].filter(Boolean).join(":");
  const message = currentLanguage() === "es" ? finding.messageEs : finding.messageEn;
  return (
    <li>
      <code>{place}</code>
      {finding.field && (
        <>
          {" "}
          <code>{finding.field}</code>
        </>
      )}{" "}
      — {message} <small>({finding.code})</small>
    </li>
  );
}

/** A titled list of findings, when there are any. */
function FindingList({ title, findings }: { title: string; findings: PackFinding_Serialize[] }) {
  if (findings.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {findings.map((f, i) => (
          <Finding key={i} finding={f} />
        ))}
      </ul>
    </section>
  );
}

/** "Check a pack": the author picks a course or module pack (folder or .zip), reads
 * every problem and warning with its file, line and field, and imports it only when it
 * has no problem — the same pack, without picking it again. */
export function CheckPackDialog({ pack, onClose, onImported }: { pack: PackType; onClose: () => void; onImported?: (id: string) => void }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<PackCheckView_Serialize | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(kind: PackKind) {
    setError(null);
    setImported(null);
    const result = await commands.packsCheck(pack, kind, currentLanguage());
    if (result.status === "error") setError(result.error);
    else if (result.data) setChecked(result.data);
  }

  async function importChecked() {
    setBusy(true);
    setError(null);
    const result = await commands.packsImportChecked();
    setBusy(false);
    if (result.status === "error") return setError(result.error);
    setImported(result.data);
    onImported?.(result.data);
  }

  const report = checked?.report;
  return (
    <section className="modal-dialog check-pack" role="dialog" aria-label={t(`packs.title.${pack}`)} onKeyDown={(e) => e.key === "Escape" && onClose()}>
      <header>
        <h2>{t(`packs.title.${pack}`)}</h2>
        <button type="button" onClick={onClose}>
          {t("packs.close")}
        </button>
      </header>
      <p>{t("packs.intro")}</p>
      <div className="check-pack-actions">
        <button type="button" onClick={() => void check("folder")}>
          {t("packs.checkFolder")}
        </button>
        <button type="button" onClick={() => void check("zip")}>
          {t("packs.checkZip")}
        </button>
      </div>
      {error && <p role="alert">{errorText(error)}</p>}
      {checked && report && (
        <div className="check-pack-report">
          <p role="status">
            {t("packs.summary", { name: checked.name, problems: report.problems.length, warnings: report.warnings.length })}
            {report.omitted > 0 && ` ${t("packs.omitted", { count: report.omitted })}`}
          </p>
          <FindingList title={t("packs.problems")} findings={report.problems} />
          <FindingList title={t("packs.warnings")} findings={report.warnings} />
          {report.problems.length === 0 ? (
            <button type="button" disabled={busy || imported !== null} onClick={() => void importChecked()}>
              {t(`packs.import.${pack}`)}
            </button>
          ) : (
            <p>{t("packs.fixFirst")}</p>
          )}
          {imported && <p role="status">{t("packs.imported", { id: imported })}</p>}
        </div>
      )}
    </section>
  );
}
