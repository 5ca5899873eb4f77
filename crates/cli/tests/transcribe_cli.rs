//! `lantern transcribe` as a user runs it: espeak-ng audio through the real speech worker
//! and the mathematics detection; coded errors for files that are not audio, audio that
//! is silence, and an unknown language.

mod common;

use common::{fails_with, json, lantern};
use std::path::Path;
use std::process::Command;

/// Has espeak-ng (installed by scripts/setup.sh) say `text` in `voice` into `path`.
fn speak(text: &str, voice: &str, path: &Path) {
    let status = Command::new("espeak-ng")
        .args(["-v", voice, "-s", "130", "-g", "4", "-w"])
        .arg(path)
        .arg(text)
        .status()
        .expect("espeak-ng");
    assert!(status.success());
}

#[test]
fn a_spoken_equation_prints_its_text_and_latex() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("equation.wav");
    speak("y equals two x plus one", "en-us", &wav);
    let out = lantern(dir.path(), &["transcribe", wav.to_str().unwrap()]);
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains("latex:   y = 2x + 1"), "{printed}");

    let value = json(dir.path(), &["transcribe", wav.to_str().unwrap(), "--json"]);
    assert_eq!(value["latex"], "y = 2x + 1");
    assert_eq!(value["language"], "en");
    assert!(value["realTimeFactor"].as_f64().unwrap() > 0.0);
}

#[test]
fn spanish_speech_is_transcribed_in_spanish() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("medios.wav");
    speak("dos tercios más un medio", "es-419", &wav);
    let value = json(
        dir.path(),
        &[
            "transcribe",
            wav.to_str().unwrap(),
            "--language",
            "es",
            "--json",
        ],
    );
    assert_eq!(value["language"], "es");
    assert_eq!(value["latex"], "\\frac{2}{3} + \\frac{1}{2}");
}

#[test]
fn bad_audio_gets_coded_errors() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.wav");
    std::fs::write(&text, "not audio").unwrap();
    fails_with(
        dir.path(),
        &["transcribe", text.to_str().unwrap()],
        "voice_audio_invalid",
    );

    let silence = dir.path().join("silence.wav");
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 16_000,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut writer = hound::WavWriter::create(&silence, spec).unwrap();
    for _ in 0..32_000 {
        writer.write_sample(0i16).unwrap();
    }
    writer.finalize().unwrap();
    fails_with(
        dir.path(),
        &["transcribe", silence.to_str().unwrap()],
        "voice_no_speech",
    );

    let out = lantern(
        dir.path(),
        &["transcribe", silence.to_str().unwrap(), "--language", "fr"],
    );
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unknown language is wrong usage"
    );
}
