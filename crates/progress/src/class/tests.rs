//! One test per rule of the class view: merging by student, the grid, stuck, the
//! lists, the filters and the exports.

use super::*;
use crate::{
    ConfusionRecord, CourseProgress, HandInStudent, ProgressReport, QuestionRecord, UnitRecord,
};
use chrono::{DateTime, Duration, Utc};
use lantern_core::language::Language;
use lantern_core::retrieval::Tier;
use lantern_tutor::contract::MasteryTier;
use lantern_tutor::snapshot::PassedByTier;

fn day(d: i64) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-09-01T10:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
        + Duration::days(d)
}

fn unit(id: &str, tier: MasteryTier) -> UnitRecord {
    UnitRecord {
        unit_id: id.into(),
        title: format!("Unit {id}"),
        touched: tier != MasteryTier::None,
        tier,
        drills_attempted: 0,
        drills_correct: 0,
        drill_streak: 0,
        exam_passed: PassedByTier::default(),
        exam_wrong: 0,
        lockouts: 0,
        recheck_due_at: None,
        needs_review: false,
        confusions: vec![],
        last_touched_at: None,
    }
}

fn course(id: &str, units: Vec<UnitRecord>, active: DateTime<Utc>) -> CourseProgress {
    CourseProgress {
        course_id: id.into(),
        title: format!("Course {id}"),
        units,
        questions: vec![],
        minutes_on_task: 12,
        first_activity_at: Some(day(0)),
        last_activity_at: Some(active),
    }
}

fn hand_in(key: char, name: &str, at: DateTime<Utc>, courses: Vec<CourseProgress>) -> ClassHandIn {
    ClassHandIn {
        digest: format!("{key}-{}", at.timestamp()),
        edited: false,
        file_name: format!("{name}.progress.json"),
        report: ProgressReport {
            student: HandInStudent {
                key: key.to_string().repeat(32),
                name: name.into(),
            },
            exported_at: at,
            courses,
            arguments: vec![],
            modules: vec![],
        },
    }
}

fn two_units(a: MasteryTier, b: MasteryTier) -> Vec<UnitRecord> {
    vec![unit("U1", a), unit("U2", b)]
}

fn metas(hand_ins: &[ClassHandIn]) -> Vec<HandInMeta> {
    hand_ins.iter().map(HandInMeta::of_hand_in).collect()
}

/// The view with no hand-in chosen by the teacher.
fn view(hand_ins: &[ClassHandIn], filter: &ClassFilter, now: DateTime<Utc>) -> ClassView {
    let trust = ClassTrust::of(&metas(hand_ins), Chosen::new());
    class_view(hand_ins, &trust, filter, now)
}

fn everyone() -> ClassFilter {
    ClassFilter::default()
}

#[test]
fn the_newest_hand_in_of_a_student_replaces_the_older() {
    let old = hand_in(
        'a',
        "Ana",
        day(1),
        vec![course(
            "bio",
            two_units(MasteryTier::Bronze, MasteryTier::None),
            day(1),
        )],
    );
    let new = hand_in(
        'a',
        "Ana",
        day(5),
        vec![course(
            "bio",
            two_units(MasteryTier::Gold, MasteryTier::Silver),
            day(5),
        )],
    );
    for order in [
        vec![old.clone(), new.clone()],
        vec![new.clone(), old.clone()],
    ] {
        let view = view(&order, &everyone(), day(6));
        let rows = &view.course.unwrap().rows;
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].cells[0].tier, MasteryTier::Gold);
        assert_eq!(rows[0].handed_in_at, day(5));
    }
    let used = in_use(&metas(&[old, new.clone()]), &Chosen::new());
    assert_eq!(used.into_iter().collect::<Vec<_>>(), vec![new.digest]);
}

