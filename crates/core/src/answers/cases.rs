//! The checker's table of answer pairs (at least 100, many of them tricky negatives)
//! and its properties: no panic on any input, symmetry where it should hold.

use super::{check_answer, evaluate, AnswerKind, CheckOptions, Rejection};
use proptest::prelude::*;
use std::collections::BTreeMap;

use AnswerKind::{Equation as Eq, Expression as Ex, Number as Nu, Set as Se, Text as Te};
use Rejection::{
    Empty, NotEquivalent as Ne, NotParseable as Np, NotSimplified as Ns, WrongUnit as Wu,
};

/// (expected, answer, kind given, simplification asked, accepted?, reason when not).
type Case = (
    &'static str,
    &'static str,
    Option<AnswerKind>,
    bool,
    bool,
    Option<Rejection>,
);

const fn yes(e: &'static str, a: &'static str) -> Case {
    (e, a, None, false, true, None)
}

const fn no(e: &'static str, a: &'static str, why: Rejection) -> Case {
    (e, a, None, false, false, Some(why))
}

const CASES: &[Case] = &[
    // Numbers.
    yes("4", "4"),
    yes("4", "4.0"),
    yes("4", "8/2"),
    yes("4", "+4"),
    yes("0.5", "1/2"),
    yes("1/2", "0.5"),
    yes("1/2", "\\frac{1}{2}"),
    yes("1/2", "2/4"),
    yes("0.75", "3/4"),
    yes("0.25", "25%"),
    yes("25%", "0.25"),
    yes("25%", "1/4"),
    yes("1.5", "1 1/2"),
    yes("1 1/2", "3/2"),
    yes("3.14", "3.14159"),
    yes("3.14", "3.141"),
    yes("0.333", "1/3"),
    yes("1500", "1.5e3"),
    yes("-3", "-3"),
    yes("-3", "−3"),
    yes("5 cm", "5 cm"),
    yes("5 cm", "50 mm"),
    yes("5 cm", "0.05 m"),
    yes("5 cm", "5"),
    yes("30°", "30"),
    yes("30°", "30 deg"),
    yes("2 h", "120 min"),
    yes("1 kg", "1000 g"),
    yes("9", "3^2"),
    yes("9", "(-3)^2"),
    yes("4", "\\sqrt{16}"),
    yes("2", "\\sqrt[3]{8}"),
    yes("4", "x = 4"),
    no("4", "-4", Ne),
    no("4", "5", Ne),
    no("-9", "9", Ne),
    no("9", "-3^2", Ne),
    no("3.14", "3.1", Ne),
    no("3.14", "3.2", Ne),
    no("0.5", "2", Ne),
    no("1/2", "2", Ne),
    no("0.25", "25", Ne),
    no("5 cm", "5 m", Wu),
    no("5 cm", "5 kg", Wu),
    no("30°", "30 cm", Wu),
    no("4", "four", Np),
    no("4", "x", Ne),
    no("4", "", Empty),
    no("4", "   ", Empty),
    no("4", "4 +", Np),
    ("1/2", "2/4", None, true, false, Some(Ns)),
    ("2", "8/4", None, true, false, Some(Ns)),
    ("4", "2+2", None, true, false, Some(Ns)),
    ("1/2", "1/2", None, true, true, None),
    ("1/2", "0.5", None, true, true, None),
    // Expressions.
    yes("2x+6", "2(x+3)"),
    yes("2(x+3)", "2x+6"),
    yes("2x+6", "6+2x"),
    yes("x^2-1", "(x+1)(x-1)"),
    yes("(x+1)(x-1)", "x^2 - 1"),
    yes("x^2+2x+1", "(x+1)^2"),
    yes("3x", "x+x+x"),
    yes("6xy", "2x \\cdot 3y"),
    yes("x^5", "x^2 \\times x^3"),
    yes("\\frac{x}{2}", "x/2"),
    yes("\\frac{x}{2}", "0.5x"),
    yes("2\\sqrt{x}", "\\sqrt{4x}"),
    yes("x^{-1}", "1/x"),
    yes("a^2 b", "b a^2"),
    yes("-x+5", "5-x"),
    yes("x^2", "x²"),
    no("2x+6", "2x+3", Ne),
    no("2x+6", "2x+5", Ne),
    no("(a+b)^2", "a^2+b^2", Ne),
    no("x^2", "2x", Ne),
    no("x^2-1", "(x-1)^2", Ne),
    no("3(x+4)", "3x+4", Ne),
    no("-(x-5)", "-x-5", Ne),
    no("2x", "2y", Ne),
    no("x+y", "x", Ne),
    no("x/2", "2/x", Ne),
    no("2^{7}", "2^{12}", Ne),
    no("x^2", "x^3", Ne),
    no("2x+6", "2x+)", Np),
    ("2x+6", "2(x+3)", None, true, false, Some(Ns)),
    ("2x+6", "x+x+6", None, true, false, Some(Ns)),
    ("2x+6", "6+2x", None, true, true, None),
    // Equations and solutions.
    yes("x=4", "4"),
    yes("x=4", "x = 4"),
    yes("x=4", "x = 8/2"),
    yes("x=4", "4 = x"),
    yes("x=4", "x=4.0"),
    yes("x = -2", "x=-2"),
    yes("y = 2x+1", "2x - y + 1 = 0"),
    yes("y = 2x+1", "2y = 4x + 2"),
    yes("x + y = 5", "y = 5 - x"),
    no("x=4", "x=-4", Ne),
    no("x=4", "y=4", Ne),
    no("x=4", "5", Ne),
    no("x=4", "x = 2x", Ne),
    no("y = 2x+1", "y = 2x - 1", Ne),
    no("y = 2x+1", "y = x + 2", Ne),
    no("x=4", "x=", Np),
    // Lists.
    yes("x=2 or x=3", "2, 3"),
    yes("x=2 or x=3", "3, 2"),
    yes("x=2 or x=3", "x = 3 or x = 2"),
    yes("2, 3", "{3, 2}"),
    yes("x=2 or x=3", "x = 2; x = 3"),
    yes("x = ±2", "x = 2 or x = -2"),
    yes("x = 0 or x = 5", "x=5, x=0"),
    yes("x=2 or x=3", "x = 2 y x = 3"),
    no("x=2 or x=3", "2", Ne),
    no("x=2 or x=3", "2, 3, 4", Ne),
    no("x=2 or x=3", "2, -3", Ne),
    no("x = 4 or x = -4", "x = 4", Ne),
    no("x=2 or x=3", "y=2 or y=3", Ne),
    no("x=2 or x=3", "two and three", Np),
    // Text.
    yes("mitochondria", "Mitochondria"),
    yes("the mitochondria", "mitochondria."),
    yes("fotosíntesis", "fotosintesis"),
    yes("no", "No"),
    yes("no", "false"),
    yes("yes", "sí"),
    no("mitosis", "meiosis", Ne),
    no("no", "yes", Ne),
    no("yes", "no", Ne),
    ("4", "4", Some(Te), false, true, None),
    ("x=4", "4", Some(Eq), false, true, None),
    ("2x", "x+x", Some(Ex), false, true, None),
    ("2, 3", "3, 2", Some(Se), false, true, None),
    ("0,5", "1/2", Some(Nu), false, false, Some(Ne)),
];

