//! Recording from the default microphone (cpal; ALSA on Linux) on a thread of its own:
//! a level about ten times a second, a time limit, and on stop the audio as mono 16 kHz.

use crate::audio;
use crate::mel::SAMPLE_RATE;
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{SampleFormat, StreamConfig, SupportedStreamConfig};
use lantern_core::voice::VoiceError;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often the level is reported.
const TICK: Duration = Duration::from_millis(100);

/// What a running recording reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RecorderEvent {
    /// Input level of the last tick, from 0 to 1.
    pub level: f32,
    /// Time since recording started.
    pub elapsed: Duration,
    /// The time limit was reached and capture stopped.
    pub limit_reached: bool,
}

/// Samples captured so far, at the device's rate and channel count.
struct Captured {
    samples: Vec<f32>,
    error: Option<String>,
}

/// A running recording; [`Recording::stop`] ends it and returns the audio.
pub struct Recording {
    stop: mpsc::Sender<()>,
    thread: JoinHandle<Result<Vec<f32>, VoiceError>>,
}

impl Recording {
    /// Stops capturing and returns the audio as mono 16 kHz samples.
    pub fn stop(self) -> Result<Vec<f32>, VoiceError> {
        let _ = self.stop.send(());
        self.thread.join().unwrap_or_else(|_| {
            Err(VoiceError::RecordingFailed(
                "the recording thread failed".into(),
            ))
        })
    }
}

/// Starts recording from the default input device for at most `limit`; `on_event` hears
/// the level every tick and once when the limit is reached.
pub fn start_recording(
    limit: Duration,
    on_event: Box<dyn Fn(RecorderEvent) + Send>,
) -> Result<Recording, VoiceError> {
    let (stop, stopped) = mpsc::channel();
    let (ready, started) = mpsc::channel();
    let thread = std::thread::Builder::new()
        .name("lantern-recorder".into())
        .spawn(move || record(limit, on_event, &ready, &stopped))
        .map_err(|e| VoiceError::RecordingFailed(e.to_string()))?;
    match started.recv() {
        Ok(Ok(())) => Ok(Recording { stop, thread }),
        Ok(Err(error)) => {
            let _ = thread.join();
            Err(error)
        }
        Err(_) => {
            Err(thread.join().ok().and_then(Result::err).unwrap_or_else(|| {
                VoiceError::RecordingFailed("the recording thread failed".into())
            }))
        }
    }
}

fn no_microphone(e: impl std::fmt::Display) -> VoiceError {
    VoiceError::NoMicrophone(e.to_string())
}

/// The device's configuration closest to what Whisper wants: 16 kHz mono 16-bit when
/// offered, else its default.
fn choose_config(device: &cpal::Device) -> Result<SupportedStreamConfig, VoiceError> {
    let wanted = SAMPLE_RATE as u32;
    let offered: Vec<_> = device
        .supported_input_configs()
        .map_err(no_microphone)?
        .collect();
    let preferred = [
        (SampleFormat::I16, 1),
        (SampleFormat::F32, 1),
        (SampleFormat::I16, 2),
        (SampleFormat::F32, 2),
    ];
    for (format, channels) in preferred {
        if let Some(config) = offered
            .iter()
            .filter(|c| c.sample_format() == format && c.channels() == channels)
            .find_map(|c| c.try_with_sample_rate(wanted))
        {
            return Ok(config);
        }
    }
    device.default_input_config().map_err(no_microphone)
}

fn open_stream(
    captured: &Arc<Mutex<Captured>>,
    max_samples: usize,
) -> Result<(cpal::Stream, StreamConfig), VoiceError> {
    let device = cpal::default_host()
        .default_input_device()
        .ok_or_else(|| no_microphone("this computer has no input device"))?;
    let supported = choose_config(&device)?;
    let format = supported.sample_format();
    let config = supported.config();
    let on_error = {
        let captured = Arc::clone(captured);
        move |e: cpal::Error| {
            if let Ok(mut c) = captured.lock() {
                c.error.get_or_insert_with(|| e.to_string());
            }
        }
    };
    let sink = Arc::clone(captured);
    let push = move |data: &mut dyn Iterator<Item = f32>| {
        if let Ok(mut c) = sink.lock() {
            let room = max_samples.saturating_sub(c.samples.len());
            c.samples.extend(data.take(room));
        }
    };
    let stream = match format {
        SampleFormat::I16 => device.build_input_stream::<i16, _, _>(
            config,
            move |data, _| push(&mut data.iter().map(|s| f32::from(*s) / 32768.0)),
            on_error,
            None,
        ),
        SampleFormat::F32 => device.build_input_stream::<f32, _, _>(
            config,
            move |data, _| push(&mut data.iter().copied()),
            on_error,
            None,
        ),
        other => return Err(no_microphone(format!("unsupported sample format {other}"))),
    }
    .map_err(no_microphone)?;
    stream.play().map_err(no_microphone)?;
    Ok((stream, config))
}

