import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { commands, type IpcError, type TutorDebugView } from "../../../bindings";
import { errorText } from "../../../i18n";

/** The debug drawer (spec PV-AI-025), behind a Settings switch: the last turn — who wrote
 * the reply (and why the fallback did), how many model sentences were shown and every one
 * the reply filter dropped with the check it failed, the asked unit, the passage's source
 * and the verdict —, the top candidate units and their scores, the mastery of every unit,
 * the revisit queue and the policy as JSON. */
export function DebugDrawer({ threadId, revision }: { threadId: number; revision: number }) {
  const { t } = useTranslation();
  const [view, setView] = useState<TutorDebugView | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  useEffect(() => {
    let live = true;
    void commands.tutorDebug(threadId).then((result) => {
      if (!live) return;
      if (result.status === "ok") setView(result.data);
      else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [threadId, revision]);

  const last = view?.lastTurn ?? null;
  const dropped = last?.dropped ?? [];
  return (
    <details className="debug-drawer">
      <summary>{t("tutor.debug.title")}</summary>
      {error && <p className="check-error">{errorText(error)}</p>}
      {view && (
        <div className="debug-body">
          <section>
            <h4>{t("tutor.debug.lastTurn")}</h4>
            {last ? (
              <>
                <dl className="debug-facts">
                  <dt>{t("tutor.debug.origin")}</dt>
                  <dd>
                    {last.origin}
                    {last.fallbackReason && ` (${last.fallbackReason})`}
                  </dd>
                  <dt>{t("tutor.debug.action")}</dt>
                  <dd>
                    {last.chosenAction} → {last.chosenUnitId} · {last.clientEvent}
                    {last.latencyMs !== null && ` · ${Math.round(last.latencyMs)} ms`}
                  </dd>
                  <dt>{t("tutor.debug.modelSentences")}</dt>
                  <dd>{last.modelSentences ?? 0}</dd>
                  {last.modelText && (
                    <>
                      <dt>{t("tutor.debug.modelText")}</dt>
                      <dd>{last.modelText}</dd>
                    </>
                  )}
                  <dt>{t("tutor.debug.askedUnit")}</dt>
                  <dd>{last.askedUnitId ?? "—"}</dd>
                  <dt>{t("tutor.debug.replyLanguage")}</dt>
                  <dd>{last.replyLanguage ?? "—"}</dd>
                  <dt>{t("tutor.debug.passage")}</dt>
                  <dd>{last.passageSource ?? "—"}</dd>
                  <dt>{t("tutor.debug.verdict")}</dt>
                  <dd>{last.verdict ? t(`tutor.verdict.${last.verdict}`) : "—"}</dd>
                </dl>
                <h5>{t("tutor.debug.dropped")}</h5>
                {dropped.length > 0 ? (
                  <ul className="debug-dropped">
                    {dropped.map((d, i) => (
                      <li key={i}>{t("tutor.debug.droppedItem", { text: d.text, check: d.check })}</li>
                    ))}
                  </ul>
                ) : (
                  <p>{t("tutor.debug.noDropped")}</p>
                )}
              </>
            ) : (
              <p>{t("tutor.debug.noTurn")}</p>
            )}
          </section>
          {last && (
            <section>
              <h4>{t("tutor.debug.candidates")}</h4>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t("tutor.debug.unit")}</th>
                    <th scope="col">{t("tutor.debug.score")}</th>
                    <th scope="col">{t("tutor.debug.mapped")}</th>
                  </tr>
                </thead>
                <tbody>
                  {last.scoredUnits.slice(0, 5).map((u) => (
                    <tr key={u.unitId}>
                      <td>{u.title}</td>
                      <td>{u.score?.toFixed(3) ?? "—"}</td>
                      <td>{u.mappedConfidence?.toFixed(2) ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          <section>
            <h4>{t("tutor.debug.mastery")}</h4>
            <ul>
              {view.mastery.map((m) => (
                <li key={m.unitId}>
                  {m.title}: {t(`tutor.tiers.${m.masteryTier}`)}
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h4>{t("tutor.debug.revisit")}</h4>
            <pre>{JSON.stringify(view.snapshotLite.revisit, null, 2)}</pre>
          </section>
          {last && (
            <section>
              <h4>{t("tutor.debug.policy")}</h4>
              <pre>{JSON.stringify(last.policy, null, 2)}</pre>
            </section>
          )}
        </div>
      )}
    </details>
  );
}
