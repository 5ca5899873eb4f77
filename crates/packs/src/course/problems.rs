//! The problems a pack's rules find, in the order the rules ran: the first
//! [`MAX_FINDINGS`] kept, every one counted. A crafted pack can hold millions of broken
//! items (a unit with a million blank misconceptions, a topic with a million empty
//! keywords); a check shows at most that many and the importer only the first, so the
//! rest are counted, not kept.

use super::error::PackError;

/// Most findings kept in each list; the rest are counted in
/// [`PackCheckReport::omitted`](super::check::PackCheckReport::omitted).
pub const MAX_FINDINGS: usize = 500;

/// Problems found by a pack's rules: the first [`MAX_FINDINGS`], and how many in all.
#[derive(Debug, Default)]
pub struct Problems {
    kept: Vec<PackError>,
    count: usize,
}

impl Problems {
    /// No problem yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `problem`: kept while fewer than [`MAX_FINDINGS`] are, counted always.
    pub fn push(&mut self, problem: PackError) {
        self.count += 1;
        if self.kept.len() < MAX_FINDINGS {
            self.kept.push(problem);
        }
    }

    /// Adds each of `problems`.
    pub fn extend(&mut self, problems: impl IntoIterator<Item = PackError>) {
        for problem in problems {
            self.push(problem);
        }
    }

    /// How many problems were found, kept or not.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether no problem was found.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The problems kept, in the order found.
    pub fn kept(&self) -> &[PackError] {
        &self.kept
    }

    /// The first problem found, as the importer reports it.
    pub fn into_first(self) -> Option<PackError> {
        self.kept.into_iter().next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::PackErrorKind;

    #[test]
    fn the_first_are_kept_and_all_are_counted() {
        let mut problems = Problems::new();
        assert!(problems.is_empty());
        let e = |i: usize| PackError::file(PackErrorKind::InvalidField, "a", i.to_string());
        problems.extend((0..MAX_FINDINGS + 7).map(e));
        assert_eq!(problems.len(), MAX_FINDINGS + 7);
        assert_eq!(problems.kept().len(), MAX_FINDINGS);
        assert_eq!(problems.into_first().map(|p| p.detail), Some("0".into()));
    }
}
