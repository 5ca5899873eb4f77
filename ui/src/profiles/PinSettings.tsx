import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type ProfileView } from "../bindings";
import { PinInput } from "./PinInput";
import { pinErrorText } from "./pinError";

type Notice = "saved" | "removed";

/** The PIN of the profile in use: set one, change or remove it (with the current PIN),
 * or lock the profile now (a student leaving the laptop). A class profile keeps its PIN:
 * it can change it, not remove it. */
export function PinSettings({ profile, onChanged }: { profile: ProfileView; onChanged: () => void }) {
  const { t } = useTranslation();
  const ids = { current: useId(), next: useId() };
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  async function settle(result: { status: "ok" } | { status: "error"; error: IpcError }, done: Notice | null) {
    if (result.status === "error") {
      setError(result.error);
      setNotice(null);
      return;
    }
    setCurrent("");
    setNext("");
    setError(null);
    setNotice(done);
    onChanged();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    await settle(await commands.profileSetPin(profile.hasPin ? current : null, next), "saved");
  }

  return (
    <details className="pin-settings">
      <summary>{t("profiles.pin.manage")}</summary>
      <form aria-label={t("profiles.pin.manage")} onSubmit={(e) => void save(e)}>
        {profile.hasPin && (
          <PinInput id={ids.current} label={t("profiles.pin.current")} value={current} onChange={setCurrent} />
        )}
        <PinInput id={ids.next} label={t("profiles.pin.new")} value={next} onChange={setNext} />
        <button type="submit" disabled={!next || (profile.hasPin && !current)}>
          {profile.hasPin ? t("profiles.pin.change") : t("profiles.pin.set")}
        </button>
        {profile.hasPin && (
          <>
            {profile.kind !== "class" && (
              <button
                type="button"
                disabled={!current}
                onClick={() => void commands.profileRemovePin(current).then((r) => settle(r, "removed"))}
              >
                {t("profiles.pin.remove")}
              </button>
            )}
            <button type="button" onClick={() => void commands.profileLock().then((r) => settle(r, null))}>
              {t("profiles.pin.lock")}
            </button>
          </>
        )}
      </form>
      {notice && <p role="status">{t(`profiles.pin.${notice}`)}</p>}
      {error && (
        <p className="check-error" role="alert">
          {pinErrorText(error)}
        </p>
      )}
    </details>
  );
}
