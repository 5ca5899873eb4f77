//! Shared by the Rust adversarial suites (`#[path]`-included by each crate's
//! `tests/adversarial*.rs`): runs one test of the current test binary alone in a child
//! process, so the peak memory it measures (`VmHWM` of /proc/self/status) is its own —
//! no other test's — and checks that peak.

use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// Set in the child process that runs one measured case.
const CHILD: &str = "LANTERN_ADVERSARIAL_CHILD";

/// The largest peak resident memory a crafted input may cause, in bytes.
pub const PEAK_LIMIT_BYTES: u64 = 300 << 20;

/// A `kB` field of /proc/self/status (`VmHWM`, `VmRSS`), in bytes.
fn status_bytes(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let kib: u64 = status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{field} in /proc/self/status"));
    kib * 1024
}

/// Resident memory when [`reset_peak`] was last called (0: never).
static BASELINE: AtomicU64 = AtomicU64::new(0);

/// Starts the peak over again from the memory resident now (Linux: `5` to
/// /proc/self/clear_refs), for a case that first builds something large it keeps — a
/// library with its embedder — whose memory is not the crafted input's doing. The peak
/// checked is then the growth over what was resident here.
#[allow(dead_code)] // Included by several suites; not all of them build a library first.
pub fn reset_peak() {
    std::fs::write("/proc/self/clear_refs", "5").expect("/proc/self/clear_refs");
    BASELINE.store(status_bytes("VmRSS:"), Ordering::Relaxed);
}

/// The peak resident memory since the start (or the growth since [`reset_peak`]).
fn peak_bytes() -> u64 {
    status_bytes("VmHWM:").saturating_sub(BASELINE.load(Ordering::Relaxed))
}

/// Runs `case` in a child process that runs only the test `name` of this binary; in
/// that child, runs it and then checks the process's peak memory (or its growth since
/// [`reset_peak`]) against [`PEAK_LIMIT_BYTES`].
pub fn in_own_process(name: &str, case: impl FnOnce()) {
    if std::env::var_os(CHILD).is_some() {
        case();
        let peak = peak_bytes();
        assert!(
            peak < PEAK_LIMIT_BYTES,
            "{name}: peak memory {} MiB is over {} MiB",
            peak >> 20,
            PEAK_LIMIT_BYTES >> 20
        );
        eprintln!(
            "{name}: peak memory {} MiB (over a baseline of {} MiB)",
            peak >> 20,
            BASELINE.load(Ordering::Relaxed) >> 20
        );
        return;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let status = Command::new(exe)
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .status()
        .expect("the test binary runs");
    assert!(
        status.success(),
        "{name} failed in its own process ({status})"
    );
}