#[test]
fn the_table_of_pairs_is_checked_as_written() {
    assert!(CASES.len() >= 100, "{} cases", CASES.len());
    let negatives = CASES.iter().filter(|c| !c.4).count();
    assert!(negatives >= 40, "{negatives} negatives");
    let mut failures = Vec::new();
    for (expected, answer, kind, simplified, correct, reason) in CASES {
        let v = check_answer(
            expected,
            answer,
            &CheckOptions {
                kind: *kind,
                require_simplified: *simplified,
            },
        );
        if v.correct != *correct || v.reason != *reason {
            failures.push(format!(
                "{expected:?} vs {answer:?}: got {} {:?} ({})",
                v.correct, v.reason, v.explanation
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_verdict_says_why() {
    for (expected, answer, kind, simplified, ..) in CASES {
        let v = check_answer(
            expected,
            answer,
            &CheckOptions {
                kind: *kind,
                require_simplified: *simplified,
            },
        );
        assert!(!v.explanation.is_empty());
        assert_eq!(v.correct, v.reason.is_none());
    }
}

#[test]
fn kinds_are_inferred_from_the_expected_answer() {
    use super::infer_kind;
    assert_eq!(infer_kind("4"), Nu);
    assert_eq!(infer_kind("5 cm"), Nu);
    assert_eq!(infer_kind("2x+6"), Ex);
    assert_eq!(infer_kind("x = 4"), Eq);
    assert_eq!(infer_kind("x = 2 or x = 3"), Se);
    assert_eq!(infer_kind("the nucleus"), Te);
    assert_eq!(infer_kind("yes"), Te);
}

fn arb_text() -> impl Strategy<Value = String> {
    prop_oneof![
        ".{0,60}",
        "[0-9x+\\-*/^(){}=., \\\\a-z%°]{0,40}",
        Just("\\frac{".to_string()),
        Just("((((((((((((((((((((((((((((((((((x".to_string()),
        Just("9^9^9^9^9".to_string()),
    ]
}

/// A valid expression with characters inserted, deleted or replaced.
fn mutated() -> impl Strategy<Value = String> {
    let seeds = prop_oneof![
        Just("2(x+3)"),
        Just("\\frac{x+1}{2}"),
        Just("x = 4 or x = -4"),
        Just("\\sqrt{4x}"),
        Just("3.14 cm"),
    ];
    (seeds, 0usize..20, any::<char>(), 0u8..3).prop_map(|(s, at, c, op)| {
        let mut chars: Vec<char> = s.chars().collect();
        let at = at % (chars.len() + 1);
        match op {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => chars[at] = c,
            _ => {}
        }
        chars.into_iter().collect()
    })
}

fn polynomial() -> impl Strategy<Value = (i32, i32, i32)> {
    (-9i32..10, -9i32..10, -9i32..10)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn no_input_makes_the_checker_panic(e in arb_text(), a in arb_text()) {
        let v = check_answer(&e, &a, &CheckOptions::default());
        prop_assert_eq!(v.correct, v.reason.is_none());
        let _ = evaluate(&a, &BTreeMap::new());
        let _ = super::solve(&e, &a);
        let _ = super::detect_mistake(&e, &a);
    }

    #[test]
    fn mutated_expressions_never_make_it_panic(a in mutated()) {
        for expected in ["2x+6", "x = 4 or x = -4", "3.14 cm"] {
            let _ = check_answer(expected, &a, &CheckOptions::default());
        }
    }

    #[test]
    fn equivalent_polynomials_are_accepted_both_ways((p, q, r) in polynomial()) {
        // (x + p)(q x + r) against its expansion.
        let factored = format!("(x + ({p}))(({q})x + ({r}))");
        let (b, c) = (p * q + r, p * r);
        let expanded = format!("({q})x^2 + ({b})x + ({c})");
        let there = check_answer(&expanded, &factored, &CheckOptions::default());
        let back = check_answer(&factored, &expanded, &CheckOptions::default());
        prop_assert!(there.correct, "{}", there.explanation);
        prop_assert_eq!(there.correct, back.correct);
    }

    #[test]
    fn a_changed_constant_is_caught((p, q, r) in polynomial(), delta in 1i32..5) {
        let (b, c) = (p * q + r, p * r);
        let expanded = format!("({q})x^2 + ({b})x + ({c})");
        let shifted = c + delta;
        let wrong = format!("({q})x^2 + ({b})x + ({shifted})");
        prop_assert!(!check_answer(&expanded, &wrong, &CheckOptions::default()).correct);
    }
}
