//! The note's sentence the model chose as the answer (issue #49 item 3, "the model
//! reads, code verifies"): when a note answers the message, the model's grammar also
//! asks it to pick, from an enum of that note's statements, the one that answers the
//! question. When the model's own sentences are refused, that choice still answers in
//! words first: the sentence the model read as the answer, the whole note after it.
//! The sentence is authored, so it is correct by construction; code checks it is one
//! of the note's statements before it is shown, and overrules a pick that two other
//! readers agree does not answer: the message's words and the embedder's closeness in
//! meaning ([`overruled`]), or one that names fewer of the question's words than another
//! sentence naming at least two ([`better_named`]).

use super::contract::{BlockType, Emotion, ModuleReply, ResponseType, TextBlock};
use super::joint_reading;
use super::kind_answer::{self, Verdict};
use super::likely;
use super::measures;
use super::offline;
use super::pack::Topic;
use super::ranking::{
    asked_terms, is_why_question, most_named, named_weight, opens_on_a_bare_why, subject_of,
    subject_terms,
};
use super::replies;
use super::why_answer;
use lantern_core::language::Language;
use lantern_core::text::normalize::{has_phrase, normalize, opens_with_phrase};
use lantern_core::text::notes::{plain, quotable};
use lantern_core::text::support::is_teaching_talk;
use lantern_core::text::terms::{content_terms, term_keys, Term};
use lantern_core::text::tidy::sentences;
use lantern_core::word_list;
use serde_json::Value;
use std::sync::LazyLock;

/// The field of the model's `content` holding its choice.
pub const FIELD: &str = "answer_sentence";

/// How much closer in meaning (cosine, as the embedder tells it) to the message another
/// offered sentence must be than the model's pick for code to overrule the pick: more
/// than the spread of the embedder's noise between sentences of one note (measured in
/// docs/evals.md, "A chosen sentence that does not answer").
pub const OVERRULE_MARGIN: f32 = 0.15;

/// Openings that lean on the sentence before ("Por eso…", "This is why…"),
/// `words/<locale>/leaning-openers.txt`, normalised.
static LEANING_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("leaning-openers").collect());

/// Openings that start like a leaning one but name their own subject ("Después de
/// toda la noche sin comer…", "This week…"), `words/<locale>/standing-openers.txt`,
/// normalised.
static STANDING_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("standing-openers").collect());

/// Whether `sentence` reads on its own: it does not open leaning on the sentence before
/// it ("Ese alivio dura poco…", "Por eso ayuda…"), which, shown alone, points at nothing.
fn stands_alone(sentence: &str) -> bool {
    let normal = normalize(sentence);
    !opens_with_phrase(&normal, &LEANING_OPENERS) || opens_with_phrase(&normal, &STANDING_OPENERS)
}

/// The statements of `topic`'s note a model may choose as the answer to `message`:
/// whole quotable sentences that stand alone, not questions; none when the note is a
/// single sentence (the note shown after would say it again, whole). A why-question is
/// also offered the sentences that lean on the one before to give its reason ("Así tu
/// cuerpo aprende cuándo tiene sueño…" after the rule to sleep at fixed hours): said
/// right after "¿por qué a la misma hora?", "así" points at what was asked.
pub fn answer_sentences(topic: &Topic, message: &str) -> Vec<String> {
    let all = sentences(&topic.notes);
    if all.len() < 2 {
        return Vec::new();
    }
    let why = is_why_question(message);
    let mut out: Vec<String> = Vec::new();
    for sentence in all {
        let sentence = plain(sentence);
        let reads = stands_alone(&sentence) || (why && why_answer::gives_reason(&sentence));
        let answers = quotable(&sentence) && !sentence.ends_with('?') && reads;
        if answers && !out.contains(&sentence) {
            out.push(sentence);
        }
    }
    out
}

/// `offered` without the sentences an earlier reply of the session already gave as its
/// answer (a block of its own in `said`), so a student asking again is not answered
/// with the same sentence, unless their `message` names it again: a follow-up sharing a
/// content term with it asks about that very sentence ("how do I remember 20 of them?"
/// after "A password manager can remember them for you."), or it gives best what a
/// when-, how-much-, how-do-I-know- or what-is-question asks ([`kind_answer::best_givers`]:
/// "¿cuánto tarda en estar listo?" after "…en unos tres meses tendrás abono" is answered
/// by it again), or it gives a reason and the message asks why ("why does it even matter
/// what's on my feet" after "Wear flat shoes, because heavy boots make it hard to feel
/// the pedals"), or it counts in a unit the message gives a number in
/// ([`measures::counts_in`]: "its pretty hilly tho, like 800m up" after "…an extra
/// hour for every 600 m of climbing" brings the student's own figure to its rule). All
/// of them when every one was given before.
pub fn not_given_before(offered: Vec<String>, said: &[String], message: &str) -> Vec<String> {
    let given: Vec<String> = said.iter().map(|b| normalize(b)).collect();
    let asked = content_terms(message);
    let gives_asked = kind_answer::best_givers(&offered, message);
    let asks_why = is_why_question(message);
    let given_units = measures::units(message);
    let fresh: Vec<String> = offered
        .iter()
        .filter(|s| {
            !given.contains(&normalize(s))
                || names_any(s, &asked)
                || gives_asked.contains(s)
                || (asks_why && why_answer::gives_reason(s))
                || measures::counts_in(s, &given_units)
        })
        .cloned()
        .collect();
    if fresh.is_empty() {
        offered
    } else {
        fresh
    }
}

/// The sentence of `offered` the session's last answer gave, of `said` (the texts of
/// its earlier replies, newest first): the first text that quotes one sentence alone or
/// restates one ([`restated`]); `None` when a text showing two or more (a whole note)
/// comes first, the reply answering with no one sentence.
fn last_answered<'o>(offered: &'o [String], said: &[String]) -> Option<&'o String> {
    let sentences: Vec<(&String, String)> = offered.iter().map(|s| (s, normalize(s))).collect();
    for text in said {
        let normal = normalize(text);
        let quoted: Vec<&String> = sentences
            .iter()
            .filter(|(_, sentence)| normal.contains(sentence.as_str()))
            .map(|(s, _)| *s)
            .collect();
        match quoted.as_slice() {
            [one] => return Some(one),
            [] => {}
            _ => return None,
        }
        if let Some(sentence) = restated(text, offered) {
            return Some(sentence);
        }
    }
    None
}

