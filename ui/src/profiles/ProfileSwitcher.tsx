import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { commands, type ProfileView } from "../bindings";
import { errorText } from "../i18n";

/** Choose the active profile, or create one, for students sharing the laptop. */
export function ProfileSwitcher({ onSwitched }: { onSwitched: () => void }) {
  const { t } = useTranslation();
  const ids = { select: useId(), name: useId() };
  const [profiles, setProfiles] = useState<ProfileView[]>([]);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const result = await commands.listProfiles();
    if (result.status === "ok") setProfiles(result.data);
    else setError(errorText(result.error));
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function switchTo(id: number) {
    const result = await commands.switchProfile(id);
    if (result.status === "error") return setError(errorText(result.error));
    setError(null);
    await refresh();
    onSwitched();
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const result = await commands.createProfile(name);
    if (result.status === "error") return setError(errorText(result.error));
    setName("");
    setError(null);
    await switchTo(result.data.id);
  }

  const active = profiles.find((p) => p.active);
  return (
    <div className="profiles">
      <label htmlFor={ids.select}>{t("profiles.label")}</label>
      <select id={ids.select} value={active?.id ?? ""} onChange={(e) => void switchTo(Number(e.target.value))}>
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <form onSubmit={(e) => void create(e)} aria-label={t("profiles.new")}>
        <label htmlFor={ids.name} className="visually-hidden">
          {t("profiles.name")}
        </label>
        <input
          id={ids.name}
          placeholder={t("profiles.new")}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" disabled={!name.trim()}>
          {t("profiles.create")}
        </button>
      </form>
      {error && (
        <p className="check-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
