//! What students put around the text they offer: a lead-in ("My claim is that …",
//! "Creo que …") and, in a claim, a mixed-in reason ("… because kids need to play").

use super::courtesy::courtesy_of;
use super::phrase_lists::{split_phrases, STEP_NAMES, STEP_NOUNS};
use super::triggers::{is_decline, words_beside_yes};
use super::ToulminStep;
use lantern_core::text::normalize::{normalize, words};
use lantern_core::word_list;
use std::sync::LazyLock;

/// Openers students put before the text itself ("My claim is that …", "Mi tesis:").
/// From `words/{en,es}/lead-ins.txt`.
static LEAD_INS: LazyLock<Vec<&str>> = LazyLock::new(|| {
    // The longest first: "en mi opinión personal" before "en mi opinión".
    let mut leads: Vec<&str> = word_list!("lead-ins").collect();
    leads.sort_by_key(|lead| std::cmp::Reverse(lead.split_whitespace().count()));
    leads
});

/// Words that open an answer to "what supports your claim?" and are no part of the
/// evidence ("because in our year…"). From `words/{en,es}/because-openers.txt`.
static BECAUSE_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("because-openers").collect());

/// Words a lead-in leaves behind ("bueno pues **que** los museos…"), taken off only right
/// after one. From `words/{en,es}/lead-in-tails.txt`.
static LEAD_IN_TAILS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("lead-in-tails").collect());

/// Words that start a reason inside a claim ("… because kids need to play"), each with a
/// space on each side (one that starts with a comma, ", as", with a space after it).
/// From `words/{en,es}/reason-markers.txt`.
static REASON_MARKERS: LazyLock<Vec<String>> = LazyLock::new(|| {
    word_list!("reason-markers")
        .map(|m| {
            if m.starts_with(',') {
                format!("{m} ")
            } else {
                format!(" {m} ")
            }
        })
        .collect()
});

/// Words that may open a step label ("here's my evidence:"), each as its words. From
/// `words/{en,es}/step-label-openers.txt`.
static LABEL_OPENERS: LazyLock<Vec<Vec<&str>>> =
    LazyLock::new(|| split_phrases(word_list!("step-label-openers")));

/// Owners of the step's name in a label ("my", "mis"). From
/// `words/{en,es}/step-label-owners.txt`.
static LABEL_OWNERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("step-label-owners").collect());

/// What links a label to the text ("is that", "son que"), longest first, each as its
/// words. From `words/{en,es}/step-label-links.txt`.
static LABEL_LINKS: LazyLock<Vec<Vec<&str>>> =
    LazyLock::new(|| split_phrases(word_list!("step-label-links")));

/// Most words a step label reads before the text.
const MAX_LABEL_WORDS: usize = 8;

/// Where `phrase` (its normalised words) ends when `words` hold it from `start`.
fn phrase_end(words: &[&str], start: usize, phrase: &[&str]) -> Option<usize> {
    words
        .get(start..)
        .filter(|rest| rest.starts_with(phrase))
        .map(|_| start + phrase.len())
}

/// `text` without the step label a student puts before it ("my evidence is that …",
/// "here's my warrant: …", "so for my grounds, …", "mis datos son que …", "pues mis
/// pruebas: …"): at most one opener, an owner, a step's name, then a link or a pause.
fn without_step_label(text: &str) -> Option<&str> {
    let plain = normalize(text);
    let words: Vec<&str> = plain.split(' ').take(MAX_LABEL_WORDS).collect();
    let start = LABEL_OPENERS
        .iter()
        .filter_map(|o| phrase_end(&words, 0, o))
        .max()
        .unwrap_or(0);
    let owned = words.get(start).is_some_and(|w| LABEL_OWNERS.contains(w));
    let named_step = words.get(start + 1).is_some_and(|w| STEP_NOUNS.contains(w));
    if !(owned && named_step) {
        return None;
    }
    let named = start + 2;
    let label = |end: usize| words[..end].join(" ");
    // "los datos son de la OCU" speaks of the data: after an article and a word that is
    // also an ordinary noun, only a link ending in "que" or "that" makes a label ("los
    // datos son que…"); a step's own name always does ("the rebuttal would be…").
    let article = words.get(start).is_some_and(|w| LABEL_ARTICLES.contains(w))
        && !words.get(start + 1).is_some_and(|w| STEP_NAMES.contains(w));
    let link = LABEL_LINKS
        .iter()
        .find_map(|l| phrase_end(&words, named, l).map(|end| (l, end)));
    match link {
        Some((l, _)) if article && !l.last().is_some_and(|w| *w == "que" || *w == "that") => None,
        Some((_, end)) => strip_lead(text, &label(end)),
        None => strip_lead(text, &format!("{},", label(named))),
    }
}

