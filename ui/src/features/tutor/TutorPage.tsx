import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./tutor.css";
import { errorText } from "../../i18n";
import { CoursesPanel } from "../courses/CoursesPanel";
import { Composer } from "./Composer";
import { DebugDrawer } from "./panels/DebugDrawer";
import { SnapshotPanel } from "./panels/SnapshotPanel";
import { LearningPathView } from "./path/LearningPathView";
import { ThreadList } from "./ThreadList";
import { Timeline } from "./Timeline";
import { useTutor } from "./useTutor";

/** Widths at which the three columns fit side by side. */
const WIDE = "(min-width: 1280px)";

/** Whether the window is wide enough for three columns, following resizes. */
function useWide(): boolean {
  const query = useMemo(() => (typeof window.matchMedia === "function" ? window.matchMedia(WIDE) : null), []);
  const [wide, setWide] = useState(query?.matches ?? true);
  useEffect(() => {
    if (!query) return;
    const changed = () => setWide(query.matches);
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, [query]);
  return wide;
}

/** A panel over the page at narrow widths, closed by its button or Escape. */
function Drawer({ side, label, onClose, children }: { side: "left" | "right"; label: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div
      className={`drawer drawer-${side}`}
      role="dialog"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
    >
      <button type="button" ref={close} className="drawer-close" onClick={onClose}>
        {t("tutor.close")}
      </button>
      {children}
    </div>
  );
}

/** The tutor workspace (spec PV-AI-018): sessions on the left, the timeline with its cards
 * and the composer in the centre, the SnapshotLite panel on the right (a menu and an
 * "Info" drawer at narrow widths); the learning path; the debug drawer when enabled. */
export function TutorPage({ modelReady, debugDrawer }: { modelReady: boolean; debugDrawer: boolean }) {
  const { t } = useTranslation();
  const tutor = useTutor();
  const { thread } = tutor;
  const wide = useWide();
  const [menu, setMenu] = useState(false);
  const [info, setInfo] = useState(false);
  const [view, setView] = useState<"chat" | "path">("chat");
  const [gradingDrill, setGradingDrill] = useState<string | null>(null);
  const composer = useRef<HTMLTextAreaElement | null>(null);
  const busy = tutor.streaming !== null;

  const titles = useMemo(() => {
    const course = tutor.courses?.find((c) => c.id === thread?.courseId);
    return new Map((course?.units ?? []).map((u) => [u.unitId, u.title]));
  }, [tutor.courses, thread?.courseId]);

  const threads = (
    <ThreadList
      threads={tutor.threads ?? []}
      courses={tutor.courses ?? []}
      current={thread?.id ?? null}
      onOpen={(id) => {
        setMenu(false);
        setView("chat");
        void tutor.open(id);
      }}
      onCreate={async (courseId) => {
        setMenu(false);
        setView("chat");
        return tutor.create(courseId);
      }}
      onDelete={tutor.remove}
    />
  );

  const workOn = (unitId: string) => {
    setView("chat");
    setInfo(false);
    void tutor.press({ type: "CHOOSE_UNIT", unitId });
  };
  const panel = thread && (
    <SnapshotPanel
      snapshot={thread.snapshotLite}
      titles={titles}
      busy={busy}
      onWorkOn={workOn}
      onPractise={(unitId) => {
        setInfo(false);
        setView("chat");
        void tutor.press({ type: "REQUEST_DRILL", unitId });
      }}
      onRevisit={(unitId, questionId) => {
        setInfo(false);
        setView("chat");
        void tutor.press({ type: "REVISIT", unitId, questionId });
      }}
      onLearningPath={() => {
        setInfo(false);
        setView("path");
      }}
    />
  );

  return (
    <div className={wide ? "tutor tutor-wide" : "tutor tutor-narrow"}>
      {wide && threads}
      <div className="tutor-main">
        <header className="tutor-bar">
          {!wide && (
            <button type="button" aria-expanded={menu} onClick={() => setMenu(!menu)}>
              {t("tutor.sessionsMenu")}
            </button>
          )}
          <h2>{thread ? thread.title : t("nav.tutor")}</h2>
          {!wide && thread && (
            <button type="button" aria-expanded={info} onClick={() => setInfo(!info)}>
              {t("tutor.info")}
            </button>
          )}
        </header>
        {!wide && menu && (
          <Drawer side="left" label={t("tutor.threads")} onClose={() => setMenu(false)}>
            {threads}
          </Drawer>
        )}
        {!wide && info && panel && (
          <Drawer side="right" label={t("tutor.panel.title")} onClose={() => setInfo(false)}>
            {panel}
          </Drawer>
        )}
        {!thread ? (
          <div className="tutor-welcome">
            <p>{t("summaries.tutor")}</p>
            <p className="help">{t("tutor.welcome")}</p>
            {tutor.error && (
              <p className="check-error" role="alert">
                {errorText(tutor.error)}
              </p>
            )}
            <CoursesPanel />
          </div>
        ) : view === "path" ? (
          <LearningPathView threadId={thread.id} revision={tutor.revision} onChoose={workOn} onBack={() => setView("chat")} />
        ) : (
          <div className="tutor-chat">
            {!modelReady && (
              <p className="help" role="note">
                {t("tutor.offline")}
              </p>
            )}
            {tutor.origin === "afterModelFailure" && (
              <p className="help" role="status">
                {t("tutor.afterModelFailure")}
              </p>
            )}
            <Timeline
              threadId={thread.id}
              messages={thread.messages}
              streaming={tutor.streaming}
              streamingPassage={tutor.streamingPassage}
              gradingDrill={gradingDrill}
              busy={busy}
              onPress={(event) => void tutor.press(event)}
              onFollowUp={() => composer.current?.focus()}
              onGrade={async (messageId, answer) => {
                setGradingDrill(messageId);
                const saved = await tutor.gradeDrill(messageId, answer);
                setGradingDrill(null);
                return saved;
              }}
              onSubmitExam={tutor.submitExam}
              onSupport={tutor.viewSupport}
            />
            {tutor.error && (
              <p className="check-error" role="alert">
                {errorText(tutor.error)}
              </p>
            )}
            <Composer busy={busy} canStop={tutor.canStop} inputRef={composer} language={thread?.language ?? null} onSend={tutor.send} onStop={() => void tutor.stop()} />
          </div>
        )}
        {debugDrawer && thread && <DebugDrawer threadId={thread.id} revision={tutor.revision} />}
      </div>
      {wide && panel}
    </div>
  );
}
