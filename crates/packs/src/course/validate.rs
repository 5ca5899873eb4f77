//! Rules a parsed pack must follow beyond its JSON shape. Each rule adds what it finds
//! to a list, so `lantern course check` can report every problem; the importer stops at
//! the first one ([`validate_course`], [`validate_exams`]), in the same order as ever.

use super::dag::find_cycle;
use super::drill_render::render_drill;
use super::error::{PackError, PackErrorKind};
use super::misconception::is_valid_tag;
use super::model::Unit;
use super::model::{is_video_path, ContentKind, CourseManifest, ExamFile, FORMAT_VERSION};
use super::model::{COURSE_FILE, EXAMS_FILE};
use super::problems::Problems;
use crate::messages::both;
use lantern_core::answers::{check_answer, solve, CheckOptions, DetectedMistake, Solved};
use lantern_core::pack_id::{is_pack_id, MAX_PACK_ID_CHARS};
use std::collections::HashSet;

/// An invalid field of `file`, with what is wrong in English and Spanish.
fn invalid(file: &str, field: String, (detail, detail_es): (String, String)) -> PackError {
    PackError::field(PackErrorKind::InvalidField, file, field, detail).with_es(detail_es)
}

/// The first problem, as the importer reports it.
pub(crate) fn first(problems: Problems) -> Result<(), PackError> {
    problems.into_first().map_or(Ok(()), Err)
}

fn check_version(file: &str, version: u32, out: &mut Problems) {
    if version != FORMAT_VERSION {
        out.push(invalid(
            file,
            "formatVersion".into(),
            both!(
                "packs-course-format-version",
                version = &version.to_string(),
                supported = &FORMAT_VERSION.to_string()
            ),
        ));
    }
}

/// Every `(field, value)` must be non-blank.
pub(crate) fn check_filled<'a>(
    file: &str,
    fields: impl IntoIterator<Item = (String, &'a str)>,
    out: &mut Problems,
) {
    for (field, value) in fields {
        if value.trim().is_empty() {
            out.push(invalid(file, field, both!("packs-course-empty")));
        }
    }
}

/// Ids must be unique; each repeat is reported at its own use.
pub(crate) fn check_unique<'a>(
    file: &str,
    ids: impl IntoIterator<Item = (String, &'a str)>,
    out: &mut Problems,
) {
    let mut seen = HashSet::new();
    for (field, id) in ids {
        if !seen.insert(id) {
            let (en, es) = both!("packs-course-id-repeated", id = id);
            out.push(PackError::field(PackErrorKind::DuplicateId, file, field, en).with_es(es));
        }
    }
}

/// Whether `path` is absolute, has a backslash or climbs out of the pack with `..`.
pub(crate) fn escapes_pack(path: &str) -> bool {
    path.starts_with('/') || path.contains('\\') || path.split('/').any(|part| part == "..")
}

/// The problem with a path that leaves the pack.
pub(crate) fn outside_pack(file: &str, field: String) -> PackError {
    invalid(file, field, both!("packs-course-outside-pack"))
}

/// A question's video: a relative path inside the pack to a playable video file.
fn check_video_path(field: String, path: &str, out: &mut Problems) {
    if escapes_pack(path) {
        out.push(outside_pack(EXAMS_FILE, field));
    } else if !is_video_path(path) {
        let (en, es) = both!("packs-course-video-type", path = path);
        out.push(
            PackError::field(PackErrorKind::UnsupportedContent, EXAMS_FILE, field, en).with_es(es),
        );
    }
}

/// Whether a unit's content path is inside the pack and of a supported kind; what is
/// wrong goes to `out`.
pub(crate) fn check_content_path(field: String, path: &str, out: &mut Problems) -> bool {
    if escapes_pack(path) {
        out.push(outside_pack(COURSE_FILE, field));
        return false;
    }
    if ContentKind::of(path).is_none() {
        let (en, es) = both!("packs-course-content-type", path = path);
        out.push(
            PackError::field(PackErrorKind::UnsupportedContent, COURSE_FILE, field, en).with_es(es),
        );
        return false;
    }
    true
}

