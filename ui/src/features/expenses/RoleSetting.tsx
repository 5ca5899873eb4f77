import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { IpcError, Role } from "../../bindings";
import { PinForm } from "../../profiles/PinForm";

/** The expense role of the profile in use. It changes only with the expense owner's PIN,
 * never the profile's own (the student using the profile knows that one): a chosen role
 * waits for the owner's PIN before it is saved. Until the owner has chosen a PIN
 * (`ownerHasPin`), the next change chooses it. */
export function RoleSetting({
  role,
  ownerHasPin,
  onChange,
}: {
  role: Role;
  ownerHasPin: boolean;
  onChange: (role: Role, ownerPin: string) => Promise<IpcError | null>;
}) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState<Role | null>(null);

  async function change(pin: string): Promise<IpcError | null> {
    if (!wanted) return null;
    const refused = await onChange(wanted, pin);
    if (!refused) setWanted(null);
    return refused;
  }

  return (
    <>
      <label>
        {t("expenses.role")}
        <select value={wanted ?? role} onChange={(e) => setWanted(e.target.value === role ? null : (e.target.value as Role))}>
          <option value="owner">{t("expenses.roles.owner")}</option>
          <option value="viewer">{t("expenses.roles.viewer")}</option>
        </select>
      </label>
      {wanted && (
        <>
          <span className="muted small">{t("expenses.roleHint")}</span>
          <PinForm
            label={ownerHasPin ? t("expenses.rolePin") : t("expenses.roleChoosePin")}
            submit={t("expenses.changeRole")}
            onSubmit={change}
            onCancel={() => setWanted(null)}
          />
        </>
      )}
    </>
  );
}
