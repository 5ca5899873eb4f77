//! Equivalence by evaluation: two expressions are equal when they agree at random
//! points. The points are drawn from 0.3–3.7 (positive, so square roots and logarithms
//! are defined; `sqrt(4x)` ≡ `2sqrt(x)` holds there), seeded by the inputs so a verdict
//! is reproducible.

use super::expr::Parsed;
use std::collections::BTreeMap;

/// Points tried.
const POINTS: usize = 12;
/// Points where both sides must be defined.
const MIN_DEFINED: usize = 5;
/// Relative tolerance of a comparison.
pub const RELATIVE_TOLERANCE: f64 = 1e-7;

/// Whether two values are equal within [`RELATIVE_TOLERANCE`].
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= RELATIVE_TOLERANCE * a.abs().max(b.abs()).max(1.0)
}

/// Random assignments of `vars`, seeded by `seed`.
pub fn points(vars: &[char], seed: &str) -> Vec<BTreeMap<char, f64>> {
    let hash = seed.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let mut rng = fastrand::Rng::with_seed(hash);
    (0..POINTS)
        .map(|_| vars.iter().map(|v| (*v, 0.3 + 3.4 * rng.f64())).collect())
        .collect()
}

/// The union of two variable lists.
pub fn union(a: &[char], b: &[char]) -> Vec<char> {
    let mut all: Vec<char> = a.iter().chain(b).copied().collect();
    all.sort_unstable();
    all.dedup();
    all
}

/// Where two expressions disagree, for the explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct Disagreement {
    /// The point, as `x=1.37`.
    pub at: String,
    /// The first expression's value.
    pub left: f64,
    /// The second's.
    pub right: f64,
}

fn describe(point: &BTreeMap<char, f64>) -> String {
    point
        .iter()
        .map(|(v, x)| format!("{v}={x:.2}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Compares `f(a, b)` at random points; `Ok` when it held at enough defined points.
fn compare(
    a: &Parsed,
    b: &Parsed,
    seed: &str,
    mut agree: impl FnMut(f64, f64) -> bool,
) -> Result<(), Option<Disagreement>> {
    let vars = union(a.variables(), b.variables());
    let mut defined = 0;
    for point in points(&vars, seed) {
        let value = |v: char| point.get(&v).copied().unwrap_or(f64::NAN);
        let (x, y) = (a.eval_with(value), b.eval_with(value));
        if !x.is_finite() || !y.is_finite() {
            continue;
        }
        defined += 1;
        if !agree(x, y) {
            return Err(Some(Disagreement {
                at: describe(&point),
                left: x,
                right: y,
            }));
        }
    }
    if defined >= MIN_DEFINED || (vars.is_empty() && defined > 0) {
        Ok(())
    } else {
        Err(None)
    }
}

/// Whether `a` and `b` are the same function.
pub fn same_function(a: &Parsed, b: &Parsed, seed: &str) -> Result<(), Option<Disagreement>> {
    compare(a, b, seed, close)
}

/// Whether `a` is a constant non-zero multiple of `b` (two forms of one equation's
/// `lhs − rhs`).
pub fn proportional(a: &Parsed, b: &Parsed, seed: &str) -> Result<(), Option<Disagreement>> {
    let mut ratio: Option<f64> = None;
    compare(a, b, seed, |x, y| {
        if close(x, 0.0) || close(y, 0.0) {
            return close(x, 0.0) && close(y, 0.0);
        }
        let r = x / y;
        match ratio {
            None => {
                ratio = Some(r);
                true
            }
            Some(k) => close(k, r),
        }
    })
}

/// Whether `a` is −`b` and not zero (a sign error).
pub fn opposite(a: &Parsed, b: &Parsed, seed: &str) -> bool {
    let mut nonzero = false;
    let result = compare(a, b, seed, |x, y| {
        nonzero |= !close(x, 0.0);
        close(x, -y)
    });
    result.is_ok() && nonzero
}
