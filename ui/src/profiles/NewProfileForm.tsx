import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type ProfileKindView, type ProfileView } from "../bindings";
import { PinInput } from "./PinInput";

/** Creates a profile by name, a student's or a class's. A class's needs a PIN (students
 * must not open it), asked for here; Create waits for it. `onCreated` gets the profile
 * (it is not in use yet) and its PIN, `onError` a refusal (an invalid or taken name, a
 * malformed PIN). */
export function NewProfileForm({
  onCreated,
  onError,
}: {
  onCreated: (profile: ProfileView, pin: string | null) => void;
  onError: (error: IpcError) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const pinId = useId();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ProfileKindView>("student");
  const [pin, setPin] = useState("");
  const needsPin = kind === "class";

  async function create(event: FormEvent) {
    event.preventDefault();
    const chosen = needsPin ? pin : null;
    const result = await commands.createProfile(name, kind, chosen);
    if (result.status === "error") return onError(result.error);
    setName("");
    setKind("student");
    setPin("");
    onCreated(result.data, chosen);
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
      {needsPin && <PinInput id={pinId} label={t("profiles.classPin")} value={pin} onChange={setPin} />}
      <button type="submit" disabled={!name.trim() || (needsPin && !pin)}>
        {t("profiles.create")}
      </button>
    </form>
  );
}