/// Misconception tags are well formed and unique in the unit.
fn check_misconceptions(i: usize, unit: &Unit, out: &mut Problems) {
    for (j, m) in unit.misconceptions.iter().enumerate() {
        check_filled(
            COURSE_FILE,
            [(
                format!("units[{i}].misconceptions[{j}].text"),
                m.text.as_str(),
            )],
            out,
        );
        if !is_valid_tag(&m.tag) {
            out.push(invalid(
                COURSE_FILE,
                format!("units[{i}].misconceptions[{j}].tag"),
                both!("packs-course-tag"),
            ));
        }
    }
    check_unique(
        COURSE_FILE,
        unit.misconceptions.iter().enumerate().map(|(j, m)| {
            (
                format!("units[{i}].misconceptions[{j}].tag"),
                m.tag.as_str(),
            )
        }),
        out,
    );
}

/// Seeds every drill template is rendered with at import.
const DRILL_CHECK_SEEDS: u64 = 12;

/// A drill template's problem, with what is wrong in English and Spanish.
fn bad_drill(field: String, (detail, detail_es): (String, String)) -> PackError {
    PackError::field(PackErrorKind::InvalidDrill, COURSE_FILE, field, detail).with_es(detail_es)
}

/// Drill templates have unique ids, known mistake tags, and render with several seeds
/// into a question whose answer the checker reads and, when the question is
/// machine-solvable, agrees with the solution. A template with a blank field is not
/// rendered; one that fails is reported at its first failing seed.
fn check_drills(i: usize, unit: &Unit, out: &mut Problems) {
    if unit.drills.is_empty() {
        return;
    }
    let tags: HashSet<&str> = unit.misconceptions.iter().map(|m| m.tag.as_str()).collect();
    check_unique(
        COURSE_FILE,
        unit.drills
            .iter()
            .enumerate()
            .map(|(j, d)| (format!("units[{i}].drills[{j}].id"), d.id.as_str())),
        out,
    );
    for (j, template) in unit.drills.iter().enumerate() {
        let at = |field: &str| format!("units[{i}].drills[{j}]{field}");
        let before = out.len();
        check_filled(
            COURSE_FILE,
            [
                (at(".id"), template.id.as_str()),
                (at(".prompt"), template.prompt.as_str()),
                (at(".question"), template.question.as_str()),
                (at(".answer"), template.answer.as_str()),
            ],
            out,
        );
        let blank = out.len() > before;
        for (k, mistake) in template.mistakes.iter().enumerate() {
            let known = tags.contains(mistake.tag.as_str())
                || DetectedMistake::ALL.iter().any(|d| d.tag() == mistake.tag);
            if !known {
                out.push(bad_drill(
                    at(&format!(".mistakes[{k}].tag")),
                    both!("packs-course-drill-tag", tag = &mistake.tag),
                ));
            }
        }
        if !blank {
            out.extend(render_problem(template, &at));
        }
    }
}

/// The first seed at which `template` does not render into a right, readable drill.
fn render_problem(
    template: &super::drills::DrillTemplate,
    at: &dyn Fn(&str) -> String,
) -> Option<PackError> {
    for seed in 0..DRILL_CHECK_SEEDS {
        let drill = match render_drill(template, seed) {
            Ok(drill) => drill,
            Err(e) => {
                return Some(bad_drill(
                    at(""),
                    both!("packs-course-drill-unrenderable", error = &e.to_string()),
                ))
            }
        };
        let options = CheckOptions {
            kind: drill.kind,
            require_simplified: false,
        };
        if !check_answer(&drill.answer, &drill.answer, &options).correct {
            return Some(bad_drill(
                at(".answer"),
                both!(
                    "packs-course-drill-unreadable-answer",
                    answer = &drill.answer
                ),
            ));
        }
        if let Some(Solved::Answer(solution)) = solve(&drill.prompt, &drill.question_latex) {
            if !check_answer(&solution, &drill.answer, &options).correct {
                return Some(bad_drill(
                    at(".answer"),
                    both!(
                        "packs-course-drill-wrong-answer",
                        answer = &drill.answer,
                        question = &drill.question_latex,
                        solution = &solution
                    ),
                ));
            }
        }
    }
    None
}

fn unknown_unit(file: &str, field: String, id: &str) -> PackError {
    let (en, es) = both!("packs-course-unknown-unit", id = id);
    PackError::field(PackErrorKind::UnknownUnit, file, field, en).with_es(es)
}

