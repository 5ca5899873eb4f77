import { convertFileSrc } from "@tauri-apps/api/core";
import { useTranslation } from "react-i18next";
import type { FieldAnswer, Media, ModuleReply, TextBlock } from "../../bindings";
import { BlockText } from "./BlockText";
import { FormCard } from "./FormCard";

/** Icons of the reply kinds that get a label (a conversational reply has none). */
const KIND_ICONS: Partial<Record<ModuleReply["meta"]["response_type"], string>> = {
  educational: "📘",
  assessment: "📝",
  summary: "🧾",
};

function Block({ block }: { block: TextBlock }) {
  if (block.type === "heading") {
    // Six levels, six looks: the page's own headings end at h2, so level 1 is h3 and
    // levels 4–6 share h6 with a class of their own.
    const level = Math.min(6, Math.max(1, block.level ?? 2));
    const Tag = `h${Math.min(6, level + 2)}` as "h3";
    return <Tag className={`block-heading heading-${level}`}>{block.content}</Tag>;
  }
  if (block.type === "quote") {
    return (
      <blockquote className="block block-quote">
        <BlockText markdown={block.content} />
      </blockquote>
    );
  }
  const callout = ["info", "warning", "success", "tip"].includes(block.type);
  return (
    <div className={`block block-${block.type}`} role={block.type === "warning" ? "alert" : undefined}>
      <BlockText markdown={block.content} />
      {callout && <span className="visually-hidden">{block.type}</span>}
    </div>
  );
}

function MediaItem({ media, mediaDir }: { media: Media; mediaDir: string }) {
  const src = convertFileSrc(`${mediaDir}/${media.src}`);
  return (
    <figure className="module-media">
      {media.type === "image" ? (
        <img src={src} alt={media.alt ?? ""} />
      ) : media.type === "video" ? (
        <video src={src} controls aria-label={media.alt ?? media.caption ?? undefined} />
      ) : (
        <audio src={src} controls aria-label={media.alt ?? media.caption ?? undefined} />
      )}
      {media.caption && <figcaption>{media.caption}</figcaption>}
    </figure>
  );
}

/** One reply of the module, rendered by block type: headings, paragraphs, lists,
 * quotes and callouts (info, warning, success, tip) in Markdown with KaTeX; the module's
 * own media; optional forms and quick replies — both only on the latest reply. */
export function ReplyView({
  reply,
  mediaDir,
  active,
  busy,
  onSay,
  onForm,
}: {
  reply: ModuleReply;
  mediaDir: string;
  active: boolean;
  busy: boolean;
  onSay: (text: string) => void;
  onForm: (formId: string, answers: Record<string, FieldAnswer>) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const step = reply.content.next_step;
  const suggestions = step?.suggestions ?? [];
  const kind = reply.meta.response_type;
  const icon = KIND_ICONS[kind];
  return (
    <article className={`module-reply emotion-${reply.meta.emotion ?? "neutral"}`} data-response-type={kind}>
      {icon && (
        <p className="reply-kind">
          <span aria-hidden="true">{icon}</span> {t(`modules.replyKind.${kind}`)}
        </p>
      )}
      {reply.content.text_blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
      {(reply.content.media ?? []).map((m) => (
        <MediaItem key={m.src} media={m} mediaDir={mediaDir} />
      ))}
      {active && (reply.content.forms ?? []).map((form) => <FormCard key={form.id} form={form} busy={busy} onSubmit={(answers) => onForm(form.id, answers)} />)}
      {active && step?.prompt && <p className="next-prompt">{step.prompt}</p>}
      {active && suggestions.length > 0 && (
        <div className="chips" role="group" aria-label={t("modules.quickReplies")}>
          {suggestions.map((s) => (
            <button key={s} type="button" className="chip" disabled={busy} onClick={() => onSay(s)}>
              {s}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
