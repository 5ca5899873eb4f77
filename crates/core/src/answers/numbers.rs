//! Numeric answers: integers, decimals, fractions, mixed numbers (`1 1/2`),
//! percentages, scientific notation and arithmetic, with an optional unit (`5 cm`,
//! `30°`) converted within its dimension.

use super::expr::Parsed;

/// A unit the checker knows: its spellings, its dimension and its size in the
/// dimension's base unit.
struct UnitDef {
    names: &'static [&'static str],
    dimension: &'static str,
    factor: f64,
}

const UNITS: [UnitDef; 20] = [
    UnitDef {
        names: &["mm"],
        dimension: "length",
        factor: 0.001,
    },
    UnitDef {
        names: &["cm"],
        dimension: "length",
        factor: 0.01,
    },
    UnitDef {
        names: &["m"],
        dimension: "length",
        factor: 1.0,
    },
    UnitDef {
        names: &["km"],
        dimension: "length",
        factor: 1000.0,
    },
    UnitDef {
        names: &["mm^2", "mm²"],
        dimension: "area",
        factor: 1e-6,
    },
    UnitDef {
        names: &["cm^2", "cm²"],
        dimension: "area",
        factor: 1e-4,
    },
    UnitDef {
        names: &["m^2", "m²"],
        dimension: "area",
        factor: 1.0,
    },
    UnitDef {
        names: &["km^2", "km²"],
        dimension: "area",
        factor: 1e6,
    },
    UnitDef {
        names: &["cm^3", "cm³", "ml", "mL"],
        dimension: "volume",
        factor: 0.001,
    },
    UnitDef {
        names: &["l", "L"],
        dimension: "volume",
        factor: 1.0,
    },
    UnitDef {
        names: &["m^3", "m³"],
        dimension: "volume",
        factor: 1000.0,
    },
    UnitDef {
        names: &["mg"],
        dimension: "mass",
        factor: 0.001,
    },
    UnitDef {
        names: &["g"],
        dimension: "mass",
        factor: 1.0,
    },
    UnitDef {
        names: &["kg"],
        dimension: "mass",
        factor: 1000.0,
    },
    UnitDef {
        names: &["ms"],
        dimension: "time",
        factor: 0.001,
    },
    UnitDef {
        names: &["s", "sec"],
        dimension: "time",
        factor: 1.0,
    },
    UnitDef {
        names: &["min"],
        dimension: "time",
        factor: 60.0,
    },
    UnitDef {
        names: &["h", "hr"],
        dimension: "time",
        factor: 3600.0,
    },
    UnitDef {
        names: &["°", "deg", "degrees", "grados"],
        dimension: "angle",
        factor: 1.0,
    },
    UnitDef {
        names: &["rad"],
        dimension: "angle",
        factor: 180.0 / std::f64::consts::PI,
    },
];

/// A unit of a numeric answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Unit {
    /// How it was written (first spelling).
    pub name: &'static str,
    /// Length, area, volume, mass, time or angle.
    pub dimension: &'static str,
    /// Size in the dimension's base unit.
    pub factor: f64,
}

/// A numeric answer.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberAnswer {
    /// Its value, in its own unit.
    pub value: f64,
    /// Its unit, if written.
    pub unit: Option<Unit>,
    /// Decimal places, when written as a plain decimal (`3.14` → 2).
    pub decimals: Option<u32>,
    /// Written as one integer, decimal or fraction in lowest terms.
    pub simplified: bool,
}

