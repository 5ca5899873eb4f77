import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldAnswer, Language, ModuleMessageView } from "../../bindings";
import { errorText } from "../../i18n";
import { CheckPackDialog } from "../packs/CheckPackDialog";
import { SendOrStop, sendOnEnter } from "../../turns/SendOrStop";
import { ProgressBar } from "./ProgressBar";
import { ReplyView } from "./ReplyView";
import { SectionList } from "./SectionList";
import { useModules } from "./useModules";
import "./modules.css";

function StudentTurn({ message }: { message: ModuleMessageView }) {
  const { t } = useTranslation();
  return (
    <li className="from-student">
      <span className="visually-hidden">{t("modules.you")}: </span>
      <p className={message.wasForm ? "form-answers" : undefined}>{message.text}</p>
    </li>
  );
}

/** The modules workspace: the library and the open module's sections on the left; the
 * progress bar, the conversation (replies by block type, optional forms, quick replies)
 * and the message box on the right. Free text is always accepted. */
export function ModulesPage({ language }: { language: Language }) {
  const { t } = useTranslation();
  const m = useModules(language);
  const [draft, setDraft] = useState("");
  const [checking, setChecking] = useState(false);
  const end = useRef<HTMLLIElement | null>(null);
  const busy = m.turn.streaming !== null;
  const session = m.session;
  const messages = session?.messages ?? [];
  const lastReply = [...messages].reverse().find((x) => !x.fromStudent)?.id;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [messages.length, m.turn.streaming]);

  async function say(text: string) {
    const words = text.trim();
    if (!words || busy) return;
    setDraft("");
    if (!(await m.send({ kind: "say", text: words }))) setDraft(words);
  }

  const onForm = (formId: string, answers: Record<string, FieldAnswer>) => m.send({ kind: "form", formId, answers });

  return (
    <div className="modules-page">
      <aside className="modules-side">
        <section aria-label={t("modules.library")}>
          <h2>{t("modules.library")}</h2>
          {m.modules?.length === 0 && <p className="muted">{t("modules.empty")}</p>}
          <ul className="module-list">
            {m.modules?.map((mod) => (
              <li key={mod.id}>
                <button type="button" aria-current={session?.moduleId === mod.id ? "true" : undefined} onClick={() => void m.open(mod.id)}>
                  <strong>{mod.title}</strong>
                  <span className="muted small">{t("modules.sectionsTopics", { sections: mod.sections, topics: mod.topics })}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="import-buttons">
            <button type="button" onClick={() => void m.importPack("folder")}>
              {t("modules.import")}
            </button>
            <button type="button" onClick={() => void m.importPack("zip")}>
              {t("modules.importZip")}
            </button>
            <button type="button" onClick={() => setChecking(true)}>
              {t("packs.open")}
            </button>
          </div>
          {checking && <CheckPackDialog pack="module" onClose={() => setChecking(false)} />}
          {m.importing && <p role="status">{t("modules.importing", { pack: m.importing.pack })}</p>}
        </section>
        {session && <SectionList sections={session.progress.sections} busy={busy} onGo={(section) => void m.send({ kind: "go", section })} />}
      </aside>
      <section className="module-main" aria-label={session?.title ?? t("modules.library")}>
        {m.error && (
          <p role="alert" className="error">
            {errorText(m.error)}
          </p>
        )}
        {!session ? (
          <p className="muted">{t("modules.pick")}</p>
        ) : (
          <>
            <header className="module-header">
              <h2>{session.title}</h2>
              <button
                type="button"
                onClick={() => {
                  if (window.confirm(t("modules.restartConfirm"))) void m.open(session.moduleId, true);
                }}
              >
                {t("modules.restart")}
              </button>
            </header>
            {m.distressWords && (
              <p className="check-error" role="note">
                {errorText(m.distressWords)}
              </p>
            )}
            <ProgressBar progress={session.progress} />
            <ol className="module-messages" aria-label={t("modules.conversation")} aria-live="polite">
              {messages.map((message) =>
                message.fromStudent || !message.reply ? (
                  <StudentTurn key={message.id} message={message} />
                ) : (
                  <li key={message.id} className="from-module">
                    <span className="visually-hidden">{t("modules.guide")}: </span>
                    <ReplyView
                      reply={message.reply}
                      mediaDir={session.mediaDir}
                      active={message.id === lastReply && !busy}
                      busy={busy}
                      onSay={(text) => void say(text)}
                      onForm={onForm}
                    />
                    {message.origin && message.origin !== "app" && message.origin !== "model" && <p className="muted small">{t("modules.byGuide")}</p>}
                  </li>
                ),
              )}
              {busy && (
                <li className="from-module progress" role="status">
                  {m.turn.streaming || t("modules.working")}
                </li>
              )}
              <li ref={end} aria-hidden="true" />
            </ol>
            <form
              className="composer"
              onSubmit={(e) => {
                e.preventDefault();
                void say(draft);
              }}
            >
              <label className="visually-hidden" htmlFor="module-message">
                {t("modules.message")}
              </label>
              <textarea
                id="module-message"
                value={draft}
                placeholder={t("modules.message")}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={sendOnEnter(() => void say(draft))}
                rows={2}
                maxLength={2000}
              />
              <SendOrStop busy={busy} canStop={m.turn.canStop} empty={draft.trim() === ""} onStop={() => void m.turn.stop()} sendLabel={t("modules.send")} stopLabel={t("modules.stop")} primary />
            </form>
          </>
        )}
      </section>
    </div>
  );
}
