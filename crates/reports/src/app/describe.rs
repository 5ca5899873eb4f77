//! A change in words against the report it was proposed on.

use crate::confirm::describe_op;
use crate::{apply_op, Report, ReportOp};
use lantern_core::language::Language;

/// `op` in words against `base` (the report it was proposed on).
pub(crate) fn describe_against(base: &Report, op: &ReportOp, language: Language) -> String {
    let mut after = base.clone();
    let _ = apply_op(&mut after, op);
    describe_op(base, &after, op, language)
}
