import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { FieldAnswer, Form, FormField } from "../../bindings";

/** The answers typed so far, by field id. */
type Draft = Record<string, string | string[]>;

/** The answers to send: empty fields left out, numbers as numbers. */
export function answersOf(form: Form, draft: Draft): Record<string, FieldAnswer> {
  const answers: Record<string, FieldAnswer> = {};
  for (const field of form.fields) {
    const value = draft[field.id];
    if (Array.isArray(value)) {
      if (value.length > 0) answers[field.id] = value;
    } else if (value !== undefined && value.trim() !== "") {
      answers[field.id] = field.type === "number" ? Number(value) : value;
    }
  }
  return answers;
}

function FieldInput({ form, field, value, onChange }: { form: Form; field: FormField; value: string | string[] | undefined; onChange: (v: string | string[]) => void }) {
  const { t } = useTranslation();
  const id = `${form.id}-${field.id}`;
  const help = field.help_text ? <small id={`${id}-help`}>{field.help_text}</small> : null;
  const described = field.help_text ? `${id}-help` : undefined;
  const label = (
    <>
      {field.label}
      {field.required && <span className="muted"> ({t("modules.required")})</span>}
    </>
  );
  if (field.type === "radio" || field.type === "checkbox") {
    const chosen = Array.isArray(value) ? value : value ? [value] : [];
    return (
      <fieldset aria-describedby={described}>
        <legend>{label}</legend>
        {(field.options ?? []).map((o) => (
          <label key={o.value} className="choice">
            <input
              type={field.type}
              name={id}
              value={o.value}
              checked={chosen.includes(o.value)}
              required={field.required && field.type === "radio"}
              onChange={(e) =>
                field.type === "radio"
                  ? onChange(o.value)
                  : onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))
              }
            />{" "}
            {o.label}
          </label>
        ))}
        {help}
      </fieldset>
    );
  }
  const text = typeof value === "string" ? value : "";
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {field.type === "select" ? (
        <select id={id} value={text} required={field.required} aria-describedby={described} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t("modules.chooseOne")}</option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.type === "textarea" ? (
        <textarea id={id} value={text} rows={3} maxLength={2000} placeholder={field.placeholder ?? undefined} required={field.required} aria-describedby={described} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          id={id}
          type={field.type === "number" ? "number" : "text"}
          value={text}
          min={field.min ?? undefined}
          max={field.max ?? undefined}
          placeholder={field.placeholder ?? undefined}
          required={field.required}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {help}
    </div>
  );
}

/** An optional form: the student may fill it in, skip it, or just write instead. */
export function FormCard({ form, busy, onSubmit }: { form: Form; busy: boolean; onSubmit: (answers: Record<string, FieldAnswer>) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({});
  const [skipped, setSkipped] = useState(false);
  if (skipped) return null;
  const answers = answersOf(form, draft);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await onSubmit(answers)) setDraft({});
  }
  return (
    <form className="module-form" aria-label={form.title ?? form.id} onSubmit={(e) => void submit(e)}>
      {form.title && <h4>{form.title}</h4>}
      {form.description && <p>{form.description}</p>}
      <p className="muted small">{t("modules.formOptional")}</p>
      {form.fields.map((field) => (
        <FieldInput key={field.id} form={form} field={field} value={draft[field.id]} onChange={(v) => setDraft((d) => ({ ...d, [field.id]: v }))} />
      ))}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy || Object.keys(answers).length === 0}>
          {form.submit_label ?? t("modules.submit")}
        </button>
        <button type="button" onClick={() => setSkipped(true)}>
          {t("modules.skip")}
        </button>
      </div>
    </form>
  );
}