#[test]
fn an_older_hand_in_with_another_course_still_counts_for_that_course() {
    let old = hand_in(
        'a',
        "Ana",
        day(1),
        vec![course(
            "chem",
            two_units(MasteryTier::Silver, MasteryTier::None),
            day(1),
        )],
    );
    let new = hand_in(
        'a',
        "Ana",
        day(5),
        vec![course(
            "bio",
            two_units(MasteryTier::Gold, MasteryTier::None),
            day(5),
        )],
    );
    let hand_ins = [old, new];
    assert_eq!(in_use(&metas(&hand_ins), &Chosen::new()).len(), 2);
    let filter = ClassFilter {
        course_id: Some("chem".into()),
        ..Default::default()
    };
    let view = view(&hand_ins, &filter, day(6));
    assert_eq!(
        view.course.unwrap().rows[0].cells[0].tier,
        MasteryTier::Silver
    );
    assert_eq!(view.courses.len(), 2);
}

#[test]
fn two_students_with_one_name_stay_apart() {
    let a = hand_in(
        'a',
        "Sam",
        day(1),
        vec![course(
            "bio",
            two_units(MasteryTier::Bronze, MasteryTier::None),
            day(1),
        )],
    );
    let b = hand_in(
        'b',
        "Sam",
        day(1),
        vec![course(
            "bio",
            two_units(MasteryTier::Gold, MasteryTier::None),
            day(1),
        )],
    );
    let view = view(&[a, b], &everyone(), day(2));
    assert_eq!(view.course.unwrap().rows.len(), 2);
    assert_eq!(view.students.len(), 2);
}

#[test]
fn the_grid_has_a_column_per_unit_and_a_cell_per_student() {
    let mut units = two_units(MasteryTier::Bronze, MasteryTier::None);
    units.push(unit("U3", MasteryTier::Gold));
    let hand_ins = [
        hand_in('a', "Ana", day(1), vec![course("bio", units, day(1))]),
        hand_in(
            'b',
            "Ben",
            day(1),
            vec![course(
                "bio",
                two_units(MasteryTier::Silver, MasteryTier::Gold),
                day(1),
            )],
        ),
    ];
    let c = view(&hand_ins, &everyone(), day(2)).course.unwrap();
    let ids: Vec<&str> = c.units.iter().map(|u| u.unit_id.as_str()).collect();
    assert_eq!(ids, ["U1", "U2", "U3"]);
    assert!(c.rows.iter().all(|r| r.cells.len() == 3));
    assert_eq!(c.rows[0].name, "Ana");
    assert_eq!(
        c.rows[1].cells[2],
        ClassCell::default(),
        "Ben's hand-in has no U3"
    );
}

#[test]
fn stuck_means_attempts_without_a_streak_or_wrong_answers_without_a_pass() {
    let mut drills = unit("U1", MasteryTier::None);
    drills.drills_attempted = STUCK_DRILL_ATTEMPTS;
    assert!(is_stuck(&drills));
    drills.drill_streak = 1;
    assert!(!is_stuck(&drills));
    let mut exams = unit("U1", MasteryTier::None);
    exams.exam_wrong = STUCK_EXAM_WRONG;
    assert!(is_stuck(&exams));
    exams.exam_passed.bronze = 1;
    assert!(!is_stuck(&exams));
    let mut gold = unit("U1", MasteryTier::Gold);
    gold.drills_attempted = 9;
    assert!(!is_stuck(&gold));
}

#[test]
fn who_is_stuck_is_listed_with_the_unit_and_their_main_confusion() {
    let mut u1 = unit("U1", MasteryTier::None);
    u1.touched = true;
    u1.drills_attempted = 5;
    u1.confusions = vec![ConfusionRecord {
        tag: "sign".into(),
        text: "Drops the minus sign.".into(),
        count: 3,
    }];
    let c = view(
        &[hand_in(
            'a',
            "Ana",
            day(1),
            vec![course("bio", vec![u1], day(1))],
        )],
        &everyone(),
        day(2),
    )
    .course
    .unwrap();
    assert_eq!(c.stuck.len(), 1);
    assert_eq!(c.stuck[0].unit_title, "Unit U1");
    assert_eq!(
        c.stuck[0].confusion.as_deref(),
        Some("Drops the minus sign.")
    );
    assert!(c.rows[0].cells[0].stuck);
}

