//! One test per rule of the hand-in: what a course's record holds, what the file
//! carries, how an edited or crafted file is told apart.

use super::*;
use chrono::{DateTime, Duration, Utc};
use lantern_coach::ToulminDraft;
use lantern_core::retrieval::Tier;
use lantern_tutor::contract::MasteryTier;
use lantern_tutor::snapshot::{Recheck, StudentSnapshot};
use lantern_tutor::testing::{course, now};
use proptest::prelude::*;
use std::collections::HashSet;

fn minutes(m: i64) -> DateTime<Utc> {
    now() + Duration::minutes(m)
}

fn questions() -> Vec<QuestionFacts> {
    vec![
        QuestionFacts {
            id: "Q1".into(),
            stem: "Solve x + 5 = 12.".into(),
            tier: Tier::Bronze,
            unit_ids: vec!["N-1".into()],
        },
        QuestionFacts {
            id: "Q2".into(),
            stem: "Solve 2x = 8.".into(),
            tier: Tier::Silver,
            unit_ids: vec!["N-1".into(), "N-2".into()],
        },
        QuestionFacts {
            id: "Q3".into(),
            stem: "Never answered.".into(),
            tier: Tier::Gold,
            unit_ids: vec!["N-2".into()],
        },
    ]
}

fn snapshot() -> StudentSnapshot {
    let mut s = StudentSnapshot::new("1", "fixture", "N-1", now());
    s.touch("N-1", minutes(1));
    let p = s.unit_progress.get_mut("N-1").unwrap();
    p.mastery_tier = MasteryTier::Bronze;
    p.drill.attempts = 4;
    p.drill.correct = 3;
    p.drill.streak_correct = 2;
    p.exam.passed_by_tier.bronze = 1;
    p.confusion_tags.insert("misconception-1".into(), 2);
    p.confusion_tags.insert("gone-from-course".into(), 5);
    p.recheck = Some(Recheck {
        tier: Tier::Bronze,
        due_at: minutes(60 * 24 * 3),
    });
    s
}

fn report_of(snapshot: &StudentSnapshot) -> ProgressReport {
    let mut course = course();
    lantern_packs::course::tag_untagged(&mut course.units[0].misconceptions);
    let answers = vec![
        AnswerFacts {
            question_id: "Q1".into(),
            correct: true,
            at: minutes(2),
        },
        AnswerFacts {
            question_id: "Q2".into(),
            correct: false,
            at: minutes(3),
        },
    ];
    let locked: HashSet<String> = ["Q2".to_string()].into();
    let moments = [minutes(1), minutes(2), minutes(3)];
    let record = course_progress(&CourseFacts {
        course: &course,
        snapshot: Some(snapshot),
        questions: &questions(),
        answers: &answers,
        locked: &locked,
        moments: &moments,
    });
    ProgressReport {
        student: HandInStudent {
            key: "0123456789abcdef0123456789abcdef".into(),
            name: "Ana Pérez".into(),
        },
        exported_at: minutes(10),
        courses: vec![record],
        arguments: vec![],
        modules: vec![],
    }
}

fn events() -> Vec<ProgressEvent> {
    vec![
        ProgressEvent::Drill {
            course_id: "fixture".into(),
            unit_id: "N-1".into(),
            correct: true,
            at: minutes(1),
        },
        ProgressEvent::Exam {
            course_id: "fixture".into(),
            question_id: "Q1".into(),
            tier: Tier::Bronze,
            correct: true,
            at: minutes(2),
        },
        ProgressEvent::Mastery {
            course_id: "fixture".into(),
            unit_id: "N-1".into(),
            tier: MasteryTier::Bronze,
            at: minutes(2),
        },
    ]
}

fn hand_in() -> HandIn {
    make_hand_in(report_of(&snapshot()), &events(), "fixture").unwrap()
}

#[test]
fn every_unit_of_the_course_is_listed_in_order_touched_or_not() {
    let report = report_of(&snapshot());
    let ids: Vec<&str> = report.courses[0]
        .units
        .iter()
        .map(|u| u.unit_id.as_str())
        .collect();
    assert_eq!(ids, ["N-1", "N-2", "N-3", "N-4"]);
    assert!(report.courses[0].units[0].touched);
    assert!(!report.courses[0].units[1].touched);
    assert_eq!(report.courses[0].units[1].tier, MasteryTier::None);
}

