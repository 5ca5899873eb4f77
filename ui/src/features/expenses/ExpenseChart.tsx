import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Category, MonthlyTotalView } from "../../bindings";
import { CATEGORIES, CATEGORY_COLOURS } from "./labels";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** The totals of one month and category (one per currency). */
function cellOf(months: MonthlyTotalView[], month: string, category: Category) {
  return months.filter((m) => m.month === month && m.category === category);
}

/** Spending per month, stacked by category, drawn with Chart.js; the same figures as a
 * table for screen readers. Amounts of different currencies are drawn together only
 * when a profile mixes them, which the table beside it shows apart. */
export function ExpenseChart({ months }: { months: MonthlyTotalView[] }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const labels = useMemo(() => [...new Set(months.map((m) => m.month))].sort(), [months]);
  const used = useMemo(() => CATEGORIES.filter((c) => months.some((m) => m.category === c)), [months]);

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!context || labels.length === 0) return;
    const amount = (month: string, category: Category) =>
      cellOf(months, month, category).reduce((sum, m) => sum + Number(m.decimal), 0);
    const chart = new Chart(context, {
      type: "bar",
      data: {
        labels,
        datasets: used.map((category) => ({
          label: t(`expenses.categories.${category}`),
          data: labels.map((month) => amount(month, category)),
          backgroundColor: CATEGORY_COLOURS[category],
        })),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } },
      },
    });
    return () => chart.destroy();
  }, [months, labels, used, t]);

  return (
    <section className="expense-chart" aria-label={t("expenses.chart")}>
      <h2>{t("expenses.chart")}</h2>
      {labels.length === 0 ? (
        <p className="muted">{t("expenses.noChart")}</p>
      ) : (
        <figure>
          <div className="chart-box">
            <canvas ref={canvas} aria-hidden="true" />
          </div>
          <table className="visually-hidden">
            <caption>{t("expenses.chartCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("expenses.month")}</th>
                {used.map((c) => (
                  <th key={c} scope="col">
                    {t(`expenses.categories.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((month) => (
                <tr key={month}>
                  <th scope="row">{month}</th>
                  {used.map((c) => (
                    <td key={c}>{cellOf(months, month, c).map((m) => m.total.text).join(" + ")}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </section>
  );
}
