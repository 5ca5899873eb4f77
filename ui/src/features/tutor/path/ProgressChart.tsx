import {
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ProgressPoint } from "../../../bindings";

Chart.register(CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

/** Colours of the tiers' lines. */
const COLOURS = { bronze: "#b06d2c", silver: "#7d8189", gold: "#c9960c" } as const;

/** Units at each tier over time, drawn with Chart.js, with the same figures in a table
 * for screen readers. */
export function ProgressChart({ points, total }: { points: ProgressPoint[]; total: number }) {
  const { t, i18n } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const labels = points.map((p) => new Date(p.at).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" }));

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!context || points.length === 0) return;
    const when = points.map((p) => new Date(p.at).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" }));
    const line = (tier: keyof typeof COLOURS) => ({
      label: t(`tutor.tiers.${tier}`),
      data: points.map((p) => p[tier]),
      borderColor: COLOURS[tier],
      backgroundColor: COLOURS[tier],
      stepped: true as const,
    });
    const chart = new Chart(context, {
      type: "line",
      data: { labels: when, datasets: [line("bronze"), line("silver"), line("gold")] },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { y: { min: 0, max: Math.max(total, 1), ticks: { precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [points, total, t, i18n.language]);

  if (points.length === 0) return <p className="help">{t("tutor.path.noProgress")}</p>;
  return (
    <figure className="progress-chart">
      <div className="chart-box">
        <canvas ref={canvas} aria-hidden="true" />
      </div>
      <figcaption>{t("tutor.path.chartCaption", { total })}</figcaption>
      <table className="visually-hidden">
        <thead>
          <tr>
            <th scope="col">{t("tutor.path.when")}</th>
            <th scope="col">{t("tutor.tiers.bronze")}</th>
            <th scope="col">{t("tutor.tiers.silver")}</th>
            <th scope="col">{t("tutor.tiers.gold")}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            <tr key={p.at}>
              <td>{labels[i]}</td>
              <td>{p.bronze}</td>
              <td>{p.silver}</td>
              <td>{p.gold}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