#[test]
fn a_unit_record_carries_the_snapshot_evidence() {
    let unit = &report_of(&snapshot()).courses[0].units[0];
    assert_eq!(unit.tier, MasteryTier::Bronze);
    assert_eq!(
        (
            unit.drills_attempted,
            unit.drills_correct,
            unit.drill_streak
        ),
        (4, 3, 2)
    );
    assert_eq!(unit.exam_passed.bronze, 1);
    assert_eq!(unit.recheck_due_at, Some(minutes(60 * 24 * 3)));
}

#[test]
fn confusions_carry_the_course_sentence_most_frequent_first() {
    let unit = &report_of(&snapshot()).courses[0].units[0];
    assert_eq!(unit.confusions[0].tag, "gone-from-course");
    assert_eq!(unit.confusions[0].text, "");
    assert_eq!(unit.confusions[1].tag, "misconception-1");
    assert_eq!(unit.confusions[1].text, "Writes $x + 5 = 12$ as $x = 17$.");
}

#[test]
fn questions_answered_are_tallied_and_counted_against_each_of_their_units() {
    let course = &report_of(&snapshot()).courses[0];
    let ids: Vec<&str> = course
        .questions
        .iter()
        .map(|q| q.question_id.as_str())
        .collect();
    assert_eq!(ids, ["Q1", "Q2"]);
    assert!(course.questions[0].passed && !course.questions[1].passed);
    assert_eq!(course.units[0].exam_wrong, 1);
    assert_eq!(course.units[1].exam_wrong, 1);
}

#[test]
fn lockouts_count_the_units_questions_locked_now() {
    let course = &report_of(&snapshot()).courses[0];
    assert_eq!(course.units[0].lockouts, 1);
    assert_eq!(course.units[1].lockouts, 1);
    assert_eq!(course.units[2].lockouts, 0);
}

#[test]
fn time_on_task_and_activity_come_from_the_moments() {
    let course = &report_of(&snapshot()).courses[0];
    assert_eq!(course.minutes_on_task, 3);
    assert_eq!(course.first_activity_at, Some(minutes(1)));
    assert_eq!(course.last_activity_at, Some(minutes(3)));
}

#[test]
fn nothing_worked_on_is_not_handed_in() {
    let mut report = report_of(&snapshot());
    report.courses.clear();
    assert_eq!(
        make_hand_in(report, &[], "all").unwrap_err(),
        ProgressError::Empty
    );
}

#[test]
fn a_hand_in_reads_back_sealed_and_unchanged() {
    let h = hand_in();
    let read = read_hand_in("a.progress.json", h.file_text.as_bytes()).unwrap();
    assert!(!read.edited);
    assert_eq!(read.report, h.report);
    assert_eq!(read.digest.len(), 64);
}

#[test]
fn reformatting_a_file_keeps_its_seal_and_digest() {
    let h = hand_in();
    let compact =
        serde_json::to_string(&serde_json::from_str::<serde_json::Value>(&h.file_text).unwrap())
            .unwrap();
    let a = read_hand_in("a", h.file_text.as_bytes()).unwrap();
    let b = read_hand_in("b", compact.as_bytes()).unwrap();
    assert!(!b.edited);
    assert_eq!(a.digest, b.digest);
}

#[test]
fn an_edited_value_is_flagged() {
    let h = hand_in();
    let edited = h
        .file_text
        .replacen("\"tier\": \"bronze\"", "\"tier\": \"gold\"", 1);
    assert_ne!(edited, h.file_text);
    let read = read_hand_in("a", edited.as_bytes()).unwrap();
    assert!(read.edited);
    assert_eq!(read.report.courses[0].units[0].tier, MasteryTier::Gold);
}

#[test]
fn a_changed_seal_is_flagged() {
    let h = hand_in();
    let value: serde_json::Value = serde_json::from_str(&h.file_text).unwrap();
    let seal = value["seal"]["value"].as_str().unwrap();
    let other = h.file_text.replace(seal, &"0".repeat(64));
    assert!(read_hand_in("a", other.as_bytes()).unwrap().edited);
}

