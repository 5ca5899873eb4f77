//! Test-only: mutating a valid model output for the property tests of every loop's
//! validators — each cut replaces up to three characters at a position with one.

/// `seed` with each `(at, len, with)` cut applied in order.
pub fn mutate(seed: &str, cuts: &[(usize, usize, char)]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for (at, len, with) in cuts {
        if chars.is_empty() {
            break;
        }
        let at = at % chars.len();
        let end = (at + len % 4).min(chars.len());
        chars.splice(at..end, std::iter::once(*with));
    }
    chars.into_iter().collect()
}