#[test]
fn confusions_are_counted_across_students_most_widespread_first() {
    let with = |tags: &[(&str, u32)]| {
        let mut u = unit("U1", MasteryTier::Bronze);
        u.confusions = tags
            .iter()
            .map(|(t, n)| ConfusionRecord {
                tag: (*t).into(),
                text: format!("text of {t}"),
                count: *n,
            })
            .collect();
        u
    };
    let hand_ins = [
        hand_in(
            'a',
            "Ana",
            day(1),
            vec![course("bio", vec![with(&[("x", 9)])], day(1))],
        ),
        hand_in(
            'b',
            "Ben",
            day(1),
            vec![course("bio", vec![with(&[("y", 1), ("x", 1)])], day(1))],
        ),
        hand_in(
            'c',
            "Cy",
            day(1),
            vec![course("bio", vec![with(&[("y", 2)])], day(1))],
        ),
    ];
    let c = view(&hand_ins, &everyone(), day(2)).course.unwrap();
    let list = &c.confusions[0].confusions;
    assert_eq!(
        (list[0].tag.as_str(), list[0].students, list[0].count),
        ("x", 2, 10)
    );
    assert_eq!((list[1].tag.as_str(), list[1].students), ("y", 2));
    assert_eq!(list[0].text, "text of x");
}

#[test]
fn the_most_failed_questions_come_first_and_passed_ones_are_left_out() {
    let q = |id: &str, wrong: u32| QuestionRecord {
        question_id: id.into(),
        stem: format!("Stem {id}"),
        tier: Tier::Silver,
        unit_ids: vec!["U1".into()],
        attempts: wrong + 1,
        wrong,
        passed: true,
    };
    let mut a = course(
        "bio",
        two_units(MasteryTier::Bronze, MasteryTier::None),
        day(1),
    );
    a.questions = vec![q("Q1", 1), q("Q2", 3), q("Q3", 0)];
    let mut b = a.clone();
    b.questions = vec![q("Q1", 1)];
    let c = view(
        &[
            hand_in('a', "Ana", day(1), vec![a]),
            hand_in('b', "Ben", day(1), vec![b]),
        ],
        &everyone(),
        day(2),
    )
    .course
    .unwrap();
    let ids: Vec<&str> = c
        .failed_questions
        .iter()
        .map(|q| q.question_id.as_str())
        .collect();
    assert_eq!(ids, ["Q1", "Q2"]);
    assert_eq!(
        (
            c.failed_questions[0].students,
            c.failed_questions[0].answered_by
        ),
        (2, 2)
    );
}

#[test]
fn rechecks_are_due_once_their_day_has_come() {
    let mut u1 = unit("U1", MasteryTier::Silver);
    u1.recheck_due_at = Some(day(3));
    let hand_ins = [hand_in(
        'a',
        "Ana",
        day(1),
        vec![course("bio", vec![u1], day(1))],
    )];
    assert!(view(&hand_ins, &everyone(), day(2))
        .course
        .unwrap()
        .rechecks
        .is_empty());
    let c = view(&hand_ins, &everyone(), day(3)).course.unwrap();
    assert_eq!(c.rechecks[0].name, "Ana");
    assert!(c.rows[0].cells[0].recheck_due);
}

#[test]
fn the_date_filter_keeps_students_active_in_the_range() {
    let hand_ins = [
        hand_in(
            'a',
            "Ana",
            day(9),
            vec![course(
                "bio",
                two_units(MasteryTier::Bronze, MasteryTier::None),
                day(1),
            )],
        ),
        hand_in(
            'b',
            "Ben",
            day(9),
            vec![course(
                "bio",
                two_units(MasteryTier::Bronze, MasteryTier::None),
                day(8),
            )],
        ),
    ];
    let since = |s: &str| ClassFilter {
        since: Some(s.into()),
        ..Default::default()
    };
    let names = |f: &ClassFilter| -> Vec<String> {
        view(&hand_ins, f, day(10))
            .course
            .unwrap()
            .rows
            .into_iter()
            .map(|r| r.name)
            .collect()
    };
    assert_eq!(names(&since("2026-09-05")), ["Ben"]);
    assert_eq!(
        names(&ClassFilter {
            until: Some("2026-09-02".into()),
            ..Default::default()
        }),
        ["Ana"]
    );
    assert_eq!(names(&since("not a date")), ["Ana", "Ben"]);
}

