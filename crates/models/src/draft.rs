//! Which smaller model can draft for a model (speculative decoding: the draft proposes
//! tokens, the model keeps those it would have written itself, so its output is its own —
//! sooner where drafting pays). The pairing is the same for the pack's writer (the 0.5B
//! drafts for the 1.5B) and for any GGUF a school imports. Whether the pair then runs is
//! measured, per machine: `ModelLibrary::measure` times the model alone and with its draft,
//! and it runs with the draft only where that writes faster
//! (`lantern_core::catalog::Pairing`); a pair the worker refuses runs alone
//! ([`refusal_reason`]).
//!
//! The rule: another installed language model whose GGUF names the same tokenizer and
//! vocabulary size ([`GgufMetadata::shares_vocabulary_with`]; the worker compares every
//! token when it loads the pair and refuses a mismatch), at most [`MAX_DRAFT_SHARE`] of the
//! model's size; the pack's before imports, then the smallest.

use crate::entry::{Draft, ModelEntry};
use lantern_core::catalog::ModelKey;
use lantern_core::llm::LlmError;
use lantern_llm::{check_model_file, read_metadata, GgufMetadata};
use std::path::Path;

/// Largest size a draft may have, as a share of its model's. Each drafted token costs a
/// pass through the draft's weights; a draft over half the model's size cannot pay for
/// itself even when every token it proposes is kept (the 0.5B is 0.44 of the 1.5B).
pub const MAX_DRAFT_SHARE: f64 = 0.5;

/// What the pairing reads of a GGUF file: its metadata, when the file is a GGUF that can
/// be read (`None` otherwise: such a file gets no draft and drafts for nothing).
pub(crate) fn vocabulary_of(file: &Path) -> Option<GgufMetadata> {
    check_model_file(file).ok()?;
    read_metadata(file).ok()
}

/// The draft for the model in `file` (`size` bytes, `meta` read from it) among `listed`
/// (every model of the list with its metadata): see the module documentation.
pub(crate) fn pick_draft(
    file: &Path,
    size: u64,
    meta: &GgufMetadata,
    listed: &[(ModelEntry, Option<GgufMetadata>)],
) -> Option<Draft> {
    listed
        .iter()
        .filter(|(entry, _)| {
            entry.present
                && entry.file != file
                && entry.size_bytes as f64 <= size as f64 * MAX_DRAFT_SHARE
        })
        .filter(|(_, draft)| {
            draft
                .as_ref()
                .is_some_and(|d| meta.shares_vocabulary_with(d))
        })
        .min_by_key(|(entry, _)| (!matches!(entry.key, ModelKey::Pack(_)), entry.size_bytes))
        .map(|(entry, _)| Draft {
            key: entry.key.clone(),
            name: entry.name.clone(),
            file: entry.file.clone(),
            ram_bytes: entry.ram_bytes,
        })
}

