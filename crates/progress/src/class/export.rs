//! The class view of one course as a CSV table and as a printable HTML page, in the
//! teacher's language. Every text from a hand-in is escaped (HTML) or made
//! spreadsheet-safe (CSV): a student's name cannot run as a formula or a script.

use super::contract::ClassCourse;
use crate::messages::MESSAGES;
use crate::spreadsheet_safe;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_tutor::contract::MasteryTier;

/// The grid as CSV: a row per student, a column per unit (its tier), then minutes on
/// task and the hand-in's time.
pub fn class_csv(course: &ClassCourse) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["student".to_string()];
    header.extend(
        course
            .units
            .iter()
            .map(|u| format!("{} ({})", u.title, u.unit_id)),
    );
    header.extend([
        "minutes_on_task".into(),
        "handed_in_at".into(),
        "edited".into(),
    ]);
    let _ = writer.write_record(header.iter().map(|c| spreadsheet_safe(c)));
    for row in &course.rows {
        let mut cells = vec![row.name.clone()];
        cells.extend(row.cells.iter().map(|c| {
            let mut text = if c.touched {
                c.tier.name().to_string()
            } else {
                String::new()
            };
            if c.stuck {
                text.push_str(" (stuck)");
            }
            text
        }));
        cells.push(row.minutes_on_task.to_string());
        cells.push(row.handed_in_at.to_rfc3339());
        cells.push(if row.edited { "yes" } else { "no" }.into());
        let _ = writer.write_record(cells.iter().map(|c| spreadsheet_safe(c)));
    }
    String::from_utf8(writer.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// Text made safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

fn tier_mark(tier: MasteryTier) -> &'static str {
    match tier {
        MasteryTier::None => "·",
        MasteryTier::Bronze => "B",
        MasteryTier::Silver => "S",
        MasteryTier::Gold => "G",
    }
}

/// A page that prints the grid and the lists, with no script and nothing loaded from
/// anywhere.
pub fn class_page(course: &ClassCourse, language: Language) -> String {
    let mut html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><title>{}</title><style>\
         body{{font-family:sans-serif;font-size:11pt}}table{{border-collapse:collapse}}\
         th,td{{border:1px solid #888;padding:2px 5px;text-align:center}}\
         th.u{{writing-mode:vertical-rl;font-weight:normal;max-height:12em}}td.n{{text-align:left}}\
         .none{{background:#fff}}.bronze{{background:#e8c39e}}.silver{{background:#d9d9d9}}\
         .gold{{background:#f5d76e}}.stuck{{outline:2px solid #c00}}</style></head><body>\
         <h1>{}</h1><table><tr><th>{}</th>",
        language.code(),
        escape(&course.title),
        escape(&course.title),
        escape(&say!(MESSAGES, language, "progress-page-student"))
    );
    for unit in &course.units {
        html.push_str(&format!("<th class=\"u\">{}</th>", escape(&unit.title)));
    }
    html.push_str(&format!(
        "<th>{}</th></tr>",
        escape(&say!(MESSAGES, language, "progress-page-minutes"))
    ));
    for row in &course.rows {
        let edited = if row.edited {
            format!(
                " {}",
                escape(&say!(MESSAGES, language, "progress-page-edited"))
            )
        } else {
            String::new()
        };
        html.push_str(&format!(
            "<tr><td class=\"n\">{}{}</td>",
            escape(&row.name),
            edited
        ));
        for cell in &row.cells {
            let class = if cell.touched {
                cell.tier.name()
            } else {
                "none"
            };
            let stuck = if cell.stuck { " stuck" } else { "" };
            let mark = if cell.touched {
                tier_mark(cell.tier)
            } else {
                ""
            };
            html.push_str(&format!("<td class=\"{class}{stuck}\">{mark}</td>"));
        }
        html.push_str(&format!("<td>{}</td></tr>", row.minutes_on_task));
    }
    html.push_str("</table>");
    let list = |title: &str, items: Vec<String>| {
        let body = if items.is_empty() {
            format!(
                "<p>{}</p>",
                escape(&say!(MESSAGES, language, "progress-page-none"))
            )
        } else {
            format!(
                "<ul>{}</ul>",
                items
                    .iter()
                    .map(|i| format!("<li>{i}</li>"))
                    .collect::<String>()
            )
        };
        format!("<h2>{}</h2>{body}", escape(title))
    };
    html.push_str(&list(
        &say!(MESSAGES, language, "progress-page-stuck"),
        course
            .stuck
            .iter()
            .map(|s| format!("{} — {}", escape(&s.name), escape(&s.unit_title)))
            .collect(),
    ));
    html.push_str(&list(
        &say!(MESSAGES, language, "progress-page-confusions"),
        course
            .confusions
            .iter()
            .flat_map(|u| {
                u.confusions.iter().map(move |c| {
                    let text = if c.text.is_empty() { &c.tag } else { &c.text };
                    escape(&say!(
                        MESSAGES,
                        language,
                        "progress-page-confusion",
                        unit = &u.unit_title,
                        confusion = text,
                        students = &c.students.to_string()
                    ))
                })
            })
            .collect(),
    ));
    html.push_str(&list(
        &say!(MESSAGES, language, "progress-page-failed"),
        course
            .failed_questions
            .iter()
            .map(|q| {
                escape(&say!(
                    MESSAGES,
                    language,
                    "progress-page-failed-question",
                    question = &q.stem,
                    tier = q.tier.as_str(),
                    wrong = &q.wrong.to_string()
                ))
            })
            .collect(),
    ));
    html.push_str(&list(
        &say!(MESSAGES, language, "progress-page-rechecks"),
        course
            .rechecks
            .iter()
            .map(|r| {
                format!(
                    "{} — {} ({})",
                    escape(&r.name),
                    escape(&r.unit_title),
                    r.due_at.format("%Y-%m-%d")
                )
            })
            .collect(),
    ));
    html.push_str("</body></html>\n");
    html
}