/// The reason a message opening on a why that names nothing asks
/// ([`opens_on_a_bare_why`]: "y eso xq?", "why tho, she's got heaps of teeth"), or a
/// why-question naming nothing any offered sentence says ("why would that even work
/// lol" after "If the dog pulls, stand still…"): that of the sentence the last answer
/// gave ([`last_answered`]), which is that sentence when it gives one ("Pon la mitad de
/// la dosis…, porque una planta de interior necesita menos…"), else the next offered
/// sentence when that gives one. `None` when the message asks no such why, or no reason
/// follows the last answer.
pub fn reason_of_last_answer(offered: &[String], said: &[String], message: &str) -> Option<String> {
    let names_no_sentence = || most_named(offered, &asked_terms(&subject_of(message))).is_none();
    let asks_of_last =
        opens_on_a_bare_why(message) || (is_why_question(message) && names_no_sentence());
    if !asks_of_last {
        return None;
    }
    let last = last_answered(offered, said)?;
    let at = offered.iter().position(|s| s == last)?;
    why_answer::reason_at(offered, at)
}

/// Whether `sentence` uses one of the message's content terms `asked`.
fn names_any(sentence: &str, asked: &[Term]) -> bool {
    let keys = term_keys(sentence);
    asked.iter().any(|t| t.in_keys(&keys))
}

/// How close in meaning the message is to each of `offered`, from the closeness to the
/// topics' texts (`texts`, each a note sentence as written); a sentence not found there
/// is left out.
pub fn closeness_of(offered: &[String], texts: &[(String, f32)]) -> Vec<(String, f32)> {
    offered
        .iter()
        .filter_map(|sentence| {
            let key = normalize(sentence);
            texts
                .iter()
                .find(|(text, _)| normalize(&plain(text)) == key)
                .map(|(_, value)| (sentence.clone(), *value))
        })
        .collect()
}

/// The sentence that answers instead of the model's `pick`, when two other readers
/// agree the pick does not: another sentence names at least as many of the question's
/// terms (`named_weight`, and at least one) and is closer in meaning to the message
/// by [`OVERRULE_MARGIN`] or more (`closeness`, each offered sentence's). "el arroz me
/// queda re pegoteado" names "arroz" in the sentence on cooking white rice and the one
/// on keeping it; the first is the closer. The closest such sentence; `None` when the
/// pick stands, as it does when the closeness is unknown.
pub fn overruled(pick: &str, closeness: &[(String, f32)], message: &str) -> Option<String> {
    let named = named_weight(pick, message).max(1);
    let picked = closeness.iter().find(|(s, _)| s == pick)?.1;
    closeness
        .iter()
        .filter(|(s, value)| {
            *value >= picked + OVERRULE_MARGIN && named_weight(s, message) >= named
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(s, _)| s.clone())
}

/// The sentence that answers instead of the model's `pick` when the pick names none of
/// the question's terms: of the offered sentences naming one or more, the closest in
/// meaning to the message — words point at it, and nothing in the pick speaks for it.
/// "y en el contrato que tengo q revisar?" is answered by the sentence on reading the
/// contract, not the one on the deposit the model picked; "y antes de entregarlo qué
/// hago con mis fotos?" by the one saying what to do before handing a phone in, though
/// a sentence naming nothing of it is closer. `None` when the pick names something, is
/// itself the closest, or no other sentence names anything.
pub fn unnamed_pick(pick: &str, closeness: &[(String, f32)], message: &str) -> Option<String> {
    let (closest, _) = closeness.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
    if named_weight(pick, message) > 0 || closest == pick {
        return None;
    }
    closeness
        .iter()
        .filter(|(s, _)| named_weight(s, message) > 0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(s, _)| s.clone())
}

/// Least spread of closeness (cosine) between the offered sentences for meaning alone
/// to overrule a pick across languages: below it the embedder tells them apart no
/// better than its noise.
pub const ACROSS_SPREAD: f32 = 0.01;

/// The sentence that answers instead of the model's `pick` when the student writes in
/// another language than the note, when the pick lies in the lower half of the offered
/// sentences' closeness and they spread over [`ACROSS_SPREAD`] or more: of the upper
/// half, the one naming the most of the question through the glossary and cognates
/// ([`named_weight`]: "el código que me mandaron" names "a code it sent you"), the
/// closest in meaning on a tie. A pick naming more of the question than that sentence
/// stands: the spread is the embedder's noise when "y q números tengo q tener guardados
/// en el cel" names number, saving and phone in the pick and nothing in the upper half
/// (docs/evals.md, "Thirty-eighth round"). Across languages the embedder's values crowd
/// together (0.79–0.85 for one note, against 0.43–0.62 within a language), so the margin
/// [`overruled`] asks is never met; the small model, reading a note in a language not
/// the student's, picked the sentence the embedder placed last on "how long do
/// leftovers last in the fridge?" (docs/evals.md, "Twentieth round"). `None` when the
/// pick stands.
pub fn overruled_across(pick: &str, closeness: &[(String, f32)], message: &str) -> Option<String> {
    let picked = closeness.iter().find(|(s, _)| s == pick)?.1;
    let (low, high) = closeness
        .iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(low, high), (_, v)| {
            (low.min(*v), high.max(*v))
        });
    let spread = high - low;
    if spread < ACROSS_SPREAD || picked - low >= spread / 2.0 {
        return None;
    }
    let closest = closeness
        .iter()
        .filter(|(_, v)| v - low >= spread / 2.0)
        .max_by(|a, b| {
            named_weight(&a.0, message)
                .cmp(&named_weight(&b.0, message))
                .then(a.1.total_cmp(&b.1))
        })?;
    let pick_names_more = named_weight(pick, message) > named_weight(&closest.0, message);
    (!pick_names_more).then(|| closest.0.clone())
}

/// The sentence that answers instead of the model's `pick` across languages (the
/// student writes in another language than the module's): what the question asks for
/// decides first, as within a language ([`what_is_asked`]: "my phone fell in the pool
/// what do i do first" keeps "…apágalos enseguida…", which gives the first step, though
/// the sentence naming "piscina" lies closer); only then [`overruled_across`], then the
/// other readers of [`instead_of`]. `None` when the pick stands.
pub fn instead_across(
    pick: &str,
    closeness: &[(String, f32)],
    offered: &[String],
    message: &str,
    earlier: Option<&str>,
) -> Option<String> {
    let read = decided_by_what_is_asked(pick, offered, message, earlier).unwrap_or_else(|| {
        overruled_across(pick, closeness, message)
            .or_else(|| read_past(pick, &[], closeness, offered, message))
    });
    sends_for_help_instead(read.as_deref().unwrap_or(pick), offered, message).or(read)
}

/// Words with which a sentence sends for urgent help ("urgent", "same day",
/// "urgencias"), `words/<locale>/urgent-help.txt`, normalised.
static URGENT_HELP: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("urgent-help").collect());

