//! Whisper on CTranslate2: loads the model folder and turns 16 kHz samples into text, one
//! 30-second window at a time. Runs inside the worker process only.

use crate::audio;
use crate::mel::{MelSpectrogram, MEL_BANDS, WINDOW_FRAMES, WINDOW_SAMPLES};
use ct2rs::sys::{ComputeType, Config, Device, StorageView, Whisper, WhisperOptions};
use lantern_core::language::Language;
use lantern_core::pack::{Manifest, Role};
use lantern_core::voice::VoiceError;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Files a CTranslate2 Whisper folder must hold.
pub const MODEL_FILES: [&str; 4] = [
    "model.bin",
    "config.json",
    "tokenizer.json",
    "vocabulary.txt",
];

/// Below this level (0–1 meter scale, about -50 dBFS) a clip is silence: no model run.
const SILENCE_LEVEL: f32 = 0.17;

/// A window is silence when the model says so this surely…
const NO_SPEECH_PROBABILITY: f32 = 0.6;
/// …and its words are this unlikely (mean log-probability per token).
const UNSURE_LOG_PROB: f32 = -1.0;

/// What Whisper is told was said before each window: that this is a maths lesson, in the
/// student's language. It holds no formula on purpose: Whisper copies a formula it was
/// shown into what it hears (a prompt with "three quarters" turned "dos tercios" into
/// "tres cuartos"), while the bare setting lifts English phrases from 13/18 to 15/18.
fn context_text(language: Language) -> &'static str {
    match language {
        Language::En => "In maths class, a student reads an equation aloud.",
        Language::Es => "En clase de matemáticas, un estudiante lee una ecuación en voz alta.",
    }
}

/// What the worker loads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EngineConfig {
    /// The Whisper folder (CTranslate2 format).
    pub model_dir: PathBuf,
    /// CPU threads.
    pub threads: usize,
    /// Beam width (1 = greedy).
    pub beam_size: usize,
}

impl EngineConfig {
    /// The model in `model_dir` with the default decoding (beam of 5).
    pub fn new(model_dir: PathBuf, threads: usize) -> Self {
        Self {
            model_dir,
            threads: threads.max(1),
            beam_size: 5,
        }
    }
}

/// Checks that `dir` holds a complete Whisper model.
pub fn check_model_dir(dir: &Path) -> Result<(), VoiceError> {
    match MODEL_FILES.iter().find(|f| !dir.join(f).is_file()) {
        Some(missing) => Err(VoiceError::ModelMissing(format!(
            "{} has no {missing}",
            dir.display()
        ))),
        None => Ok(()),
    }
}

/// The pack's speech model: its folder inside `pack_dir` and its name.
pub fn pack_model(pack_dir: Option<&Path>) -> Result<(PathBuf, String), VoiceError> {
    let manifest = Manifest::bundled();
    let model = manifest
        .default_for(Role::Speech)
        .ok_or_else(|| VoiceError::ModelMissing("the manifest names no speech model".into()))?;
    let folder = model
        .files
        .first()
        .and_then(|f| Path::new(&f.path).parent())
        .ok_or_else(|| VoiceError::ModelMissing(model.name.clone()))?;
    let pack =
        pack_dir.ok_or_else(|| VoiceError::ModelMissing("no model pack was found".into()))?;
    let dir = pack.join(folder);
    check_model_dir(&dir)?;
    Ok((dir, model.name.clone()))
}

/// The tokens the decoder starts from in `language`: the context as previous text, then
/// the language, the task and no timestamps.
fn decoder_prompt(
    tokenizer: &tokenizers::Tokenizer,
    language: Language,
) -> Result<Vec<String>, VoiceError> {
    let context = tokenizer
        .encode(format!(" {}", context_text(language)), false)
        .map_err(|e| VoiceError::ModelMissing(format!("tokenizer.json: {e}")))?;
    let mut prompt = vec!["<|startofprev|>".to_string()];
    prompt.extend(context.get_tokens().iter().cloned());
    prompt.extend([
        "<|startoftranscript|>".to_string(),
        format!("<|{}|>", language.code()),
        "<|transcribe|>".to_string(),
        "<|notimestamps|>".to_string(),
    ]);
    Ok(prompt)
}

/// A loaded Whisper model.
pub struct Engine {
    whisper: Whisper,
    tokenizer: tokenizers::Tokenizer,
    mel: MelSpectrogram,
    beam_size: usize,
    /// The decoder prompt of each language (English, Spanish), tokenized once at load.
    prompts: [Vec<String>; 2],
}

fn failed(e: impl std::fmt::Display) -> VoiceError {
    VoiceError::TranscriptionFailed(e.to_string())
}