/// Every problem of `course.json`: version, filled fields, unique ids, known units in
/// the entry unit and edges, an acyclic prerequisite graph, and supported content paths.
/// The first [`MAX_FINDINGS`](super::check::MAX_FINDINGS) are kept, all are counted.
pub fn course_problems(course: &CourseManifest) -> Problems {
    let mut out = Problems::new();
    check_version(COURSE_FILE, course.format_version, &mut out);
    check_filled(
        COURSE_FILE,
        [
            ("id".to_string(), course.id.as_str()),
            ("title".to_string(), course.title.as_str()),
        ],
        &mut out,
    );
    if !course.id.trim().is_empty() && !is_pack_id(&course.id) {
        out.push(invalid(
            COURSE_FILE,
            "id".into(),
            both!(
                "packs-course-id",
                id = &course.id,
                max = &MAX_PACK_ID_CHARS.to_string()
            ),
        ));
    }
    if course.units.is_empty() {
        out.push(invalid(
            COURSE_FILE,
            "units".into(),
            both!("packs-course-no-units"),
        ));
    }
    for (i, unit) in course.units.iter().enumerate() {
        check_filled(
            COURSE_FILE,
            [
                (format!("units[{i}].id"), unit.id.as_str()),
                (format!("units[{i}].title"), unit.title.as_str()),
                (format!("units[{i}].anchor"), unit.anchor.as_str()),
            ],
            &mut out,
        );
        for (j, path) in unit.content.iter().enumerate() {
            check_content_path(format!("units[{i}].content[{j}]"), path, &mut out);
        }
        check_misconceptions(i, unit, &mut out);
        check_drills(i, unit, &mut out);
    }
    check_unique(
        COURSE_FILE,
        course
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| (format!("units[{i}].id"), u.id.as_str())),
        &mut out,
    );
    let units: HashSet<&str> = course.units.iter().map(|u| u.id.as_str()).collect();
    if !units.contains(course.entry_unit.as_str()) {
        out.push(unknown_unit(
            COURSE_FILE,
            "entryUnit".into(),
            &course.entry_unit,
        ));
    }
    for (i, edge) in course.prerequisites.iter().enumerate() {
        for (end, id) in [("from", &edge.from), ("to", &edge.to)] {
            if !units.contains(id.as_str()) {
                out.push(unknown_unit(
                    COURSE_FILE,
                    format!("prerequisites[{i}].{end}"),
                    id,
                ));
            }
        }
    }
    if let Some(cycle) = find_cycle(&course.prerequisites) {
        let cycle = cycle.join(" → ");
        let (en, es) = both!("packs-course-cycle", cycle = &cycle);
        out.push(
            PackError::field(PackErrorKind::Cycle, COURSE_FILE, "prerequisites", en).with_es(es),
        );
    }
    out
}

/// Checks `course.json` as the importer does: its first problem ([`course_problems`]).
pub fn validate_course(course: &CourseManifest) -> Result<(), PackError> {
    first(course_problems(course))
}

/// Every problem of `exams.json` against `course`: version, filled fields, unique
/// question and option ids, known units, at least two options, and a correct option
/// that exists.
pub fn exam_problems(exams: &ExamFile, course: &CourseManifest) -> Problems {
    let mut out = Problems::new();
    check_version(EXAMS_FILE, exams.format_version, &mut out);
    let units: HashSet<&str> = course.units.iter().map(|u| u.id.as_str()).collect();
    for (i, q) in exams.questions.iter().enumerate() {
        let at = |field: &str| format!("questions[{i}].{field}");
        check_filled(
            EXAMS_FILE,
            [
                (at("id"), q.id.as_str()),
                (at("stem"), q.stem.as_str()),
                (at("memo"), q.memo.as_str()),
            ],
            &mut out,
        );
        if q.unit_ids.is_empty() {
            out.push(invalid(
                EXAMS_FILE,
                at("unitIds"),
                both!("packs-course-question-no-unit"),
            ));
        }
        for (j, unit) in q.unit_ids.iter().enumerate() {
            if !units.contains(unit.as_str()) {
                out.push(unknown_unit(EXAMS_FILE, at(&format!("unitIds[{j}]")), unit));
            }
        }
        if q.options.len() < 2 {
            out.push(invalid(
                EXAMS_FILE,
                at("options"),
                both!("packs-course-question-options"),
            ));
        }
        check_filled(
            EXAMS_FILE,
            q.options.iter().enumerate().flat_map(|(j, o)| {
                [
                    (at(&format!("options[{j}].id")), o.id.as_str()),
                    (at(&format!("options[{j}].text")), o.text.as_str()),
                ]
            }),
            &mut out,
        );
        check_unique(
            EXAMS_FILE,
            q.options
                .iter()
                .enumerate()
                .map(|(j, o)| (at(&format!("options[{j}].id")), o.id.as_str())),
            &mut out,
        );
        if let Some(video) = &q.video {
            check_video_path(at("video"), video, &mut out);
        }
        if !q.options.iter().any(|o| o.id == q.correct) {
            let (en, es) = both!("packs-course-correct-unknown", correct = &q.correct);
            out.push(
                PackError::field(
                    PackErrorKind::MissingCorrectOption,
                    EXAMS_FILE,
                    at("correct"),
                    en,
                )
                .with_es(es),
            );
        }
    }
    check_unique(
        EXAMS_FILE,
        exams
            .questions
            .iter()
            .enumerate()
            .map(|(i, q)| (format!("questions[{i}].id"), q.id.as_str())),
        &mut out,
    );
    out
}

