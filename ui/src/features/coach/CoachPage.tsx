import { useTranslation } from "react-i18next";
import "./coach.css";
import type { Language } from "../../bindings";
import { ChatPanel } from "./ChatPanel";
import { DraftPanel } from "./DraftPanel";
import { ExportBar } from "./ExportBar";
import { ProposedUpdateCard } from "./ProposedUpdateCard";
import { SessionList } from "./SessionList";
import { StepRail } from "./StepRail";
import { ToulminDiagram } from "./ToulminDiagram";
import { useCoach } from "./useCoach";

/** The argument coach: pick or start an argument, then chat through the seven steps.
 * `modelReady` false: replies come from the offline guide, and the page says so. */
export function CoachPage({ language, modelReady }: { language: Language; modelReady: boolean }) {
  const { t } = useTranslation();
  const coach = useCoach();
  const { session } = coach;

  if (!session) {
    return (
      <>
        <h2>{t("nav.coach")}</h2>
        <p>{t("summaries.coach")}</p>
        {coach.sessions && (
          <SessionList sessions={coach.sessions} language={language} onOpen={(id) => void coach.open(id)} onCreate={coach.create} onDelete={coach.remove} />
        )}
      </>
    );
  }

  // Only a proposal for the step being worked on is shown (spec: field === currentStep).
  const proposal = session.pendingProposal?.field === session.currentStep ? session.pendingProposal : null;
  return (
    <div className="coach">
      <header className="coach-header">
        <button type="button" onClick={coach.close}>
          {t("coach.back")}
        </button>
        <h2>{session.title}</h2>
      </header>
      <StepRail current={session.currentStep} complete={session.isComplete} />
      {!modelReady && (
        <p className="help" role="note">
          {t("coach.offline")}
        </p>
      )}
      {coach.origin === "afterModelFailure" && (
        <p className="help" role="status">
          {t("coach.afterModelFailure")}
        </p>
      )}
      {session.isComplete && (
        <>
          <p className="check-ok" role="status">
            {t("coach.done")}
          </p>
          <ToulminDiagram draft={session.draft} />
          <ExportBar id={session.id} />
        </>
      )}
      <div className="coach-columns">
        <div>
          <ChatPanel
            key={session.id}
            messages={session.messages}
            unsent={session.unsentMessage}
            streaming={coach.streaming}
            canStop={coach.canStop}
            error={coach.error}
            onSend={coach.send}
            onRetry={() => void coach.retry()}
            onStop={() => void coach.stop()}
            onUnsentChange={coach.saveUnsent}
          />
          {proposal && !session.isComplete && (
            <ProposedUpdateCard
              proposal={proposal}
              busy={coach.streaming !== null}
              onAccept={() => void coach.accept()}
              onReject={() => void coach.reject()}
            />
          )}
        </div>
        <DraftPanel
          key={session.id}
          draft={session.draft}
          current={session.currentStep}
          complete={session.isComplete}
          onSave={coach.editDraft}
          onAdvance={() => void coach.advance()}
        />
      </div>
    </div>
  );
}
