//! JSON strings without blank runs.
//!
//! `json_schema_to_grammar` writes every free-text JSON string as `"\"" char* "\""`
//! (or `char{m,n}` with `minLength`/`maxLength`), where `char` is any JSON character.
//! A small model can then fill a string with hundreds of spaces before it says anything:
//! one streamed ~480 tokens of spaces in a tutor reply. [`tidy_strings`] replaces those
//! rules with ones that read the string as words separated by gaps:
//!
//! - a string starts and ends with a non-blank character (no leading or trailing blank,
//!   so no token is spent on blanks that would be trimmed anyway);
//! - between two non-blank characters there is at most one gap: a single blank (a raw
//!   space, an escaped `\t`, `\r` or `\f`, a raw or `\u`-escaped Unicode blank), or one or
//!   two escaped newlines (`\n`, `\n\n`: a line break or a paragraph break);
//! - so no two spaces in a row, no blank next to a newline, no three newlines.
//!
//! What this cannot do: a model that wants a blank after every character still gets one
//! after every character ("t 1 2 2 2 …"), so the worst string costs about one token per
//! character up to its `maxLength`, as before; only now half of it is not blank.
//!
//! Lengths still count characters exactly as before: a `maxLength` of 240 allows 240
//! characters (an escape counts as one), `minLength` likewise. llama.cpp's grammar parser
//! reads a repetition bound above 2,000 as "unbounded" and refuses a minimum above it;
//! the rewrite mirrors both. Enum and const values are literals and patterns are raw
//! character rules, so neither is touched; nor are `date`/`time`/`uuid` formats, or the
//! keys of an object with `additionalProperties` beside named properties.

use std::collections::{BTreeMap, BTreeSet};

/// The largest repetition bound llama.cpp's grammar parser honours
/// (`MAX_REPETITION_THRESHOLD` in `llama-grammar.cpp`).
const REPETITION_LIMIT: usize = 2000;

/// Blank code points, as inclusive ranges: Unicode `White_Space`, plus the zero-width
/// space and the byte-order mark, which show nothing either.
const BLANKS: &[(u32, u32)] = &[
    (0x09, 0x0D),
    (0x20, 0x20),
    (0x85, 0x85),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200B),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
];

/// The start of the rule names this module adds (a digit is appended if a schema's own
/// rules already use it).
const PREFIX: &str = "jstr";

/// Whether `c` counts as a blank inside a JSON string (what the tests check the
/// grammar against).
#[cfg(test)]
pub(crate) fn is_blank(c: char) -> bool {
    let c = u32::from(c);
    BLANKS.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// How many characters a string rule allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Bounds {
    min: usize,
    /// `None`: no maximum.
    max: Option<usize>,
}

