//! A small module for unit tests: two phases, three sections, six topics, an image and a
//! form whose answers cover topics.

use super::{parse_module, ModuleManifest};

/// The test module's `module.json`.
pub const MODULE_JSON: &str = r#"{
  "formatVersion": 1, "id": "calm", "title": "Calm before exams", "language": "en",
  "phases": [
    {"id": "know", "title": "Knowing stress", "sections": [
      {"id": "body", "title": "Your body", "intro": "Stress shows up in the body first.",
       "media": ["media/curve.svg"], "form": "check_in",
       "topics": [
        {"id": "heart", "title": "Racing heart", "notes": "A racing heart is adrenaline at work.",
         "keywords": {"en": ["racing heart", "heart races", "heart pounding"], "es": ["corazón acelerado"]}},
        {"id": "breath", "title": "Breathing", "notes": "Slow breathing calms the body.",
         "keywords": {"en": ["breath*"], "es": ["respir*"]}}]},
      {"id": "mind", "title": "Your thoughts", "intro": "Thoughts can run ahead of facts.",
       "topics": [
        {"id": "worry", "title": "Worry loops", "notes": "Worry repeats the same question.",
         "keywords": {"en": ["worry", "worried"], "es": ["preocup*"]}},
        {"id": "blank", "title": "Going blank", "notes": "Going blank passes when you breathe out slowly.",
         "keywords": {"en": ["go blank", "mind goes blank"], "es": ["mente en blanco"]}}]}]},
    {"id": "act", "title": "Acting", "sections": [
      {"id": "plan", "title": "Your plan", "intro": "A plan makes the day predictable.",
       "topics": [
        {"id": "sleep", "title": "Sleep", "notes": "Sleep fixes memories.",
         "keywords": {"en": ["sleep", "slept"], "es": ["dormir", "sueño"]}},
        {"id": "breaks", "title": "Breaks", "notes": "Short breaks keep focus.",
         "keywords": {"en": ["break", "breaks", "pomodoro"], "es": ["descanso*"]}}]}]}
  ],
  "media": [{"file": "media/curve.svg", "type": "image", "alt": "A curve", "caption": "Stress and performance"}],
  "forms": [{"id": "check_in", "title": "Check-in", "submit_label": "Send", "fields": [
    {"id": "signs", "type": "checkbox", "label": "Signs I notice", "options": [
      {"value": "racing_heart", "label": "Racing heart", "covers": ["heart"]},
      {"value": "worry", "label": "Worry", "covers": ["worry"]}]},
    {"id": "sleep_hours", "type": "number", "label": "Hours of sleep", "min": 0, "max": 14, "covers": ["sleep"]},
    {"id": "level", "type": "radio", "label": "Stress level", "required": false, "options": [
      {"value": "low", "label": "Low"}, {"value": "high", "label": "High"}]},
    {"id": "note", "type": "textarea", "label": "Anything else"}]}]
}"#;

/// The test module.
pub fn module() -> ModuleManifest {
    parse_module(MODULE_JSON).expect("the test module is valid")
}

/// The test module's `module.json` with `find` replaced by `replace` (once).
pub fn module_with(find: &str, replace: &str) -> Result<ModuleManifest, crate::course::PackError> {
    assert!(
        MODULE_JSON.contains(find),
        "{find} is not in the test module"
    );
    parse_module(&MODULE_JSON.replacen(find, replace, 1))
}
