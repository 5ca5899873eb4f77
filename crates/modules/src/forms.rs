//! A submitted form: its answers checked against the pack's template, the topics they
//! cover, and the student turn they become ("Signs I notice: Racing heart · Hours of
//! sleep: 5"). A form is never required: the student may always write instead.

use super::contract::FieldType;
use super::error::ModuleError;
use super::keywords::topics_in;
use super::pack::{FieldTemplate, FormTemplate, ModuleManifest};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Longest text answer, in characters.
pub const MAX_ANSWER_CHARS: usize = 2000;

/// One answered field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldAnswer {
    /// The field's id.
    pub field_id: String,
    /// Its label.
    pub label: String,
    /// The answer as words (chosen labels, the number, the text).
    pub shown: String,
    /// The answer as sent.
    pub value: Value,
}

/// A form's answers, checked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubmittedForm {
    /// The form's id.
    pub form_id: String,
    /// The form's title, when it has one.
    pub title: Option<String>,
    /// Answered fields, in the form's order.
    pub answers: Vec<FieldAnswer>,
}

impl SubmittedForm {
    /// The student turn the form becomes, one line per answer.
    pub fn as_message(&self) -> String {
        let lines: Vec<String> = self
            .answers
            .iter()
            .map(|a| format!("{}: {}", a.label.trim_end_matches(':'), a.shown))
            .collect();
        match &self.title {
            Some(title) => format!("{title}\n{}", lines.join("\n")),
            None => lines.join("\n"),
        }
    }
}

fn bad(field: &FieldTemplate, why: impl AsRef<str>) -> ModuleError {
    ModuleError::FormInvalid(format!("{} ({}): {}", field.label, field.id, why.as_ref()))
}

fn option_label<'a>(field: &'a FieldTemplate, value: &str) -> Option<&'a str> {
    field
        .options
        .iter()
        .find(|o| o.value == value)
        .map(|o| o.label.as_str())
}

/// The answer to one field as words, `None` when it is unanswered.
fn shown_answer(field: &FieldTemplate, value: &Value) -> Result<Option<String>, ModuleError> {
    match (field.kind, value) {
        (_, Value::Null) => Ok(None),
        (FieldType::Radio | FieldType::Select, Value::String(v)) if v.is_empty() => Ok(None),
        (FieldType::Radio | FieldType::Select, Value::String(v)) => option_label(field, v)
            .map(|l| Some(l.to_string()))
            .ok_or_else(|| bad(field, format!("`{v}` is not one of its options"))),
        (FieldType::Checkbox, Value::Array(values)) => {
            let mut labels: Vec<&str> = Vec::new();
            for (i, v) in values.iter().enumerate() {
                let Some(v) = v.as_str() else {
                    return Err(bad(field, "choices must be option values"));
                };
                let label = option_label(field, v)
                    .ok_or_else(|| bad(field, format!("`{v}` is not one of its options")))?;
                if values[..i]
                    .iter()
                    .any(|earlier| earlier.as_str() == Some(v))
                {
                    return Err(bad(field, format!("`{v}` is chosen twice")));
                }
                labels.push(label);
            }
            Ok((!labels.is_empty()).then(|| labels.join(", ")))
        }
        (FieldType::Text | FieldType::Textarea, Value::String(text)) => {
            let text = lantern_core::text::tidy::strip_unsafe_chars(text.trim());
            if text.chars().count() > MAX_ANSWER_CHARS {
                return Err(bad(field, format!("at most {MAX_ANSWER_CHARS} characters")));
            }
            Ok((!text.is_empty()).then_some(text))
        }
        (FieldType::Number, Value::Number(n)) => {
            let x = n
                .as_f64()
                .filter(|x| x.is_finite())
                .ok_or_else(|| bad(field, "not a number"))?;
            if field.min.is_some_and(|min| x < min) || field.max.is_some_and(|max| x > max) {
                let range = format!(
                    "between {} and {}",
                    field.min.map_or("…".into(), |m| m.to_string()),
                    field.max.map_or("…".into(), |m| m.to_string())
                );
                return Err(bad(field, format!("{x} is not {range}")));
            }
            let whole = x.fract() == 0.0 && x.abs() < 1e15;
            Ok(Some(if whole {
                format!("{}", x.round())
            } else {
                x.to_string()
            }))
        }
        (kind, _) => Err(bad(
            field,
            format!("the wrong kind of answer for a {} field", kind.as_str()),
        )),
    }
}

