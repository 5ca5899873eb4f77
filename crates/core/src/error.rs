//! Stable error codes shared by every crate.
//!
//! Each crate has its own error enum; each enum implements [`Coded`] so the shell can
//! map any failure to `{ code, message }` for the UI, which translates the code.

/// An error with a stable, machine-readable code such as `model_not_found`.
pub trait Coded: std::error::Error {
    /// The stable code: lowercase words joined by `_`, never changed once shipped.
    fn code(&self) -> &'static str;
}

/// Whether `code` has the shape of a stable error code (`[a-z]+(_[a-z0-9]+)*`).
pub fn is_well_formed_code(code: &str) -> bool {
    !code.is_empty()
        && code.split('_').all(|word| {
            !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
        && code.starts_with(|c: char| c.is_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use super::is_well_formed_code;

    #[test]
    fn accepts_snake_case_codes() {
        assert!(is_well_formed_code("model_not_found"));
        assert!(is_well_formed_code("coach_stream_failed"));
        assert!(is_well_formed_code("pack_v2_missing"));
    }

    #[test]
    fn rejects_other_shapes() {
        for bad in [
            "",
            "Model",
            "model-not-found",
            "_model",
            "model_",
            "model__x",
            "2fast",
        ] {
            assert!(!is_well_formed_code(bad), "{bad:?} should be rejected");
        }
    }
}
