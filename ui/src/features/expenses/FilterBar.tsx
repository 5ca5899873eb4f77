import { useTranslation } from "react-i18next";
import type { BalanceView, Category } from "../../bindings";
import { CategoryOptions } from "./CategoryOptions";
import { RANGES } from "./labels";
import type { ExpenseFilter } from "./useExpenses";

/** The span and category the table, the balance and the chart show, and the balance
 * for them (computed by the app, one total per currency). */
export function FilterBar({
  filter,
  balance,
  onChange,
}: {
  filter: ExpenseFilter;
  balance: BalanceView | null;
  onChange: (filter: ExpenseFilter) => void;
}) {
  const { t } = useTranslation();
  const totals = balance?.totals.map((m) => m.text).join(" + ") || "0";
  return (
    <section className="expense-filters" aria-label={t("expenses.filters")}>
      <label>
        {t("expenses.range")}
        <select value={filter.range} onChange={(e) => onChange({ ...filter, range: e.target.value })}>
          {RANGES.map((r) => (
            <option key={r} value={r}>
              {t(`expenses.ranges.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("expenses.fields.category")}
        <select value={filter.category ?? ""} onChange={(e) => onChange({ ...filter, category: (e.target.value || null) as Category | null })}>
          <option value="">{t("expenses.allCategories")}</option>
          <CategoryOptions />
        </select>
      </label>
      {balance && (
        <p className="balance" role="status" aria-label={t("expenses.balance")}>
          <strong>{totals}</strong> <span className="muted">{t("expenses.balanceCount", { count: balance.count, span: balance.span })}</span>
        </p>
      )}
    </section>
  );
}