impl Engine {
    /// Loads the model (int8 weights on the CPU).
    pub fn load(config: &EngineConfig) -> Result<Self, VoiceError> {
        check_model_dir(&config.model_dir)?;
        let ct2 = Config {
            device: Device::CPU,
            compute_type: ComputeType::INT8,
            num_threads_per_replica: config.threads.max(1),
            ..Config::default()
        };
        let whisper = Whisper::new(&config.model_dir, ct2).map_err(|e| {
            VoiceError::ModelMissing(format!("{}: {e}", config.model_dir.display()))
        })?;
        let tokenizer = tokenizers::Tokenizer::from_file(config.model_dir.join("tokenizer.json"))
            .map_err(|e| VoiceError::ModelMissing(format!("tokenizer.json: {e}")))?;
        let prompts = [
            decoder_prompt(&tokenizer, Language::En)?,
            decoder_prompt(&tokenizer, Language::Es)?,
        ];
        Ok(Self {
            whisper,
            tokenizer,
            mel: MelSpectrogram::new(),
            beam_size: config.beam_size.max(1),
            prompts,
        })
    }

    /// The text spoken in `samples` (mono, 16 kHz) in `language`; `progress` hears the
    /// share done after each window.
    pub fn transcribe(
        &self,
        samples: &[f32],
        language: Language,
        progress: &mut dyn FnMut(f32),
    ) -> Result<String, VoiceError> {
        if audio::level(samples) < SILENCE_LEVEL {
            return Err(VoiceError::NoSpeech);
        }
        let windows: Vec<&[f32]> = samples.chunks(WINDOW_SAMPLES).collect();
        let mut parts = Vec::new();
        for (done, window) in windows.iter().enumerate() {
            if audio::level(window) >= SILENCE_LEVEL {
                if let Some(text) = self.window_text(window, language)? {
                    parts.push(text);
                }
            }
            progress((done + 1) as f32 / windows.len() as f32);
        }
        let text = parts.join(" ");
        if text.trim().is_empty() {
            return Err(VoiceError::NoSpeech);
        }
        Ok(text)
    }

    fn window_text(
        &self,
        window: &[f32],
        language: Language,
    ) -> Result<Option<String>, VoiceError> {
        let mut features = self.mel.window_features(window);
        let view = StorageView::new(&[1, MEL_BANDS, WINDOW_FRAMES], &mut features, Device::CPU)
            .map_err(failed)?;
        let prompt = &self.prompts[usize::from(language == Language::Es)];
        let options = WhisperOptions {
            beam_size: self.beam_size,
            return_scores: true,
            return_no_speech_prob: true,
            ..WhisperOptions::default()
        };
        let result = self
            .whisper
            .generate(&view, std::slice::from_ref(prompt), &options)
            .map_err(failed)?
            .into_iter()
            .next()
            .ok_or_else(|| failed("the model returned nothing"))?;
        let score = result.scores.first().copied().unwrap_or(0.0);
        if result.no_speech_prob > NO_SPEECH_PROBABILITY && score < UNSURE_LOG_PROB {
            return Ok(None);
        }
        let ids: Vec<u32> = result
            .sequences_ids
            .first()
            .map(|ids| {
                ids.iter()
                    .filter_map(|&id| u32::try_from(id).ok())
                    .collect()
            })
            .unwrap_or_default();
        let text = self.tokenizer.decode(&ids, true).map_err(failed)?;
        let text = text.trim().to_string();
        Ok((!text.is_empty()).then_some(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::{Coded, ErrorCode};

    #[test]
    fn a_pack_without_the_speech_model_is_voice_model_missing_naming_the_fix() {
        let empty = tempfile::tempdir().unwrap();
        for pack in [None, Some(empty.path())] {
            let error = pack_model(pack).unwrap_err();
            assert_eq!(error.code(), ErrorCode::VoiceModelMissing);
            assert!(error.to_string().contains("models/fetch.py"), "{error}");
        }
        std::fs::create_dir(empty.path().join("whisper-base")).unwrap();
        std::fs::write(empty.path().join("whisper-base/model.bin"), b"partial").unwrap();
        let error = pack_model(Some(empty.path())).unwrap_err();
        assert!(error.to_string().contains("config.json"), "{error}");
    }

    #[test]
    fn the_context_names_a_maths_lesson_in_each_language_and_holds_no_formula() {
        assert!(context_text(Language::En).contains("maths"));
        assert!(context_text(Language::Es).contains("matemáticas"));
        for language in [Language::En, Language::Es] {
            let context = context_text(language);
            assert!(!context.contains(|c: char| c.is_ascii_digit() || "=+^/".contains(c)));
            assert!(lantern_core::voice::spoken_math::detect(context, language)
                .latex
                .is_none());
        }
    }
}
