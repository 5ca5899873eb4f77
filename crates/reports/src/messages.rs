//! The report editor's words: `crates/reports/words/<locale>/reports.ftl`, compiled in.

use lantern_core::words::Words;

/// Every sentence the report editor writes, in each language it speaks.
pub static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../words/en/reports.ftl")]),
    ("es", &[include_str!("../words/es/reports.ftl")]),
]);

#[cfg(test)]
mod tests {
    use crate::command::{parse_command, plan_command, CommandPlan};
    use crate::confirm::{confirmation, describe_op, undone_words, withdrawn_words};
    use crate::offline::{help_message, refusal_words, rewrite_failed_message};
    use crate::ops::{apply_op, ReportOp};
    use crate::references::{not_found_message, which_section_question};
    use crate::rewrite_check::RewriteProblem;
    use crate::section_tree::tests::sample;
    use crate::section_tree::Place;
    use crate::ReportError;
    use lantern_core::language::Language::{En, Es};

    lantern_core::words_are_whole!(super::MESSAGES);

    fn described(op: ReportOp, language: lantern_core::language::Language) -> String {
        let before = sample();
        let mut after = before.clone();
        apply_op(&mut after, &op).unwrap();
        describe_op(&before, &after, &op, language)
    }

    #[test]
    fn the_changes_read_as_they_did_in_both_languages() {
        let long = "x".repeat(70);
        let rename = ReportOp::UpdateSection {
            id: "s3".into(),
            title: Some(long.clone()),
            body_md: Some("New.".into()),
        };
        assert_eq!(
            described(rename.clone(), En),
            format!(
                "rename 2.1 Gutters to “{}…” and rewrite its text",
                &long[..60]
            )
        );
        assert_eq!(
            described(rename, Es),
            format!(
                "renombrar 2.1 Gutters como “{}…” y reescribir su texto",
                &long[..60]
            )
        );
        let moved = ReportOp::MoveSection {
            id: "s1".into(),
            place: Place::End,
        };
        assert_eq!(
            described(moved.clone(), En),
            "move 1 Introduction to the end (now 3)"
        );
        assert_eq!(
            described(moved, Es),
            "mover 1 Introduction al final (ahora 3)"
        );
        let under = ReportOp::AddSection {
            id: "s6".into(),
            place: Place::Under("s5".into()),
            title: "Costs".into(),
            body_md: String::new(),
        };
        assert_eq!(
            described(under, Es),
            "añadir 3.1 Costs dentro de 3 Recommendations"
        );
        let one_inner = ReportOp::DeleteSection { id: "s2".into() };
        let mut report = sample();
        report.take("s4");
        let mut after = report.clone();
        apply_op(&mut after, &one_inner).unwrap();
        assert_eq!(
            describe_op(&report, &after, &one_inner, En),
            "delete 2 Roofing and its subsection"
        );
        assert_eq!(
            describe_op(&report, &after, &one_inner, Es),
            "borrar 2 Roofing y sus 1 subsecciones"
        );
        assert_eq!(
            described(ReportOp::DeleteSection { id: "s1".into() }, Es),
            "borrar 1 Introduction"
        );
        assert_eq!(
            confirmation(&["a".into(), "b".into()], En),
            "I propose 2 changes: a; b. Review them to accept or reject each."
        );
        assert_eq!(
            confirmation(&["a".into()], Es),
            "Propongo a. Revísalo y acéptalo o recházalo."
        );
        assert_eq!(
            withdrawn_words("borrar 1 Introduction", Es),
            "He retirado el último cambio, que esperaba tu revisión: borrar 1 Introduction."
        );
        assert_eq!(
            undone_words(Some("x"), En),
            "I undid the last accepted step: x."
        );
        assert_eq!(
            undone_words(None, Es),
            "He deshecho el último paso aceptado."
        );
    }

    #[test]
    fn the_apps_answers_read_as_they_did_in_both_languages() {
        let report = sample();
        assert_eq!(
            help_message(&report, Es),
            "No he hecho ningún cambio: no he podido hacerlo por mi cuenta. Entiendo peticiones como: \
             «renombra 1 a …», «mueve 3 antes de 1», «borra 3», «añade una sección llamada … después de 1», \
             «cambia el texto de 1 a: …»."
        );
        assert_eq!(
            help_message(&report, En),
            "I made no change: I couldn't do that on my own. I understand requests such as: “rename 1 to …”, \
             “move 3 before 1”, “delete 3”, “add a section called … after 1”, “set the text of 1 to: …”."
        );
        assert_eq!(
            rewrite_failed_message(&report, "s3", Some("it lost 7"), En),
            "I made no change to 2.1 Gutters: the model's text was not usable (it lost 7). You can edit \
             it by hand (✎) or say “set the text of 2.1 to: …”."
        );
        assert_eq!(
            rewrite_failed_message(&report, "s3", None, Es),
            "No he hecho ningún cambio en 2.1 Gutters: el texto del modelo no servía. Puedes editarla a \
             mano (✎) o decir «cambia el texto de 2.1 a: …»."
        );
        let ids = ["s1".to_string(), "s3".into(), "s5".into()];
        assert_eq!(
            which_section_question(&report, &ids, Es),
            "¿Qué sección quieres decir: “1 Introduction”, “2.1 Gutters” o “3 Recommendations”?"
        );
        assert_eq!(
            which_section_question(&report, &ids[..1], En),
            "Which section do you mean: “1 Introduction”?"
        );
        assert_eq!(
            not_found_message(&report, "costs", En),
            "I can't find the section “costs”. The sections are: 1 Introduction; 2 Roofing; 2.1 \
             Gutters; 2.2 Flashing; 3 Recommendations."
        );
        assert_eq!(
            not_found_message(&Default::default(), "costs", Es),
            "No encuentro “costs”: el informe aún no tiene secciones."
        );
        let swap = |message: &str| match plan_command(&report, &parse_command(message).unwrap()) {
            CommandPlan::Ask(words) => words,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            swap("intercambia 1 y 2.1"),
            "No he hecho ningún cambio: 1 Introduction y 2.1 Gutters están a distintos niveles. \
             Puedo mover una de ellas: «mueve 2.1 Gutters antes de 1 Introduction»."
        );
        assert_eq!(
            swap("swap 1 and 1"),
            "I made no change: 1 Introduction is one section."
        );
        assert_eq!(
            refusal_words(&ReportError::TooDeep(4), &report, Es),
            "Las secciones admiten como mucho 4 niveles."
        );
        assert_eq!(
            refusal_words(&ReportError::NothingToUndo, &report, En),
            "I couldn't make that change (report_nothing_to_undo)."
        );
        assert_eq!(
            RewriteProblem::Language(Es, "x".into()).words(Es),
            "una parte no estaba en español"
        );
        assert_eq!(
            RewriteProblem::Language(En, "x".into()).words(En),
            "part of it was not in English"
        );
        assert_eq!(
            RewriteProblem::NumbersLost(vec!["3".into(), "7".into()]).words(Es),
            "perdía 3, 7"
        );
    }
}
