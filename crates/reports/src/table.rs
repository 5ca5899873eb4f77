//! The Markdown tables of a section's body as rows of cells, each cell with where it
//! stands in the body, so a question is answered with a row read with its header and a
//! value is changed in the cell of the row the student names.

use lantern_core::text::normalize::normalize;

/// One cell: its text, trimmed, and where that text stands in the body (bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// The cell's text.
    pub text: String,
    /// Where the text starts in the body.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
}

/// A table: its header cells and its rows (the rule line left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The header's cells.
    pub header: Vec<Cell>,
    /// The rows under it.
    pub rows: Vec<Vec<Cell>>,
}

impl Table {
    /// The header name of column `index`, or "".
    pub fn column(&self, index: usize) -> &str {
        self.header.get(index).map_or("", |c| c.text.as_str())
    }
}

/// Whether a line of a body belongs to a table (`| A | 1 |`).
pub fn is_table_line(line: &str) -> bool {
    line.trim_start().starts_with('|')
}

/// The cells of one table line at byte `offset` of the body.
fn line_cells(line: &str, offset: usize) -> Vec<Cell> {
    let mut cells = Vec::new();
    let bars: Vec<usize> = line.match_indices('|').map(|(i, _)| i).collect();
    for pair in bars.windows(2) {
        let raw = &line[pair[0] + 1..pair[1]];
        let lead = raw.len() - raw.trim_start().len();
        let text = raw.trim();
        let start = offset + pair[0] + 1 + lead;
        cells.push(Cell {
            text: text.to_string(),
            start,
            end: start + text.len(),
        });
    }
    cells
}

/// Whether a table line only separates the header from the rows (`| --- | :-: |`).
fn is_rule(cells: &[Cell]) -> bool {
    !cells.is_empty()
        && cells
            .iter()
            .all(|c| !c.text.is_empty() && c.text.chars().all(|ch| matches!(ch, '-' | ':')))
}

/// The tables of `body`, in order: each run of table lines is one table, its first
/// line the header.
pub fn tables(body: &str) -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    let mut open = false;
    let mut offset = 0;
    for line in body.split_inclusive('\n') {
        let text = line.trim_end_matches(['\n', '\r']);
        if is_table_line(text) {
            let cells = line_cells(text, offset);
            match (open, out.last_mut()) {
                (true, Some(table)) if !is_rule(&cells) => table.rows.push(cells),
                (true, _) => {}
                (false, _) => out.push(Table {
                    header: cells,
                    rows: Vec::new(),
                }),
            }
            open = true;
        } else {
            open = false;
        }
        offset += line.len();
    }
    out
}

/// A row read with its header: "Brand: B, Layers: 2, Water absorbed (ml): 37".
pub fn row_words(table: &Table, row: &[Cell]) -> String {
    table
        .header
        .iter()
        .zip(row)
        .map(|(name, cell)| format!("{}: {}", name.text, cell.text))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The words of `message` normalised, with a space at each end for whole-word search.
fn spaced(message: &str) -> String {
    format!(" {} ", normalize(message))
}

/// Whether `message` names the row: the first column's name followed by the row's
/// label ("brand C", "muestra 3"), or the label alone as a capital letter other than
/// "I" standing by itself after the message's first word ("i wrote 37 for B").
pub fn names_row(table: &Table, row: &[Cell], message: &str) -> bool {
    let Some(label) = row.first().map(|c| normalize(&c.text)) else {
        return false;
    };
    if label.is_empty() {
        return false;
    }
    let header = normalize(table.column(0));
    let words = spaced(message);
    if !header.is_empty() && words.contains(&format!(" {header} {label} ")) {
        return true;
    }
    let capital = row[0].text.trim();
    capital.chars().count() == 1
        && capital.chars().all(|c| c.is_ascii_uppercase() && c != 'I')
        && message.split_whitespace().skip(1).any(|w| {
            // "C's", "(C)", "C," — but not the "C" of "°C".
            w.trim_matches(|c: char| c.is_ascii_punctuation())
                .trim_end_matches("'s")
                .trim_end_matches('\'')
                == capital
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = "The table shows it.\n\n| Brand | Layers | Water absorbed (ml) |\n| --- | --- | --- |\n| A | 1 | 21 |\n| B | 2 | 37 |\n\nOne trial was left out.";

    #[test]
    fn a_table_is_its_header_and_rows_with_each_cells_place() {
        let all = tables(BODY);
        assert_eq!(all.len(), 1);
        let table = &all[0];
        assert_eq!(table.column(2), "Water absorbed (ml)");
        assert_eq!(table.rows.len(), 2);
        let cell = &table.rows[1][2];
        assert_eq!(&BODY[cell.start..cell.end], "37");
        assert_eq!(
            row_words(table, &table.rows[1]),
            "Brand: B, Layers: 2, Water absorbed (ml): 37"
        );
    }

    #[test]
    fn a_row_is_named_by_its_column_and_label_or_its_capital_letter() {
        let table = &tables(BODY)[0];
        let b = &table.rows[1];
        assert!(names_row(table, b, "what did brand B get?"));
        assert!(names_row(table, b, "i wrote 37 for B but it was 39"));
        assert!(names_row(table, b, "change B's result to 40"));
        assert!(!names_row(table, b, "the beaker was 500 ml"));
        assert!(!names_row(table, b, "the water was 22 °B"));
        assert!(!names_row(table, &table.rows[0], "a brand absorbed it"));
    }
}
