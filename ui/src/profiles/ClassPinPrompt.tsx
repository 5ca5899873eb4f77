import { useTranslation } from "react-i18next";
import { commands, type IpcError } from "../bindings";
import { PinForm } from "./PinForm";

/** Shown instead of the Class page while the class profile in use has no PIN (one made
 * before class profiles needed a PIN): the class opens only once it has one, so a student
 * at the laptop cannot read the class's hand-ins. `onSet` follows the new PIN. */
export function ClassPinPrompt({ onSet }: { onSet: () => void }) {
  const { t } = useTranslation();

  async function set(pin: string): Promise<IpcError | null> {
    const result = await commands.profileSetPin(null, pin);
    if (result.status === "error") return result.error;
    onSet();
    return null;
  }

  return (
    <section className="class-pin" aria-label={t("profiles.classPinNeeded")}>
      <h2>{t("profiles.classPinNeeded")}</h2>
      <p>{t("errors.class_profile_pin_required")}</p>
      <PinForm label={t("profiles.classPin")} submit={t("profiles.pin.set")} onSubmit={set} />
    </section>
  );
}