/// Checks `exams.json` against `course` as the importer does: its first problem
/// ([`exam_problems`]).
pub fn validate_exams(exams: &ExamFile, course: &CourseManifest) -> Result<(), PackError> {
    first(exam_problems(exams, course))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{parse_course, parse_exams};

    const COURSE: &str = r#"{"formatVersion":1,"id":"c","title":"T","entryUnit":"a",
        "units":[{"id":"a","title":"A","anchor":"x","content":["a.md"]},{"id":"b","title":"B","anchor":"y"}],
        "prerequisites":[{"from":"a","to":"b"}]}"#;

    fn course_with(find: &str, replace: &str) -> Result<CourseManifest, PackError> {
        parse_course(&COURSE.replace(find, replace))
    }

    fn exams_with(question: &str) -> Result<ExamFile, PackError> {
        let course = parse_course(COURSE).unwrap();
        parse_exams(
            &format!(r#"{{"formatVersion":1,"questions":[{question}]}}"#),
            &course,
        )
    }

    const QUESTION: &str = r#"{"id":"q1","unitIds":["a"],"tier":"bronze","stem":"s",
        "options":[{"id":"A","text":"1"},{"id":"B","text":"2"}],"correct":"B","memo":"m"}"#;

    #[test]
    fn a_valid_pack_passes() {
        assert!(course_with("", "").is_ok());
        assert!(exams_with(QUESTION).is_ok());
    }

    #[test]
    fn a_course_id_must_be_a_pack_id_naming_the_field() {
        for id in ["../reports", "reports/7", "..", "a b", ".x"] {
            let e = course_with(r#""id":"c""#, &format!(r#""id":"{id}""#)).unwrap_err();
            assert_eq!(
                (e.kind, e.field.as_deref()),
                (PackErrorKind::InvalidField, Some("id")),
                "{id}"
            );
        }
        assert!(course_with(r#""id":"c""#, r#""id":"reports""#).is_ok());
    }

    #[test]
    fn unsupported_format_version_is_refused() {
        let e = course_with(r#""formatVersion":1"#, r#""formatVersion":2"#).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (PackErrorKind::InvalidField, Some("formatVersion"))
        );
    }

    #[test]
    fn duplicate_unit_ids_point_at_the_second() {
        let e = course_with(r#""id":"b","title":"B""#, r#""id":"a","title":"B""#).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (PackErrorKind::DuplicateId, Some("units[1].id"))
        );
    }

    #[test]
    fn unknown_unit_in_an_edge_or_entry_is_refused() {
        let e = course_with(r#""to":"b""#, r#""to":"z""#).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (PackErrorKind::UnknownUnit, Some("prerequisites[0].to"))
        );
        let e = course_with(r#""entryUnit":"a""#, r#""entryUnit":"z""#).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (PackErrorKind::UnknownUnit, Some("entryUnit"))
        );
    }

    #[test]
    fn cycles_are_refused_with_their_units() {
        let e = course_with(
            r#"{"from":"a","to":"b"}"#,
            r#"{"from":"a","to":"b"},{"from":"b","to":"a"}"#,
        )
        .unwrap_err();
        assert_eq!(e.kind, PackErrorKind::Cycle);
        assert!(e.detail.contains("a → b → a"), "{}", e.detail);
    }

    #[test]
    fn empty_required_text_is_refused() {
        let e = course_with(r#""anchor":"y""#, r#""anchor":"  ""#).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (PackErrorKind::InvalidField, Some("units[1].anchor"))
        );
    }

    #[test]
    fn content_must_be_supported_and_inside_the_pack() {
        let e = course_with("a.md", "a.docx").unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (
                PackErrorKind::UnsupportedContent,
                Some("units[0].content[0]")
            )
        );
        let e = course_with("a.md", "../secret.md").unwrap_err();
        assert_eq!(e.kind, PackErrorKind::InvalidField);
    }

    #[test]
    fn correct_option_must_exist() {
        let e = exams_with(&QUESTION.replace(r#""correct":"B""#, r#""correct":"E""#)).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (
                PackErrorKind::MissingCorrectOption,
                Some("questions[0].correct")
            )
        );
    }

    #[test]
    fn question_units_must_exist() {
        let e = exams_with(&QUESTION.replace(r#"["a"]"#, r#"["a","q"]"#)).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (PackErrorKind::UnknownUnit, Some("questions[0].unitIds[1]"))
        );
    }

    #[test]
    fn duplicate_question_and_option_ids_are_refused() {
        let e = exams_with(&format!("{QUESTION},{QUESTION}")).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (PackErrorKind::DuplicateId, Some("questions[1].id"))
        );
        let e =
            exams_with(&QUESTION.replace(r#"{"id":"B","text":"2"}"#, r#"{"id":"A","text":"2"}"#))
                .unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (
                PackErrorKind::DuplicateId,
                Some("questions[0].options[1].id")
            )
        );
    }

    #[test]
    fn a_question_needs_two_options() {
        let e = exams_with(&QUESTION.replace(r#",{"id":"B","text":"2"}"#, "")).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (PackErrorKind::InvalidField, Some("questions[0].options"))
        );
    }

    #[test]
    fn a_question_video_must_be_a_video_inside_the_pack() {
        let with = |video: &str| {
            exams_with(
                &QUESTION.replace(r#""memo":"m""#, &format!(r#""memo":"m","video":"{video}""#)),
            )
        };
        assert!(with("videos/q1.mp4").is_ok());
        assert_eq!(
            with("../q1.mp4").unwrap_err().kind,
            PackErrorKind::InvalidField
        );
        assert_eq!(
            with("q1.avi").unwrap_err().kind,
            PackErrorKind::UnsupportedContent
        );
    }

    const DRILL: &str = r#""drills":[{"id":"d","prompt":"Solve for $x$.","question":"x + [[b]] = 10",
        "answer":"x = [[10 - b]]","params":{"b":{"min":1,"max":5}},
        "mistakes":[{"answer":"x = [[10 + b]]","tag":"adds"}]}]"#;

    fn course_with_drill(drill: &str, misconceptions: &str) -> Result<CourseManifest, PackError> {
        course_with(
            r#""anchor":"y""#,
            &format!(r#""anchor":"y","misconceptions":{misconceptions},{drill}"#),
        )
    }

    #[test]
    fn misconception_tags_are_well_formed_and_unique() {
        let ok = course_with_drill(DRILL, r#"[{"tag":"adds","text":"Adds."}]"#);
        assert!(ok.is_ok(), "{ok:?}");
        let bad = course_with_drill(DRILL, r#"[{"tag":"Adds It","text":"Adds."}]"#).unwrap_err();
        assert_eq!(bad.kind, PackErrorKind::InvalidField);
        let twice = course_with_drill(
            DRILL,
            r#"[{"tag":"adds","text":"A."},{"tag":"adds","text":"B."}]"#,
        )
        .unwrap_err();
        assert_eq!(twice.kind, PackErrorKind::DuplicateId);
    }

    #[test]
    fn a_drill_template_must_render_and_be_right() {
        let tagged = r#"[{"tag":"adds","text":"Adds."}]"#;
        let unknown_tag = course_with_drill(DRILL, r#"["Adds."]"#).unwrap_err();
        assert_eq!(unknown_tag.kind, PackErrorKind::InvalidDrill);
        assert!(unknown_tag.field.unwrap().ends_with("mistakes[0].tag"));
        let wrong = course_with_drill(&DRILL.replace("10 - b", "10 + b"), tagged).unwrap_err();
        assert_eq!(wrong.kind, PackErrorKind::InvalidDrill);
        assert!(
            wrong.detail.contains("is not the answer"),
            "{}",
            wrong.detail
        );
        let broken = course_with_drill(&DRILL.replace("[[b]]", "[[q]]"), tagged).unwrap_err();
        assert_eq!(broken.kind, PackErrorKind::InvalidDrill);
    }
}
