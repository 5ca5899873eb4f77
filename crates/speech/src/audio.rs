//! Audio in the form Whisper reads: mono `f32` samples in [-1, 1] at 16 kHz, from a WAV
//! file or a microphone's native format; and the input level a meter shows.

use crate::mel::SAMPLE_RATE;
use lantern_core::voice::VoiceError;
use std::path::Path;

/// Reads a WAV file (8/16/24/32-bit PCM or 32-bit float, any rate, any channels) as mono
/// 16 kHz samples.
pub fn read_wav(path: &Path) -> Result<Vec<f32>, VoiceError> {
    let invalid = |e: hound::Error| VoiceError::AudioInvalid(format!("{}: {e}", path.display()));
    let mut reader = hound::WavReader::open(path).map_err(invalid)?;
    let spec = reader.spec();
    let interleaved: Vec<f32> = match spec.sample_format {
        hound::SampleFormat::Float => reader.samples::<f32>().collect::<Result<_, _>>(),
        hound::SampleFormat::Int => {
            let scale = 1.0 / (1u64 << (spec.bits_per_sample.clamp(1, 32) - 1)) as f32;
            reader
                .samples::<i32>()
                .map(|s| s.map(|v| v as f32 * scale))
                .collect::<Result<_, _>>()
        }
    }
    .map_err(invalid)?;
    let mono = to_mono(&interleaved, usize::from(spec.channels));
    Ok(resample(&mono, spec.sample_rate as usize, SAMPLE_RATE))
}

/// Length of a WAV file in seconds, from its header alone (`voice_audio_invalid` when it
/// is not a readable WAV file).
pub fn wav_seconds(path: &Path) -> Result<f32, VoiceError> {
    let reader = hound::WavReader::open(path)
        .map_err(|e| VoiceError::AudioInvalid(format!("{}: {e}", path.display())))?;
    Ok(reader.duration() as f32 / reader.spec().sample_rate.max(1) as f32)
}

