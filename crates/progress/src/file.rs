//! The hand-in file: the report, its xAPI statements and the seal, as one JSON file;
//! and reading one back with bounded memory, telling an edited file from a sealed one.

use super::contract::ProgressReport;
use super::csv_summary::csv_summary;
use super::error::ProgressError;
use super::events::ProgressEvent;
use super::limits::{over_limit, MAX_HANDIN_STATEMENTS};
use super::seal::{seal, seal_matches, SEAL_ALGORITHM};
use super::xapi::statements;
use chrono::{DateTime, Duration, Utc};
use lantern_core::counted_list::{keep_first, CountedList};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The `format` every hand-in names.
pub const HANDIN_FORMAT: &str = "lantern-progress";
/// The version this build writes and reads.
pub const HANDIN_VERSION: u32 = 1;
/// Largest hand-in file read (a year of daily work is well under 2 MB).
pub const MAX_HANDIN_BYTES: u64 = 16 << 20;
/// How a hand-in file's name ends.
pub const HANDIN_SUFFIX: &str = ".progress.json";
/// How the CSV summary's name ends.
pub const SUMMARY_SUFFIX: &str = ".progress.csv";

/// The two fields read before the rest; any other field is skipped unread.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u64>,
}

/// What the seal covers: everything in the file but the seal.
#[derive(Serialize)]
struct Sealed {
    format: String,
    version: u32,
    report: ProgressReport,
    statements: Vec<Value>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SealField {
    algorithm: String,
    value: String,
}

/// The file as written: the sealed fields, then the seal.
#[derive(Serialize)]
struct FileShape {
    #[serde(flatten)]
    sealed: Sealed,
    seal: SealField,
}

/// The file as read: the same fields, named one by one so the statements stream
/// through [`keep_first`] (the first [`MAX_HANDIN_STATEMENTS`] kept, the rest only
/// counted) instead of being buffered whole.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReadShape {
    format: String,
    version: u32,
    report: ProgressReport,
    #[serde(deserialize_with = "statements_within_limit")]
    statements: CountedList<Value>,
    seal: SealField,
}

fn statements_within_limit<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<CountedList<Value>, D::Error> {
    keep_first(deserializer, MAX_HANDIN_STATEMENTS)
}

/// A hand-in ready to save: exactly the bytes the student is shown.
#[derive(Debug, Clone, PartialEq)]
pub struct HandIn {
    /// What it reports.
    pub report: ProgressReport,
    /// Its xAPI statements.
    pub statements: Vec<Value>,
    /// The file's text (JSON).
    pub file_text: String,
    /// The CSV summary's text.
    pub csv_text: String,
    /// A file name without its suffix: the student, what is handed in, the day.
    pub file_stem: String,
}

/// A hand-in file read back.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadHandIn {
    /// What it reports.
    pub report: ProgressReport,
    /// SHA-256 of its content (not of its spacing): the same hand-in read twice has
    /// the same digest.
    pub digest: String,
    /// Whether the content no longer matches its seal.
    pub edited: bool,
}

/// Makes the hand-in of `report` with `events` as its statements; `scope` names what is
/// handed in (a course id, or "all") for the file's name.
pub fn make_hand_in(
    report: ProgressReport,
    events: &[ProgressEvent],
    scope: &str,
) -> Result<HandIn, ProgressError> {
    if report.courses.is_empty() && report.arguments.is_empty() && report.modules.is_empty() {
        return Err(ProgressError::Empty);
    }
    let statements = statements(&report, events);
    let sealed = Sealed {
        format: HANDIN_FORMAT.into(),
        version: HANDIN_VERSION,
        report,
        statements,
    };
    let value = seal(&canonical(&sealed));
    let file = FileShape {
        sealed,
        seal: SealField {
            algorithm: SEAL_ALGORITHM.into(),
            value,
        },
    };
    let file_text = serde_json::to_string_pretty(&file).unwrap_or_default() + "\n";
    let Sealed {
        report, statements, ..
    } = file.sealed;
    let csv_text = csv_summary(&report);
    let file_stem = file_stem(&report, scope);
    Ok(HandIn {
        report,
        statements,
        file_text,
        csv_text,
        file_stem,
    })
}