fn record(
    limit: Duration,
    on_event: Box<dyn Fn(RecorderEvent) + Send>,
    ready: &mpsc::Sender<Result<(), VoiceError>>,
    stopped: &mpsc::Receiver<()>,
) -> Result<Vec<f32>, VoiceError> {
    let captured = Arc::new(Mutex::new(Captured {
        samples: Vec::new(),
        error: None,
    }));
    // Sized once the device's format is known; generous until then.
    let probe_max = 192_000 * 2 * limit.as_secs().max(1) as usize;
    let opened = open_stream(&captured, probe_max);
    let (stream, config) = match opened {
        Ok(opened) => opened,
        Err(error) => {
            let _ = ready.send(Err(error.clone()));
            return Err(error);
        }
    };
    let _ = ready.send(Ok(()));
    let rate = config.sample_rate as usize;
    let channels = usize::from(config.channels.max(1));
    let max_samples = (limit.as_secs_f64() * (rate * channels) as f64) as usize;
    let started = Instant::now();
    let mut stream = Some(stream);
    let mut seen = 0;
    loop {
        let finished = match stopped.recv_timeout(TICK) {
            Ok(()) | Err(RecvTimeoutError::Disconnected) => true,
            Err(RecvTimeoutError::Timeout) => false,
        };
        let (level, failure) = {
            let mut c = captured.lock().map_err(|_| {
                VoiceError::RecordingFailed("the capture buffer was poisoned".into())
            })?;
            c.samples.truncate(max_samples);
            let level = audio::level(&c.samples[seen.min(c.samples.len())..]);
            seen = c.samples.len();
            (level, c.error.clone())
        };
        if let Some(failure) = failure {
            return Err(VoiceError::RecordingFailed(failure));
        }
        let elapsed = started.elapsed().min(limit);
        if finished {
            break;
        }
        let limit_reached = stream.is_some() && elapsed >= limit;
        if limit_reached {
            // Stop capturing; the audio stays until the app asks for it.
            stream = None;
        }
        if stream.is_some() || limit_reached {
            on_event(RecorderEvent {
                level,
                elapsed,
                limit_reached,
            });
        }
    }
    drop(stream);
    let samples = captured
        .lock()
        .map(|c| c.samples.clone())
        .map_err(|_| VoiceError::RecordingFailed("the capture buffer was poisoned".into()))?;
    // Real microphones deliver in real time; keep no more than the time recorded.
    let recorded = (started.elapsed().min(limit).as_secs_f64() * (rate * channels) as f64) as usize;
    let kept = &samples[..samples.len().min(recorded.max(rate * channels / 10))];
    Ok(audio::resample(
        &audio::to_mono(kept, channels),
        rate,
        SAMPLE_RATE,
    ))
}

/// Whether the default input device exists and can say how it records
/// (`voice_no_microphone` when not).
pub fn check_microphone() -> Result<(), VoiceError> {
    let device = cpal::default_host()
        .default_input_device()
        .ok_or_else(|| no_microphone("this computer has no input device"))?;
    choose_config(&device).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::{Coded, ErrorCode};

    #[test]
    fn the_microphone_check_agrees_with_starting_a_recording() {
        let checked = check_microphone();
        let started = start_recording(Duration::from_millis(300), Box::new(|_| {}));
        match (checked, started) {
            (Ok(()), Ok(recording)) => {
                let samples = recording.stop().expect("a recording that started stops");
                assert!(samples.len() <= SAMPLE_RATE, "at most the time recorded");
            }
            (Err(a), Err(b)) => {
                assert_eq!(a.code(), ErrorCode::VoiceNoMicrophone);
                assert_eq!(b.code(), ErrorCode::VoiceNoMicrophone);
            }
            (a, b) => panic!("check {a:?} but start {:?}", b.map(|_| ())),
        }
    }
}
