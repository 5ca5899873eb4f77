import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../i18n";
import { ErrorAlert } from "./ErrorAlert";
import { LocationForm } from "./LocationForm";
import { OfferCard } from "./OfferCard";
import { useUpdates, type UpdatesAction } from "./useUpdates";
import "./updates.css";

/** Settings › Updates: the running version and the key updates must be signed with, where
 * the school provides them (a folder or a local-network address), and a check that shows a
 * verified newer package to install. Its buttons never submit the settings form. */
export function UpdatesSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const u = useUpdates();
  const { status } = u;
  // The location as typed; `null` until edited, and again once saved: the saved one shows.
  const [typed, setTyped] = useState<string | null>(null);
  const draft = typed ?? status?.location ?? "";

  const errorOf = (action: UpdatesAction) => (u.error?.action === action ? u.error.error : null);

  /** Saves the typed location; resolves to whether it worked. */
  async function save() {
    const saved = await u.setLocation(draft);
    if (saved) setTyped(null);
    return saved;
  }

  /** Checks the location; one typed but not saved yet is saved first. */
  async function checkNow() {
    if (typed !== null && !(await save())) return;
    await u.check();
  }

  const result = u.result;
  const canCheck = u.busy === null && !status?.keyError && Boolean(draft.trim() || status?.location);
  return (
    <section className="updates" aria-labelledby={titleId}>
      <h3 id={titleId}>{t("updates.title")}</h3>
      {!status ? (
        u.error ? (
          <ErrorAlert error={u.error.error} />
        ) : (
          <p className="help">{t("updates.loading")}</p>
        )
      ) : (
        <>
          <p>{t("updates.version", { version: status.currentVersion })}</p>
          {status.keyId && <p>{t("updates.key", { keyId: status.keyId })}</p>}
          {status.keyError && <p className="check-error">{errorText(status.keyError)}</p>}

          <LocationForm
            value={draft}
            buildLocation={status.buildLocation}
            busy={u.busy !== null}
            saving={u.busy === "location"}
            error={errorOf("location")}
            onChange={setTyped}
            onSave={() => void save()}
          />

          <div className="actions">
            <button type="button" disabled={!canCheck} onClick={() => void checkNow()}>
              {t("updates.check")}
            </button>
          </div>
          {u.busy === "check" && (
            <p className="help" role="status">
              {t("updates.checking")}
            </p>
          )}
          <ErrorAlert error={errorOf("check")} />
          {result?.status === "upToDate" && (
            <p className="check-ok" role="status">
              {t("updates.upToDate", { offered: result.offered })}
            </p>
          )}
          {result?.status === "available" && (
            <OfferCard
              offer={result.offer}
              installError={status.installError}
              busy={u.busy !== null}
              installing={u.busy === "install"}
              installed={u.installed}
              error={errorOf("install")}
              onInstall={() => void u.install()}
            />
          )}
        </>
      )}
    </section>
  );
}
