//! The law a sampler draws the next token from, and the rejection rule of speculative
//! sampling over two such laws.
//!
//! A drafted token `x`, drawn from the draft's law `q`, is kept with probability
//! `min(1, p(x) / q(x))` under the model's law `p`; when it is refused, the token is
//! drawn from the normalised residual `max(0, p - q)`. The kept-or-redrawn token then
//! follows `p` exactly: speculative sampling writes what the model alone would, in law
//! (Leviathan et al., 2023; Chen et al., 2023). Greedy decoding is the case where both
//! laws are single points: the draft's token is kept when it is the model's choice.
//! Pure: the sampler computes the laws from a model's logits.

use llama_cpp_2::token::LlamaToken;

/// Weight (relative to the likeliest token) under which a token is left out of a law:
/// at the loops' low temperature most of the top-k weigh less than this, and keeping
/// them would send every step to the grammar's whole-vocabulary mask for a share of the
/// law that is never drawn in practice (at most 40 × 1e-9 in all).
const NEGLIGIBLE: f64 = 1e-9;

/// A law over a few tokens: `(token, probability)` with probabilities summing to 1.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Distribution(Vec<(LlamaToken, f64)>);

impl Distribution {
    /// All the mass on `token`: what greedy decoding picks.
    pub(crate) fn point(token: LlamaToken) -> Self {
        Self(vec![(token, 1.0)])
    }

    /// The softmax of `logits / temperature` over the `top_k` highest logits, without
    /// the [`NEGLIGIBLE`] ones; `None` when no logit is finite.
    pub(crate) fn softmax_top_k(
        logits: impl IntoIterator<Item = (LlamaToken, f32)>,
        top_k: usize,
        temperature: f32,
    ) -> Option<Self> {
        // One pass keeping the best `top_k`, highest first: most logits fall under the
        // lowest kept one and cost a comparison.
        let mut kept: Vec<(LlamaToken, f32)> = Vec::with_capacity(top_k + 1);
        for (token, logit) in logits {
            let full = kept.len() >= top_k;
            if !logit.is_finite() || (full && kept.last().is_some_and(|&(_, l)| logit <= l)) {
                continue;
            }
            let at = kept.partition_point(|&(_, l)| l >= logit);
            kept.insert(at, (token, logit));
            kept.truncate(top_k.max(1));
        }
        if kept.is_empty() {
            return None;
        }
        let top = f64::from(kept[0].1);
        let t = f64::from(temperature.max(f32::MIN_POSITIVE));
        let weights: Vec<(LlamaToken, f64)> = kept
            .iter()
            .map(|&(token, logit)| (token, ((f64::from(logit) - top) / t).exp()))
            .collect();
        Some(Self::normalised(
            weights
                .into_iter()
                .filter(|(_, w)| *w >= NEGLIGIBLE)
                .collect(),
        ))
    }

    /// `weights` scaled to sum to 1 (entries of weight 0 dropped).
    fn normalised(weights: Vec<(LlamaToken, f64)>) -> Self {
        let total: f64 = weights.iter().map(|(_, w)| w).sum();
        Self(
            weights
                .into_iter()
                .filter(|(_, w)| *w > 0.0)
                .map(|(token, w)| (token, w / total))
                .collect(),
        )
    }

    /// The law of "draw from `self`; if the token is not `allowed`, draw from
    /// `fallback` instead" — how the sampler tries the model's pick before masking the
    /// whole vocabulary with the grammar. `fallback` is asked for only when some mass
    /// is refused.
    pub(crate) fn with_fallback(
        self,
        allowed: impl Fn(LlamaToken) -> bool,
        fallback: impl FnOnce() -> Option<Self>,
    ) -> Option<Self> {
        let (kept, refused): (Vec<_>, Vec<_>) =
            self.0.into_iter().partition(|&(token, _)| allowed(token));
        let refused_mass: f64 = refused.iter().map(|(_, p)| p).sum();
        if refused_mass <= 0.0 {
            return Some(Self(kept));
        }
        let mut mixed = kept;
        for (token, p) in fallback()?.0 {
            match mixed.iter_mut().find(|(t, _)| *t == token) {
                Some((_, q)) => *q += refused_mass * p,
                None => mixed.push((token, refused_mass * p)),
            }
        }
        Some(Self::normalised(mixed))
    }

    /// The tokens with some probability.
    pub(crate) fn tokens(&self) -> Vec<LlamaToken> {
        self.0.iter().map(|&(token, _)| token).collect()
    }

    /// The probability of `token`.
    pub(crate) fn probability(&self, token: LlamaToken) -> f64 {
        self.0
            .iter()
            .find(|(t, _)| *t == token)
            .map_or(0.0, |(_, p)| *p)
    }

    /// The token at quantile `u` in [0, 1) of the law, its entries taken in order.
    pub(crate) fn sample(&self, u: f64) -> LlamaToken {
        let mut left = u;
        for &(token, p) in &self.0 {
            if left < p {
                return token;
            }
            left -= p;
        }
        // Rounding left a sliver past the last entry: it belongs to the last token.
        self.0.last().map_or(LlamaToken(0), |&(token, _)| token)
    }

    /// Whether the drafted `token`, drawn from `draft`, is kept under this law, with
    /// `u` uniform in [0, 1): kept with probability `min(1, p(token) / q(token))`.
    pub(crate) fn keeps(&self, draft: &Self, token: LlamaToken, u: f64) -> bool {
        let q = draft.probability(token);
        q > 0.0 && u * q < self.probability(token)
    }

