//! The process's resident memory, for benches that report what a step added at its
//! peak (Linux: `/proc/self/status`, and `clear_refs` to start the peak over).

/// A `kB` field of /proc/self/status (`VmRSS:`, `VmHWM:`), in bytes (Linux).
pub fn status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix(field))?;
    let kib: u64 = line.trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kib * 1024)
}

/// Starts the peak resident memory over from what is resident now; that memory.
pub fn reset_peak() -> Option<u64> {
    std::fs::write("/proc/self/clear_refs", "5").ok()?;
    status_bytes("VmRSS:")
}

/// The peak resident memory added since `baseline` (from [`reset_peak`]), in MiB.
pub fn peak_added_mib(baseline: Option<u64>) -> Option<f64> {
    baseline
        .zip(status_bytes("VmHWM:"))
        .map(|(base, peak)| peak.saturating_sub(base) as f64 / f64::from(1 << 20))
}
