//! Whisper's input features: the log-mel spectrogram of 30-second windows of 16 kHz audio
//! (400-sample Hann STFT, hop 160, 80 Slaney mel bands up to 8 kHz, log10 clamped to 8
//! below the peak, scaled to about [-1, 1]).

use realfft::RealFftPlanner;

/// Sample rate Whisper expects.
pub const SAMPLE_RATE: usize = 16_000;
/// Samples in one window (30 s).
pub const WINDOW_SAMPLES: usize = 30 * SAMPLE_RATE;
/// Mel bands.
pub const MEL_BANDS: usize = 80;
/// Frames in one window.
pub const WINDOW_FRAMES: usize = WINDOW_SAMPLES / HOP;

const FFT_SIZE: usize = 400;
const HOP: usize = 160;
const FFT_BINS: usize = FFT_SIZE / 2 + 1;

/// Computes the features of one window; holds the FFT plan and the filter bank.
pub struct MelSpectrogram {
    fft: std::sync::Arc<dyn realfft::RealToComplex<f32>>,
    window: Vec<f32>,
    filters: Vec<Vec<f32>>,
}

impl Default for MelSpectrogram {
    fn default() -> Self {
        Self::new()
    }
}

impl MelSpectrogram {
    /// Plans the FFT and builds the filter bank.
    pub fn new() -> Self {
        let fft = RealFftPlanner::<f32>::new().plan_fft_forward(FFT_SIZE);
        // Periodic Hann window, as torch.hann_window.
        let window = (0..FFT_SIZE)
            .map(|n| {
                let phase = 2.0 * std::f32::consts::PI * n as f32 / FFT_SIZE as f32;
                0.5 - 0.5 * phase.cos()
            })
            .collect();
        Self {
            fft,
            window,
            filters: slaney_filter_bank(),
        }
    }

    /// The `MEL_BANDS × WINDOW_FRAMES` features (band-major) of up to one window of
    /// samples; shorter audio is padded with silence.
    pub fn window_features(&self, samples: &[f32]) -> Vec<f32> {
        let mut padded = vec![0.0f32; WINDOW_SAMPLES + FFT_SIZE];
        let half = FFT_SIZE / 2;
        let used = samples.len().min(WINDOW_SAMPLES);
        padded[half..half + used].copy_from_slice(&samples[..used]);
        // Reflect padding at both ends, as torch.stft(center=True).
        for i in 0..half {
            padded[half - 1 - i] = padded[half + 1 + i];
            let end = half + WINDOW_SAMPLES;
            padded[end + i] = padded[end - 2 - i];
        }
        let mut log_mel = vec![0.0f32; MEL_BANDS * WINDOW_FRAMES];
        let mut frame = self.fft.make_input_vec();
        let mut spectrum = self.fft.make_output_vec();
        let mut power = vec![0.0f32; FFT_BINS];
        for t in 0..WINDOW_FRAMES {
            let start = t * HOP;
            for (i, value) in frame.iter_mut().enumerate() {
                *value = padded[start + i] * self.window[i];
            }
            // The lengths match the plan, so processing cannot fail.
            if self.fft.process(&mut frame, &mut spectrum).is_err() {
                continue;
            }
            for (p, c) in power.iter_mut().zip(&spectrum) {
                *p = c.norm_sqr();
            }
            for (band, filter) in self.filters.iter().enumerate() {
                let energy: f32 = filter.iter().zip(&power).map(|(w, p)| w * p).sum();
                log_mel[band * WINDOW_FRAMES + t] = energy.max(1e-10).log10();
            }
        }
        let peak = log_mel.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        for value in &mut log_mel {
            *value = (value.max(peak - 8.0) + 4.0) / 4.0;
        }
        log_mel
    }
}

fn hz_to_mel(hz: f32) -> f32 {
    let linear_step = 200.0 / 3.0;
    let log_step = 6.4f32.ln() / 27.0;
    if hz < 1000.0 {
        hz / linear_step
    } else {
        15.0 + (hz / 1000.0).ln() / log_step
    }
}

fn mel_to_hz(mel: f32) -> f32 {
    let linear_step = 200.0 / 3.0;
    let log_step = 6.4f32.ln() / 27.0;
    if mel < 15.0 {
        mel * linear_step
    } else {
        1000.0 * (log_step * (mel - 15.0)).exp()
    }
}

/// Triangular filters on the Slaney mel scale with Slaney (area) normalisation, as
/// librosa.filters.mel(sr=16000, n_fft=400, n_mels=80).
fn slaney_filter_bank() -> Vec<Vec<f32>> {
    let top = hz_to_mel(SAMPLE_RATE as f32 / 2.0);
    let edges: Vec<f32> = (0..MEL_BANDS + 2)
        .map(|i| mel_to_hz(top * i as f32 / (MEL_BANDS + 1) as f32))
        .collect();
    let bin_hz: Vec<f32> = (0..FFT_BINS)
        .map(|k| k as f32 * SAMPLE_RATE as f32 / FFT_SIZE as f32)
        .collect();
    (0..MEL_BANDS)
        .map(|m| {
            let (low, centre, high) = (edges[m], edges[m + 1], edges[m + 2]);
            let norm = 2.0 / (high - low);
            bin_hz
                .iter()
                .map(|&f| {
                    let rising = (f - low) / (centre - low);
                    let falling = (high - f) / (high - centre);
                    rising.min(falling).max(0.0) * norm
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mel_scale_is_linear_below_1_khz_and_inverts() {
        assert!((hz_to_mel(500.0) - 7.5).abs() < 1e-4);
        for hz in [0.0, 300.0, 1000.0, 4000.0, 8000.0] {
            assert!((mel_to_hz(hz_to_mel(hz)) - hz).abs() < 0.05, "{hz}");
        }
    }

    #[test]
    fn every_band_has_weight_and_bands_rise_in_frequency() {
        let bank = slaney_filter_bank();
        assert_eq!(bank.len(), MEL_BANDS);
        let peaks: Vec<usize> = bank
            .iter()
            .map(|f| {
                assert!(f.iter().any(|w| *w > 0.0));
                f.iter()
                    .enumerate()
                    .fold(
                        (0, 0.0),
                        |best, (i, w)| if *w > best.1 { (i, *w) } else { best },
                    )
                    .0
            })
            .collect();
        assert!(peaks.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn silence_gives_a_flat_window_and_a_tone_lights_its_band() {
        let mel = MelSpectrogram::new();
        let silent = mel.window_features(&[]);
        assert_eq!(silent.len(), MEL_BANDS * WINDOW_FRAMES);
        assert!(silent.iter().all(|v| (*v - silent[0]).abs() < 1e-6));

        let tone: Vec<f32> = (0..SAMPLE_RATE)
            .map(|n| (2.0 * std::f32::consts::PI * 440.0 * n as f32 / SAMPLE_RATE as f32).sin())
            .collect();
        let features = mel.window_features(&tone);
        let frame = 50;
        let loudest = (0..MEL_BANDS)
            .max_by(|a, b| {
                features[a * WINDOW_FRAMES + frame].total_cmp(&features[b * WINDOW_FRAMES + frame])
            })
            .unwrap_or(0);
        let centre = mel_to_hz(hz_to_mel(8000.0) * (loudest + 1) as f32 / 81.0);
        assert!((centre - 440.0).abs() < 60.0, "band centred at {centre} Hz");
        assert!(features
            .iter()
            .all(|v| v.is_finite() && *v <= 1.6 && *v >= -1.6));
    }
}
