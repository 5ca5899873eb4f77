import { useTranslation } from "react-i18next";
import type { MasteryTier, Tier } from "../../bindings";

/** A unit's mastery (or an exam question's tier) as a coloured badge with its name. */
export function MasteryBadge({ tier }: { tier: MasteryTier | Tier }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${tier}`}>{t(`tutor.tiers.${tier}`)}</span>;
}