#[test]
fn an_edited_hand_in_is_shown_as_edited() {
    let mut h = hand_in(
        'a',
        "Ana",
        day(1),
        vec![course(
            "bio",
            two_units(MasteryTier::Gold, MasteryTier::None),
            day(1),
        )],
    );
    h.edited = true;
    let view = view(&[h], &everyone(), day(2));
    assert!(view.course.unwrap().rows[0].edited);
    assert!(view.students[0].edited);
}

#[test]
fn an_empty_class_has_no_course() {
    let view = view(&[], &everyone(), day(0));
    assert!(view.course.is_none() && view.courses.is_empty() && view.students.is_empty());
}

#[test]
fn the_csv_export_is_a_row_per_student_and_safe_in_a_spreadsheet() {
    let h = hand_in(
        'a',
        "=cmd|' /C calc'!A0",
        day(1),
        vec![course(
            "bio",
            two_units(MasteryTier::Gold, MasteryTier::None),
            day(1),
        )],
    );
    let c = view(&[h], &everyone(), day(2)).course.unwrap();
    let csv = class_csv(&c);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("student,Unit U1 (U1),Unit U2 (U2),minutes_on_task"));
    assert!(lines[1].starts_with("'=cmd"));
    assert!(lines[1].contains(",gold,,12,"));
}

#[test]
fn the_printable_page_escapes_what_students_wrote_and_loads_nothing() {
    let h = hand_in(
        'a',
        "<script>alert(1)</script>",
        day(1),
        vec![course(
            "bio",
            two_units(MasteryTier::Gold, MasteryTier::None),
            day(1),
        )],
    );
    let c = view(&[h], &everyone(), day(2)).course.unwrap();
    for language in [Language::En, Language::Es] {
        let page = class_page(&c, language);
        assert!(!page.contains("<script"));
        assert!(page.contains("&lt;script&gt;"));
        assert!(!page.contains("src=") && !page.contains("href="));
    }
    assert!(class_page(&c, Language::Es).contains("Estudiante"));
}

fn edited(mut h: ClassHandIn) -> ClassHandIn {
    h.edited = true;
    h
}

fn bio(tier: MasteryTier, at: DateTime<Utc>) -> Vec<CourseProgress> {
    vec![course("bio", two_units(tier, MasteryTier::None), at)]
}

#[test]
fn an_edited_hand_in_never_wins_over_an_unedited_one_however_late_its_date() {
    let genuine = hand_in('b', "Bob", day(1), bio(MasteryTier::Bronze, day(1)));
    let forged = edited(hand_in(
        'b',
        "Bob",
        day(400),
        bio(MasteryTier::Gold, day(2)),
    ));
    let hand_ins = [genuine.clone(), forged];
    let used = in_use(&metas(&hand_ins), &Chosen::new());
    assert_eq!(used.into_iter().collect::<Vec<_>>(), vec![genuine.digest]);
    let row = &view(&hand_ins, &everyone(), day(3)).course.unwrap().rows[0];
    assert_eq!(row.cells[0].tier, MasteryTier::Bronze);
    assert!(!row.edited);
}

