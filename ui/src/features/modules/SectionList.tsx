import { useTranslation } from "react-i18next";
import type { SectionItemView } from "../../bindings";

/** The module's sections grouped by phase: done ones ticked, the current one marked;
 * choosing one goes there (the student may change topic at any time). */
export function SectionList({
  sections,
  busy,
  onGo,
}: {
  sections: SectionItemView[];
  busy: boolean;
  onGo: (id: string) => void;
}) {
  const { t } = useTranslation();
  const phases = [...new Set(sections.map((s) => s.phase))];
  return (
    <nav className="section-list" aria-label={t("modules.sections")}>
      <h3>{t("modules.sections")}</h3>
      {phases.map((phase) => (
        <div key={phase}>
          <h4>{phase}</h4>
          <ol>
            {sections
              .filter((s) => s.phase === phase)
              .map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    aria-current={s.current ? "step" : undefined}
                    className={s.completed ? "completed" : undefined}
                    disabled={busy}
                    onClick={() => onGo(s.id)}
                  >
                    <span aria-hidden="true">{s.completed ? "✓" : s.current ? "›" : "·"}</span> {s.title}
                    <span className="muted small">
                      {" "}
                      {t("modules.sectionState", { covered: s.covered, topics: s.topics })}
                      {s.completed && <span className="visually-hidden">, {t("modules.completed")}</span>}
                      {s.current && <span className="visually-hidden">, {t("modules.current")}</span>}
                    </span>
                  </button>
                </li>
              ))}
          </ol>
        </div>
      ))}
    </nav>
  );
}
