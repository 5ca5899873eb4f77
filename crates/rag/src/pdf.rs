//! Text of a PDF, page by page.

use lantern_core::course::{PackError, PackErrorKind};

/// The text of each page of the PDF `bytes` (named `file` in errors). A PDF without any
/// extractable text (a scan) is `pack_pdf_unreadable`.
pub fn pdf_pages(file: &str, bytes: &[u8]) -> Result<Vec<String>, PackError> {
    let unreadable = |detail: String| PackError::file(PackErrorKind::PdfUnreadable, file, detail);
    // The extractor panics on some malformed files; a bad PDF must not take the app down.
    let pages = std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem_by_pages(bytes))
        .map_err(|_| unreadable("the PDF is malformed".into()))?
        .map_err(|e| unreadable(format!("cannot read the PDF ({e})")))?;
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
            pdf_pages("x.pdf", b"%PDF-1.4 nonsense").unwrap_err().code(),
            "pack_pdf_unreadable"
        );
        assert_eq!(
            pdf_pages("x.pdf", b"").unwrap_err().code(),
            "pack_pdf_unreadable"
        );
    }
}
