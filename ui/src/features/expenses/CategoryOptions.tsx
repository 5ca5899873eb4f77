import { useTranslation } from "react-i18next";
import { CATEGORIES } from "./labels";

/** Every category as a select's options, in the chart's order and the page's language. */
export function CategoryOptions() {
  const { t } = useTranslation();
  return (
    <>
      {CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {t(`expenses.categories.${c}`)}
        </option>
      ))}
    </>
  );
}
