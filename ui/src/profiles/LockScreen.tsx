import { useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type ProfileView } from "../bindings";
import { errorText } from "../i18n";
import { NewProfileForm } from "./NewProfileForm";
import { PinForm } from "./PinForm";

/** Shown instead of the workspaces while the profile in use waits for its PIN (at start,
 * or after it was locked): its PIN opens it; another profile opens at once, or after its
 * own PIN; a new profile can be made. Nothing of the locked profile is shown. */
export function LockScreen({ profiles, onOpened }: { profiles: ProfileView[]; onOpened: () => void }) {
  const { t } = useTranslation();
  const locked = profiles.find((p) => p.active);
  const [chosen, setChosen] = useState<ProfileView | undefined>(locked);
  const [error, setError] = useState<IpcError | null>(null);

  async function open(profile: ProfileView, pin: string | null): Promise<IpcError | null> {
    const result = await commands.switchProfile(profile.id, pin);
    if (result.status === "error") return result.error;
    onOpened();
    return null;
  }

  async function choose(profile: ProfileView) {
    setError(null);
    if (profile.hasPin) return setChosen(profile);
    setError(await open(profile, null));
  }

  return (
    <section className="lock-screen" aria-label={t("profiles.pin.locked", { name: locked?.name ?? "" })}>
      <h2>{t("profiles.pin.locked", { name: locked?.name ?? "" })}</h2>
      <p>{t("profiles.pin.lockedHint")}</p>
      {chosen && (
        <PinForm
          key={chosen.id}
          label={t("profiles.pin.enter", { name: chosen.name })}
          submit={t("profiles.pin.open")}
          onSubmit={(pin) => open(chosen, pin)}
        />
      )}
      <h3>{t("profiles.pin.others")}</h3>
      <ul className="lock-profiles">
        {profiles
          .filter((p) => p.id !== chosen?.id)
          .map((p) => (
            <li key={p.id}>
              <button type="button" onClick={() => void choose(p)}>
                {p.hasPin ? t("profiles.pin.withPin", { name: p.name }) : p.name}
              </button>
            </li>
          ))}
      </ul>
      <NewProfileForm
        onCreated={(profile, pin) => void (pin === null ? choose(profile) : open(profile, pin).then(setError))}
        onError={setError}
      />
      {error && (
        <p className="check-error" role="alert">
          {errorText(error)}
        </p>
      )}
    </section>
  );
}
