import { useTranslation } from "react-i18next";
import type { TutorVerdict } from "../../bindings";

/** The verdict on the student's previous answer, as a badge with its word ("Right",
 * "Partly", "Not yet"): the colour only repeats what the word says. */
export function VerdictBadge({ verdict }: { verdict: TutorVerdict }) {
  const { t } = useTranslation();
  return <span className={`tutor-verdict tutor-verdict-${verdict}`}>{t(`tutor.verdict.${verdict}`)}</span>;
}
