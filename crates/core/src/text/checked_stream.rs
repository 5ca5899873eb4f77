//! A model's text field read while it streams, passed on sentence by sentence once each
//! is whole and only when the shared [`ReplyFilter`] keeps it: what streams is what
//! stays. The first sentence the filter drops, or that the loop holds back, ends the
//! stream (the rest appears with the saved reply), so the streamed text is always the
//! start of what is saved.

use super::stream_field::AssistantTextStream;
use super::support::ReplyFilter;
use super::tidy::{sentences, tidy_reply};

/// Streams one JSON string field through a reply filter.
#[derive(Debug, Clone)]
pub struct CheckedStream {
    text: AssistantTextStream,
    pending: String,
    filter: ReplyFilter,
    holds: fn(&str) -> bool,
    stopped: bool,
}

impl CheckedStream {
    /// Streams the field `field` through `filter` (a copy of the one the saved reply
    /// passes, so both keep the same sentences).
    pub fn new(field: &str, filter: ReplyFilter) -> Self {
        Self {
            text: AssistantTextStream::for_field(field),
            pending: String::new(),
            filter,
            holds: |_| false,
            stopped: false,
        }
    }

    /// Also holds back (and ends the stream at) sentences `holds` picks, which the
    /// loop's own checks may still drop from the saved reply.
    pub fn holding(mut self, holds: fn(&str) -> bool) -> Self {
        self.holds = holds;
        self
    }

    /// Narrows what the sentences still to come may rest on ([`ReplyFilter::rest_on`]).
    pub fn rest_on(&mut self, material: &[&str]) {
        self.filter.rest_on(material);
    }

    /// Ends the stream: nothing more is passed on.
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// The kept sentences `delta` completes, each followed by a space.
    pub fn push(&mut self, delta: &str) -> String {
        if self.stopped {
            return String::new();
        }
        self.pending.push_str(&self.text.push(delta));
        // Every sentence but the last is whole; the last may still grow until the field
        // closes, and is passed on then only when it is finished.
        let all = sentences(&self.pending);
        let whole = if self.text.is_done() {
            all.len()
        } else {
            all.len().saturating_sub(1)
        };
        let Some(last) = all.get(..whole).and_then(<[&str]>::last) else {
            return String::new();
        };
        let end = last.as_ptr() as usize - self.pending.as_ptr() as usize + last.len();
        let done: String = self.pending.drain(..end).collect();
        let mut out = String::new();
        for sentence in sentences(&tidy_reply(&done)) {
            let finished = sentence.trim_end().ends_with(['.', '!', '?', '…']);
            if !finished || (self.holds)(sentence) || self.filter.check(sentence).is_err() {
                self.stopped = true;
                break;
            }
            self.filter.remember(sentence);
            out.push_str(sentence);
            out.push(' ');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter() -> ReplyFilter {
        ReplyFilter::new(
            None,
            &["Cornell notes split the page into cues, notes and a summary."],
            "how do cornell notes work?",
        )
    }

    #[test]
    fn whole_kept_sentences_stream_and_the_first_dropped_one_ends_the_stream() {
        let mut stream = CheckedStream::new("content", filter());
        let json = r#"{"content":"Cornell notes split the page into cues, notes and a summary. It was invented on Mars in 1850. Cornell notes split the page."}"#;
        let mut shown = String::new();
        for piece in json.as_bytes().chunks(7) {
            shown.push_str(&stream.push(std::str::from_utf8(piece).unwrap()));
        }
        assert_eq!(
            shown,
            "Cornell notes split the page into cues, notes and a summary. "
        );
    }

    #[test]
    fn a_held_sentence_ends_the_stream() {
        let mut stream = CheckedStream::new("content", filter()).holding(|s| s.contains('%'));
        let shown = stream.push(r#"{"content":"You have done 50 % of it. Cornell notes split the page into cues, notes and a summary."}"#);
        assert_eq!(shown, "");
    }
}
