//! Text of a PDF, page by page, extracted where a malformed file cannot take the app
//! down: on its own thread (a large stack), its panics caught, and given up after
//! [`PDF_TIMEOUT`]. The file's size is limited before it gets here (the caller reads at
//! most its limit).

use lantern_packs::course::{PackError, PackErrorKind};
use lantern_packs::import_limits::PDF_TIMEOUT;
use std::sync::mpsc::{sync_channel, RecvTimeoutError};
use std::time::Duration;

/// Stack of the extraction thread (deeply nested PDF objects recurse).
const STACK_BYTES: usize = 64 << 20;

/// How a bounded job ended.
#[derive(Debug, PartialEq)]
enum Bounded<T> {
    Done(T),
    Panicked,
    TimedOut,
}

/// Runs `job` on its own thread and waits at most `timeout`. A job that times out is
/// left to finish on its own; its result is dropped.
fn run_bounded<T: Send + 'static>(
    timeout: Duration,
    job: impl FnOnce() -> T + Send + std::panic::UnwindSafe + 'static,
) -> Bounded<T> {
    let (done, result) = sync_channel(1);
    let spawned = std::thread::Builder::new()
        .name("pdf-text".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let _ = done.send(std::panic::catch_unwind(job));
        });
    if spawned.is_err() {
        return Bounded::Panicked;
    }
    match result.recv_timeout(timeout) {
        Ok(Ok(value)) => Bounded::Done(value),
        Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => Bounded::Panicked,
        Err(RecvTimeoutError::Timeout) => Bounded::TimedOut,
    }
}

/// The text of each page of the PDF `bytes` (named `file` in errors). A PDF without any
/// extractable text (a scan) or a malformed one is `pack_pdf_unreadable`; one whose
/// text takes longer than [`PDF_TIMEOUT`] is `import_timed_out`.
pub fn pdf_pages(file: &str, bytes: Vec<u8>) -> Result<Vec<String>, PackError> {
    let unreadable = |detail: String| PackError::file(PackErrorKind::PdfUnreadable, file, detail);
    let pages = match run_bounded(PDF_TIMEOUT, move || {
        pdf_extract::extract_text_from_mem_by_pages(&bytes)
    }) {
        Bounded::Done(pages) => {
            pages.map_err(|e| unreadable(format!("cannot read the PDF ({e})")))?
        }
        Bounded::Panicked => return Err(unreadable("the PDF is malformed".into())),
        Bounded::TimedOut => {
            return Err(PackError::file(
                PackErrorKind::TimedOut,
                file,
                format!(
                    "reading its text took longer than {} seconds",
                    PDF_TIMEOUT.as_secs()
                ),
            ))
        }
    };
    if pages.iter().all(|p| p.trim().is_empty()) {
        return Err(unreadable(
            "the PDF has no extractable text (is it a scan?)".into(),
        ));
    }
    Ok(pages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::Coded;

    #[test]
    fn garbage_is_a_coded_error_not_a_panic() {
        assert_eq!(
            pdf_pages("x.pdf", b"%PDF-1.4 nonsense".to_vec())
                .unwrap_err()
                .code(),
            "pack_pdf_unreadable"
        );
        assert_eq!(
            pdf_pages("x.pdf", Vec::new()).unwrap_err().code(),
            "pack_pdf_unreadable"
        );
    }

    #[test]
    fn a_panicking_job_is_caught() {
        let panicked = run_bounded(Duration::from_secs(5), || -> u8 { panic!("malformed") });
        assert_eq!(panicked, Bounded::Panicked);
        assert_eq!(run_bounded(Duration::from_secs(5), || 7), Bounded::Done(7));
    }

    #[test]
    fn a_job_that_runs_too_long_is_given_up() {
        let started = std::time::Instant::now();
        let slow = run_bounded(Duration::from_millis(50), || {
            std::thread::sleep(Duration::from_secs(2));
        });
        assert_eq!(slow, Bounded::TimedOut);
        // Given up before the job's own two seconds were over.
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