#[test]
fn a_file_that_is_not_a_hand_in_is_refused_with_its_code() {
    use lantern_core::error::{Coded, ErrorCode};
    for bad in [
        "",
        "{}",
        "[1,2]",
        "{\"format\":\"lantern-progress\"}",
        "{\"format\":\"other\",\"version\":1}",
    ] {
        let e = read_hand_in("x", bad.as_bytes()).unwrap_err();
        assert_eq!(e.code(), ErrorCode::HandinInvalid, "{bad:?}");
    }
}

#[test]
fn a_newer_version_is_refused_as_such() {
    use lantern_core::error::{Coded, ErrorCode};
    let text = hand_in()
        .file_text
        .replacen("\"version\": 1", "\"version\": 7", 1);
    assert_eq!(
        read_hand_in("x", text.as_bytes()).unwrap_err().code(),
        ErrorCode::HandinVersionUnsupported
    );
}

#[test]
fn an_oversized_file_is_refused_before_parsing() {
    let big = vec![b' '; usize::try_from(MAX_HANDIN_BYTES).unwrap() + 1];
    assert!(matches!(
        read_hand_in("x", &big),
        Err(ProgressError::TooLarge { .. })
    ));
}

#[test]
fn a_crafted_student_key_is_refused() {
    let text = hand_in()
        .file_text
        .replace("0123456789abcdef0123456789abcdef", "../../etc/passwd");
    assert!(matches!(
        read_hand_in("x", text.as_bytes()),
        Err(ProgressError::Invalid { .. })
    ));
}

#[test]
fn a_course_twice_in_one_file_is_refused() {
    let mut report = report_of(&snapshot());
    report.courses.push(report.courses[0].clone());
    let h = make_hand_in(report, &[], "x").unwrap();
    assert!(matches!(
        read_hand_in("x", h.file_text.as_bytes()),
        Err(ProgressError::Invalid { .. })
    ));
}

#[test]
fn statements_are_xapi_with_stable_unique_ids() {
    let a = hand_in().statements;
    let b = hand_in().statements;
    assert_eq!(a, b);
    let ids: HashSet<&str> = a.iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), a.len());
    for s in &a {
        assert_eq!(
            s["actor"]["account"]["name"],
            "0123456789abcdef0123456789abcdef"
        );
        assert!(s["verb"]["id"]
            .as_str()
            .unwrap()
            .starts_with("http://adlnet.gov/expapi/verbs/"));
        assert!(s["object"]["id"].as_str().unwrap().starts_with(XAPI_ROOT));
        assert!(s["timestamp"].as_str().unwrap().ends_with('Z'));
        let id = s["id"].as_str().unwrap();
        assert_eq!(id.len(), 36);
        assert_eq!(&id[14..15], "4");
    }
}

#[test]
fn events_become_answered_progressed_and_mastered_statements() {
    let mut events = events();
    events.push(ProgressEvent::Mastery {
        course_id: "fixture".into(),
        unit_id: "N-1".into(),
        tier: MasteryTier::Gold,
        at: minutes(5),
    });
    let s = statements(&report_of(&snapshot()), &events);
    let verbs: Vec<&str> = s
        .iter()
        .map(|s| s["verb"]["display"]["en-US"].as_str().unwrap())
        .collect();
    assert_eq!(
        verbs,
        [
            "answered",
            "answered",
            "progressed",
            "mastered",
            "progressed"
        ]
    );
    assert_eq!(s[1]["result"]["success"], true);
    assert_eq!(s[4]["result"]["duration"], "PT3M");
}

#[test]
fn an_argument_travels_only_when_included() {
    let mut report = report_of(&snapshot());
    report.arguments.push(ArgumentRecord {
        title: "School uniforms".into(),
        completed_at: minutes(4),
        argument: None,
    });
    let s = statements(&report, &[]);
    assert!(s.last().unwrap()["result"].get("extensions").is_none());
    report.arguments[0].argument = Some(ToulminDraft {
        claim: "Uniforms help.".into(),
        grounds: "g".into(),
        warrant: "w".into(),
        grounds_backing: "gb".into(),
        warrant_backing: "wb".into(),
        qualifier: "q".into(),
        rebuttal: "r".into(),
    });
    let s = statements(&report, &[]);
    assert_eq!(s.last().unwrap()["result"]["response"], "Uniforms help.");
}

