//! Which statistic a message asks for, from its words (`words/<locale>/stat-*.txt`).
//! A comparison wins over the rest ("more than last month" is not the category spent
//! most on), then an average (with its unit), then the single biggest or smallest
//! expense, the category spent most on, every category's total, and last a total the
//! readers of a total would not see ("spent much today?").

use super::kind::Stat;
use crate::word_lists::{word_list, WordList};
use lantern_core::text::normalize::has_phrase;

/// The phrases of each statistic (normalised), in `words/<locale>/stat-*.txt`.
static COMPARE: WordList = word_list!("stat-compare");
static BIGGEST: WordList = word_list!("stat-biggest");
static SMALLEST: WordList = word_list!("stat-smallest");
static TOP_CATEGORY: WordList = word_list!("stat-top-category");
static BY_CATEGORY: WordList = word_list!("stat-by-category");
static TOTAL: WordList = word_list!("stat-total");
static AVERAGE: WordList = word_list!("stat-average");
static PER_DAY: WordList = word_list!("stat-per-day");
static PER_WEEK: WordList = word_list!("stat-per-week");
static PER_MONTH: WordList = word_list!("stat-per-month");
/// Phrases asking how much, which with a day, a week or a month ask for an average.
static HOW_MUCH: WordList = word_list!("stat-how-much");

/// The statistic the normalised message asks for, if any.
pub fn stat_of(normalized: &str) -> Option<Stat> {
    let says = |phrases: &[&str]| phrases.iter().any(|p| has_phrase(normalized, p));
    if says(&COMPARE) {
        return Some(Stat::ComparePrevious);
    }
    let unit = [
        (&PER_DAY, Stat::DailyAverage),
        (&PER_WEEK, Stat::WeeklyAverage),
        (&PER_MONTH, Stat::MonthlyAverage),
    ]
    .into_iter()
    .find_map(|(phrases, stat)| says(phrases).then_some(stat));
    if says(&AVERAGE) || unit.is_some() && says(&HOW_MUCH) {
        return Some(unit.unwrap_or(Stat::MonthlyAverage));
    }
    [
        (&BIGGEST, Stat::Biggest),
        (&SMALLEST, Stat::Smallest),
        (&TOP_CATEGORY, Stat::TopCategory),
        (&BY_CATEGORY, Stat::ByCategory),
        (&TOTAL, Stat::Total),
    ]
    .into_iter()
    .find_map(|(phrases, stat)| says(phrases).then_some(stat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::text::normalize::normalize;

    fn stat(text: &str) -> Option<Stat> {
        stat_of(&normalize(text))
    }

    #[test]
    fn the_questions_name_their_statistic() {
        for (text, want) in [
            ("what's my biggest expense?", Stat::Biggest),
            ("¿cuál fue mi gasto más grande?", Stat::Biggest),
            ("what was the cheapest thing", Stat::Smallest),
            (
                "what did I spend the most on this month?",
                Stat::TopCategory,
            ),
            ("¿en qué gasté más?", Stat::TopCategory),
            ("show my spending by category", Stat::ByCategory),
            (
                "how much do I spend a month on average?",
                Stat::MonthlyAverage,
            ),
            ("average spend per week", Stat::WeeklyAverage),
            ("¿cuánto gasto al mes?", Stat::MonthlyAverage),
        ] {
            assert_eq!(stat(text), Some(want), "{text}");
        }
        assert_eq!(stat("how much did I spend this month?"), None);
    }

    #[test]
    fn the_most_on_one_thing_is_the_biggest_expense() {
        for text in [
            "what's the most I've spent on one thing?",
            "biggest thing i bought last week?",
            "¿qué es lo que más me ha costado este mes?",
        ] {
            assert_eq!(stat(text), Some(Stat::Biggest), "{text}");
        }
    }

    #[test]
    fn a_day_as_the_unit_asks_for_a_daily_average() {
        for text in [
            "average per day this month?",
            "¿cuánto gasté de media al día la semana pasada?",
            "how much do I spend a day?",
        ] {
            assert_eq!(stat(text), Some(Stat::DailyAverage), "{text}");
        }
        assert_eq!(
            stat("on average how much a month did i spend across september and october"),
            Some(Stat::MonthlyAverage)
        );
    }

    #[test]
    fn more_than_the_span_before_is_a_comparison() {
        for text in [
            "am I spending more than last month?",
            "¿este mes llevo gastado más que el pasado?",
            "did I spend less this week compared to last week",
            "compare this month with last month",
            "food this week vs last week",
            "compárame este mes con el anterior",
        ] {
            assert_eq!(stat(text), Some(Stat::ComparePrevious), "{text}");
        }
    }

    #[test]
    fn spent_much_asks_for_the_total() {
        assert_eq!(stat("spent much today?"), Some(Stat::Total));
        assert_eq!(stat("¿he gastado mucho hoy?"), Some(Stat::Total));
    }

    #[test]
    fn every_name_reads_back() {
        for s in Stat::ALL {
            assert_eq!(Stat::from_name(s.name()), Some(s));
        }
        assert_eq!(Stat::from_name("median"), None);
    }
}
