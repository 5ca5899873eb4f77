import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type LearningPath, type ProgressPoint } from "../../../bindings";
import { errorText } from "../../../i18n";
import { LockIcon } from "../LockIcon";
import { MasteryBadge } from "../MasteryBadge";
import { PathGraph } from "./PathGraph";
import { ProgressChart } from "./ProgressChart";

/** The learning path of the open thread's course: the prerequisite graph (choosing a unit
 * works on it in this thread) and the progress chart. */
export function LearningPathView({
  threadId,
  revision,
  onChoose,
  onBack,
}: {
  threadId: number;
  revision: number;
  onChoose: (unitId: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [path, setPath] = useState<LearningPath | null>(null);
  const [points, setPoints] = useState<ProgressPoint[]>([]);
  const [error, setError] = useState<IpcError | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([commands.tutorLearningPath(threadId), commands.tutorProgress(threadId)]).then(([p, h]) => {
      if (!live) return;
      if (p.status === "ok") setPath(p.data);
      else setError(p.error);
      if (h.status === "ok") setPoints(h.data);
    });
    return () => {
      live = false;
    };
  }, [threadId, revision]);

  return (
    <section className="learning-path" aria-label={t("tutor.path.title")}>
      <header className="path-header">
        <button type="button" onClick={onBack}>
          {t("tutor.path.back")}
        </button>
        <h3>{path ? t("tutor.path.heading", { course: path.courseTitle }) : t("tutor.path.title")}</h3>
      </header>
      {error && (
        <p className="check-error" role="alert">
          {errorText(error)}
        </p>
      )}
      {path && (
        <>
          <p className="help">{t("tutor.path.help")}</p>
          <p className="path-legend">
            <MasteryBadge tier="none" /> <MasteryBadge tier="bronze" /> <MasteryBadge tier="silver" /> <MasteryBadge tier="gold" />{" "}
            <span className="badge badge-blocked">
              <LockIcon /> {t("tutor.path.blocked")}
            </span>
          </p>
          <div className="path-scroll">
            <PathGraph path={path} onChoose={onChoose} />
          </div>
          <h3>{t("tutor.path.progress")}</h3>
          <ProgressChart points={points} total={path.units.length} />
        </>
      )}
    </section>
  );
}