/// Writes mono 16 kHz samples as a 16-bit WAV file (what the worker reads).
pub fn write_wav(path: &Path, samples: &[f32]) -> Result<(), VoiceError> {
    let failed = |e: hound::Error| VoiceError::AudioInvalid(format!("{}: {e}", path.display()));
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: SAMPLE_RATE as u32,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut writer = hound::WavWriter::create(path, spec).map_err(failed)?;
    for sample in samples {
        let value = (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16;
        writer.write_sample(value).map_err(failed)?;
    }
    writer.finalize().map_err(failed)
}

/// Averages interleaved channels into one.
pub fn to_mono(interleaved: &[f32], channels: usize) -> Vec<f32> {
    if channels <= 1 {
        return interleaved.to_vec();
    }
    interleaved
        .chunks(channels)
        .map(|frame| frame.iter().sum::<f32>() / frame.len() as f32)
        .collect()
}

/// Converts `samples` from rate `from` to rate `to`: each output sample averages the input
/// span it covers (a box filter against aliasing when downsampling), interpolating
/// linearly when upsampling.
pub fn resample(samples: &[f32], from: usize, to: usize) -> Vec<f32> {
    if from == to || from == 0 || to == 0 || samples.is_empty() {
        return samples.to_vec();
    }
    let step = from as f64 / to as f64;
    let out_len = ((samples.len() as f64) / step).floor() as usize;
    let last = samples.len() - 1;
    (0..out_len)
        .map(|i| {
            let centre = i as f64 * step;
            if step <= 1.0 {
                let left = (centre.floor() as usize).min(last);
                let right = (left + 1).min(last);
                let frac = (centre - left as f64) as f32;
                samples[left] * (1.0 - frac) + samples[right] * frac
            } else {
                let start = (centre.round() as usize).min(last);
                let end = ((centre + step).round() as usize).clamp(start + 1, samples.len());
                samples[start..end].iter().sum::<f32>() / (end - start) as f32
            }
        })
        .collect()
}

/// The level a meter shows for a block of samples: RMS in dBFS mapped from [-60, 0] to
/// [0, 1].
pub fn level(samples: &[f32]) -> f32 {
    if samples.is_empty() {
        return 0.0;
    }
    let rms = (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt();
    let db = 20.0 * rms.max(1e-6).log10();
    ((db + 60.0) / 60.0).clamp(0.0, 1.0)
}

/// Length of 16 kHz audio, in seconds.
pub fn seconds(samples: &[f32]) -> f32 {
    samples.len() as f32 / SAMPLE_RATE as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tone(rate: usize, hz: f32, secs: f32) -> Vec<f32> {
        (0..(rate as f32 * secs) as usize)
            .map(|n| (2.0 * std::f32::consts::PI * hz * n as f32 / rate as f32).sin() * 0.5)
            .collect()
    }

    #[test]
    fn stereo_becomes_the_average_of_its_channels() {
        assert_eq!(to_mono(&[1.0, 0.0, 0.5, 0.5], 2), vec![0.5, 0.5]);
        assert_eq!(to_mono(&[0.25, 0.5], 1), vec![0.25, 0.5]);
    }

    #[test]
    fn resampling_keeps_duration_and_a_speech_band_tone() {
        for from in [8_000, 22_050, 44_100, 48_000] {
            let out = resample(&tone(from, 440.0, 1.0), from, SAMPLE_RATE);
            assert!(
                (out.len() as i64 - SAMPLE_RATE as i64).abs() <= 1,
                "{from}: {}",
                out.len()
            );
            let peak = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(peak > 0.4 && peak <= 0.5, "{from}: peak {peak}");
        }
    }

    #[test]
    fn downsampling_damps_what_16_khz_cannot_carry() {
        let out = resample(&tone(48_000, 15_000.0, 0.5), 48_000, SAMPLE_RATE);
        let rms = (out.iter().map(|s| s * s).sum::<f32>() / out.len() as f32).sqrt();
        assert!(rms < 0.2, "aliased energy {rms}");
    }

    #[test]
    fn the_meter_reads_silence_as_zero_and_full_scale_as_one() {
        assert_eq!(level(&[]), 0.0);
        assert_eq!(level(&[0.0; 160]), 0.0);
        assert!((level(&[1.0, -1.0, 1.0, -1.0]) - 1.0).abs() < 1e-6);
        let quiet = level(
            &tone(16_000, 300.0, 0.1)
                .iter()
                .map(|s| s * 0.01)
                .collect::<Vec<_>>(),
        );
        assert!(quiet > 0.0 && quiet < 0.4, "{quiet}");
    }

    #[test]
    fn a_wav_round_trips_and_a_non_wav_is_audio_invalid() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.wav");
        let samples = tone(SAMPLE_RATE, 440.0, 0.25);
        write_wav(&path, &samples).unwrap();
        assert!((wav_seconds(&path).unwrap() - 0.25).abs() < 1e-3);
        let back = read_wav(&path).unwrap();
        assert_eq!(back.len(), samples.len());
        assert!(back.iter().zip(&samples).all(|(a, b)| (a - b).abs() < 1e-3));

        let text = dir.path().join("notes.wav");
        std::fs::write(&text, "not audio").unwrap();
        assert_eq!(
            lantern_core::Coded::code(&read_wav(&text).unwrap_err()),
            lantern_core::ErrorCode::VoiceAudioInvalid
        );
        assert_eq!(
            lantern_core::Coded::code(&wav_seconds(&text).unwrap_err()),
            lantern_core::ErrorCode::VoiceAudioInvalid
        );
    }

    proptest! {
        #[test]
        fn resampling_never_panics_and_stays_in_range(
            samples in proptest::collection::vec(-1.0f32..=1.0, 0..2000),
            from in 1usize..96_000,
            to in 1usize..96_000,
        ) {
            let out = resample(&samples, from, to);
            prop_assert!(out.iter().all(|s| s.is_finite() && s.abs() <= 1.0 + 1e-5));
            prop_assert!(level(&out) >= 0.0 && level(&out) <= 1.0);
        }
    }
}
