//! The app side of the worker: starts it on demand, queues requests, streams answers,
//! cancels, and restarts it after a crash or a hang.

use crate::protocol::{WorkerEvent, WorkerRequest};
use crate::{check_cpu, check_model_file, EngineConfig, GenerationStats};
use lantern_core::llm::{
    BoxFuture, CancelFlag, Counted, DeltaSink, LikelihoodRequest, Llm, LlmError, LlmRequest, Usage,
};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::sync::Mutex;
use tokio::time::{sleep_until, Instant};

/// Hears the share of the model loaded, from 0 to 1.
pub type Progress<'a> = &'a (dyn Fn(f32) + Send + Sync);

/// Longest wait for a worker to say whether a file loads.
const CHECK_TIMEOUT: Duration = Duration::from_secs(60);

/// How often a running turn checks its cancel flag.
const CANCEL_POLL: Duration = Duration::from_millis(50);

/// How to start and watch the worker.
#[derive(Debug, Clone)]
pub struct SupervisorConfig {
    /// Program that runs [`crate::run_worker`] (the app or `lantern` binary).
    pub program: PathBuf,
    /// Arguments before the JSON config (e.g. `["worker"]`).
    pub args: Vec<String>,
    /// The model and context to load.
    pub engine: EngineConfig,
    /// Longest wait for the model to load.
    pub load_timeout: Duration,
    /// Longest silence from the worker during a turn before it is restarted.
    pub idle_timeout: Duration,
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

#[derive(Default)]
struct State {
    worker: Option<Worker>,
    next_id: u64,
    /// When the worker last started or finished a turn.
    last_used: Option<std::time::Instant>,
}

/// A supervised worker process; implements the core [`Llm`] port.
pub struct Supervisor {
    config: SupervisorConfig,
    state: Mutex<State>,
}

/// What a finished turn returns.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    /// The whole answer text.
    pub text: String,
    /// What it cost.
    pub stats: GenerationStats,
}

fn crashed(detail: impl std::fmt::Display) -> LlmError {
    LlmError::Crashed(detail.to_string())
}

impl Worker {
    async fn send(&mut self, request: &WorkerRequest) -> Result<(), LlmError> {
        let mut line =
            serde_json::to_string(request).map_err(|e| LlmError::Runtime(e.to_string()))?;
        line.push('\n');
        self.stdin
            .write_all(line.as_bytes())
            .await
            .map_err(crashed)?;
        self.stdin.flush().await.map_err(crashed)
    }

    /// The next event, or why none came before `deadline`.
    async fn next_event(
        &mut self,
        deadline: Instant,
        timeout_secs: u64,
    ) -> Result<WorkerEvent, LlmError> {
        tokio::select! {
            line = self.lines.next_line() => match line {
                Ok(Some(line)) => serde_json::from_str(&line)
                    .map_err(|e| LlmError::Runtime(format!("bad worker output ({e}): {line}"))),
                Ok(None) | Err(_) => {
                    let status = self.child.wait().await.map_err(crashed)?;
                    Err(crashed(format!("worker exited ({status})")))
                }
            },
            () = sleep_until(deadline) => Err(LlmError::Timeout(timeout_secs)),
        }
    }
}

/// Asks a worker started as `program args` whether llama.cpp can load the model at
/// `path` (its vocabulary and architecture), without risking the caller's process.
pub async fn check_loads(
    program: PathBuf,
    args: Vec<String>,
    path: &std::path::Path,
) -> Result<(), LlmError> {
    let checker = Supervisor::new(SupervisorConfig {
        program,
        args,
        engine: EngineConfig {
            model_path: path.to_path_buf(),
            threads: 1,
            context_tokens: 0,
            check_only: true,
            verified_record: None,
            plain_decoding: false,
            draft_model_path: None,
        },
        load_timeout: CHECK_TIMEOUT,
        idle_timeout: CHECK_TIMEOUT,
    });
    checker.start().await
}

impl Supervisor {
    /// A supervisor; the worker starts with the first request.
    pub fn new(config: SupervisorConfig) -> Self {
        Self {
            config,
            state: Mutex::new(State::default()),
        }
    }

    /// Process id of the running worker, if one is running.
    pub async fn worker_pid(&self) -> Option<u32> {
        self.state
            .lock()
            .await
            .worker
            .as_ref()
            .and_then(|w| w.child.id())
    }