/// The bounds of a rule body that is exactly a JSON string of `char` repetitions, as
/// `json_schema_to_grammar` writes them: `char*`, `char+`, `char?`, `char{m,}`,
/// `char{m,n}`. `None` for anything else, and for bounds llama.cpp would refuse (the
/// body is then left as it is, so the error stays the same).
fn char_repetition(body: &str) -> Option<Bounds> {
    let repetition = body
        .strip_prefix(r#""\"" char"#)?
        .strip_suffix(r#" "\"""#)?;
    let (min, max) = match repetition {
        "*" => (0, None),
        "+" => (1, None),
        "?" => (0, Some(1)),
        _ => {
            let inner = repetition.strip_prefix('{')?.strip_suffix('}')?;
            let (min, max) = inner.split_once(',')?;
            let min: usize = min.parse().ok()?;
            let max: Option<usize> = match max {
                "" => None,
                n => Some(n.parse().ok()?),
            };
            (min, max)
        }
    };
    if min > REPETITION_LIMIT || max.is_some_and(|max| max < min || max == 0) {
        return None;
    }
    let max = max.filter(|&max| max <= REPETITION_LIMIT);
    Some(Bounds { min, max })
}

/// A GBNF character class of the hex digits with these values (both cases for letters).
fn hex_class(values: impl IntoIterator<Item = u32>) -> String {
    let mut class = String::from("[");
    for v in values {
        let digit = char::from_digit(v, 16).unwrap_or('0');
        class.push(digit);
        if digit.is_ascii_alphabetic() {
            class.push(digit.to_ascii_uppercase());
        }
    }
    class.push(']');
    class
}

/// GBNF for the 4-digit hex numbers (after `\u`) that are in `members` (`inside`) or
/// not in it; `level` is the digit to read next (3 = the first). `None` when none match.
fn hex_rule(members: &BTreeSet<u32>, level: u32, inside: bool) -> Option<String> {
    let shift = level * 4;
    let mut by_digit: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
    for &m in members {
        by_digit.entry((m >> shift) & 0xF).or_default().insert(m);
    }
    let others: Vec<u32> = (0..16).filter(|d| !by_digit.contains_key(d)).collect();
    if level == 0 {
        let digits: Vec<u32> = if inside {
            by_digit.keys().copied().collect()
        } else {
            others
        };
        return (!digits.is_empty()).then(|| hex_class(digits));
    }
    let mut alternatives = Vec::new();
    for (digit, sub) in &by_digit {
        if let Some(rest) = hex_rule(sub, level - 1, inside) {
            let rest = if rest.contains('|') {
                format!("({rest})")
            } else {
                rest
            };
            alternatives.push(format!("{} {rest}", hex_class([*digit])));
        }
    }
    if !inside && !others.is_empty() {
        let any = match level {
            1 => "[0-9a-fA-F]".to_string(),
            n => format!("[0-9a-fA-F]{{{n}}}"),
        };
        alternatives.push(format!("{} {any}", hex_class(others)));
    }
    (!alternatives.is_empty()).then(|| alternatives.join(" | "))
}

/// `BLANKS` as GBNF class items without the ASCII ones (which `\t`, `\n`… and the
/// raw space cover), e.g. `\u0085\u2000-\u200B`.
fn unicode_blank_items() -> String {
    BLANKS
        .iter()
        .filter(|&&(lo, _)| lo > 0x7F)
        .map(|&(lo, hi)| {
            if lo == hi {
                format!("\\u{lo:04X}")
            } else {
                format!("\\u{lo:04X}-\\u{hi:04X}")
            }
        })
        .collect()
}

/// Collects the rules that the rewritten strings refer to.
struct Rules {
    prefix: String,
    rules: BTreeMap<String, String>,
}

/// The gaps allowed before a non-blank character, with their length in characters
/// (`{p}` is the rule prefix): none, one blank or newline, a paragraph break.
const GAPS: [(&str, usize); 3] = [("", 1), ("{p}-gap ", 2), (r#""\\n\\n" "#, 3)];

impl Rules {
    fn new(prefix: String) -> Self {
        let mut rules = BTreeMap::new();
        let p = &prefix;
        let blanks = unicode_blank_items();
        let mut blank_codes = BTreeSet::new();
        for &(lo, hi) in BLANKS {
            blank_codes.extend(lo..=hi);
        }
        let hex_blank = hex_rule(&blank_codes, 3, true).unwrap_or_default();
        let hex_other = hex_rule(&blank_codes, 3, false).unwrap_or_default();
        // The same characters and escapes as llama.cpp's `char`, split in two.
        rules.insert(
            format!("{p}-char"),
            format!(r#"[^"\\\x7F\x00-\x20{blanks}] | [\\] (["\\b] | "u" {p}-hex-char)"#),
        );
        rules.insert(
            format!("{p}-blank"),
            format!(r#"[ {blanks}] | [\\] ([tfr] | "u" {p}-hex-blank)"#),
        );
        rules.insert(format!("{p}-gap"), format!(r#"{p}-blank | "\\n""#));
        rules.insert(format!("{p}-hex-char"), hex_other);
        rules.insert(format!("{p}-hex-blank"), hex_blank);
        Self { prefix, rules }
    }

    /// The rule for what may follow a non-blank character when at least `min` and at
    /// most `max` more characters are allowed; `None` when nothing may follow.
    fn tail_name(&self, min: usize, max: Option<usize>) -> Option<String> {
        let p = &self.prefix;
        match (min, max) {
            (0, Some(0)) => None,
            (0, Some(max)) => Some(format!("{p}-up{max}")),
            (min, Some(max)) => Some(format!("{p}-up{max}-min{min}")),
            (0, None) => Some(format!("{p}-tail")),
            (min, None) => Some(format!("{p}-tail-min{min}")),
        }
    }

    /// Defines the tail rule for (`min`, `max`) and every rule it needs, and returns
    /// its name. Each rule is: the end of the string (when `min` is reached), or a gap
    /// and a non-blank character followed by the tail for what is left.
    fn tail(&mut self, min: usize, max: Option<usize>) -> Option<String> {
        let first = self.tail_name(min, max)?;
        let mut pending = vec![(min, max)];
        while let Some((min, max)) = pending.pop() {
            let Some(name) = self.tail_name(min, max) else {
                continue;
            };
            if self.rules.contains_key(&name) {
                continue;
            }
            let p = &self.prefix;
            let mut alternatives = Vec::new();
            if min == 0 {
                alternatives.push(r#""""#.to_string());
            }
            for (gap, width) in GAPS {
                if max.is_some_and(|max| max < width) {
                    continue;
                }
                let next = (min.saturating_sub(width), max.map(|max| max - width));
                let gap = gap.replace("{p}", p);
                let alternative = match self.tail_name(next.0, next.1) {
                    Some(rest) => {
                        pending.push(next);
                        format!("{gap}{p}-char {rest}")
                    }
                    None => format!("{gap}{p}-char"),
                };
                alternatives.push(alternative);
            }
            self.rules.insert(name, alternatives.join(" | "));
        }
        Some(first)
    }

    /// The body of a string rule with `bounds`.
    fn string_body(&mut self, bounds: Bounds) -> String {
        let p = self.prefix.clone();
        let rest = |s: &mut Self, min: usize| {
            s.tail(min, bounds.max.map(|max| max - 1))
                .map(|t| format!(" {t}"))
                .unwrap_or_default()
        };
        if bounds.min == 0 {
            let rest = rest(self, 0);
            format!(r#""\"" ({p}-char{rest})? "\"""#)
        } else {
            let rest = rest(self, bounds.min - 1);
            format!(r#""\"" {p}-char{rest} "\"""#)
        }
    }
}

/// A rule prefix that none of `names` starts with.
fn free_prefix(names: &[&str]) -> String {
    let taken = |p: &str| names.iter().any(|n| n.starts_with(p));
    if !taken(PREFIX) {
        return PREFIX.to_string();
    }
    (0..)
        .map(|i| format!("{PREFIX}{i}"))
        .find(|p| !taken(p))
        .unwrap_or_default()
}

/// Rewrites the JSON string rules of `gbnf` (one `name ::= body` per line, as
/// `json_schema_to_grammar` writes it) so strings have no leading, trailing or repeated
/// blanks (see the module documentation); other lines are kept as they are.
pub(crate) fn tidy_strings(gbnf: &str) -> String {
    let lines: Vec<&str> = gbnf.lines().collect();
    let names: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.split_once(" ::= ").map(|(n, _)| n.trim()))
        .collect();
    let mut rules = Rules::new(free_prefix(&names));
    let mut rewritten = 0;
    let mut out: Vec<String> = lines
        .iter()
        .map(|line| {
            let Some((name, body)) = line.split_once(" ::= ") else {
                return line.to_string();
            };
            match char_repetition(body) {
                Some(bounds) => {
                    rewritten += 1;
                    format!("{name} ::= {}", rules.string_body(bounds))
                }
                None => line.to_string(),
            }
        })
        .collect();
    if rewritten > 0 {
        out.extend(
            rules
                .rules
                .into_iter()
                .map(|(name, body)| format!("{name} ::= {body}")),
        );
    }
    out.join("\n")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::grammar_for_schema;
    use serde_json::{json, Value};

    fn grammar(schema: Value) -> String {
        grammar_for_schema(&schema).unwrap()
    }

    /// The body of rule `name` in `gbnf`.
    fn rule<'a>(gbnf: &'a str, name: &str) -> &'a str {
        gbnf.lines()
            .find_map(|l| l.strip_prefix(&format!("{name} ::= ")))
            .unwrap_or_else(|| panic!("no rule {name} in\n{gbnf}"))
    }

    /// What every grammar must keep: compact JSON, and no string left to llama.cpp's
    /// free `char` repetitions.
    fn assert_tidy(gbnf: &str) {
        assert_eq!(rule(gbnf, "space"), r#""""#, "{gbnf}");
        for line in gbnf.lines() {
            let (name, body) = line.split_once(" ::= ").unwrap();
            assert!(char_repetition(body).is_none(), "{name} still free: {body}");
            if name != "char" {
                assert!(!body.contains(" char"), "{name} uses char: {body}");
            }
        }
    }

    #[test]
    fn every_repetition_form_llama_writes_is_read() {
        let read = |rep: &str| char_repetition(&format!(r#""\"" char{rep} "\"""#));
        let b = |min, max| Some(Bounds { min, max });
        assert_eq!(read("*"), b(0, None));
        assert_eq!(read("+"), b(1, None));
        assert_eq!(read("?"), b(0, Some(1)));
        assert_eq!(read("{0,240}"), b(0, Some(240)));
        assert_eq!(read("{1,240}"), b(1, Some(240)));
        assert_eq!(read("{3,3}"), b(3, Some(3)));
        assert_eq!(read("{2,}"), b(2, None));
        // llama.cpp reads a bound above 2,000 as unbounded and refuses such a minimum.
        assert_eq!(read("{0,2001}"), b(0, None));
        assert_eq!(read("{2000,2000}"), b(2000, Some(2000)));
        assert_eq!(read("{2001,}"), None);
        assert_eq!(read("{5,4}"), None);
        assert_eq!(read(""), None);
        assert_eq!(char_repetition(r#""\"" (dot) "\"""#), None);
    }

    #[test]
    fn a_plain_string_starts_with_a_non_blank_and_has_a_free_tail() {
        let g = grammar(json!({"type": "string"}));
        assert_tidy(&g);
        assert_eq!(rule(&g, "root"), r#""\"" (jstr-char jstr-tail)? "\"""#);
        assert_eq!(
            rule(&g, "jstr-tail"),
            r#""" | jstr-char jstr-tail | jstr-gap jstr-char jstr-tail | "\\n\\n" jstr-char jstr-tail"#
        );
        assert_eq!(rule(&g, "jstr-gap"), r#"jstr-blank | "\\n""#);
        // No raw space, control character or Unicode blank starts a word; \n, \t, \r, \f
        // and \u-escaped blanks are gaps, not characters.
        let c = rule(&g, "jstr-char");
        assert!(c.starts_with(r#"[^"\\\x7F\x00-\x20\u0085\u00A0"#), "{c}");
        assert!(c.ends_with(r#"[\\] (["\\b] | "u" jstr-hex-char)"#), "{c}");
        assert_eq!(
            rule(&g, "jstr-blank"),
            r#"[ \u0085\u00A0\u1680\u2000-\u200B\u2028-\u2029\u202F\u205F\u3000\uFEFF] | [\\] ([tfr] | "u" jstr-hex-blank)"#
        );
    }

    #[test]
    fn length_bounds_count_characters_exactly() {
        let g = grammar(json!({"type": "string", "minLength": 2, "maxLength": 4}));
        assert_tidy(&g);
        // One character, then 1 to 3 more.
        assert_eq!(rule(&g, "root"), r#""\"" jstr-char jstr-up3-min1 "\"""#);
        assert_eq!(
            rule(&g, "jstr-up3-min1"),
            r#"jstr-char jstr-up2 | jstr-gap jstr-char jstr-up1 | "\\n\\n" jstr-char"#
        );
        assert_eq!(
            rule(&g, "jstr-up2"),
            r#""" | jstr-char jstr-up1 | jstr-gap jstr-char"#
        );
        assert_eq!(rule(&g, "jstr-up1"), r#""" | jstr-char"#);

        let g = grammar(json!({"type": "string", "maxLength": 1}));
        assert_eq!(rule(&g, "root"), r#""\"" (jstr-char)? "\"""#);
        let g = grammar(json!({"type": "string", "minLength": 1, "maxLength": 240}));
        assert_eq!(rule(&g, "root"), r#""\"" jstr-char jstr-up239 "\"""#);
        assert!(rule(&g, "jstr-up239").starts_with(r#""" | jstr-char jstr-up238 |"#));
        // 239 tails, one per length left, and the shared rules.
        assert_eq!(g.lines().filter(|l| l.starts_with("jstr-up")).count(), 239);

        let g = grammar(json!({"type": "string", "minLength": 3}));
        assert_eq!(rule(&g, "root"), r#""\"" jstr-char jstr-tail-min2 "\"""#);
        assert_eq!(
            rule(&g, "jstr-tail-min2"),
            r#"jstr-char jstr-tail-min1 | jstr-gap jstr-char jstr-tail | "\\n\\n" jstr-char jstr-tail"#
        );
        // As llama.cpp itself does, a bound above 2,000 is no bound.
        let g = grammar(json!({"type": "string", "maxLength": 5000}));
        assert_eq!(rule(&g, "root"), r#""\"" (jstr-char jstr-tail)? "\"""#);
    }

    #[test]
    fn enums_consts_patterns_and_formats_are_untouched() {
        let schema = json!({"type": "object", "properties": {
            "mood": {"type": "string", "enum": ["good", "not bad", " padded "]},
            "kind": {"const": "reply"},
            "code": {"type": "string", "pattern": "^[A-Z]{2} [0-9]{1,3}$"},
            "day": {"type": "string", "format": "date"},
            "note": {"type": "string", "maxLength": 20}},
            "required": ["mood", "kind", "code", "day", "note"]});
        let raw = llama_cpp_2::json_schema_to_grammar(&schema.to_string()).unwrap();
        let raw = super::super::compact(&raw);
        let g = grammar(schema);
        assert_tidy(&g);
        for line in raw.lines() {
            if line.starts_with("note ::= ") {
                assert_eq!(line, r#"note ::= "\"" char{0,20} "\"""#, "{raw}");
            } else {
                assert!(g.lines().any(|l| l == line), "{line} changed in\n{g}");
            }
        }
        assert_eq!(rule(&g, "note"), r#""\"" (jstr-char jstr-up19)? "\"""#);
        assert!(rule(&g, "mood").contains(r#""\" padded \"""#));
    }

    #[test]
    fn nested_objects_and_arrays_of_strings_are_rewritten() {
        let g = grammar(json!({"type": "object", "properties": {
            "tags": {"type": "array", "items": {"type": "string", "maxLength": 10}, "maxItems": 3},
            "inner": {"type": "object", "properties": {
                "lines": {"type": "array", "items": {"type": "string"}},
                "any": {}}}},
            "required": ["tags", "inner"]}));
        assert_tidy(&g);
        assert_eq!(rule(&g, "tags-item"), r#""\"" (jstr-char jstr-up9)? "\"""#);
        // Free strings (array items, and the keys and values of an untyped value).
        assert_eq!(rule(&g, "string"), r#""\"" (jstr-char jstr-tail)? "\"""#);
        assert!(rule(&g, "inner-lines").contains("string"));
    }

    #[test]
    fn the_prefix_avoids_the_schemas_own_rule_names() {
        let g = grammar(json!({"type": "object", "properties": {
            "jstr": {"type": "string"}}, "required": ["jstr"]}));
        assert_tidy(&g);
        assert!(g.contains("jstr0-tail ::= "), "{g}");
        assert!(!g.contains("jstr-tail"), "{g}");
    }

    #[test]
    fn blanks_are_unicode_white_space_plus_invisible_spaces() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let invisible = matches!(c, '\u{200B}' | '\u{FEFF}');
            assert_eq!(
                is_blank(c),
                c.is_whitespace() || invisible,
                "{:04X}",
                c as u32
            );
        }
    }

    /// The shape of a tutor turn's schema (`tutor_text` 1–240 characters, ids and
    /// labels from enums). The tutor's own schema is written in code that is being
    /// rebuilt, so the test keeps its shape here.
    pub(crate) fn tutor_like_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "action": {"type": "string", "enum": ["exam_block"]},
                "target_unit_id": {"type": "string", "enum": ["u-1"]},
                "tutor_text": {"type": "string", "minLength": 1, "maxLength": 240},
                "exam_suggestion": {
                    "type": "object",
                    "properties": {
                        "question_id": {"type": "string", "enum": ["q-1"]},
                        "difficultyTier": {"type": "string", "enum": ["bronze"]}
                    },
                    "required": ["question_id", "difficultyTier"],
                    "additionalProperties": false
                },
                "turn_analysis": {
                    "type": "object",
                    "properties": {
                        "student_intent": {"type": "string", "enum": ["solve", "explain", "check", "stuck", "unknown"]},
                        "understanding_signal": {"type": "string", "enum": ["confident", "uncertain", "confused"]}
                    },
                    "required": ["student_intent", "understanding_signal"],
                    "additionalProperties": false
                }
            },
            "required": ["action", "target_unit_id", "tutor_text", "exam_suggestion", "turn_analysis"],
            "additionalProperties": false
        })
    }

    /// The schemas of the five loops' turns, and the tutor's older, richer shape.
    pub(crate) fn loop_schemas() -> Vec<(&'static str, Value)> {
        let mut schemas = lantern_turn_schemas::loop_turn_schemas();
        schemas.push(("tutor shape", tutor_like_schema()));
        schemas
    }

    #[test]
    fn every_loop_schema_gets_tidy_strings() {
        for (name, schema) in loop_schemas() {
            let raw = llama_cpp_2::json_schema_to_grammar(&schema.to_string()).unwrap();
            let free = raw
                .lines()
                .filter_map(|l| l.split_once(" ::= "))
                .filter(|(_, body)| char_repetition(body).is_some())
                .count();
            assert!(free > 0, "{name} has no free-text string");
            let g = grammar(schema);
            assert_tidy(&g);
            assert!(g.contains("jstr-char ::= "), "{name}");
        }
    }
}
