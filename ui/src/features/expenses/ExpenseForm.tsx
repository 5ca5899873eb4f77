import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Category, Currency, ExpenseArgs } from "../../bindings";
import { CategoryOptions } from "./CategoryOptions";
import { CURRENCIES } from "./labels";

/** The values a form starts from. */
export type ExpenseFields = { item?: string | null; amount?: string | null; currency?: Currency | null; date?: string | null; category?: Category | null };

/** The typed fields as arguments: a field left empty is not sent (an update keeps it;
 * the backend checks the rest and answers with a coded error). */
function argsOf(fields: Required<{ [K in keyof ExpenseFields]: string }>): ExpenseArgs {
  const text = (value: string) => (value.trim() === "" ? null : value.trim());
  return {
    id: null,
    item: text(fields.item),
    amount: text(fields.amount),
    currency: (text(fields.currency) as Currency | null) ?? null,
    date: text(fields.date),
    category: (text(fields.category) as Category | null) ?? null,
  };
}

/** An expense's item, amount, currency, date and category, for adding, editing a row or
 * changing a proposal before confirming it. */
export function ExpenseForm({
  title,
  initial,
  saveLabel,
  busy = false,
  onSave,
  onClose,
}: {
  title: string;
  initial: ExpenseFields;
  saveLabel?: string;
  busy?: boolean;
  onSave: (args: ExpenseArgs) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState({
    item: initial.item ?? "",
    amount: initial.amount ?? "",
    currency: initial.currency ?? "",
    date: initial.date ?? "",
    category: initial.category ?? "",
  });
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => setFields({ ...fields, [name]: e.target.value });

  return (
    <form
      className="expense-form"
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(argsOf(fields));
      }}
    >
      <label>
        {t("expenses.fields.item")}
        <input value={fields.item} onChange={set("item")} maxLength={200} autoFocus />
      </label>
      <label>
        {t("expenses.fields.amount")}
        <input value={fields.amount} onChange={set("amount")} inputMode="decimal" />
      </label>
      <label>
        {t("expenses.fields.currency")}
        <select value={fields.currency} onChange={set("currency")}>
          <option value="">{t("expenses.defaultCurrency")}</option>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("expenses.fields.date")}
        <input type="date" value={fields.date} onChange={set("date")} />
      </label>
      <label>
        {t("expenses.fields.category")}
        <select value={fields.category} onChange={set("category")}>
          <option value="">{t("expenses.guessCategory")}</option>
          <CategoryOptions />
        </select>
      </label>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {saveLabel ?? t("expenses.save")}
        </button>
        <button type="button" onClick={onClose}>
          {t("expenses.back")}
        </button>
      </div>
    </form>
  );
}