/// Checks `answers` against `form`: known fields, allowed options, numbers in range,
/// required fields answered, at least one answer.
pub fn check_answers(
    form: &FormTemplate,
    answers: &Map<String, Value>,
) -> Result<SubmittedForm, ModuleError> {
    if let Some(unknown) = answers
        .keys()
        .find(|k| !form.fields.iter().any(|f| &f.id == *k))
    {
        return Err(ModuleError::FormInvalid(format!(
            "the form has no field `{unknown}`"
        )));
    }
    let mut checked = Vec::new();
    for field in &form.fields {
        let value = answers.get(&field.id).unwrap_or(&Value::Null);
        match shown_answer(field, value)? {
            Some(shown) => checked.push(FieldAnswer {
                field_id: field.id.clone(),
                label: field.label.clone(),
                shown,
                value: value.clone(),
            }),
            None if field.required => return Err(bad(field, "needs an answer")),
            None => {}
        }
    }
    if checked.is_empty() {
        return Err(ModuleError::FormInvalid("nothing was answered".into()));
    }
    Ok(SubmittedForm {
        form_id: form.id.clone(),
        title: form.title.clone(),
        answers: checked,
    })
}

/// The topics a submitted form covers: the `covers` of every answered field and chosen
/// option, and the keywords of its text answers.
pub fn form_topics(
    module: &ModuleManifest,
    form: &FormTemplate,
    submitted: &SubmittedForm,
) -> Vec<String> {
    let mut topics: Vec<String> = Vec::new();
    for answer in &submitted.answers {
        let Some(field) = form.fields.iter().find(|f| f.id == answer.field_id) else {
            continue;
        };
        topics.extend(field.covers.iter().cloned());
        let chosen: Vec<&str> = match &answer.value {
            Value::String(v) => vec![v.as_str()],
            Value::Array(values) => values.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        for option in field
            .options
            .iter()
            .filter(|o| chosen.contains(&o.value.as_str()))
        {
            topics.extend(option.covers.iter().cloned());
        }
        if matches!(field.kind, FieldType::Text | FieldType::Textarea) {
            topics.extend(topics_in(module, &answer.shown));
        }
    }
    topics
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::module::testing::module;
    use serde_json::json;

    fn submit(answers: Value) -> Result<SubmittedForm, ModuleError> {
        let m = module();
        check_answers(m.form("check_in").unwrap(), answers.as_object().unwrap())
    }

    #[test]
    fn answers_must_fit_their_fields() {
        assert!(submit(json!({"colour": "red"})).is_err());
        assert!(submit(json!({"level": "medium"})).is_err());
        assert!(submit(json!({"signs": ["worry", "worry"]})).is_err());
        assert!(submit(json!({"sleep_hours": 20})).is_err());
        assert!(submit(json!({"sleep_hours": "5"})).is_err());
        assert!(submit(json!({})).is_err());
        assert!(submit(json!({"note": "   "})).is_err());
    }

    #[test]
    fn a_form_becomes_a_readable_student_turn() {
        let s =
            submit(json!({"signs": ["racing_heart", "worry"], "sleep_hours": 5, "level": "high"}))
                .unwrap();
        assert_eq!(
            s.as_message(),
            "Check-in\nSigns I notice: Racing heart, Worry\nHours of sleep: 5\nStress level: High"
        );
    }

    #[test]
    fn answers_cover_their_fields_options_and_keywords() {
        let m = module();
        let form = m.form("check_in").unwrap();
        let s =
            submit(json!({"signs": ["racing_heart"], "sleep_hours": 7, "note": "I take breaks"}))
                .unwrap();
        assert_eq!(form_topics(&m, form, &s), ["heart", "sleep", "breaks"]);
    }

    #[test]
    fn a_required_field_must_be_answered() {
        let mut m = module();
        m.forms[0].fields[2].required = true;
        let e =
            check_answers(&m.forms[0], json!({"sleep_hours": 5}).as_object().unwrap()).unwrap_err();
        assert!(e.to_string().contains("needs an answer"), "{e}");
    }
}