/// The worker's words when `error` is its refusal of a draft (`model_draft_refused`:
/// another vocabulary, or a draft file that fails its checks or its load — the pair can
/// never run, the model runs alone), `None` for any other failure.
pub fn refusal_reason(error: &LlmError) -> Option<&str> {
    match error {
        LlmError::DraftRefused(reason) => Some(reason),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::list::imported_entry;
    use lantern_store::ImportedModel;

    const QWEN: &str = "gpt2/qwen2";
    const MB: u64 = 1_000_000;

    fn meta(tokenizer: &str, vocab_size: u64) -> GgufMetadata {
        GgufMetadata {
            name: None,
            architecture: "qwen2".into(),
            context_length: 32_768,
            has_chat_template: true,
            kv_bytes_per_token: 12_288,
            tokenizer: Some(tokenizer.into()),
            vocab_size,
        }
    }

    /// An entry of the list for a file that is not read (the metadata is given).
    fn listed(
        key: ModelKey,
        size_mb: u64,
        vocabulary: Option<GgufMetadata>,
    ) -> (ModelEntry, Option<GgufMetadata>) {
        let name = key.to_string();
        let (entry, _) = imported_entry(ImportedModel {
            id: 1,
            path: format!("/models/{name}.gguf"),
            copied: true,
            name,
            architecture: "qwen2".into(),
            size_bytes: i64::try_from(size_mb * MB).unwrap(),
            ram_bytes: i64::try_from((size_mb + 100) * MB).unwrap(),
            chat_template: true,
            added_at: String::new(),
        });
        let entry = ModelEntry {
            key,
            present: true,
            ..entry
        };
        (entry, vocabulary)
    }

    fn pack(
        name: &str,
        size_mb: u64,
        tokenizer: &str,
        vocab: u64,
    ) -> (ModelEntry, Option<GgufMetadata>) {
        listed(
            ModelKey::Pack(name.into()),
            size_mb,
            Some(meta(tokenizer, vocab)),
        )
    }

    fn draft_of(
        target: &(ModelEntry, Option<GgufMetadata>),
        all: &[(ModelEntry, Option<GgufMetadata>)],
    ) -> Option<ModelKey> {
        let (entry, meta) = target;
        pick_draft(&entry.file, entry.size_bytes, meta.as_ref()?, all).map(|d| d.key)
    }

    fn the_pack() -> Vec<(ModelEntry, Option<GgufMetadata>)> {
        vec![
            pack("smollm2", 98, "gpt2/smollm", 49_152),
            pack("qwen-0.5b", 491, QWEN, 151_936),
            pack("qwen-1.5b", 1_117, QWEN, 151_936),
        ]
    }

    #[test]
    fn the_writer_is_drafted_by_the_smaller_qwen_and_the_small_models_by_nothing() {
        let all = the_pack();
        assert_eq!(
            draft_of(&all[2], &all),
            Some(ModelKey::Pack("qwen-0.5b".into()))
        );
        assert_eq!(
            draft_of(&all[1], &all),
            None,
            "the 1.5B is larger, SmolLM2 another vocabulary"
        );
        assert_eq!(draft_of(&all[0], &all), None);
    }

    #[test]
    fn an_imported_gguf_of_the_same_vocabulary_is_drafted_by_the_pack_first() {
        let mut all = the_pack();
        let tiny_import = listed(ModelKey::Imported(1), 300, Some(meta(QWEN, 151_936)));
        let school_7b = listed(ModelKey::Imported(2), 4_700, Some(meta(QWEN, 151_936)));
        all.extend([tiny_import, school_7b.clone()]);
        assert_eq!(
            draft_of(&school_7b, &all),
            Some(ModelKey::Pack("qwen-0.5b".into()))
        );
        // Without the pack's drafts, the import is used.
        let imports_only = &all[3..];
        assert_eq!(
            draft_of(&school_7b, imports_only),
            Some(ModelKey::Imported(1))
        );
    }

    #[test]
    fn only_the_worker_s_refusal_of_a_draft_is_a_refusal() {
        // As it arrives from the worker process (`LlmError::from_code`).
        let refused = LlmError::from_code(
            "model_draft_refused",
            "/pack/smollm2.gguf cannot draft for this model: its vocabulary has 49152 \
             tokens, the model's 151936"
                .into(),
        );
        assert!(refusal_reason(&refused).is_some_and(|r| r.contains("49152 tokens")));
        let corrupt = LlmError::from_code(
            "model_invalid",
            "/pack/writer.gguf is not a usable model: tensor data is truncated".into(),
        );
        assert_eq!(refusal_reason(&corrupt), None);
        let crashed = LlmError::Crashed("cannot draft".into());
        assert_eq!(refusal_reason(&crashed), None);
        assert_eq!(refusal_reason(&LlmError::OutOfMemory("x".into())), None);
    }

    #[test]
    fn a_draft_must_share_the_whole_vocabulary_and_be_at_most_half_the_size() {
        let target = pack("big", 1_000, QWEN, 151_936);
        let other_size = pack("other-size", 200, QWEN, 151_665);
        let other_tokenizer = pack("other-tokenizer", 200, "llama/default", 151_936);
        let unread = listed(ModelKey::Pack("unread".into()), 200, None);
        let too_big = pack("too-big", 501, QWEN, 151_936);
        let mut missing = pack("missing", 200, QWEN, 151_936);
        missing.0.present = false;
        let all = [
            target.clone(),
            other_size,
            other_tokenizer,
            unread,
            too_big,
            missing,
        ];
        assert_eq!(draft_of(&target, &all), None);
        let half = pack("half", 500, QWEN, 151_936);
        assert_eq!(
            draft_of(&target, &[target.clone(), half]),
            Some(ModelKey::Pack("half".into()))
        );
    }
}
