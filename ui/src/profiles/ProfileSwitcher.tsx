import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type ProfileView } from "../bindings";
import { errorText } from "../i18n";
import { NewProfileForm } from "./NewProfileForm";
import { PinForm } from "./PinForm";
import { PinSettings } from "./PinSettings";

/** Choose the active profile, or create one, for students sharing the laptop. A profile
 * with a PIN asks for it before it opens; the PIN of the profile in use is managed here. */
export function ProfileSwitcher({ profiles, onChanged }: { profiles: ProfileView[]; onChanged: () => void }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [asking, setAsking] = useState<ProfileView | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  async function open(profile: ProfileView, pin: string | null): Promise<IpcError | null> {
    const result = await commands.switchProfile(profile.id, pin);
    if (result.status === "error") return result.error;
    setAsking(null);
    setError(null);
    onChanged();
    return null;
  }

  async function choose(id: number) {
    const profile = profiles.find((p) => p.id === id);
    if (!profile || profile.active) return setAsking(null);
    if (profile.hasPin) return setAsking(profile);
    setError(await open(profile, null));
  }

  const active = profiles.find((p) => p.active);
  return (
    <div className="profiles">
      <label htmlFor={selectId}>{t("profiles.label")}</label>
      <select id={selectId} value={asking?.id ?? active?.id ?? ""} onChange={(e) => void choose(Number(e.target.value))}>
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.hasPin ? t("profiles.pin.withPin", { name: p.name }) : p.name}
          </option>
        ))}
      </select>
      {asking && (
        <PinForm
          key={asking.id}
          label={t("profiles.pin.enter", { name: asking.name })}
          submit={t("profiles.pin.open")}
          onSubmit={(pin) => open(asking, pin)}
          onCancel={() => setAsking(null)}
        />
      )}
      <NewProfileForm
        onCreated={(profile, pin) => void open(profile, pin).then(setError)}
        onError={setError}
      />
      {active && !asking && <PinSettings profile={active} onChanged={onChanged} />}
      {error && (
        <p className="check-error" role="alert">
          {errorText(error)}
        </p>
      )}
    </div>
  );
}
