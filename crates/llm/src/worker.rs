//! The worker process: loads one model and answers requests read from stdin.
//!
//! llama.cpp can abort the whole process (failed asserts, out of memory); running it
//! here means such an abort costs the app one turn, never its window or unsaved work.

use crate::grammar::grammar_for_schema;
use crate::inspect::try_vocab_load;
use crate::protocol::{WorkerEvent, WorkerRequest};
use crate::{Engine, EngineConfig};
use lantern_core::llm::LlmError;
use lantern_core::Coded;
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

/// Exit status when the model could not be loaded.
const EXIT_LOAD_FAILED: u8 = 3;

fn emit(event: &WorkerEvent) {
    let mut out = std::io::stdout().lock();
    if let Ok(line) = serde_json::to_string(event) {
        // A closed stdout means the app is gone; the read loop ends on its own.
        let _ = writeln!(out, "{line}").and_then(|()| out.flush());
    }
}

fn failed(id: Option<u64>, error: &LlmError) -> WorkerEvent {
    WorkerEvent::Failed {
        id,
        code: error.code().to_string(),
        message: error.to_string(),
    }
}

/// Runs the worker with `config_json` (an [`EngineConfig`] as JSON) until stdin closes.
pub fn run_worker(config_json: &str) -> ExitCode {
    let config: EngineConfig = match serde_json::from_str(config_json) {
        Ok(config) => config,
        Err(e) => {
            emit(&failed(
                None,
                &LlmError::Runtime(format!("bad worker config: {e}")),
            ));
            return ExitCode::from(EXIT_LOAD_FAILED);
        }
    };
    if config.check_only {
        return match try_vocab_load(&config.model_path) {
            Ok(()) => {
                emit(&WorkerEvent::Ready {
                    model: String::new(),
                });
                ExitCode::SUCCESS
            }
            Err(e) => {
                emit(&failed(None, &e));
                ExitCode::from(EXIT_LOAD_FAILED)
            }
        };
    }
    let mut reported = -1i32;
    let progress = move |fraction: f32| {
        // Every 5 %: enough for a progress bar, few lines.
        let step = (fraction.clamp(0.0, 1.0) * 20.0) as i32;
        if step > reported {
            reported = step;
            emit(&WorkerEvent::Loading { fraction });
        }
    };
    let mut engine = match Engine::load(&config, progress) {
        Ok(engine) => engine,
        Err(e) => {
            emit(&failed(None, &e));
            return ExitCode::from(EXIT_LOAD_FAILED);
        }
    };
    let model = config
        .model_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    emit(&WorkerEvent::Ready { model });

    let cancelled_id = Arc::new(AtomicU64::new(0));
    let (queue, requests) = mpsc::channel();
    spawn_reader(queue, Arc::clone(&cancelled_id));
    let mut grammars: HashMap<String, String> = HashMap::new();
    for job in requests {
        match job {
            Job::Generate(id, request, schema) => {
                let grammar = match schema
                    .map(|s| grammar_cached(&mut grammars, &s))
                    .transpose()
                {
                    Ok(g) => g,
                    Err(e) => {
                        emit(&failed(Some(id), &e));
                        continue;
                    }
                };
                let result = engine.generate(
                    &request,
                    grammar.as_deref(),
                    &mut |text| {
                        emit(&WorkerEvent::Delta {
                            id,
                            text: text.to_string(),
                        })
                    },
                    &|| cancelled_id.load(Ordering::SeqCst) == id,
                );
                match result {
                    Ok((text, stats)) => emit(&WorkerEvent::Done { id, text, stats }),
                    Err(e) => emit(&failed(Some(id), &e)),
                }
            }
            Job::Likelihoods(id, request) => {
                let cancelled = || cancelled_id.load(Ordering::SeqCst) == id;
                match engine.reply_likelihoods(&request, &cancelled) {
                    Ok(values) => emit(&WorkerEvent::Likelihoods { id, values }),
                    Err(e) => emit(&failed(Some(id), &e)),
                }
            }
        }
    }
    ExitCode::SUCCESS
}

/// A request waiting for the model.
enum Job {
    /// Generate an answer (id, request, schema).
    Generate(
        u64,
        lantern_core::llm::LlmRequest,
        Option<serde_json::Value>,
    ),
    /// Read the likelihoods of replies (id, request).
    Likelihoods(u64, lantern_core::llm::LikelihoodRequest),
}

fn spawn_reader(queue: mpsc::Sender<Job>, cancelled_id: Arc<AtomicU64>) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            match serde_json::from_str::<WorkerRequest>(&line) {
                Ok(WorkerRequest::Generate {
                    id,
                    request,
                    schema,
                }) => {
                    if queue.send(Job::Generate(id, request, schema)).is_err() {
                        break;
                    }
                }
                Ok(WorkerRequest::Likelihoods { id, request }) => {
                    if queue.send(Job::Likelihoods(id, request)).is_err() {
                        break;
                    }
                }
                Ok(WorkerRequest::Cancel { id }) => cancelled_id.store(id, Ordering::SeqCst),
                Err(e) => emit(&failed(
                    None,
                    &LlmError::Runtime(format!("bad request line: {e}")),
                )),
            }
        }
    });
}

fn grammar_cached(
    cache: &mut HashMap<String, String>,
    schema: &serde_json::Value,
) -> Result<String, LlmError> {
    let key = schema.to_string();
    if let Some(g) = cache.get(&key) {
        return Ok(g.clone());
    }
    let g = grammar_for_schema(schema)?;
    cache.insert(key, g.clone());
    Ok(g)
}
