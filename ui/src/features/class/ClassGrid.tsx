import { observeElementRect, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { ClassCourse_Serialize as ClassCourse } from "../../bindings";

/** A row's height and a unit column's width, in CSS pixels (the CSS uses the same). */
const ROW_PX = 30;
const UNIT_PX = 48;
/** The size assumed before the scroll box is measured (and in tests without layout). */
const INITIAL_RECT = { width: 1200, height: 720 };

/** The scroll box's size as the virtualizer sees it; a box not laid out yet (hidden, or
 * a test without layout) counts as INITIAL_RECT, so a screenful is drawn, never nothing. */
function observeRect(instance: Virtualizer<HTMLDivElement, Element>, update: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => update(rect.width > 0 && rect.height > 0 ? rect : INITIAL_RECT));
}

/** A spacer that stands for the rows or columns scrolled out of view. */
function Spacer({ px, as: Tag }: { px: number; as: "td" | "th" }) {
  return px > 0 ? <Tag role="presentation" aria-hidden="true" style={{ width: px, minWidth: px, padding: 0, border: 0 }} /> : null;
}

/** The students × units grid: a cell per student and unit coloured by mastery, stuck
 * cells outlined; the first column and the header stay in view while the grid scrolls.
 * Only the rows and columns in view are rendered, so a class of thousands of students
 * or hundreds of units costs what fits on the screen. */
export function ClassGrid({ course }: { course: ClassCourse }) {
  const { t } = useTranslation();
  const scroll = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({
    count: course.rows.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => ROW_PX,
    overscan: 2,
    initialRect: INITIAL_RECT,
    observeElementRect: observeRect,
  });
  const columns = useVirtualizer({
    horizontal: true,
    count: course.units.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => UNIT_PX,
    overscan: 1,
    initialRect: INITIAL_RECT,
    observeElementRect: observeRect,
  });
  // Words looked up once per render, not once per cell.
  const tierNames = Object.fromEntries((["none", "bronze", "silver", "gold"] as const).map((tier) => [tier, t(`class.tierNames.${tier}`)]));
  const edited = t("class.edited");
  const shownRows = rows.getVirtualItems();
  const shownColumns = columns.getVirtualItems();
  const top = shownRows[0]?.start ?? 0;
  const bottom = rows.getTotalSize() - (shownRows.at(-1)?.end ?? 0);
  const left = shownColumns[0]?.start ?? 0;
  const right = columns.getTotalSize() - (shownColumns.at(-1)?.end ?? 0);
  return (
    <div className="class-grid-scroll" ref={scroll}>
      <table className="class-grid" aria-label={course.title} aria-rowcount={course.rows.length + 1} aria-colcount={course.units.length + 2}>
        <thead>
          <tr>
            <th scope="col">{t("class.student")}</th>
            <Spacer px={left} as="th" />
            {shownColumns.map((c) => {
              const u = course.units[c.index];
              return (
                <th key={u.unitId} scope="col" title={u.title} className="class-unit-col" aria-colindex={c.index + 2}>
                  <span className="class-unit">{u.title}</span>
                </th>
              );
            })}
            <Spacer px={right} as="th" />
            <th scope="col">{t("class.minutes")}</th>
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr role="presentation" aria-hidden="true" style={{ height: top }}>
              <td />
            </tr>
          )}
          {shownRows.map((r) => {
            const row = course.rows[r.index];
            const flags = row.flags.filter((f) => f !== "edited");
            return (
              <tr key={row.studentKey} aria-rowindex={r.index + 2}>
                <th scope="row">
                  {row.name}
                  {row.edited && (
                    <span className="class-edited" title={edited}>
                      {" "}
                      ⚠<span className="visually-hidden">{edited}</span>
                    </span>
                  )}
                  {flags.length > 0 && (
                    <span className="class-flagged" title={flags.map((f) => t(`class.flags.${f}`)).join("; ")}>
                      {" "}
                      ?<span className="visually-hidden">{flags.map((f) => t(`class.flags.${f}`)).join("; ")}</span>
                    </span>
                  )}
                </th>
                <Spacer px={left} as="td" />
                {shownColumns.map((c) => {
                  const cell = row.cells[c.index];
                  const unit = course.units[c.index];
                  const tier = tierNames[cell.tier];
                  const label = `${row.name}, ${unit.title}: ${cell.touched ? tier : "—"}${cell.stuck ? ", stuck" : ""}`;
                  return (
                    <td
                      key={unit.unitId}
                      className={`tier-${cell.touched ? cell.tier : "untouched"}${cell.stuck ? " stuck" : ""}${cell.recheckDue ? " recheck" : ""}`}
                      title={label}
                      aria-label={label}
                    >
                      {cell.touched ? tier.slice(0, 1).toUpperCase() : ""}
                    </td>
                  );
                })}
                <Spacer px={right} as="td" />
                <td>{row.minutesOnTask}</td>
              </tr>
            );
          })}
          {bottom > 0 && (
            <tr role="presentation" aria-hidden="true" style={{ height: bottom }}>
              <td />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
