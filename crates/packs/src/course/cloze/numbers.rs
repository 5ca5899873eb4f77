//! When a number or a date is trivia (issue #47): a gap-fill whose blank is only a year
//! or a count ("The Estates-General had not met since ___.") tests recall of a figure,
//! not the idea — fair only in a unit that teaches numbers or dates. The one rule the
//! cloze maker, the tutor's practice and its eval check `no_trivia_cloze` all read.

use crate::course::Unit;
use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::is_stop_word;
use lantern_core::word_list;
use std::sync::LazyLock;

/// Words a blank that is only a number or a date holds besides digits: months,
/// weekdays, eras, counts written out (`words/<locale>/date-words.txt`).
static DATE_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("date-words").collect());
/// Words of a unit's title or tags that make numbers and dates what it teaches
/// (`words/<locale>/number-topics.txt`).
static NUMBER_TOPICS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("number-topics").collect());

/// Whether `blank` is a bare number or date ("1614", "October 1793", "the 1830s",
/// "14th July", "three"): every word but function words is written with digits or is a
/// date word.
pub fn is_number_or_date(blank: &str) -> bool {
    let plain = normalize(blank);
    let words: Vec<&str> = plain
        .split(' ')
        .filter(|w| !w.is_empty() && !is_stop_word(w))
        .collect();
    let numeric = |w: &str| w.chars().next().is_some_and(|c| c.is_ascii_digit());
    !words.is_empty() && words.iter().all(|w| numeric(w) || DATE_WORDS.contains(w))
}

/// Whether numbers and dates are what `unit` teaches: it has drill templates (its
/// answers are computed numbers), its anchor or misconceptions write formulas (`$…$`),
/// or a word of its title or tags is a number topic ("Revolutionary dates",
/// `chronology`, "Angles on a line", "Fracciones y decimales").
pub fn teaches_numbers(unit: &Unit) -> bool {
    let named = std::iter::once(&unit.title)
        .chain(&unit.tags)
        .any(|t| normalize(t).split(' ').any(|w| NUMBER_TOPICS.contains(&w)));
    let formulas = std::iter::once(&unit.anchor)
        .chain(unit.misconceptions.iter().map(|m| &m.text))
        .any(|t| t.contains('$'));
    !unit.drills.is_empty() || formulas || named
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Misconception;

    fn unit(title: &str, tags: &[&str]) -> Unit {
        Unit {
            id: "U".into(),
            title: title.into(),
            anchor: "The Estates-General had not met since 1614.".into(),
            tags: tags.iter().map(|t| t.to_string()).collect(),
            misconceptions: vec![],
            content: vec![],
            drills: vec![],
        }
    }

    #[test]
    fn numbers_dates_and_counts_are_bare_but_terms_are_not() {
        for bare in [
            "1614",
            "October 1793",
            "the 1830s",
            "14th July",
            "three",
            "12,000",
        ] {
            assert!(is_number_or_date(bare), "{bare}");
        }
        for term in [
            "estates",
            "the Third Estate",
            "Estados Generales",
            "",
            "Louis XVI",
        ] {
            assert!(!is_number_or_date(term), "{term}");
        }
    }

    #[test]
    fn a_unit_teaches_numbers_by_its_title_tags_templates_or_formulas() {
        assert!(!teaches_numbers(&unit("The Estates-General", &["estates"])));
        assert!(teaches_numbers(&unit("Revolutionary dates", &[])));
        assert!(teaches_numbers(&unit("Causes", &["chronology"])));
        assert!(teaches_numbers(&unit("Angles on a line", &[])));
        assert!(teaches_numbers(&unit("Fracciones y decimales", &[])));
        let mut formula = unit("Resistance", &[]);
        formula.misconceptions = vec![Misconception {
            tag: "divides".into(),
            text: "Writes $R = I / V$.".into(),
        }];
        assert!(teaches_numbers(&formula));
        let templated = crate::course::drill::one_template_unit();
        assert!(teaches_numbers(&templated));
    }
}