/// Owners of a step label that are articles ("los", "the"). From
/// `words/{en,es}/step-label-articles.txt`.
static LABEL_ARTICLES: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("step-label-articles").collect());

/// Fillers that open a text only when nothing else in it pauses ("like a survey found…",
/// not "Like many schools, ours…", a comparison). From `words/{en,es}/bare-fillers.txt`.
static BARE_FILLERS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("bare-fillers").collect());

/// `text` without a filler from [`BARE_FILLERS`] when `text` holds no comma.
fn without_bare_filler(text: &str) -> Option<&str> {
    if text.contains(',') {
        return None;
    }
    BARE_FILLERS.iter().find_map(|f| strip_lead(text, f))
}

/// Most words of a remark said before the text ("oh ok got it.", "órale.", "mejor:").
const MAX_REMARK_WORDS: usize = 4;

/// Most words beside a yes in a remark before the text ("ya po," — not "Perfect
/// attendance matters,").
const MOST_WORDS_BESIDE_YES: usize = 1;

/// Most words of a label before a colon that names nothing ("mejor:", "new version:").
const MAX_BARE_LABEL_WORDS: usize = 3;

/// `text` without a short first clause that only answers or greets ("oh ok got it. its
/// from a survey…", "órale. la OCDE dice…", "no, espera: …") or, before a colon, only
/// labels what follows ("mejor: a no ser que…"); a label naming a source or a figure
/// ("WHO report: 30 %…") is the text's own.
fn without_opening_remark(text: &str) -> Option<&str> {
    let end = text.char_indices().find_map(|(i, c)| {
        let after = text[i + c.len_utf8()..].chars().next();
        let pause = matches!(c, '.' | '!' | ',' | ';') && after.is_none_or(char::is_whitespace);
        (pause || c == ':').then_some(i)
    })?;
    let (head, tail) = text.split_at(end);
    let rest = tail.trim_start_matches(['.', '!', ',', ';', ':', ' ']);
    let count = words(&normalize(head)).len();
    if count == 0 || count > MAX_REMARK_WORDS || rest.trim().is_empty() {
        return None;
    }
    // Only a yes with at most one word beside it: "Perfect attendance matters," opens a
    // claim, not a remark.
    let yes = words_beside_yes(head).is_some_and(|extra| extra <= MOST_WORDS_BESIDE_YES);
    let answers = yes || is_decline(head) || courtesy_of(&normalize(head)).is_some();
    let labels = tail.starts_with(':') && is_bare_label(head);
    (answers || labels).then_some(rest)
}

/// Whether `head`, said before a colon, names nothing: a few words, no figure, and no
/// capital but its first letter (a name, "WHO").
fn is_bare_label(head: &str) -> bool {
    let all: Vec<&str> = head.split_whitespace().collect();
    let capitals = head.chars().filter(|c| c.is_uppercase()).count();
    let opens_upper = head.chars().next().is_some_and(char::is_uppercase);
    all.len() <= MAX_BARE_LABEL_WORDS
        && !head.chars().any(|c| c.is_ascii_digit())
        && capitals <= usize::from(opens_upper)
}

/// Most lead-ins taken off one after another ("ok so, I think that …").
const MAX_LEAD_INS: usize = 3;

/// `text` without the lead-in `lead` (normalised words; a trailing comma asks for a
/// comma or a colon after it in `text`), compared word by word so that punctuation
/// and accents between the words do not matter ("Vale, pues…" ~ "vale pues").
fn strip_lead<'a>(text: &'a str, lead: &str) -> Option<&'a str> {
    let (lead, needs_pause) = match lead.strip_suffix(',') {
        Some(bare) => (bare, true),
        None => (lead, false),
    };
    let mut rest = text;
    for word in lead.split_whitespace() {
        rest = rest.trim_start_matches(|c: char| !c.is_alphanumeric());
        let end = rest
            .find(|c: char| !c.is_alphanumeric())
            .unwrap_or(rest.len());
        if end == 0 || normalize(&rest[..end]) != word {
            return None;
        }
        rest = &rest[end..];
    }
    // "well-being", "don't": the word goes on; "well educated" has no pause.
    let paused = rest.trim_start().starts_with([',', ':', ';']);
    if rest.starts_with(['-', '\'', '’']) || (needs_pause && !paused) {
        return None;
    }
    Some(rest.trim_start_matches([':', ',', ';', ' ']))
}

