import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type ProfileKindView, type ProfileView } from "../bindings";

/** Creates a profile by name, a student's or a class's; `onCreated` gets it (it is not
 * in use yet), `onError` a refusal (an invalid or taken name). */
export function NewProfileForm({
  onCreated,
  onError,
}: {
  onCreated: (profile: ProfileView) => void;
  onError: (error: IpcError) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ProfileKindView>("student");

  async function create(event: FormEvent) {
    event.preventDefault();
    const result = await commands.createProfile(name, kind);
    if (result.status === "error") return onError(result.error);
    setName("");
    setKind("student");
    onCreated(result.data);
  }

  return (
    <form onSubmit={(e) => void create(e)} aria-label={t("profiles.new")}>
      <label htmlFor={id} className="visually-hidden">
        {t("profiles.name")}
      </label>
      <input id={id} placeholder={t("profiles.new")} value={name} onChange={(e) => setName(e.target.value)} />
      <select aria-label={t("profiles.kind")} value={kind} onChange={(e) => setKind(e.target.value as ProfileKindView)}>
        <option value="student">{t("profiles.student")}</option>
        <option value="class">{t("profiles.classKind")}</option>
      </select>
      <button type="submit" disabled={!name.trim()}>
        {t("profiles.create")}
      </button>
    </form>
  );
}
