//! A value said for a row of a table ("brand C's result to 53 ml", "la muestra 5 acabó
//! con 4,35 g"): the row the message names by its label, and the column its unit, its
//! header's words or a cue (`column-cues.txt`: "acabó" → the final mass) point at;
//! when those leave several columns, the one whose values the new one is like.

use super::contract::{Report, Section};
use super::quantity::{quantities, unit_name, Quantity};
use super::table::{names_row, tables, Cell, Table};
use super::value_spot::{quantity_spot, Spot};
use super::word_lists::roles;
use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::{content_terms, term_keys};
use lantern_core::word_list;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// A row of a table a message names.
#[derive(Debug, Clone)]
pub struct NamedRow {
    /// The section the table is in.
    pub id: String,
    /// The table.
    pub table: Table,
    /// The row's cells.
    pub row: Vec<Cell>,
}

impl NamedRow {
    /// Whether byte `at` of section `id`'s body is in this row.
    pub fn holds(&self, id: &str, at: usize) -> bool {
        let (Some(first), Some(last)) = (self.row.first(), self.row.last()) else {
            return false;
        };
        id == self.id && at >= first.start && at <= last.end
    }

    /// Whether the quantity `q` of `message` is the row's label said after its column's
    /// name ("muestra 5"), not a value.
    pub fn labels_at(&self, message: &str, q: &Quantity) -> bool {
        let header = normalize(self.table.column(0));
        let label = self.row.first().map(|c| normalize(&c.text));
        !header.is_empty()
            && normalize(&message[..q.start]).ends_with(&header)
            && label.is_some_and(|l| normalize(&message[q.start..q.end]) == l)
    }
}

/// The rows of the tables of `sections` that `message` names.
pub fn named_rows(sections: &[&Section], message: &str) -> Vec<NamedRow> {
    let mut out = Vec::new();
    for section in sections {
        for table in tables(&section.body_md) {
            for row in &table.rows {
                if names_row(&table, row, message) {
                    out.push(NamedRow {
                        id: section.id.clone(),
                        table: table.clone(),
                        row: row.clone(),
                    });
                }
            }
        }
    }
    out
}

/// Header words and the words of a request that point at their column.
static CUES: LazyLock<Vec<(String, Vec<String>)>> = LazyLock::new(|| {
    roles(word_list!("column-cues"))
        .into_iter()
        .map(|(header, cues)| {
            let cues = cues.into_iter().map(normalize).collect();
            (normalize(header), cues)
        })
        .collect()
});

/// The units a header names ("Water absorbed (ml)" → millilitres).
fn header_units(header: &str) -> BTreeSet<String> {
    header
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | '/' | ','))
        .filter_map(unit_name)
        .collect()
}

/// How well column `index` fits the value said: its header's words in the message, and
/// a cue for it (twice as much).
fn column_score(table: &Table, index: usize, message: &str) -> usize {
    let header = table.column(index);
    let said = term_keys(message);
    let words = content_terms(header)
        .iter()
        .filter(|t| !t.is_number && t.in_keys(&said))
        .count();
    let spaced = format!(" {} ", normalize(message));
    let header_words = format!(" {} ", normalize(header));
    let cued = CUES.iter().any(|(word, cues)| {
        header_words.contains(&format!(" {word} "))
            && cues.iter().any(|c| spaced.contains(&format!(" {c} ")))
    });
    words + if cued { 2 } else { 0 }
}

/// Whether `value` is like the column's values: between half the smallest and twice
/// the largest.
fn plausible(table: &Table, index: usize, value: f64) -> bool {
    let values: Vec<f64> = table
        .rows
        .iter()
        .filter_map(|row| row.get(index))
        .filter_map(|cell| quantities(&cell.text).first().cloned())
        .filter_map(|q| q.value.parse::<f64>().ok())
        .collect();
    let (Some(low), Some(high)) = (
        values.iter().copied().reduce(f64::min),
        values.iter().copied().reduce(f64::max),
    ) else {
        return false;
    };
    value >= low / 2.0 && value <= high * 2.0
}

/// The units of the column holding byte `at` of `body`, when a table cell holds it.
pub fn column_units_at(body: &str, at: usize) -> Option<BTreeSet<String>> {
    tables(body).into_iter().find_map(|table| {
        table.rows.iter().find_map(|row| {
            let index = row.iter().position(|c| c.start <= at && at <= c.end)?;
            Some(header_units(table.column(index)))
        })
    })
}

/// The cells of `row` the value said may go to, each as a spot: the columns in its unit,
/// then the best by header words and cues, then by what the column holds. Several
/// left: each is a spot (the question names them by their header).
pub fn cell_spots(report: &Report, row: &NamedRow, said: &[Quantity], message: &str) -> Vec<Spot> {
    let Some(value) = said
        .iter()
        .rev()
        .find(|q| q.unit.is_some())
        .or_else(|| said.last())
    else {
        return Vec::new();
    };
    let Some(body) = report.find(&row.id).map(|s| s.body_md.as_str()) else {
        return Vec::new();
    };
    let new_text = &message[value.start..value.unit_end];
    let numeric: Vec<(usize, Quantity)> = (1..row.row.len())
        .filter_map(|i| {
            let cell = &row.row[i];
            let q = quantities(&body[cell.start..cell.end]).into_iter().next()?;
            let shifted = Quantity {
                start: q.start + cell.start,
                end: q.end + cell.start,
                unit_end: q.unit_end + cell.start,
                ..q
            };
            Some((i, shifted))
        })
        .collect();
    let in_unit = |i: usize, q: &Quantity| match (&value.unit, value.known_unit) {
        (None, _) => q.unit.is_none() || q.known_unit && q.unit.as_deref() != Some("percent"),
        (Some(unit), true) => {
            header_units(row.table.column(i)).contains(unit) || q.unit.as_ref() == Some(unit)
        }
        (Some(word), false) => {
            let keys = term_keys(word);
            content_terms(row.table.column(i))
                .iter()
                .any(|t| t.in_keys(&keys))
        }
    };
    let mut columns: Vec<(usize, Quantity)> = numeric
        .into_iter()
        .filter(|(i, q)| in_unit(*i, q))
        .collect();
    if columns.len() > 1 {
        let scores: Vec<usize> = columns
            .iter()
            .map(|(i, _)| column_score(&row.table, *i, message))
            .collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        if best > 0 && scores.iter().filter(|s| **s == best).count() == 1 {
            columns = columns
                .into_iter()
                .zip(scores)
                .filter(|(_, s)| *s == best)
                .map(|(c, _)| c)
                .collect();
        }
    }
    if columns.len() > 1 {
        if let Ok(number) = value.value.parse::<f64>() {
            let like: Vec<(usize, Quantity)> = columns
                .iter()
                .filter(|(i, _)| plausible(&row.table, *i, number))
                .cloned()
                .collect();
            if like.len() == 1 {
                columns = like;
            }
        }
    }
    columns
        .into_iter()
        .map(|(i, q)| {
            let mut spot = quantity_spot(&row.id, body, &q, new_text);
            spot.shown = row.table.column(i).to_string();
            spot
        })
        .collect()
}