    /// The law a refused draft is replaced from: `max(0, p - q)`, normalised; this law
    /// itself when nothing is left (the draft covered it exactly).
    pub(crate) fn residual(&self, draft: &Self) -> Self {
        let rest: Vec<(LlamaToken, f64)> = self
            .0
            .iter()
            .map(|&(token, p)| (token, (p - draft.probability(token)).max(0.0)))
            .collect();
        if rest.iter().all(|(_, w)| *w <= 0.0) {
            return self.clone();
        }
        Self::normalised(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn t(id: i32) -> LlamaToken {
        LlamaToken(id)
    }

    fn law(entries: &[(i32, f64)]) -> Distribution {
        Distribution::normalised(entries.iter().map(|&(id, p)| (t(id), p)).collect())
    }

    #[test]
    fn softmax_keeps_the_top_k_and_divides_by_the_temperature() {
        let logits = [
            (t(1), 2.0),
            (t(2), 1.0),
            (t(3), 0.0),
            (t(4), f32::NEG_INFINITY),
        ];
        let d = Distribution::softmax_top_k(logits, 2, 1.0).unwrap();
        assert_eq!(d.0.len(), 2);
        let e = (1.0f64).exp();
        assert!((d.probability(t(1)) - e / (e + 1.0)).abs() < 1e-12);
        let cold = Distribution::softmax_top_k(logits, 2, 0.5).unwrap();
        let frozen = Distribution::softmax_top_k(logits, 3, 0.01).unwrap();
        assert_eq!(
            frozen,
            Distribution::point(t(1)),
            "weights of e^-100 are left out"
        );
        assert!(cold.probability(t(1)) > d.probability(t(1)));
        assert!(Distribution::softmax_top_k([(t(1), f32::NEG_INFINITY)], 2, 1.0).is_none());
    }

    #[test]
    fn a_refused_token_s_mass_goes_to_the_fallback_law() {
        let d = law(&[(1, 0.5), (2, 0.5)])
            .with_fallback(|token| token == t(1), || Some(law(&[(1, 0.2), (3, 0.8)])))
            .unwrap();
        assert!((d.probability(t(1)) - 0.6).abs() < 1e-12);
        assert!((d.probability(t(3)) - 0.4).abs() < 1e-12);
        assert_eq!(d.probability(t(2)), 0.0);
    }

    #[test]
    fn the_fallback_is_not_computed_when_every_token_is_allowed() {
        let d = law(&[(1, 1.0)]).with_fallback(|_| true, || panic!("not needed"));
        assert_eq!(d, Some(Distribution::point(t(1))));
    }

    #[test]
    fn sampling_walks_the_cumulative_mass() {
        let d = law(&[(1, 0.25), (2, 0.75)]);
        assert_eq!(d.sample(0.0), t(1));
        assert_eq!(d.sample(0.3), t(2));
        assert_eq!(d.sample(0.999_999_999), t(2));
    }

    #[test]
    fn greedy_keeps_the_draft_only_when_it_is_the_model_s_choice() {
        let model = Distribution::point(t(5));
        assert!(model.keeps(&Distribution::point(t(5)), t(5), 0.99));
        assert!(!model.keeps(&Distribution::point(t(6)), t(6), 0.0));
        assert_eq!(model.residual(&Distribution::point(t(6))), model);
    }

    #[test]
    fn the_residual_is_what_the_draft_under_weighted() {
        let p = law(&[(1, 0.5), (2, 0.5)]);
        let q = law(&[(1, 0.9), (2, 0.1)]);
        let r = p.residual(&q);
        assert_eq!(r.probability(t(1)), 0.0);
        assert!((r.probability(t(2)) - 1.0).abs() < 1e-12);
        assert_eq!(p.residual(&p), p);
    }

    proptest! {
        /// The one-pass selection keeps exactly the `top_k` highest logits.
        #[test]
        fn the_top_k_are_the_highest_logits(
            logits in proptest::collection::hash_set(-5000i32..5000, 1..300),
            top_k in 1usize..60,
        ) {
            let numbered: Vec<(LlamaToken, f32)> = logits
                .iter()
                .enumerate()
                .map(|(i, &l)| (t(i32::try_from(i).unwrap()), l as f32 / 100.0))
                .collect();
            let law = Distribution::softmax_top_k(numbered.clone(), top_k, 1e6).unwrap();
            let mut sorted = numbered;
            sorted.sort_by(|a, b| b.1.total_cmp(&a.1));
            let mut expected: Vec<LlamaToken> = sorted.iter().take(top_k).map(|(t, _)| *t).collect();
            let mut got = law.tokens();
            expected.sort_by_key(|t| t.0);
            got.sort_by_key(|t| t.0);
            prop_assert_eq!(got, expected);
        }

        /// Drafting from q and keeping or redrawing by the rule gives exactly p: the
        /// probability of each outcome, computed in closed form, matches p.
        #[test]
        fn speculative_sampling_preserves_the_model_s_law(
            p in proptest::collection::vec(0.01f64..1.0, 1..6),
            q in proptest::collection::vec(0.01f64..1.0, 1..6),
        ) {
            let p = law(&p.iter().enumerate().map(|(i, w)| (i as i32, *w)).collect::<Vec<_>>());
            let q = law(&q.iter().enumerate().map(|(i, w)| (i as i32, *w)).collect::<Vec<_>>());
            let residual = p.residual(&q);
            let refused: f64 = q.0.iter()
                .map(|&(x, qx)| qx * (1.0 - (p.probability(x) / qx).min(1.0)))
                .sum();
            for id in 0..6 {
                let x = t(id);
                let qx = q.probability(x);
                let kept = qx * (p.probability(x) / qx.max(f64::MIN_POSITIVE)).min(1.0);
                let total = kept + refused * residual.probability(x);
                prop_assert!((total - p.probability(x)).abs() < 1e-9);
            }
        }
    }
}