#[test]
fn the_csv_summary_has_a_row_per_unit_and_no_formulas() {
    let mut report = report_of(&snapshot());
    report.student.name = "=HYPERLINK(\"x\")".into();
    let csv = csv_summary(&report);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], SUMMARY_COLUMNS.join(","));
    assert_eq!(lines.len(), 1 + 4);
    assert!(lines[1].starts_with("unit,\"'=HYPERLINK"));
}

#[test]
fn the_file_name_names_the_student_the_scope_and_the_day() {
    assert_eq!(hand_in().file_stem, "ana-pérez-fixture-2026-03-01");
}

#[test]
fn a_formula_behind_blanks_or_in_full_width_is_quoted() {
    for cell in [
        " =1+1",
        "\t=1",
        "＝HYPERLINK(\"x\")",
        "\n@SUM(A1)",
        "  -2+3",
    ] {
        assert!(spreadsheet_safe(cell).starts_with('\''), "{cell:?}");
    }
    assert_eq!(spreadsheet_safe("Ana Pérez"), "Ana Pérez");
}

fn report_with_units(count: usize) -> ProgressReport {
    let mut report = report_of(&snapshot());
    let unit = report.courses[0].units[0].clone();
    report.courses[0].units = (0..count)
        .map(|i| UnitRecord {
            unit_id: format!("U{i}"),
            ..unit.clone()
        })
        .collect();
    report
}

#[test]
fn a_hand_in_past_a_list_limit_is_refused_with_its_code() {
    use lantern_core::error::{Coded, ErrorCode};
    let at_limit = make_hand_in(report_with_units(MAX_HANDIN_UNITS), &[], "x").unwrap();
    assert!(read_hand_in("x", at_limit.file_text.as_bytes()).is_ok());
    let over = make_hand_in(report_with_units(MAX_HANDIN_UNITS + 1), &[], "x").unwrap();
    let e = read_hand_in("x", over.file_text.as_bytes()).unwrap_err();
    assert_eq!(e.code(), ErrorCode::HandinTooMany);
    assert!(e.to_string().contains("report.courses[0].units"), "{e}");
}

#[test]
fn a_hand_in_with_too_many_statements_is_refused() {
    let h = hand_in();
    let mut value: serde_json::Value = serde_json::from_str(&h.file_text).unwrap();
    let tiny = serde_json::json!({});
    value["statements"] = serde_json::Value::Array(vec![tiny; MAX_HANDIN_STATEMENTS + 1]);
    let text = serde_json::to_string(&value).unwrap();
    assert!(matches!(
        read_hand_in("x", text.as_bytes()),
        Err(ProgressError::TooMany { .. })
    ));
}

#[test]
fn a_hand_in_dated_after_now_is_refused_and_a_day_of_clock_skew_is_not() {
    let report = report_of(&snapshot());
    let made = report.exported_at;
    assert!(check_not_future("x", &report, made).is_ok());
    let skewed = made - chrono::Duration::hours(FUTURE_TOLERANCE_HOURS);
    assert!(check_not_future("x", &report, skewed).is_ok());
    let years_before = made - chrono::Duration::days(365 * 70);
    assert!(matches!(
        check_not_future("x", &report, years_before),
        Err(ProgressError::FutureDated { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn no_cell_reaches_a_spreadsheet_as_a_formula(cell in "\\PC{0,12}|[ \t=+@＝-]{1,3}\\PC{0,6}") {
        let safe = spreadsheet_safe(&cell);
        let shown = safe.trim_start().chars().next();
        prop_assert!(
            safe.starts_with('\'')
                || !(matches!(shown, Some('=' | '+' | '-' | '@' | '＝' | '＋' | '－' | '＠'))
                    || matches!(safe.chars().next(), Some('\t' | '\r' | '\n')))
        );
    }

    #[test]
    fn reading_random_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = read_hand_in("x", &bytes);
    }

    #[test]
    fn a_mutated_hand_in_is_refused_or_flagged_never_trusted_silently(
        cuts in proptest::collection::vec((any::<usize>(), 0usize..4, any::<char>()), 1..4)
    ) {
        let h = hand_in();
        let text = lantern_core::mutation::mutate(&h.file_text, &cuts);
        if let Ok(read) = read_hand_in("x", text.as_bytes()) {
            let same = read.report == h.report
                && read.digest == read_hand_in("x", h.file_text.as_bytes()).unwrap().digest;
            prop_assert!(same || read.edited);
        }
    }
}
