import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { IpcError, UpdateOfferView_Serialize } from "../../bindings";
import { errorText } from "../../i18n";
import { ErrorAlert } from "./ErrorAlert";

/** `published` (RFC 3339) as a date in the interface language; as given when unreadable. */
function formatDate(published: string, language: string): string {
  const date = new Date(published);
  return Number.isNaN(date.getTime()) ? published : date.toLocaleDateString(language, { dateStyle: "long" });
}

/** A verified update: what it is, its notes, its package and checksum, and Install (off
 * when this copy cannot install packages itself, with why). */
export function OfferCard({
  offer,
  installError,
  busy,
  installing,
  installed,
  error,
  onInstall,
}: {
  offer: UpdateOfferView_Serialize;
  /** Why this copy cannot install a package itself, if so. */
  installError: IpcError | null;
  /** Any update action runs. */
  busy: boolean;
  installing: boolean;
  installed: boolean;
  /** The install's coded error, if it failed. */
  error: IpcError | null;
  onInstall: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  // One decimal for packages (hundreds of MB); two significant digits below 1 MB.
  const size = offer.sizeMb?.toLocaleString(
    i18n.language,
    offer.sizeMb < 1 ? { maximumSignificantDigits: 2 } : { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  );

  return (
    <article className="update-offer" aria-labelledby={titleId}>
      <h4 id={titleId}>{t("updates.available", { version: offer.version, currentVersion: offer.currentVersion })}</h4>
      <p className="check-ok">{t("updates.verified", { keyId: offer.keyId })}</p>
      {offer.notes && <p className="update-notes">{offer.notes}</p>}
      <dl className="update-facts">
        {offer.published && (
          <div>
            <dt>{t("updates.published")}</dt>
            <dd>
              <time dateTime={offer.published}>{formatDate(offer.published, i18n.language)}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>{t("updates.file")}</dt>
          <dd>{offer.fileName}</dd>
        </div>
        {size && (
          <div>
            <dt>{t("updates.size")}</dt>
            <dd>{t("updates.sizeMb", { sizeMb: size })}</dd>
          </div>
        )}
        <div className="update-sha">
          <dt>{t("updates.sha256")}</dt>
          <dd>
            <code>{offer.sha256}</code>
          </dd>
        </div>
      </dl>
      {installError && (
        <>
          <p className="check-error">{errorText(installError)}</p>
          <p className="help">{t("updates.installHint")}</p>
        </>
      )}
      {installed ? (
        <p className="check-ok" role="status">
          {t("updates.installed", { version: offer.version })}
        </p>
      ) : (
        <div className="actions">
          <button type="button" className="primary" disabled={busy || installError !== null} aria-busy={installing} onClick={onInstall}>
            {installing ? t("updates.installing") : t("updates.install")}
          </button>
        </div>
      )}
      <ErrorAlert error={error} />
    </article>
  );
}
