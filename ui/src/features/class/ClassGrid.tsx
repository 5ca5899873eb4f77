import { useTranslation } from "react-i18next";
import type { ClassCourse_Serialize as ClassCourse } from "../../bindings";

/** The students × units grid: a cell per student and unit coloured by mastery, stuck
 * cells outlined; the first column stays in view while the grid scrolls sideways, so
 * twenty units never push the page wider than the window. */
export function ClassGrid({ course }: { course: ClassCourse }) {
  const { t } = useTranslation();
  return (
    <div className="class-grid-scroll">
      <table className="class-grid" aria-label={course.title}>
        <thead>
          <tr>
            <th scope="col">{t("class.student")}</th>
            {course.units.map((u) => (
              <th key={u.unitId} scope="col" title={u.title}>
                <span className="class-unit">{u.title}</span>
              </th>
            ))}
            <th scope="col">{t("class.minutes")}</th>
          </tr>
        </thead>
        <tbody>
          {course.rows.map((row) => (
            <tr key={row.studentKey}>
              <th scope="row">
                {row.name}
                {row.edited && (
                  <span className="class-edited" title={t("class.edited")}>
                    {" "}
                    ⚠<span className="visually-hidden">{t("class.edited")}</span>
                  </span>
                )}
              </th>
              {row.cells.map((cell, i) => {
                const unit = course.units[i];
                const tier = t(`class.tierNames.${cell.tier}`);
                const label = `${row.name}, ${unit?.title ?? ""}: ${cell.touched ? tier : "—"}${cell.stuck ? ", stuck" : ""}`;
                return (
                  <td
                    key={unit?.unitId ?? i}
                    className={`tier-${cell.touched ? cell.tier : "untouched"}${cell.stuck ? " stuck" : ""}${cell.recheckDue ? " recheck" : ""}`}
                    title={label}
                    aria-label={label}
                  >
                    {cell.touched ? tier.slice(0, 1).toUpperCase() : ""}
                  </td>
                );
              })}
              <td>{row.minutesOnTask}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