/// `message` without its leading "My claim is that …" / "Creo que …" / "ok then:" /
/// "vale, pues" (several in a row) and the word such a lead-in leaves behind ("bueno
/// pues que …"), unless nothing would be left.
pub fn without_lead_in(message: &str) -> &str {
    let (mut text, stripped) = without_lead_ins(message);
    if stripped {
        if let Some(rest) = LEAD_IN_TAILS.iter().find_map(|tail| strip_lead(text, tail)) {
            if !rest.trim().is_empty() {
                text = rest.trim();
            }
        }
    }
    text
}

/// `message` without its leading lead-ins, keeping a "que" or "that" after them (a
/// question may start there: "oye, que pongo aqui"), and whether any was taken off.
pub(crate) fn without_lead_ins(message: &str) -> (&str, bool) {
    let mut text = message.trim();
    let mut stripped = false;
    for _ in 0..MAX_LEAD_INS {
        let lead = LEAD_INS.iter().find_map(|lead| strip_lead(text, lead));
        let lead = lead
            .or_else(|| without_step_label(text))
            .or_else(|| without_bare_filler(text))
            .or_else(|| without_opening_remark(text));
        match lead {
            Some(rest) if !rest.trim().is_empty() => {
                text = rest.trim();
                stripped = true;
            }
            _ => break,
        }
    }
    (text, stripped)
}

/// `text` offered for `step` without the "because" that opens an answer to "what
/// supports your claim?" ("Porque en mi insti solo 3 de cada 30…"): taken off the
/// grounds and the backings, never a warrant, whose "because" is its link.
pub fn without_because_opener(step: ToulminStep, text: &str) -> &str {
    let supports = matches!(
        step,
        ToulminStep::Grounds | ToulminStep::GroundsBacking | ToulminStep::WarrantBacking
    );
    BECAUSE_OPENERS
        .iter()
        .find_map(|opener| strip_lead(text, opener))
        .filter(|rest| supports && !rest.trim().is_empty())
        .unwrap_or(text)
}

/// Where a reason starts inside `text` ("because", "porque"…), as a byte offset.
pub(crate) fn reason_start(text: &str) -> Option<usize> {
    let lower = text.to_lowercase();
    REASON_MARKERS
        .iter()
        .filter_map(|m| lower.find(m.as_str()))
        .min()
        // `to_lowercase` keeps the byte offsets of these ASCII markers only when the
        // text before them did not change length; check rather than assume.
        .filter(|&at| text.is_char_boundary(at) && lower.len() == text.len())
}

