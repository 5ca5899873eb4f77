import { useTranslation } from "react-i18next";
import type { Currency, Language } from "../../bindings";
import { errorText } from "../../i18n";
import { ExpenseChart } from "./ExpenseChart";
import { ExpenseChat } from "./ExpenseChat";
import { ExpenseTable } from "./ExpenseTable";
import { FilterBar } from "./FilterBar";
import { RoleSetting } from "./RoleSetting";
import { CURRENCIES } from "./labels";
import { useExpenses } from "./useExpenses";
import "./expenses.css";

/** The expense assistant (spec 003): the filter and balance, the table and the chart on
 * the left; the chat with its clarify and confirm cards on the right. Nothing changes
 * without the yes the rules require; the profile's role decides who may change, and
 * changes only with the expense owner's PIN. */
export function ExpensesPage({ language }: { language: Language }) {
  const { t } = useTranslation();
  const expenses = useExpenses(language);
  const { settings, turn } = expenses;
  const canWrite = settings?.role === "owner";

  return (
    <div className="expenses-page">
      <main className="expense-figures" aria-label={t("expenses.figures")}>
        <div className="expense-settings">
          <h2>{t("nav.expenses")}</h2>
          {settings && (
            <>
              <RoleSetting
                role={settings.role}
                ownerHasPin={expenses.ownerHasPin}
                onChange={(role, ownerPin) => expenses.saveSettings({ ...settings, role }, ownerPin)}
              />
              <label>
                {t("expenses.currency")}
                <select value={settings.currency} onChange={(e) => void expenses.saveSettings({ ...settings, currency: e.target.value as Currency })}>
                  {CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </label>
              <span className="muted small">{t("expenses.today", { date: expenses.today })}</span>
            </>
          )}
        </div>
        {expenses.error && (
          <p className="check-error" role="alert">
            {errorText(expenses.error)}
          </p>
        )}
        {expenses.categoryWords && (
          <p className="check-error" role="note" aria-label={t("expenses.categoryWords")}>
            {errorText(expenses.categoryWords)}
          </p>
        )}
        <FilterBar filter={expenses.filter} balance={expenses.balance} onChange={expenses.setFilter} />
        {expenses.rows && <ExpenseTable rows={expenses.rows} canWrite={canWrite} today={expenses.today} onCall={expenses.call} />}
        <ExpenseChart months={expenses.months} />
      </main>
      <aside className="expense-side">
        <ExpenseChat
          messages={expenses.messages}
          proposal={expenses.proposal}
          rows={expenses.rows ?? []}
          streaming={turn.streaming}
          canStop={turn.canStop}
          onSend={expenses.send}
          onStop={() => void turn.stop()}
          onConfirm={expenses.confirm}
          onCancel={expenses.cancel}
          onRevise={expenses.revise}
        />
      </aside>
    </div>
  );
}
