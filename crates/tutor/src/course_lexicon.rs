//! The lexicon of a course, built once while the course stays as imported: reading every
//! unit's words and notes sentences into match keys is the costly part of mapping (about
//! 1.6 s in a debug build for a course of 20 units with 600 notes sentences each), and
//! the course is read from the catalog again on every turn.

use super::course::TutorCourse;
use super::lexicon::Lexicon;
use lantern_packs::course::{Unit, UnitVocabulary};
use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock, Mutex};

/// Most courses whose lexicon is kept (a laptop has a few imported).
const MAX_KEPT: usize = 8;

/// What a lexicon was built from.
#[derive(PartialEq)]
struct Source {
    title: String,
    units: Vec<Unit>,
    vocabulary: BTreeMap<String, UnitVocabulary>,
}

/// A lexicon with what it was built from.
type Kept = (Source, Arc<Lexicon>);

/// The lexicons built so far, most recent last.
static KEPT: LazyLock<Mutex<Vec<Kept>>> = LazyLock::new(|| Mutex::new(Vec::new()));

/// The lexicon of `course` — its units' words and its notes, the course title's words
/// not any unit's own — reused while the course's title, units and vocabulary are what
/// it was built from (a re-import that changes them builds a new one).
pub fn course_lexicon(course: &TutorCourse) -> Arc<Lexicon> {
    let same = |s: &Source| {
        s.title == course.title && s.units == course.units && s.vocabulary == course.vocabulary
    };
    if let Ok(kept) = KEPT.lock() {
        if let Some((_, lexicon)) = kept.iter().find(|(s, _)| same(s)) {
            return Arc::clone(lexicon);
        }
    }
    let lexicon =
        Arc::new(Lexicon::new(&course.units, &course.vocabulary).with_course_title(&course.title));
    if let Ok(mut kept) = KEPT.lock() {
        kept.retain(|(s, _)| !same(s));
        if kept.len() >= MAX_KEPT {
            kept.remove(0);
        }
        kept.push((
            Source {
                title: course.title.clone(),
                units: course.units.clone(),
                vocabulary: course.vocabulary.clone(),
            },
            Arc::clone(&lexicon),
        ));
    }
    lexicon
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::course;

    #[test]
    fn the_same_course_reuses_its_lexicon_and_a_changed_one_gets_a_new_one() {
        let c = course();
        let first = course_lexicon(&c);
        assert!(Arc::ptr_eq(&first, &course_lexicon(&c.clone())));
        let mut changed = c.clone();
        changed.units[0].anchor = "Inverse operations undo each other.".into();
        let other = course_lexicon(&changed);
        assert!(!Arc::ptr_eq(&first, &other));
        assert_eq!(
            *other,
            Lexicon::new(&changed.units, &changed.vocabulary).with_course_title(&changed.title)
        );
    }
}