    /// Stops the worker, returning its memory, when no turn has used it for `after`; the
    /// next request starts a fresh one (the model file is not checked again). A running
    /// turn is never interrupted. Returns whether the worker was stopped.
    pub async fn release_if_idle(&self, after: Duration) -> bool {
        let Ok(mut state) = self.state.try_lock() else {
            return false; // a turn (or a start) is running
        };
        let idle = state.last_used.is_some_and(|t| t.elapsed() >= after);
        match state.worker.take() {
            Some(mut worker) if idle => {
                let _ = worker.child.kill().await;
                true
            }
            worker => {
                state.worker = worker;
                false
            }
        }
    }

    /// Starts the worker now (normally it starts with the first request).
    pub async fn start(&self) -> Result<(), LlmError> {
        self.start_reporting(&|_| {}).await
    }

    /// Starts the worker now; `on_progress` hears the share of the model loaded (0–1).
    pub async fn start_reporting(&self, on_progress: Progress<'_>) -> Result<(), LlmError> {
        let mut state = self.state.lock().await;
        self.ensure_worker(&mut state, on_progress)
            .await
            .map(|_| ())
    }

    async fn spawn(&self, on_progress: Progress<'_>) -> Result<Worker, LlmError> {
        check_cpu()?;
        check_model_file(&self.config.engine.model_path)?;
        let config = serde_json::to_string(&self.config.engine)
            .map_err(|e| LlmError::Runtime(e.to_string()))?;
        let mut child = Command::new(&self.config.program)
            .args(&self.config.args)
            .arg(config)
            .env("OMP_WAIT_POLICY", "PASSIVE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| {
                LlmError::Runtime(format!(
                    "cannot start {}: {e}",
                    self.config.program.display()
                ))
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(LlmError::Runtime("worker pipes unavailable".into()));
        };
        let mut worker = Worker {
            child,
            stdin,
            lines: BufReader::new(stdout).lines(),
        };
        let deadline = Instant::now() + self.config.load_timeout;
        loop {
            match worker
                .next_event(deadline, self.config.load_timeout.as_secs())
                .await?
            {
                WorkerEvent::Loading { fraction } => on_progress(fraction),
                WorkerEvent::Ready { .. } => return Ok(worker),
                WorkerEvent::Failed { code, message, .. } => {
                    return Err(LlmError::from_code(&code, message))
                }
                other => {
                    return Err(LlmError::Runtime(format!(
                        "unexpected worker event while loading: {other:?}"
                    )))
                }
            }
        }
    }