/// Whether `sentence` sends for urgent help ([`URGENT_HELP`]).
fn sends_for_help(sentence: &str) -> bool {
    let normal = normalize(sentence);
    URGENT_HELP.iter().any(|w| has_phrase(&normal, w))
}

/// The offered sentence that sends for urgent help in place of `answer`, one that does
/// not, when it names as much of the message as `answer` and at least
/// [`NAMED_TO_OVERRULE`] of its terms (the most first): "now there's red lines going up
/// from it and she's all hot and shivery" names "red" and "lines" in "Ve a urgencias el
/// mismo día si… ves líneas rojas…" as much as "red" and "hot" in "…es normal que la
/// zona esté roja… y caliente", and a student is not told it is normal when the note
/// says to get help. `None` otherwise.
fn sends_for_help_instead(answer: &str, offered: &[String], message: &str) -> Option<String> {
    if sends_for_help(answer) {
        return None;
    }
    let least = named_weight(answer, message).max(NAMED_TO_OVERRULE);
    offered
        .iter()
        .rev()
        .filter(|s| sends_for_help(s))
        .map(|s| (s, named_weight(s, message)))
        .filter(|(_, n)| *n >= least)
        .max_by_key(|(_, n)| *n)
        .map(|(s, _)| s.clone())
}

/// Least share of an offered sentence's content terms the model's own words must use to
/// restate it.
const RESTATED_SHARE: f32 = 0.6;

/// Least number of the question's terms a sentence must name to answer instead of a
/// pick that names fewer.
const NAMED_TO_OVERRULE: usize = 2;

/// The offered sentence that names the most of the question (`named_weight`), when
/// that is `NAMED_TO_OVERRULE` or more and the model's `pick` names less: "ya la tuve
/// en agua fría pero sigue roja y con ampollas, ¿voy al médico?" is answered by the
/// sentence about blisters and the doctor, not the one about water on burning oil. The
/// first such sentence on a tie; `None` when the pick names as much.
pub fn better_named(pick: &str, offered: &[String], message: &str) -> Option<String> {
    let pick_names = named_weight(pick, message);
    let mut best: Option<(&String, usize)> = None;
    for sentence in offered {
        let names = named_weight(sentence, message);
        if names > best.map_or(0, |(_, n)| n) {
            best = Some((sentence, names));
        }
    }
    best.filter(|(s, n)| *n >= NAMED_TO_OVERRULE && *n > pick_names && s.as_str() != pick)
        .map(|(s, _)| s.clone())
}

/// The sentence that answers instead of the model's `pick`, if any: the reason a
/// why-question asks for ([`why_answer::reason_sentence`]; a pick that is that reason
/// stands), else what a when-, how-much-, how-do-I-know- or what-is-question asks for
/// when the pick gives it less well than another ([`kind_answer::verdict`]; a pick that
/// gives it as well as any stands); a pick first in both readers of meaning then stands
/// ([`joint_reading::first_in_both`]); else the closest in meaning when the pick names nothing
/// ([`unnamed_pick`]), else one meaning and words agree on ([`overruled`], which then
/// answers: the likelihood does not take back what two readers agree on — "pero no
/// quiero perder las fotos del carrete" keeps the sentence on uploading photos), else one
/// that names more of the question ([`better_named`]: "¿por qué por escrito?" names the
/// rule, whose reason is the next sentence), else the model's likeliest sentence (of
/// `likelihood`, each offered sentence's) in place of a pick naming less of the
/// question ([`likely::read_instead`]); and whichever that leaves gives way to a
/// sentence far ahead of it when closeness and likelihood are read together
/// ([`joint_reading::ahead_of`]); last, a sentence sending for urgent help that names as
/// much of the message takes the place of one that does not ([`sends_for_help_instead`]).
pub fn instead_of(
    pick: &str,
    likelihood: &[(String, f64)],
    closeness: &[(String, f32)],
    offered: &[String],
    message: &str,
    earlier: Option<&str>,
) -> Option<String> {
    let read = decided_by_what_is_asked(pick, offered, message, earlier)
        .unwrap_or_else(|| read_past(pick, likelihood, closeness, offered, message));
    sends_for_help_instead(read.as_deref().unwrap_or(pick), offered, message).or(read)
}

/// What the question of `message` asks for decides about `pick` ([`what_is_asked`]):
/// `Some(None)` when the pick gives it and stands against every other reader,
/// `Some(Some(sentence))` when that sentence gives it instead; `None` when the question
/// asks for none of these, and the other readers decide.
fn decided_by_what_is_asked(
    pick: &str,
    offered: &[String],
    message: &str,
    earlier: Option<&str>,
) -> Option<Option<String>> {
    let asked = what_is_asked(pick, offered, message, earlier);
    tracing::debug!(?asked, "what is asked of the pick");
    asked.map(|verdict| match verdict {
        Verdict::Stands => None,
        Verdict::Instead(sentence) => Some(sentence),
    })
}

/// The sentence that answers instead of a `pick` whose question asks for no reason,
/// time, amount, sign or thing ([`what_is_asked`] is `None`): the readers of meaning,
/// words and likelihood of [`instead_of`], in its order.
fn read_past(
    pick: &str,
    likelihood: &[(String, f64)],
    closeness: &[(String, f32)],
    offered: &[String],
    message: &str,
) -> Option<String> {
    // Read first by meaning and by likelihood too: words counted do not overrule it.
    if joint_reading::first_in_both(pick, closeness, likelihood) {
        return None;
    }
    let unnamed = unnamed_pick(pick, closeness, message);
    if unnamed.is_none() {
        if let Some(agreed) = overruled(pick, closeness, message) {
            // Words and meaning agree on it: the likelihood does not take it back.
            return Some(agreed);
        }
    }
    let likely = likely::likeliest(likelihood);
    let read = unnamed
        .or_else(|| better_named(pick, offered, message))
        .or_else(|| likely::read_instead(pick, likely, message));
    let answer = read.as_deref().unwrap_or(pick);
    joint_reading::ahead_of(answer, closeness, likelihood, message)
        .or(read)
        .filter(|sentence| sentence != pick)
}

/// What the question of `message` asks for makes of `pick`: the reason a why-question
/// asks ([`why_answer::reason_sentence`]: the pick stands when it is that reason), else
/// the time, amount, sign or thing a question of that kind asks
/// ([`kind_answer::verdict`]). `None` when it asks none of these.
fn what_is_asked(
    pick: &str,
    offered: &[String],
    message: &str,
    earlier: Option<&str>,
) -> Option<Verdict> {
    match why_answer::reason_sentence(offered, message) {
        Some(reason) if reason == pick => Some(Verdict::Stands),
        Some(reason) => Some(Verdict::Instead(reason)),
        None => kind_answer::verdict(pick, offered, message, earlier),
    }
}