#[test]
fn the_teachers_choice_is_in_use_until_they_go_back_to_the_newest() {
    let first = hand_in('b', "Bob", day(1), bio(MasteryTier::Bronze, day(1)));
    let later = hand_in('b', "Bob", day(5), bio(MasteryTier::Gold, day(5)));
    let hand_ins = [first.clone(), later.clone()];
    let chosen: Chosen = [("b".repeat(32), first.digest.clone())].into();
    let trust = ClassTrust::of(&metas(&hand_ins), chosen.clone());
    let c = class_view(&hand_ins, &trust, &everyone(), day(6))
        .course
        .unwrap();
    assert_eq!(c.rows[0].cells[0].tier, MasteryTier::Bronze);
    assert!(c.rows[0].flags.contains(&StudentFlag::ChosenByTeacher));
    let used = in_use(&metas(&hand_ins), &chosen);
    assert_eq!(used.into_iter().collect::<Vec<_>>(), vec![first.digest]);
}

#[test]
fn a_key_handed_in_under_two_names_is_flagged() {
    let bob = hand_in('b', "Bob", day(1), bio(MasteryTier::Bronze, day(1)));
    let mallory = hand_in('b', "Mallory", day(2), bio(MasteryTier::Bronze, day(2)));
    let v = view(&[bob, mallory], &everyone(), day(3));
    assert!(v.students[0].flags.contains(&StudentFlag::SeveralNames));
    assert_eq!(v.students[0].hand_ins, 2);
}

#[test]
fn work_that_cannot_come_from_one_profile_is_flagged() {
    let bob = hand_in('b', "Bob", day(1), bio(MasteryTier::Bronze, day(1)));
    let mut moved = hand_in('b', "Bob", day(2), bio(MasteryTier::Bronze, day(2)));
    moved.report.courses[0].first_activity_at = Some(day(-30));
    let v = view(&[bob.clone(), moved], &everyone(), day(3));
    assert!(v.students[0].flags.contains(&StudentFlag::WorkDisagrees));

    let mut busy = bob.clone();
    busy.report.courses[0].units[0].drills_attempted = 9;
    let mut less = hand_in('b', "Bob", day(2), bio(MasteryTier::Bronze, day(2)));
    less.report.courses[0].units[0].drills_attempted = 3;
    let v = view(&[busy, less], &everyone(), day(3));
    assert!(v.students[0].flags.contains(&StudentFlag::WorkDisagrees));
}

#[test]
fn work_that_grows_from_hand_in_to_hand_in_is_not_flagged() {
    let mut first = hand_in('b', "Bob", day(1), bio(MasteryTier::Bronze, day(1)));
    first.report.courses[0].units[0].drills_attempted = 3;
    let mut later = hand_in('b', "Bob", day(5), bio(MasteryTier::Gold, day(5)));
    later.report.courses[0].units[0].drills_attempted = 8;
    let v = view(&[later, first], &everyone(), day(6));
    assert!(v.students[0].flags.is_empty(), "{:?}", v.students[0].flags);
}

#[test]
fn a_wide_class_builds_each_cell_from_its_own_unit() {
    let units: Vec<UnitRecord> = (0..MAX_UNITS_IN_TEST)
        .map(|i| {
            let mut u = unit(&format!("U{i}"), MasteryTier::Bronze);
            u.drills_attempted = u32::try_from(i).unwrap();
            u
        })
        .collect();
    let hand_ins: Vec<ClassHandIn> = (0..40u8)
        .map(|s| {
            let mut h = hand_in('a', &format!("S{s:02}"), day(1), vec![]);
            h.report.student.key = format!("{s:032x}");
            h.digest = format!("d{s}");
            h.report.courses = vec![course("bio", units.clone(), day(1))];
            h
        })
        .collect();
    let c = view(&hand_ins, &everyone(), day(2)).course.unwrap();
    assert_eq!(c.rows.len(), 40);
    assert_eq!(c.units.len(), MAX_UNITS_IN_TEST);
    for row in &c.rows {
        for (i, cell) in row.cells.iter().enumerate() {
            assert_eq!(cell.drills_attempted, u32::try_from(i).unwrap());
        }
    }
}

const MAX_UNITS_IN_TEST: usize = crate::MAX_HANDIN_UNITS;