/// Splits a trailing unit off `text`.
fn split_unit(text: &str) -> (&str, Option<Unit>) {
    let trimmed = text.trim_end();
    let mut best: Option<(&str, Unit)> = None;
    for def in &UNITS {
        for name in def.names {
            if let Some(rest) = trimmed.strip_suffix(name) {
                let boundary = rest
                    .chars()
                    .last()
                    .is_some_and(|c| c.is_ascii_digit() || c.is_whitespace() || c == ')');
                let longer = best.is_none_or(|(r, _)| rest.len() < r.len());
                if boundary && longer {
                    best = Some((
                        rest,
                        Unit {
                            name: def.names[0],
                            dimension: def.dimension,
                            factor: def.factor,
                        },
                    ));
                }
            }
        }
    }
    match best {
        Some((rest, unit)) => (rest.trim_end(), Some(unit)),
        None => (trimmed, None),
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Whether `text` is one literal: an integer, a decimal or a fraction in lowest terms
/// (a sign allowed).
fn is_simple_literal(text: &str) -> bool {
    let t = text.trim().trim_start_matches(['-', '+']).trim();
    let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit() || c == '.');
    if plain(t) {
        return t.matches('.').count() <= 1;
    }
    let t = t.replace("\\frac{", "").replace("}{", "/").replace('}', "");
    match t.split_once('/') {
        Some((a, b)) => match (a.trim().parse::<u64>(), b.trim().parse::<u64>()) {
            (Ok(a), Ok(b)) => b > 1 && gcd(a, b) == 1,
            _ => false,
        },
        None => false,
    }
}

/// `1 1/2` as 1.5, with the sign of the whole.
fn mixed_number(text: &str) -> Option<f64> {
    let t = text.trim();
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, t),
    };
    let (whole, fraction) = t.split_once(char::is_whitespace)?;
    let (top, bottom) = fraction.trim().split_once('/')?;
    let whole: u64 = whole.parse().ok()?;
    let top: u64 = top.trim().parse().ok()?;
    let bottom: u64 = bottom.trim().parse().ok()?;
    if bottom == 0 || top >= bottom {
        return None;
    }
    let value = whole as f64 + top as f64 / bottom as f64;
    Some(if negative { -value } else { value })
}

/// Reads `text` as a number with an optional unit; `None` when it is not a number
/// (it has variables or does not parse).
pub fn parse_number(text: &str) -> Option<NumberAnswer> {
    let (body, unit) = split_unit(text);
    let decimals = {
        let t = body.trim().trim_start_matches(['-', '+']);
        let (int, frac) = t.split_once('.').unwrap_or((t, ""));
        (!frac.is_empty()
            && int.chars().all(|c| c.is_ascii_digit())
            && frac.chars().all(|c| c.is_ascii_digit()))
        .then_some(frac.len() as u32)
    };
    if let Some(value) = mixed_number(body) {
        return Some(NumberAnswer {
            value,
            unit,
            decimals: None,
            simplified: true,
        });
    }
    let value = Parsed::new(body).ok()?.constant()?;
    Some(NumberAnswer {
        value,
        unit,
        decimals,
        simplified: is_simple_literal(body),
    })
}

/// Whether `answer` equals `expected`: within half a unit of the expected answer's
/// last decimal place when it is written as a decimal, else within a relative 1e-9.
pub fn numbers_equal(expected: f64, expected_decimals: Option<u32>, answer: f64) -> bool {
    let tolerance = match expected_decimals {
        Some(d) => 0.5 * 10f64.powi(-(d.min(12) as i32)) + 1e-12,
        None => 1e-9 * expected.abs().max(answer.abs()).max(1.0),
    };
    (expected - answer).abs() <= tolerance
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_split_off_and_known() {
        let n = parse_number("5 cm").unwrap();
        assert_eq!((n.value, n.unit.unwrap().name), (5.0, "cm"));
        assert_eq!(
            parse_number("30°").unwrap().unit.unwrap().dimension,
            "angle"
        );
        assert_eq!(
            parse_number("12 cm²").unwrap().unit.unwrap().dimension,
            "area"
        );
        assert!(parse_number("5").unwrap().unit.is_none());
    }

    #[test]
    fn fractions_mixed_numbers_and_percentages_have_values() {
        assert_eq!(parse_number("3/4").unwrap().value, 0.75);
        assert_eq!(parse_number("1 1/2").unwrap().value, 1.5);
        assert_eq!(parse_number("-2 1/4").unwrap().value, -2.25);
        assert_eq!(parse_number("25%").unwrap().value, 0.25);
        assert_eq!(parse_number("1.5e3").unwrap().value, 1500.0);
        assert!(parse_number("2x").is_none());
    }

    #[test]
    fn simplified_means_one_literal_in_lowest_terms() {
        assert!(parse_number("1/2").unwrap().simplified);
        assert!(!parse_number("2/4").unwrap().simplified);
        assert!(!parse_number("8/2").unwrap().simplified);
        assert!(!parse_number("2+2").unwrap().simplified);
        assert!(parse_number("-0.75").unwrap().simplified);
    }

    #[test]
    fn decimal_places_set_the_tolerance() {
        let e = parse_number("3.14").unwrap();
        assert_eq!(e.decimals, Some(2));
        assert!(numbers_equal(e.value, e.decimals, std::f64::consts::PI));
        assert!(!numbers_equal(e.value, e.decimals, 3.1));
        assert!(numbers_equal(0.5, None, 0.5));
        assert!(!numbers_equal(0.5, None, 0.5001));
    }
}
