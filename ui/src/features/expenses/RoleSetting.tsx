import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type Role } from "../../bindings";
import { PinForm } from "../../profiles/PinForm";

/** The expense role of the profile in use. It changes only with the profile's PIN: a
 * chosen role waits for the PIN before it is saved; a profile without a PIN keeps its
 * role, and the disabled choice says how to change it. */
export function RoleSetting({
  role,
  onChange,
}: {
  role: Role;
  onChange: (role: Role, pin: string) => Promise<IpcError | null>;
}) {
  const { t } = useTranslation();
  const [hasPin, setHasPin] = useState(false);
  const [wanted, setWanted] = useState<Role | null>(null);
  useEffect(() => {
    void commands.listProfiles().then((result) => {
      if (result.status === "ok") setHasPin(result.data.some((p) => p.active && p.hasPin));
    });
  }, []);

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
        <select
          value={wanted ?? role}
          disabled={!hasPin}
          onChange={(e) => setWanted(e.target.value === role ? null : (e.target.value as Role))}
        >
          <option value="owner">{t("expenses.roles.owner")}</option>
          <option value="viewer">{t("expenses.roles.viewer")}</option>
        </select>
      </label>
      {!hasPin && <span className="muted small">{t("expenses.roleNeedsPin")}</span>}
      {wanted && (
        <PinForm
          label={t("expenses.rolePin")}
          submit={t("expenses.changeRole")}
          onSubmit={change}
          onCancel={() => setWanted(null)}
        />
      )}
    </>
  );
}