/// The offered sentence the model's own words `written` restate: the one whose content
/// terms they use the most of, when that is [`RESTATED_SHARE`] of them or more.
fn restated<'o>(written: &str, offered: &'o [String]) -> Option<&'o String> {
    let keys = term_keys(written);
    let share = |sentence: &String| {
        let terms = content_terms(sentence);
        let used = terms.iter().filter(|t| t.in_keys(&keys)).count();
        used as f32 / terms.len().max(1) as f32
    };
    offered
        .iter()
        .map(|s| (s, share(s)))
        .filter(|(_, share)| *share >= RESTATED_SHARE)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(s, _)| s)
}

/// The sentence that answers instead of the model's `pick` when its own words, refused,
/// restate another offered sentence: the pick shares no content term with `message`
/// and does not give what its question asks ([`what_is_asked`]), and the restated
/// sentence shares one (the model read that sentence as the answer, and the question's
/// words agree). `None` when the pick stands.
pub fn restated_instead(
    pick: &str,
    written: &str,
    offered: &[String],
    message: &str,
    earlier: Option<&str>,
) -> Option<String> {
    let asked = content_terms(message);
    let stands = what_is_asked(pick, offered, message, earlier) == Some(Verdict::Stands);
    if stands || names_any(pick, &asked) {
        return None;
    }
    restated(written, offered)
        .filter(|s| s.as_str() != pick && names_any(s, &asked))
        .cloned()
}

/// The offered sentence the model has chosen so far in its partial answer `raw`, once
/// the field holding it is written whole.
pub fn chosen_so_far(raw: &str, offered: &[String]) -> Option<String> {
    let field = raw.find(&format!("\"{FIELD}\""))?;
    let rest = &raw[field..];
    offered
        .iter()
        .find(|s| serde_json::to_string(s).is_ok_and(|quoted| rest.contains(&quoted)))
        .cloned()
}

/// The sentence the model chose in its raw answer `text`, when it is one of `offered`
/// (compared as normalised words, so spacing or case the grammar allowed cannot differ).
pub fn chosen(text: &str, offered: &[String]) -> Option<String> {
    let value: Value = serde_json::from_str(text.trim()).ok()?;
    let picked = value.get("content")?.get(FIELD)?.as_str()?;
    let picked = normalize(picked);
    offered.iter().find(|s| normalize(s) == picked).cloned()
}

/// The reply answering a student writing in `language` with `sentence` of `topic`'s
/// note, written in `notes`, another: a lead in theirs, the sentence quoted as the note
/// writes it (no words of the model's, which could not be checked against the note),
/// then the whole note.
pub fn quoted_answer(
    sentence: &str,
    topic: &Topic,
    language: Language,
    notes: Language,
) -> ModuleReply {
    offline::reply(
        vec![
            TextBlock::new(BlockType::Paragraph, replies::across_lead(language, notes)),
            TextBlock::new(BlockType::Quote, sentence.to_string()),
            offline::note_block(topic),
        ],
        ResponseType::Conversational,
        Emotion::Supportive,
    )
}

/// The reply answering with `sentence` first, then `topic`'s whole note as its source.
pub fn sentence_answer(sentence: &str, topic: &Topic) -> ModuleReply {
    offline::reply(
        vec![
            TextBlock::new(BlockType::Paragraph, sentence.to_string()),
            offline::note_block(topic),
        ],
        ResponseType::Conversational,
        Emotion::Supportive,
    )
}

