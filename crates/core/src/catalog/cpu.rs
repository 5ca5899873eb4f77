//! Which instruction sets the bundled llama.cpp was compiled for, and which of them a
//! CPU lacks. Running it on such a CPU kills the worker with an illegal instruction on
//! every turn, so the app checks first and says so instead.

/// x86-64 features the bundled llama.cpp uses: its CMake defaults with `GGML_NATIVE=OFF`
/// (SSE4.2, AVX, AVX2, FMA, F16C, BMI2). A test in `lantern-llm` compares this list with
/// the build's CMake cache.
pub const REQUIRED_X86_FEATURES: &[&str] = &["sse4.2", "avx", "avx2", "fma", "f16c", "bmi2"];

/// The features of `required` that `has` says the CPU lacks, in order.
pub fn missing_cpu_features<'a>(required: &[&'a str], has: impl Fn(&str) -> bool) -> Vec<&'a str> {
    required.iter().copied().filter(|f| !has(f)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cpu_with_everything_lacks_nothing() {
        assert!(missing_cpu_features(REQUIRED_X86_FEATURES, |_| true).is_empty());
    }

    #[test]
    fn a_pre_haswell_cpu_lacks_avx2_fma_and_bmi2() {
        let sandy_bridge = ["sse4.2", "avx", "f16c"];
        let missing = missing_cpu_features(REQUIRED_X86_FEATURES, |f| sandy_bridge.contains(&f));
        assert_eq!(missing, ["avx2", "fma", "bmi2"]);
    }
}
