//! Text helpers every loop shares: normalising the student's words for matching, and
//! tidying and judging what a small model wrote (repeats, cut-off sentences, loops,
//! the wrong language, unsafe characters), the content terms of a text and the reply
//! filter every model sentence passes ([`support`]).

pub mod checked_stream;
pub mod heading;
pub mod message_language;
pub mod mojibake;
pub mod normalize;
pub mod notes;
pub mod polarity;
pub mod social;
pub mod stream_field;
pub mod support;
pub mod terms;
pub mod texting;
pub mod tidy;
pub mod unmarked;
