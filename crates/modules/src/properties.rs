//! Property tests of the module reply pipeline against random and mutated model outputs:
//! reading never panics, and a turn always ends with a renderable reply — at least one
//! text block, only the module's own media, choice fields with options, levels only on
//! headings, and the app's progress.

use super::chosen;
use super::contract::{BlockType, ModuleReply};
use super::fallback::read_any_reply;
use super::progress::ModuleProgress;
use super::testing::module;
use super::turn::{
    clean_message, prepare_module_turn, run_module_turn, ModuleTurnInput, StudentAct,
};
use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, ScriptedLlm};
use lantern_core::mutation::mutate;
use proptest::prelude::*;

/// Valid replies the mutations start from.
const SEEDS: &[&str] = &[
    r#"{"content":{"text_blocks":[{"content":"Slow breathing calms a racing heart.","type":"paragraph"}],"next_step":{"prompt":"Want to try it?","suggestions":["Yes","Later"]}},"meta":{"response_type":"conversational","emotion":"supportive"}}"#,
    r#"{"content":{"text_blocks":[{"content":"Your body","level":2,"type":"heading"},{"content":"- Heart\n- Breath","type":"list"}],"media":[{"src":"media/curve.svg","type":"image"}]},"meta":{"response_type":"educational"}}"#,
    r#"{"content":{"text_blocks":[{"type":"paragraph","content":"Quick check"}],"forms":[{"id":"mood","fields":[{"id":"level","type":"radio","label":"How?","options":[{"value":"ok","label":"OK"},{"value":"bad","label":"Bad"}]},{"id":"more","type":"number","label":"Hours","min":0,"max":12}]}]},"meta":{"response_type":"assessment","progress":{"percentage":80,"milestone":"75%"}}}"#,
    r#"{"type":"form","title":"Check","fields":[{"id":"a","type":"select","label":"A","options":[{"value":"x","label":"X"},{"value":"y","label":"Y"}]}]}"#,
    "Just breathe **slowly** and count to four.",
];

fn output() -> impl Strategy<Value = String> {
    let mutated = (
        0..SEEDS.len(),
        prop::collection::vec((0usize..400, 0usize..8, prop::char::any()), 0..6),
    )
        .prop_map(|(i, cuts)| mutate(SEEDS[i], &cuts));
    prop_oneof![mutated, ".{0,300}"]
}

fn assert_renderable(reply: &ModuleReply) {
    let m = module();
    assert!(!reply.content.text_blocks.is_empty(), "no text block");
    for block in &reply.content.text_blocks {
        assert!(!block.content.trim().is_empty());
        assert_eq!(block.level.is_some(), block.kind == BlockType::Heading);
    }
    for media in &reply.content.media {
        assert!(m.media_file(&media.src).is_some(), "{}", media.src);
    }
    for field in reply.content.forms.iter().flat_map(|f| &f.fields) {
        assert_eq!(field.kind.is_choice(), field.options.len() >= 2);
    }
    assert!(reply.meta.progress.is_some() && reply.meta.module_state.is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Whatever the model writes as its choice, only one of the offered sentences is
    /// ever taken, and never a cut, changed or invented one.
    #[test]
    fn a_chosen_sentence_is_always_one_offered(
        picked in prop_oneof![
            Just("Breathing out slowly calms it within minutes.".to_string()),
            ".{0,80}",
        ],
        cuts in prop::collection::vec((0usize..120, 0usize..8, prop::char::any()), 0..3),
    ) {
        let offered = vec![
            "A racing heart is adrenaline at work.".to_string(),
            "Breathing out slowly calms it within minutes.".to_string(),
        ];
        let answer = serde_json::json!({"content": {chosen::FIELD: picked, "text_blocks": []}});
        let text = mutate(&answer.to_string(), &cuts);
        if let Some(sentence) = chosen::chosen(&text, &offered) {
            prop_assert!(offered.contains(&sentence));
        }
    }

    /// Whatever the student writes (question marks, "¿", any script) and whatever the
    /// model's likelihoods, the sentence code takes instead of the model's pick is
    /// another one offered, and reading it never panics.
    #[test]
    fn a_sentence_taken_instead_of_a_pick_is_always_one_offered(
        message in prop_oneof![".{0,80}", "[¿?, a-zñáé0-9]{0,60}"],
        pick in 0usize..3,
        values in proptest::collection::vec(-200.0f64..0.0, 0..4),
    ) {
        let offered = vec![
            "Habla de un problema en cuanto se repite, antes de que el enfado crezca.".to_string(),
            "Hazlo cara a cara, porque por escrito todo suena más duro.".to_string(),
            "Dos semanas después, mirad si funciona.".to_string(),
        ];
        let closeness: Vec<(String, f32)> =
            offered.iter().cloned().zip([0.2, 0.5, 0.4]).collect();
        let likelihood = crate::likely::paired(&offered, &values);
        let taken = chosen::instead_of(&offered[pick], &likelihood, &closeness, &offered, &message, None);
        if let Some(other) = taken {
            prop_assert!(offered.contains(&other));
            prop_assert_ne!(other, offered[pick].clone());
        }
    }

    #[test]
    fn any_output_ends_in_a_renderable_reply(text in output(), message in "[a-z ]{1,40}") {
        let m = module();
        let read = read_any_reply(&text, &m.media);
        for block in &read.checked.reply.content.text_blocks {
            prop_assert!(block.level.is_none() || block.kind == BlockType::Heading);
        }
        let input = ModuleTurnInput {
            module: m.clone(),
            progress: ModuleProgress::start(&m),
            language: Language::En,
            act: StudentAct::Say(clean_message(&format!("why {message}")).unwrap()),
            history: Vec::new(),
            passages: Vec::new(),
            closeness: Vec::new(),
            text_closeness: Vec::new(),
            asked_closeness: Vec::new(),
            forms_sent: Vec::new(),
            forms_shown: Vec::new(),
            said: Vec::new(),
            shown_before: Vec::new(),
            unanswered_before: false,
        };
        let prepared = prepare_module_turn(input).unwrap();
        let llm = ScriptedLlm::new([Ok(text)]);
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let out = runtime
            .block_on(run_module_turn(&prepared, Some(&llm), &mut |_| {}, &CancelFlag::default()))
            .unwrap();
        assert_renderable(&out.reply);
    }
}