/// Reads a hand-in file named `file` (for messages) from `bytes`.
pub fn read_hand_in(file: &str, bytes: &[u8]) -> Result<ReadHandIn, ProgressError> {
    if bytes.len() as u64 > MAX_HANDIN_BYTES {
        return Err(ProgressError::TooLarge {
            file: file.into(),
            bytes: bytes.len() as u64,
            limit: MAX_HANDIN_BYTES,
        });
    }
    let invalid = |reason: String| ProgressError::Invalid {
        file: file.into(),
        reason,
    };
    // The format and version first, skipping everything else without keeping it, so a
    // file of another kind costs no more than reading it once.
    let header: Header = serde_json::from_slice(bytes).map_err(|e| invalid(e.to_string()))?;
    if header.format.as_deref() != Some(HANDIN_FORMAT) {
        return Err(invalid(format!(
            "its \"format\" is not \"{HANDIN_FORMAT}\""
        )));
    }
    match header.version {
        Some(v) if v == u64::from(HANDIN_VERSION) => {}
        Some(v) if v > u64::from(HANDIN_VERSION) => {
            return Err(ProgressError::Version {
                file: file.into(),
                version: u32::try_from(v).unwrap_or(u32::MAX),
                supported: HANDIN_VERSION,
            })
        }
        _ => return Err(invalid("its \"version\" is missing or not 1".into())),
    }
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    let shape: ReadShape =
        serde_path_to_error::deserialize(&mut reader).map_err(|e| invalid(e.to_string()))?;
    if let Some(over) = over_limit(&shape.report, shape.statements.count) {
        return Err(ProgressError::TooMany {
            file: file.into(),
            what: over.what,
            count: over.count,
            limit: over.limit,
        });
    }
    check_report(&shape.report).map_err(invalid)?;
    let sealed = Sealed {
        format: shape.format,
        version: shape.version,
        report: shape.report,
        statements: shape.statements.kept,
    };
    let content = canonical(&sealed);
    let edited =
        shape.seal.algorithm != SEAL_ALGORITHM || !seal_matches(&content, &shape.seal.value);
    Ok(ReadHandIn {
        digest: hex::encode(Sha256::digest(&content)),
        report: sealed.report,
        edited,
    })
}

/// How far after now a hand-in's date may be and still be read: a laptop whose clock
/// is set to local time under the wrong time zone is up to 14 hours ahead; a day covers
/// it. A file dated later was made on a wrong clock, or dated to win over every later
/// hand-in of its student.
pub const FUTURE_TOLERANCE_HOURS: i64 = 24;

/// Refuses a hand-in `file` whose `report` says it was made after `now` (beyond
/// [`FUTURE_TOLERANCE_HOURS`]).
pub fn check_not_future(
    file: &str,
    report: &ProgressReport,
    now: DateTime<Utc>,
) -> Result<(), ProgressError> {
    if report.exported_at > now + Duration::hours(FUTURE_TOLERANCE_HOURS) {
        return Err(ProgressError::FutureDated {
            file: file.into(),
            exported_at: report.exported_at.to_rfc3339(),
        });
    }
    Ok(())
}

/// Rules the JSON shape cannot say: a usable student key and name, one record per course.
fn check_report(report: &ProgressReport) -> Result<(), String> {
    let key = &report.student.key;
    if key.len() != 32 || !key.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err("report.student.key: not 32 hex digits".into());
    }
    if report.student.name.trim().is_empty() || report.student.name.chars().count() > 200 {
        return Err("report.student.name: empty or too long".into());
    }
    let mut seen = std::collections::HashSet::new();
    for (i, course) in report.courses.iter().enumerate() {
        if !seen.insert(course.course_id.as_str()) {
            return Err(format!(
                "report.courses[{i}]: course `{}` twice",
                course.course_id
            ));
        }
    }
    Ok(())
}

fn canonical(sealed: &Sealed) -> Vec<u8> {
    serde_json::to_vec(sealed).unwrap_or_default()
}

/// `ana-algebra-2026-11-27`: letters and digits of the name, the scope, the day.
fn file_stem(report: &ProgressReport, scope: &str) -> String {
    let clean = |text: &str| -> String {
        let words: Vec<String> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        let joined = words.join("-");
        joined.chars().take(40).collect()
    };
    let name = match clean(&report.student.name) {
        n if n.is_empty() => "student".to_string(),
        n => n,
    };
    format!(
        "{name}-{}-{}",
        clean(scope),
        report.exported_at.format("%Y-%m-%d")
    )
}
