//! Measuring a model's speed on this machine in a worker of its own (the model that
//! answers the student keeps running), with its draft as the app runs it, and keeping the
//! result.

use crate::{ModelLibrary, ModelsError, CONTEXT_TOKENS};
use lantern_core::catalog::ModelKey;
use lantern_llm::{measure_speed, EngineConfig, SpeedSample, Supervisor, SupervisorConfig};
use std::time::Duration;

/// Longest wait for the measured model to load.
const LOAD_TIMEOUT: Duration = Duration::from_secs(180);
/// Longest silence during the measurement.
const IDLE_TIMEOUT: Duration = Duration::from_secs(120);

impl ModelLibrary {
    /// Measures `key` with `threads` (and its draft, as it runs) and records the result
    /// for this CPU.
    pub async fn measure(&self, key: &ModelKey, threads: u32) -> Result<SpeedSample, ModelsError> {
        let path = self.resolve(key).await?;
        let draft = self.draft_for(&path).await?;
        let supervisor = Supervisor::new(SupervisorConfig {
            program: self.worker.program.clone(),
            args: self.worker.args.clone(),
            engine: EngineConfig {
                model_path: path,
                threads,
                context_tokens: CONTEXT_TOKENS,
                check_only: false,
                verified_record: Some(self.verified_record.clone()),
                plain_decoding: false,
                draft_model_path: draft.map(|d| d.file),
            },
            load_timeout: LOAD_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
        });
        supervisor.start().await?;
        let sample = measure_speed(&supervisor)
            .await
            .map_err(|e| ModelsError::Benchmark(e.to_string()))?;
        let machine = crate::MachineFacts::read(threads);
        self.store
            .record_model_speed(
                &key.to_string(),
                machine.scope(),
                sample.prompt_tps,
                sample.decode_tps,
                sample.peak_ram_bytes,
            )
            .await?;
        Ok(sample)
    }
}