    async fn ensure_worker<'s>(
        &self,
        state: &'s mut State,
        on_progress: Progress<'_>,
    ) -> Result<&'s mut Worker, LlmError> {
        let alive = match state.worker.as_mut() {
            Some(w) => matches!(w.child.try_wait(), Ok(None)),
            None => false,
        };
        if !alive {
            state.worker = None;
            state.worker = Some(self.spawn(on_progress).await?);
        }
        state.last_used = Some(std::time::Instant::now());
        state
            .worker
            .as_mut()
            .ok_or_else(|| LlmError::Runtime("worker missing".into()))
    }

    /// Runs one turn: `schema` constrains the answer (`None` = free text).
    pub async fn complete(
        &self,
        request: &LlmRequest,
        schema: Option<&serde_json::Value>,
        on_delta: DeltaSink<'_>,
        cancel: &CancelFlag,
    ) -> Result<Completion, LlmError> {
        let ask = |id| WorkerRequest::Generate {
            id,
            request: request.clone(),
            schema: schema.cloned(),
        };
        match self.exchange(ask, on_delta, cancel).await? {
            WorkerEvent::Done { text, stats, .. } => Ok(Completion { text, stats }),
            other => Err(LlmError::Runtime(format!("unexpected answer: {other:?}"))),
        }
    }

    /// Reads how likely the model finds each reply of `request` (see
    /// [`Llm::reply_likelihoods`]).
    pub async fn likelihoods(
        &self,
        request: &LikelihoodRequest,
        cancel: &CancelFlag,
    ) -> Result<Vec<f64>, LlmError> {
        let ask = |id| WorkerRequest::Likelihoods {
            id,
            request: request.clone(),
        };
        match self.exchange(ask, &mut |_| {}, cancel).await? {
            WorkerEvent::Likelihoods { values, .. } => Ok(values),
            other => Err(LlmError::Runtime(format!("unexpected answer: {other:?}"))),
        }
    }

    /// Sends the request `ask` makes for a new id and waits for its last event (done or
    /// likelihoods); a crashed or silent worker is killed, so the next request starts a
    /// fresh one.
    async fn exchange(
        &self,
        ask: impl FnOnce(u64) -> WorkerRequest,
        on_delta: DeltaSink<'_>,
        cancel: &CancelFlag,
    ) -> Result<WorkerEvent, LlmError> {
        let mut state = self.state.lock().await;
        if cancel.is_cancelled() {
            return Err(LlmError::Cancelled);
        }
        state.next_id += 1;
        let id = state.next_id;
        let result = self
            .run_turn(&mut state, id, ask(id), on_delta, cancel)
            .await;
        state.last_used = Some(std::time::Instant::now());
        if matches!(result, Err(LlmError::Crashed(_) | LlmError::Timeout(_))) {
            // Kill what is left; the next request starts a fresh worker.
            if let Some(mut w) = state.worker.take() {
                let _ = w.child.kill().await;
            }
        }
        result
    }

    async fn run_turn(
        &self,
        state: &mut State,
        id: u64,
        request: WorkerRequest,
        on_delta: DeltaSink<'_>,
        cancel: &CancelFlag,
    ) -> Result<WorkerEvent, LlmError> {
        let idle = self.config.idle_timeout;
        let worker = self.ensure_worker(state, &|_| {}).await?;
        worker.send(&request).await?;
        let mut deadline = Instant::now() + idle;
        let mut cancel_sent = false;
        loop {
            if cancel.is_cancelled() && !cancel_sent {
                worker.send(&WorkerRequest::Cancel { id }).await?;
                cancel_sent = true;
            }
            // Wake up now and then even when the worker is silent, to see a cancel.
            let poll = (Instant::now() + CANCEL_POLL).min(deadline);
            let event = match worker.next_event(poll, idle.as_secs()).await {
                Err(LlmError::Timeout(_)) if Instant::now() < deadline => continue,
                other => other?,
            };
            deadline = Instant::now() + idle;
            match event {
                WorkerEvent::Delta { id: got, text } if got == id => on_delta(&text),
                WorkerEvent::Done { id: got, .. } | WorkerEvent::Likelihoods { id: got, .. }
                    if got == id =>
                {
                    return Ok(event)
                }
                WorkerEvent::Failed {
                    id: Some(got),
                    code,
                    message,
                } if got == id => return Err(LlmError::from_code(&code, message)),
                // Late events of an earlier, abandoned request.
                _ => {}
            }
        }
    }
}

impl Llm for Supervisor {
    fn complete_json_counted<'a>(
        &'a self,
        request: &'a LlmRequest,
        schema: &'a serde_json::Value,
        on_delta: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<Counted, LlmError>> {
        Box::pin(async move {
            let done = self
                .complete(request, Some(schema), on_delta, cancel)
                .await?;
            if done.stats.truncated {
                let tail: String = done
                    .text
                    .chars()
                    .rev()
                    .take(120)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                return Err(LlmError::BadOutput(format!(
                    "the answer hit the cap of {} tokens before it was complete (…{tail})",
                    request.limits.max_tokens
                )));
            }
            Ok(Counted {
                usage: Some(Usage {
                    prompt_tokens: done.stats.prompt_tokens,
                    reused_tokens: done.stats.reused_tokens,
                    generated_tokens: done.stats.generated_tokens,
                    first_token_ms: done.stats.first_token_ms,
                    decode_ms: done.stats.decode_ms,
                }),
                text: done.text,
            })
        })
    }

    fn complete_json<'a>(
        &'a self,
        request: &'a LlmRequest,
        schema: &'a serde_json::Value,
        on_delta: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<String, LlmError>> {
        Box::pin(async move {
            let counted = self
                .complete_json_counted(request, schema, on_delta, cancel)
                .await?;
            Ok(counted.text)
        })
    }

    fn reply_likelihoods<'a>(
        &'a self,
        request: &'a LikelihoodRequest,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<Vec<f64>, LlmError>> {
        Box::pin(self.likelihoods(request, cancel))
    }
}
