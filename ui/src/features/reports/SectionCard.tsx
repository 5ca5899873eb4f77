import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { NumberedSection } from "../../bindings";
import { MarkdownView } from "./MarkdownView";

/** One numbered section: heading, body, an Edit button (title and Markdown body by
 * hand, with a live preview), and its subsections. Sections a waiting change touches
 * are marked. */
export function SectionCard({
  section,
  depth,
  changed,
  imageBase,
  onSave,
}: {
  section: NumberedSection;
  depth: number;
  changed: Set<string>;
  /** The folder of the report's own pictures. */
  imageBase?: string | null;
  onSave: (sectionId: string, title: string | null, bodyMd: string | null) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(section.title);
  const [body, setBody] = useState(section.bodyMd);
  const label = `${section.number} ${section.title}`;
  const Heading = `h${Math.min(depth + 2, 6)}` as "h2";
  const isChanged = changed.has(section.id);

  function startEditing() {
    setTitle(section.title);
    setBody(section.bodyMd);
    setEditing(true);
  }

  async function save() {
    const newTitle = title.trim() === section.title ? null : title;
    const newBody = body === section.bodyMd ? null : body;
    if (newTitle === null && newBody === null) return setEditing(false);
    if (await onSave(section.id, newTitle, newBody)) setEditing(false);
  }

  return (
    <section className={`report-section depth-${depth}${isChanged ? " changed" : ""}`} aria-label={label} data-section-id={section.id}>
      <div className="section-head">
        <Heading>
          <span className="section-number">{section.number}</span> {section.title}
        </Heading>
        {isChanged && <span className="pill pending">{t("reports.changed")}</span>}
        {!editing && (
          <button type="button" className="quiet" onClick={startEditing} aria-label={t("reports.edit", { section: label })}>
            ✎
          </button>
        )}
      </div>
      {editing ? (
        <form
          className="section-edit"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label>
            {t("reports.editTitle")}
            <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
          </label>
          <label>
            {t("reports.editBody")}
            <textarea value={body} onChange={(e) => setBody(e.target.value)} rows={Math.min(16, body.split("\n").length + 2)} />
          </label>
          <p className="muted">{t("reports.preview")}</p>
          <MarkdownView markdown={body} imageBase={imageBase} />
          <div className="actions">
            <button type="button" onClick={() => setEditing(false)}>
              {t("reports.cancel")}
            </button>
            <button type="submit" className="primary">
              {t("reports.save")}
            </button>
          </div>
        </form>
      ) : (
        section.bodyMd.trim() !== "" && <MarkdownView markdown={section.bodyMd} imageBase={imageBase} />
      )}
      {section.children.map((child) => (
        <SectionCard key={child.id} section={child} depth={depth + 1} changed={changed} imageBase={imageBase ?? null} onSave={onSave} />
      ))}
    </section>
  );
}
