//! Measuring a model's speed on this machine in a worker of its own (the model that
//! answers the student keeps running) — alone, and, when a model can draft for it, with
//! that draft in a second worker — and keeping both results, so the model runs the faster
//! way (`lantern_core::catalog::Pairing`).

use crate::draft::refusal_reason;
use crate::entry::Draft;
use crate::{MachineFacts, ModelLibrary, ModelsError, CONTEXT_TOKENS};
use lantern_core::catalog::ModelKey;
use lantern_llm::{measure_speed, EngineConfig, SpeedSample, Supervisor, SupervisorConfig};
use lantern_store::PairKey;
use std::path::PathBuf;
use std::time::Duration;

/// Longest wait for the measured model to load.
const LOAD_TIMEOUT: Duration = Duration::from_secs(180);
/// Longest silence during the measurement.
const IDLE_TIMEOUT: Duration = Duration::from_secs(120);

/// What measuring a model with its draft came to.
#[derive(Debug, Clone, PartialEq)]
pub enum DraftedRun {
    /// No installed model can draft for it.
    NoDraft,
    /// Measured, and recorded under the draft's key.
    Measured(SpeedSample),
    /// The model worker refused the pair (now, or before: then it is not run again); it is
    /// recorded, and the model runs alone. The worker's words.
    Refused(String),
    /// The drafted run failed otherwise: the pair's older figure is forgotten, so the model
    /// runs alone until it is measured again. The error's words.
    Failed(String),
}

/// A model's speed measured here alone and with its draft.
#[derive(Debug, Clone, PartialEq)]
pub struct Measurement {
    /// Alone.
    pub alone: SpeedSample,
    /// The model that can draft for it, if any.
    pub draft: Option<Draft>,
    /// With that draft.
    pub drafted: DraftedRun,
}

impl Measurement {
    /// Whether it was measured to write faster with its draft than alone.
    pub fn drafted_is_faster(&self) -> bool {
        matches!(&self.drafted, DraftedRun::Measured(d) if d.decode_tps > self.alone.decode_tps)
    }
}

impl ModelLibrary {
    /// Measures `key` with `threads` alone, then with the model that can draft for it (two
    /// workers, one after the other), and records both for this CPU: the pair's figure
    /// under the draft's key, a refused pair as refused.
    pub async fn measure(&self, key: &ModelKey, threads: u32) -> Result<Measurement, ModelsError> {
        let path = self.resolve(key).await?;
        let list = self.list(threads).await?;
        let entry = list.entry(key);
        let draft = entry.and_then(|e| e.draft.clone());
        let refused_before = entry.and_then(|e| e.refused_draft.clone());
        let machine = MachineFacts::read(threads);
        let alone = self.run(path.clone(), None, threads).await?;
        self.store
            .record_model_speed(
                &key.to_string(),
                machine.scope(),
                alone.prompt_tps,
                alone.decode_tps,
                alone.peak_ram_bytes,
            )
            .await?;
        let drafted = match (&draft, refused_before) {
            (None, _) => DraftedRun::NoDraft,
            (Some(_), Some(reason)) => DraftedRun::Refused(reason),
            (Some(d), None) => {
                let (model, draft_key) = (key.to_string(), d.key.to_string());
                let pair = PairKey {
                    model: &model,
                    draft: &draft_key,
                };
                match self.run(path, Some(d.file.clone()), threads).await {
                    Ok(sample) => {
                        self.store
                            .record_pair_speed(
                                pair,
                                machine.scope(),
                                sample.prompt_tps,
                                sample.decode_tps,
                                sample.peak_ram_bytes,
                            )
                            .await?;
                        DraftedRun::Measured(sample)
                    }
                    Err(e) => {
                        let refused = match &e {
                            ModelsError::Llm(e) => refusal_reason(e).map(str::to_string),
                            _ => None,
                        };
                        if let Some(reason) = refused {
                            self.store.refuse_pair(pair, &reason).await?;
                            DraftedRun::Refused(reason)
                        } else {
                            self.store.forget_pair_speed(pair, machine.scope()).await?;
                            DraftedRun::Failed(e.to_string())
                        }
                    }
                }
            }
        };
        Ok(Measurement {
            alone,
            draft,
            drafted,
        })
    }

    /// Records that the model worker refused to load `model` with `draft` (`reason`: its
    /// words): the model runs alone from now on.
    pub async fn refuse_pair(
        &self,
        model: &ModelKey,
        draft: &ModelKey,
        reason: &str,
    ) -> Result<(), ModelsError> {
        let (model, draft) = (model.to_string(), draft.to_string());
        let pair = PairKey {
            model: &model,
            draft: &draft,
        };
        Ok(self.store.refuse_pair(pair, reason).await?)
    }

    /// One measurement of the model in `path` (with the draft in `draft`) in a worker of
    /// its own, stopped when it is done.
    async fn run(
        &self,
        path: PathBuf,
        draft: Option<PathBuf>,
        threads: u32,
    ) -> Result<SpeedSample, ModelsError> {
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
                draft_model_path: draft,
            },
            load_timeout: LOAD_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
        });
        supervisor.start().await?;
        measure_speed(&supervisor)
            .await
            .map_err(|e| ModelsError::Benchmark(e.to_string()))
    }
}