/// The student's words that an answer's own `text` uses and its `notes` lack (the
/// titles, keywords and notes of the topics that answer; the content terms of
/// `message`, light words and teaching talk aside), when those notes name nothing the
/// student asks about beyond the module's own subject (the words of `module_title`; a
/// number they share says nothing of it: "…nuke it for 30 sec" and "…after 30 minutes"):
/// the model put the student's situation where the note says something else ("Si el
/// móvil se cayó a la piscina, el primer paso es reiniciarlo" on the slow-phone note of
/// a module on caring for a phone), or only told the situation back ("You just got your
/// first driving lesson on Saturday." on the note about the licence). Each word is
/// supported on its own, the student's by the message and the rest by the note, but
/// nothing says the note holds for what the student said. A note about what the student
/// asks may be applied to their situation ("Breathing out slowly calms your heart at
/// night" from the racing-heart note, for "my heart is pounding at night"). Empty when
/// the answer keeps to the notes or applies them.
pub fn applied_elsewhere(
    text: &str,
    notes: &str,
    message: &str,
    module_title: &str,
) -> Vec<String> {
    let said = term_keys(notes);
    let title = term_keys(module_title);
    // A number the note also says ("30 sec" and "30 minutes") is no sign it is about
    // what is asked.
    let about_what_is_asked = subject_terms(message)
        .iter()
        .any(|t| !t.is_number && t.in_keys(&said) && !t.in_keys(&title));
    if about_what_is_asked {
        return Vec::new();
    }
    let used = term_keys(text);
    asked_terms(message)
        .into_iter()
        .filter(|t| t.in_keys(&used) && !t.in_keys(&said) && !is_teaching_talk(t))
        .map(|t| t.word)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn topic(notes: &str) -> Topic {
        Topic {
            id: "plan".into(),
            title: "Plan".into(),
            keywords: Default::default(),
            notes: notes.into(),
        }
    }

    #[test]
    fn a_notes_statements_are_offered_but_not_its_questions_or_fragments() {
        let t = topic(
            "Sort each task with two questions: is it urgent? Is it important for your mark? \
             Urgent and important work is done first, today. Then rest.",
        );
        assert_eq!(
            answer_sentences(&t, "what first?"),
            vec!["Urgent and important work is done first, today."]
        );
    }

    #[test]
    fn a_sentence_leaning_on_the_one_before_is_not_offered_alone() {
        let t = topic(
            "Aplazar una tarea no es pereza: es una forma de huir de una emoción. \
             Ese alivio dura poco. Por eso ayuda más reconocer qué emoción evitas. \
             That is why a plan helps you every single day.",
        );
        assert_eq!(
            answer_sentences(&t, "¿qué hago?"),
            vec!["Aplazar una tarea no es pereza: es una forma de huir de una emoción."]
        );
        // A word that only starts like an opener is not one, nor is an opening that
        // names its own subject.
        assert!(stands_alone("Esperar al último día no ayuda nada."));
        assert!(stands_alone("Thinking ahead helps you plan the week."));
        assert!(stands_alone(
            "Después de toda la noche sin comer, el cuerpo necesita energía."
        ));
        assert!(!stands_alone("Después escribe lo que te preocupa."));
    }

    #[test]
    fn a_why_question_is_also_offered_the_leaning_sentence_that_gives_the_reason() {
        let rule = "Acuéstate y levántate a la misma hora todos los días.";
        let reason = "Así tu cuerpo aprende cuándo tiene sueño.";
        let t = topic(&format!(
            "{rule} {reason} Por eso ayuda dormir siete horas."
        ));
        assert_eq!(
            answer_sentences(&t, "por que a la misma hora todos los dias?"),
            vec![rule, reason]
        );
        assert_eq!(answer_sentences(&t, "¿a qué hora me acuesto?"), vec![rule]);
    }

    #[test]
    fn a_sentence_given_as_an_earlier_answer_is_not_offered_again() {
        let offered = vec![
            "Sleep fixes memories.".to_string(),
            "Go to bed early.".to_string(),
        ];
        let said = vec![
            "Sleep fixes memories.".to_string(),
            "**Sleep** — Sleep fixes memories. Go to bed early.".to_string(),
        ];
        assert_eq!(
            not_given_before(offered.clone(), &said, "and what else?"),
            vec!["Go to bed early."]
        );
        let both = vec![offered[0].clone(), offered[1].clone()];
        assert_eq!(not_given_before(offered.clone(), &both, "ok?"), offered);
        // A follow-up naming a given sentence's words asks about it.
        assert_eq!(
            not_given_before(offered.clone(), &said, "how do memories stick?"),
            offered
        );
    }

    #[test]
    fn a_why_naming_nothing_asks_the_reason_of_the_last_answer() {
        let offered = vec![
            "Abona cada 15 días en primavera.".to_string(),
            "Pon la mitad de la dosis, porque una planta de interior necesita menos.".to_string(),
            "Riega antes de abonar, porque el abono quema la raíz seca.".to_string(),
        ];
        let said = vec![
            "Pon la mitad de la dosis, porque una planta de interior necesita menos.".to_string(),
            format!("**Abono** — {}", offered.join(" ")),
        ];
        assert_eq!(
            reason_of_last_answer(&offered, &said, "y eso xq?").as_ref(),
            Some(&offered[1])
        );
        // A why naming something is read by what it names; a reply showing only the
        // whole note answered with no one sentence.
        assert_eq!(
            reason_of_last_answer(&offered, &said, "y xq regar antes?"),
            None
        );
        assert_eq!(
            reason_of_last_answer(&offered, &said[1..], "y eso xq?"),
            None
        );
        // A why naming nothing the note says asks about the last answer too.
        assert_eq!(
            reason_of_last_answer(&offered, &said, "why would that even work lol").as_ref(),
            Some(&offered[1])
        );
        // The rule before its reason: the reason is the next sentence.
        let said = vec![offered[0].clone()];
        let rules = [offered[0].clone(), offered[2].clone()];
        assert_eq!(
            reason_of_last_answer(&rules, &said, "why?").as_ref(),
            Some(&offered[2])
        );
    }

    #[test]
    fn a_given_sentence_giving_what_the_question_asks_is_offered_again() {
        let offered = vec![
            "Food scraps go in the brown bin.".to_string(),
            "You can compost in a bucket, and in about three months you will have soil."
                .to_string(),
            "If the compost smells, add dry leaves.".to_string(),
        ];
        let said = vec![offered[1].clone()];
        let got = not_given_before(offered.clone(), &said, "how long until it's ready?");
        assert_eq!(got, offered);
        assert_eq!(
            not_given_before(offered.clone(), &said, "and what else?"),
            vec![offered[0].clone(), offered[2].clone()]
        );
    }

    #[test]
    fn a_given_sentence_giving_a_reason_is_offered_again_to_a_why_question() {
        let offered = vec![
            "Wear flat shoes, because heavy boots make it hard to feel the pedals.".to_string(),
            "Bring your glasses if you need them.".to_string(),
        ];
        let said = vec![offered[0].clone()];
        let why = "why does it even matter what's on my feet";
        assert_eq!(not_given_before(offered.clone(), &said, why), offered);
        assert_eq!(
            not_given_before(offered.clone(), &said, "and what else?"),
            vec![offered[1].clone()]
        );
    }

    fn closeness(values: &[(&str, f32)]) -> Vec<(String, f32)> {
        values.iter().map(|(s, v)| (s.to_string(), *v)).collect()
    }

    #[test]
    fn a_pick_is_overruled_only_when_words_and_meaning_both_point_elsewhere() {
        let exam =
            "En la evaluación continua la nota se reparte entre prácticas y el examen final.";
        let ill = "Si faltas a una práctica por enfermedad, guarda el justificante médico.";
        let message = "si mi ramo tiene evaluacion continua puedo ir solo al examen final?";
        let close = closeness(&[(exam, 0.71), (ill, 0.51)]);
        assert_eq!(overruled(ill, &close, message), Some(exam.to_string()));
        // The pick naming the message's words stands.
        assert_eq!(overruled(exam, &close, message), None);
        // Nearly as close: the pick stands.
        let near = closeness(&[(exam, 0.60), (ill, 0.51)]);
        assert_eq!(overruled(ill, &near, message), None);
        // The closer sentence names none of the message's words: the pick stands.
        let other = closeness(&[(exam, 0.71), (ill, 0.51)]);
        assert_eq!(overruled(ill, &other, "¿y si le marco a mi mamá?"), None);
        // No closeness known: the pick stands.
        assert_eq!(overruled(ill, &[], message), None);
    }

    #[test]
    fn across_languages_a_pick_in_the_lower_half_of_meaning_gives_way_to_the_closest() {
        let last = "En la nevera duran unos tres días.";
        let thaw = "Descongela en la nevera, nunca en la encimera.";
        let store = "Mete las sobras en la nevera antes de dos horas.";
        let close = closeness(&[(store, 0.839), (last, 0.850), (thaw, 0.827)]);
        let asked = "how long do leftovers last in the fridge?";
        assert_eq!(
            overruled_across(thaw, &close, asked),
            Some(last.to_string())
        );
        // The pick in the upper half, or the closest itself, stands.
        assert_eq!(overruled_across(store, &close, asked), None);
        assert_eq!(overruled_across(last, &close, asked), None);
        // Sentences the embedder does not tell apart: the pick stands.
        let flat = closeness(&[(store, 0.815), (last, 0.816), (thaw, 0.810)]);
        assert_eq!(overruled_across(thaw, &flat, asked), None);
        // No closeness known: the pick stands.
        assert_eq!(overruled_across(thaw, &[], asked), None);
    }

    #[test]
    fn across_languages_a_pick_naming_more_of_the_question_stands_in_the_lower_half() {
        let times = "Agree the walk times, the route and how long each walk lasts in a message.";
        let numbers = "Save the owner's number and their vet's number in your phone.";
        let keys = "Keep the owner's keys on their own keyring with no name on it.";
        let close = closeness(&[(times, 0.806), (numbers, 0.793), (keys, 0.791)]);
        let asked = "y q números tengo q tener guardados en el cel";
        assert_eq!(overruled_across(numbers, &close, asked), None);
        assert_eq!(
            overruled_across(keys, &close, asked),
            Some(times.to_string())
        );
    }

    #[test]
    fn across_languages_the_upper_half_sentence_naming_the_question_answers() {
        let code = "Your bank will never ask you for your PIN or a code it sent you by text.";
        let link = "If a message says your account is blocked, open your bank's app yourself.";
        let muling = "An offer of easy money for using your bank account is a crime.";
        let close = closeness(&[(code, 0.847), (link, 0.851), (muling, 0.827)]);
        let asked = "me ha llegado un correo del banco pidiéndome el código, ¿se lo doy?";
        assert_eq!(
            overruled_across(muling, &close, asked),
            Some(code.to_string())
        );
    }

    #[test]
    fn a_sentence_given_before_is_offered_again_for_the_students_own_figure() {
        let rule = "Allow one hour for every 4 km and an extra hour for every 600 m of climbing.";
        let forecast = "Check the forecast on the morning you leave.";
        let said = [rule.to_string()];
        let offered = both(rule, forecast);
        let again = not_given_before(offered.clone(), &said, "its pretty hilly tho, like 800m up");
        assert_eq!(again, offered);
        let fresh = not_given_before(offered, &said, "its pretty hilly tho");
        assert_eq!(fresh, vec![forecast.to_string()]);
    }

    #[test]
    fn across_languages_what_the_question_asks_for_decides_before_meaning() {
        let off = "Si el móvil se moja, apágalo enseguida y no lo cargues hasta que esté seco.";
        let pool = "Ser resistente al agua no lo protege del cloro de la piscina.";
        let offered = both(off, pool);
        let close = closeness(&[(off, 0.80), (pool, 0.85)]);
        let asked = "my phone fell in the pool what do i do first";
        // The pick giving the first step stands, though the other lies closer.
        assert_eq!(overruled_across(off, &close, asked), Some(pool.to_string()));
        assert_eq!(instead_across(off, &close, &offered, asked, None), None);
        // A pick giving no first step gives way to the one that does.
        assert_eq!(
            instead_across(pool, &close, &offered, asked, None),
            Some(off.to_string())
        );
    }

    #[test]
    fn a_why_question_is_answered_by_the_reason_whatever_the_other_readers_say() {
        let rule = "Haced un turno de limpieza semanal por escrito, con zonas que rotan.";
        let reason = "Cuelga el turno, porque un acuerdo que solo se dijo de palabra se olvida.";
        let offered = both(rule, reason);
        let message = "por que por escrito? si ya lo hablamos en la cena";
        // The rule names the question twice over; the reason picked still stands.
        assert_eq!(
            better_named(reason, &offered, message).as_deref(),
            Some(rule)
        );
        assert_eq!(instead_of(reason, &[], &[], &offered, message, None), None);
        assert_eq!(
            instead_of(rule, &[], &[], &offered, message, None).as_deref(),
            Some(reason)
        );
    }

    #[test]
    fn a_pick_naming_nothing_gives_way_to_the_closest_sentence_naming_the_question() {
        let read = "Lee el contrato entero antes de firmar y comprueba cuánto dura.";
        let deposit = "La fianza suele ser de uno o dos meses de alquiler.";
        let message = "y en el contrato que tengo q revisar?";
        let close = closeness(&[(read, 0.553), (deposit, 0.526)]);
        assert_eq!(
            unnamed_pick(deposit, &close, message).as_deref(),
            Some(read)
        );
        // A pick naming the question stands, and so does one closest in meaning.
        assert_eq!(unnamed_pick(read, &close, message), None);
        let nearer = closeness(&[(read, 0.50), (deposit, 0.526)]);
        assert_eq!(unnamed_pick(deposit, &nearer, message), None);
        // The closest names nothing either: the pick stands.
        assert_eq!(unnamed_pick(deposit, &close, "¿y qué más reviso?"), None);
    }

    #[test]
    fn a_pick_naming_nothing_gives_way_to_a_sentence_naming_the_question_though_another_is_closer()
    {
        let clothes = "La ropa en buen estado se puede vender o donar.";
        let shops = "Los móviles se llevan al punto limpio o a la tienda.";
        let wipe = "Borra tus datos antes de entregar un móvil viejo.";
        let close = closeness(&[(clothes, 0.41), (shops, 0.52), (wipe, 0.47)]);
        let message = "y antes de entregarlo qué hago con mis fotos y eso?";
        assert_eq!(
            unnamed_pick(clothes, &close, message).as_deref(),
            Some(wipe)
        );
    }

    #[test]
    fn a_pick_giving_the_time_a_when_question_asks_stands_against_the_other_readers() {
        let before_four = "Si duermes siesta, que sea antes de las cuatro.";
        let improves = "Deja las siestas una semana y mira si mejora.";
        let offered = both(before_four, improves);
        let close = closeness(&[(before_four, 0.45), (improves, 0.60)]);
        let message = "y a que hora es mejor?";
        assert_eq!(
            unnamed_pick(before_four, &close, message).as_deref(),
            Some(improves)
        );
        assert_eq!(
            instead_of(before_four, &[], &close, &offered, message, None),
            None
        );
    }

    /// The two sentences a note offers, in order.
    fn both(first: &str, second: &str) -> Vec<String> {
        vec![first.to_string(), second.to_string()]
    }

    const HELMET: &str =
        "El casco no es obligatorio para adultos, pero reduce las lesiones en la cabeza.";
    const LIGHTS: &str =
        "De noche o con poca luz necesitas una luz blanca delante y una roja detrás.";
    const NIGHT: &str = "vuelvo de la facu a las 10 de la noche, qué me pongo para que me vean";

    #[test]
    fn refused_words_restating_the_sentence_that_answers_replace_a_pick_that_does_not() {
        // The writer's words for the night question, refused as a repeat of the note.
        let written = "Para la noche o con poca luz, necesitas una luz blanca delante y otra roja.";
        let instead = restated_instead(HELMET, written, &both(HELMET, LIGHTS), NIGHT, None);
        assert_eq!(instead.as_deref(), Some(LIGHTS));
    }

    #[test]
    fn a_pick_naming_the_questions_words_stands_whatever_the_words_restate() {
        let offered = both(HELMET, LIGHTS);
        let asked = "¿el casco es obligatorio de noche?";
        assert_eq!(
            restated_instead(HELMET, LIGHTS, &offered, asked, None),
            None
        );
    }

    #[test]
    fn words_using_few_of_a_sentences_terms_restate_nothing() {
        let offered = both(HELMET, LIGHTS);
        assert_eq!(
            restated_instead(HELMET, "Ponte algo de noche.", &offered, NIGHT, None),
            None
        );
        // Restating a sentence the question does not name: the pick stands.
        assert_eq!(
            restated_instead(LIGHTS, HELMET, &offered, "¿y si llueve?", None),
            None
        );
    }

    #[test]
    fn a_pick_giving_what_the_question_asks_stands_whatever_the_words_restate() {
        let urine = "Your urine should be pale yellow: dark urine means you need more water.";
        let plain = "For exercise shorter than an hour, plain water is all you need; sports drinks add sugar you do not use.";
        let offered = both(plain, urine);
        let written =
            "For exercise shorter than an hour, plain water is all you need, not sports drinks.";
        let asked = "how do i know if im drinking enough";
        assert_eq!(
            restated_instead(urine, written, &offered, asked, None),
            None
        );
    }

    const WATER: &str = "Si el aceite se prende, apaga el fuego y nunca le eches agua.";
    const DOCTOR: &str = "Ve al médico si la quemadura tiene ampollas o sigue roja.";

    #[test]
    fn a_sentence_naming_more_of_the_question_answers_over_the_pick() {
        let offered = both(WATER, DOCTOR);
        let asked = "ya la tuve en agua fría pero sigue roja y con ampollas, voy al médico?";
        assert_eq!(
            better_named(WATER, &offered, asked),
            Some(DOCTOR.to_string())
        );
        assert_eq!(better_named(DOCTOR, &offered, asked), None);
    }

    #[test]
    fn the_question_after_a_situation_weighs_twice() {
        let oil = "Si el aceite se prende, nunca le eches agua, porque el aceite ardiendo salta.";
        let burn = "Una quemadura se enfría con agua, sin hielo, mantequilla ni pasta de dientes.";
        let offered = both(oil, burn);
        // The situation names the oil twice, the question toothpaste twice over.
        let asked = "me saltó aceite en la mano y me arde, ¿le pongo pasta de dientes?";
        assert_eq!(better_named(oil, &offered, asked), Some(burn.to_string()));
        // Without the situation, the question's words alone: the pick stands.
        assert_eq!(better_named(burn, &offered, asked), None);
    }

    #[test]
    fn a_pick_naming_as_much_gives_way_to_a_sentence_much_closer_in_meaning() {
        let cook = "El arroz blanco lleva el doble de agua y se deja tapado sin removerlo.";
        let keep = "El arroz cocido que sobra se enfría en menos de una hora.";
        let asked = "che, el arroz siempre me queda re pegoteado, qué hago mal?";
        let close = closeness(&[(cook, 0.51), (keep, 0.29)]);
        assert_eq!(overruled(keep, &close, asked), Some(cook.to_string()));
        // The closer sentence names less of the question: the pick stands.
        let other = closeness(&[(cook, 0.29), (keep, 0.51)]);
        assert_eq!(
            overruled(cook, &other, "¿cuánto tarda el arroz blanco?"),
            None
        );
    }

    #[test]
    fn one_named_term_more_than_the_pick_is_not_enough_alone() {
        let offered = both(WATER, DOCTOR);
        // "médico" alone: one term against none.
        assert_eq!(better_named(WATER, &offered, "¿y el médico?"), None);
    }

    #[test]
    fn the_questions_light_words_name_nothing() {
        let offered = both(WATER, DOCTOR);
        // "hago" and "pasa" are light; only "quemadura" is named.
        assert_eq!(
            better_named(WATER, &offered, "qué pasa y qué hago con la quemadura"),
            None
        );
    }

    #[test]
    fn the_closeness_of_an_offered_sentence_is_its_notes_sentence() {
        let texts = closeness(&[("Title: kw", 0.2), ("**Sleep** fixes memories.", 0.6)]);
        let offered = vec!["Sleep fixes memories.".to_string(), "Nap.".to_string()];
        assert_eq!(
            closeness_of(&offered, &texts),
            closeness(&[("Sleep fixes memories.", 0.6)])
        );
    }

    #[test]
    fn the_pick_is_read_once_its_field_is_whole() {
        let offered = vec!["Sleep fixes memories.".to_string()];
        let start = format!(r#"{{"content":{{"{FIELD}":"Sleep fixes"#);
        assert_eq!(chosen_so_far(&start, &offered), None);
        let whole = format!(r#"{start} memories.","text_blocks":["#);
        assert_eq!(chosen_so_far(&whole, &offered), Some(offered[0].clone()));
        // The sentence elsewhere than in the field is no pick.
        assert_eq!(
            chosen_so_far(r#"{"x":"Sleep fixes memories."}"#, &offered),
            None
        );
    }

    #[test]
    fn a_one_sentence_note_offers_nothing() {
        assert!(
            answer_sentences(&topic("Short breaks keep your focus all day."), "why?").is_empty()
        );
    }

    #[test]
    fn only_an_offered_sentence_is_taken() {
        let offered = vec!["Urgent and important work is done first, today.".to_string()];
        let answer = |picked: &str| {
            json!({"content": {FIELD: picked, "text_blocks": []}, "meta": {}}).to_string()
        };
        assert_eq!(
            chosen(
                &answer("urgent and important work is done first today"),
                &offered
            ),
            Some(offered[0].clone())
        );
        assert_eq!(chosen(&answer("Do the urgent work first."), &offered), None);
        assert_eq!(chosen("{\"content\": {", &offered), None);
    }

    #[test]
    fn the_sentence_comes_first_and_the_whole_note_after() {
        let t = topic("Sleep fixes memories. Go to bed at the same time every night.");
        let reply = sentence_answer("Sleep fixes memories.", &t);
        let blocks = &reply.content.text_blocks;
        assert_eq!(blocks[0].content, "Sleep fixes memories.");
        assert_eq!(blocks[1], offline::note_block(&t));
    }

    /// Three sentences of a travel note, the first naming nothing of a lost-luggage
    /// question.
    /// A likelihood reading in which `offered[at]` is the likeliest sentence.
    fn likeliest_is(offered: &[String], at: usize) -> Vec<(String, f64)> {
        let value = |i| if i == at { -10.0 } else { -11.0 };
        offered
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, s)| (s, value(i)))
            .collect()
    }

    fn luggage() -> Vec<String> {
        vec![
            "Pack for one week and wash clothes on the way.".to_string(),
            "Liquids in hand luggage must be 100 ml or less.".to_string(),
            "Keep medicines with you in case checked bags go missing.".to_string(),
        ]
    }

    #[test]
    fn code_overrules_the_pick_before_the_likelihood_is_heard() {
        let offered = luggage();
        let message = "what if my luggage gets lost";
        // The pick names nothing and is not the closest: the closest naming "luggage" answers.
        let close: Vec<(String, f32)> = offered.iter().cloned().zip([0.2, 0.6, 0.3]).collect();
        let got = instead_of(
            &offered[0],
            &likeliest_is(&offered, 2),
            &close,
            &offered,
            message,
            None,
        );
        assert_eq!(got.as_deref(), Some(offered[1].as_str()));
        // Without meaning to tell, only the likelihood reads past the pick.
        let got = instead_of(
            &offered[0],
            &likeliest_is(&offered, 2),
            &[],
            &offered,
            message,
            None,
        );
        assert_eq!(got.as_deref(), Some(offered[2].as_str()));
    }

    #[test]
    fn a_pick_closest_and_likeliest_stands_against_one_naming_more() {
        let offered = vec![
            "Leave the phone out of reach of the bed for half an hour before sleep.".to_string(),
            "In that half hour, do something calm in dim light, like reading on paper.".to_string(),
        ];
        let message = "what do i do that half hour if i can't look at my phone";
        let close: Vec<(String, f32)> = offered.iter().cloned().zip([0.65, 0.70]).collect();
        let got = instead_of(
            &offered[1],
            &likeliest_is(&offered, 1),
            &close,
            &offered,
            message,
            None,
        );
        assert_eq!(got, None);
        // Read first by meaning alone, the sentence naming more answers.
        let got = instead_of(
            &offered[1],
            &likeliest_is(&offered, 0),
            &close,
            &offered,
            message,
            None,
        );
        assert_eq!(got.as_deref(), Some(offered[0].as_str()));
    }

    #[test]
    fn a_sentence_words_and_meaning_agree_on_stands_against_the_likelihood() {
        let offered = vec![
            "Clearing the app cache frees space without losing your data.".to_string(),
            "Upload your photos to the cloud and delete them only once the copy is complete."
                .to_string(),
            "Turn off the automatic download of photos in chats.".to_string(),
        ];
        let message = "but i don't want to lose my camera photos, i have 4000";
        let close: Vec<(String, f32)> = offered.iter().cloned().zip([0.42, 0.64, 0.58]).collect();
        let likely: Vec<(String, f64)> =
            offered.iter().cloned().zip([-77.9, -85.2, -83.2]).collect();
        // Closer by the margin and naming as much: the likelihood's lead on the pick
        // does not bring the pick back.
        let got = instead_of(&offered[0], &likely, &close, &offered, message, None);
        assert_eq!(got.as_deref(), Some(offered[1].as_str()));
    }

    #[test]
    fn a_pick_read_as_itself_by_the_likelihood_stands() {
        let offered = luggage();
        let got = instead_of(
            &offered[1],
            &likeliest_is(&offered, 1),
            &[],
            &offered,
            "liquids?",
            None,
        );
        assert_eq!(got, None);
    }

    #[test]
    fn a_pick_giving_the_time_asked_for_stands_against_the_likelihood() {
        let offered = vec![
            "If the compost smells, it is too wet: add dry leaves.".to_string(),
            "The compost is ready in two or three months.".to_string(),
        ];
        let message = "how long until it is ready?";
        let got = instead_of(
            &offered[1],
            &likeliest_is(&offered, 0),
            &[],
            &offered,
            message,
            None,
        );
        assert_eq!(got, None);
    }

    #[test]
    fn an_answer_applies_its_notes_only_to_what_the_notes_are_about() {
        let phones = "Cuida tu móvil";
        let slow = "Si el móvil va lento, reinícialo primero, porque se cuelga.";
        let asked = "se me cayó el móvil a la piscina, ¿qué es lo primero que hago?";
        let wrong = "Si el móvil se cayó a la piscina, el primer paso es reiniciarlo.";
        assert_eq!(
            applied_elsewhere(wrong, slow, asked, phones),
            vec!["cayo".to_string(), "piscina".to_string()]
        );
        let driving = "Your first driving lessons";
        let licence = "Bring your licence, because the instructor has to see it before you drive.";
        let told_back = "You just got your first driving lesson on Saturday.";
        let asked = "got my first lesson on saturday, what do i do first";
        assert!(!applied_elsewhere(told_back, licence, asked, driving).is_empty());
        // The student's words the sentence also says, and light words ("need"), are
        // the answer's own.
        let why = "why do i need to bring that, he knows who i am";
        let answer = "You need to bring your licence because the instructor needs to see it.";
        assert!(applied_elsewhere(answer, licence, why, driving).is_empty());
        // A number the note shares says nothing of what it is about.
        let babysitting = "Babysitting basics";
        let screens = "Keep screen time to what the parents allow, and switch the screen off after 30 minutes.";
        let asked = "her mom left formula in the fridge, can i just nuke it for 30 sec";
        let granted =
            "You can nuke the formula for 30 seconds, but switch the screen off after 30 minutes.";
        assert!(!applied_elsewhere(granted, screens, asked, babysitting).is_empty());
        // A sentence about what is asked may be applied to the student's situation.
        let breathing = "A racing heart is adrenaline at work. Breathing out slowly calms it.";
        let asked = "my heart is pounding at night";
        let applied = "Breathing out slowly calms your heart at night.";
        assert!(applied_elsewhere(applied, breathing, asked, "Calm before exams").is_empty());
    }

    #[test]
    fn a_sentence_sending_for_help_answers_when_it_names_as_much() {
        let normal = "Los primeros 3 a 5 días es normal que la zona esté roja, algo hinchada y caliente, y que te lata o duela al tocarla.";
        let urgent = "Ve a urgencias el mismo día si tienes fiebre o ves líneas rojas que salen de la zona, porque la infección puede estar extendiéndose.";
        let offered = vec![normal.to_string(), urgent.to_string()];
        let worse = "now there's red lines going up from it and she's all hot and shivery";
        assert_eq!(
            instead_across(normal, &[], &offered, worse, None).as_deref(),
            Some(urgent)
        );
        assert_eq!(
            instead_of(normal, &[], &[], &offered, worse, None).as_deref(),
            Some(urgent)
        );
        // A message naming less of it keeps the reassuring sentence.
        let calm = "is it normal that it's a bit red?";
        assert_eq!(instead_across(normal, &[], &offered, calm, None), None);
    }
}