/// The reason mixed into a claim ("because kids need time to play"), if any.
pub fn mixed_in_reason(step: ToulminStep, message: &str) -> Option<&str> {
    if step != ToulminStep::Claim {
        return None;
    }
    let text = without_lead_in(message);
    let at = reason_start(text)?;
    let reason = text[at..].trim_start_matches([',', ' ']).trim_end();
    (!reason.is_empty() && !text[..at].trim().is_empty()).then_some(reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_lead_in_is_taken_off() {
        assert_eq!(
            without_lead_in("en mi opinión personal el voluntariado debería ser obligatorio"),
            "el voluntariado debería ser obligatorio"
        );
        assert_eq!(
            without_lead_in("in my honest opinion tablets are cheaper"),
            "tablets are cheaper"
        );
        // Fillers before a lead-in go too.
        assert_eq!(
            without_lead_in("ok fine, its from the council newsletter"),
            "its from the council newsletter"
        );
        assert_eq!(
            without_lead_in("ok mira, en mi colonia hubo 90 accidentes"),
            "en mi colonia hubo 90 accidentes"
        );
        // A no and a new text: the no goes, the text stays whole.
        assert_eq!(
            without_lead_in("no, mejor pon: los datos son de la OCU"),
            "los datos son de la OCU"
        );
    }

    #[test]
    fn because_opening_the_grounds_is_taken_off_but_not_a_warrants() {
        let text = "porque en mi insti solo 3 de cada 30 ayudan";
        assert_eq!(
            without_because_opener(ToulminStep::Grounds, text),
            "en mi insti solo 3 de cada 30 ayudan"
        );
        assert_eq!(without_because_opener(ToulminStep::Warrant, text), text);
        assert_eq!(
            without_because_opener(ToulminStep::GroundsBacking, "Because the head said so"),
            "the head said so"
        );
    }

    #[test]
    fn conversational_lead_ins_are_taken_off_whatever_the_punctuation() {
        for (message, text) in [
            ("ok then: cities should ban cars", "cities should ban cars"),
            (
                "so basically our town had 40 crashes",
                "our town had 40 crashes",
            ),
            ("I think that in most big cities", "in most big cities"),
            (
                "well, cities like Oslo closed it",
                "cities like Oslo closed it",
            ),
            (
                "vale, pues los institutos deberían",
                "los institutos deberían",
            ),
            ("creo que en mi clase", "en mi clase"),
            ("o sea, un estudio de Minnesota", "un estudio de Minnesota"),
            ("Mi opinión: los deberes sobran", "los deberes sobran"),
            ("En mi opinión, los deberes sobran", "los deberes sobran"),
            ("right so, every school should", "every school should"),
            (
                "tbh the Royal Horticultural Society",
                "the Royal Horticultural Society",
            ),
            (
                "honestly our garden club had 30 kids",
                "our garden club had 30 kids",
            ),
            ("bueno pues que los museos", "los museos"),
            ("mira, en mi clase 20 de 26", "en mi clase 20 de 26"),
            ("yo creo que los museos", "los museos"),
            ("I mean the NHS says", "the NHS says"),
            ("es que los deberes son muchos", "los deberes son muchos"),
            (
                "oye, en Austria votan a los 16",
                "en Austria votan a los 16",
            ),
            ("ngl school uniforms should go", "school uniforms should go"),
            (
                "the way i see it uniforms cost too much",
                "uniforms cost too much",
            ),
            ("bueno habría que prohibirlos", "habría que prohibirlos"),
            ("para mí que sobran", "sobran"),
            (
                "here's my evidence: our school spent 3000 pounds",
                "our school spent 3000 pounds",
            ),
            ("my evidence is that our school spent", "our school spent"),
            ("so for my grounds, our school spent", "our school spent"),
            (
                "the rebuttal would be unless the school pays",
                "unless the school pays",
            ),
            (
                "mis datos son que en mi insti el 80 %",
                "en mi insti el 80 %",
            ),
            ("pues mis pruebas: en mi insti", "en mi insti"),
            (
                "like a survey by the Children's Society found uniforms cost",
                "a survey by the Children's Society found uniforms cost",
            ),
        ] {
            assert_eq!(without_lead_in(message), text, "{message}");
        }
    }

    #[test]
    fn a_word_that_only_looks_like_a_lead_in_stays() {
        for message in [
            "well educated students do better",
            "Well-being matters at school",
            "okay",
            "so",
            "pueses no existe",
            "Que los museos sean gratis",
            "that is why schools need gardens",
            "a ver si los jóvenes votan más",
            "meaning matters",
            "look at the data from 2020",
            "my evidence shows that uniforms cost more",
            "the reason schools fail is money",
            "la garantía de calidad importa",
            "Like many schools, ours has a uniform",
            "para mi clase es caro",
        ] {
            assert_eq!(without_lead_in(message), message, "{message}");
        }
    }

    #[test]
    fn a_first_clause_that_only_answers_or_labels_is_taken_off() {
        for (message, text) in [
            (
                "oh ok got it. its from a survey st john ambulance did in 2019",
                "its from a survey st john ambulance did in 2019",
            ),
            (
                "órale. la OCDE dice que los jóvenes ahorran más",
                "la OCDE dice que los jóvenes ahorran más",
            ),
            (
                "ya po, según una encuesta de la CMF la mitad no sabe",
                "según una encuesta de la CMF la mitad no sabe",
            ),
            (
                "mejor: a no ser que ya haya otra asignatura",
                "a no ser que ya haya otra asignatura",
            ),
            (
                "Entonces pondría que el dato sale de la SBS",
                "el dato sale de la SBS",
            ),
            (
                "lo que yo defiendo es que en los coles tendría que haber finanzas",
                "en los coles tendría que haber finanzas",
            ),
        ] {
            assert_eq!(without_lead_in(message), text, "{message}");
        }
        // A label naming a source, and a first sentence with content, are the text's own.
        for message in [
            "WHO report: 30 % of pools close in August",
            "Phones distract. They should stay in lockers.",
            "Only 1.5 hours a week is spent on it",
            "Perfect attendance matters, so schools should reward it",
            "Good sleep helps, because tired students forget",
        ] {
            assert_eq!(without_lead_in(message), message, "{message}");
        }
    }
}
