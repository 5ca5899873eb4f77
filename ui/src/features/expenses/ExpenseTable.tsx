import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ExpenseArgs, ExpenseTool, ExpenseView } from "../../bindings";
import { ExpenseForm } from "./ExpenseForm";

/** A column the table sorts by. */
type SortKey = "date" | "item" | "category" | "amount";

function compare(key: SortKey, a: ExpenseView, b: ExpenseView) {
  if (key === "amount") return a.amount.minor - b.amount.minor;
  return a[key].localeCompare(b[key]);
}

/** The expenses of the chosen filter, sortable by any column (click or Enter on its
 * header), with an Add form and, per row, Edit (runs at once: every value is stated)
 * and Delete (which always waits for a yes on its card). Viewers only read. */
export function ExpenseTable({
  rows,
  canWrite,
  today,
  onCall,
}: {
  rows: ExpenseView[];
  canWrite: boolean;
  today: string;
  onCall: (tool: ExpenseTool, args: ExpenseArgs) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: "date", descending: true });
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const sorted = useMemo(() => {
    const ordered = [...rows].sort((a, b) => compare(sort.key, a, b) || a.id - b.id);
    return sort.descending ? ordered.reverse() : ordered;
  }, [rows, sort]);

  const header = (key: SortKey) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.descending ? "descending" : "ascending") : "none"} className={key === "amount" ? "number" : undefined}>
        <button type="button" className="sort" onClick={() => setSort({ key, descending: active ? !sort.descending : key !== "item" })}>
          {t(`expenses.fields.${key}`)}
          {active && <span aria-hidden="true">{sort.descending ? " ▼" : " ▲"}</span>}
        </button>
      </th>
    );
  };

  async function save(tool: ExpenseTool, args: ExpenseArgs) {
    if (await onCall(tool, args)) setEditing(null);
  }

  return (
    <section className="expense-table" aria-label={t("expenses.table")}>
      <div className="table-head">
        <h2>{t("expenses.table")}</h2>
        {canWrite && editing !== "new" && (
          <button type="button" onClick={() => setEditing("new")}>
            {t("expenses.add")}
          </button>
        )}
      </div>
      {editing === "new" && (
        <ExpenseForm title={t("expenses.add")} initial={{ date: today }} onSave={(args) => save("add_expense", args)} onClose={() => setEditing(null)} />
      )}
      {rows.length === 0 ? (
        <p className="muted">{t("expenses.noRows")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              {header("date")}
              {header("item")}
              {header("category")}
              {header("amount")}
              {canWrite && (
                <th scope="col">
                  <span className="visually-hidden">{t("expenses.actions")}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) =>
              editing === row.id ? (
                <tr key={row.id}>
                  <td colSpan={5}>
                    <ExpenseForm
                      title={t("expenses.editRow", { item: row.item })}
                      initial={{ item: row.item, amount: (row.amount.minor / 100).toFixed(2), currency: row.amount.currency, date: row.date, category: row.category }}
                      onSave={(args) => save("update_expense", { ...args, id: row.id })}
                      onClose={() => setEditing(null)}
                    />
                  </td>
                </tr>
              ) : (
                <tr key={row.id}>
                  <td>{row.date}</td>
                  <td>{row.item}</td>
                  <td>{t(`expenses.categories.${row.category}`)}</td>
                  <td className="number">{row.amount.text}</td>
                  {canWrite && (
                    <td className="row-actions">
                      <button type="button" aria-label={t("expenses.editRow", { item: row.item })} onClick={() => setEditing(row.id)}>
                        {t("expenses.edit")}
                      </button>
                      <button
                        type="button"
                        aria-label={t("expenses.deleteRow", { item: row.item })}
                        onClick={() => void onCall("delete_expense", { id: row.id, item: null, amount: null, currency: null, date: null, category: null })}
                      >
                        {t("expenses.delete")}
                      </button>
                    </td>
                  )}
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
