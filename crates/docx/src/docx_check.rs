//! A Word document checked within the import limits before docx-rs sees it (docx-rs
//! allocates what an entry declares and reads every part it knows): its directory, entry
//! count, each entry's declared size and compression ratio, the declared total, then
//! every entry inflated (to nowhere, or an XML part into memory to count its
//! paragraphs, runs and table parts) to prove it holds no more than it declares.

use lantern_packs::course::{PackError, PackErrorKind};
use lantern_packs::import_limits::{
    check_count, check_entries, check_ratio, check_size, directory_too_large, word_blocks,
    ByteBudget, MeteredReader, MAX_DOCX_BLOCKS, MAX_DOCX_UNCOMPRESSED_BYTES, MAX_DOCX_XML_BYTES,
    MAX_ZIP_DIRECTORY_BYTES,
};
use lantern_reports::ReportError;
use std::io::{Cursor, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

fn unreadable(file: &str, e: impl std::fmt::Display) -> ReportError {
    ReportError::ImportFailed(format!("{file}: not a Word document ({e})"))
}

/// Checks the Word document `bytes` (named `file` in errors) against the limits:
/// `import_*` codes, or `report_import_failed` when it is not a zip at all.
pub fn check_docx(file: &str, bytes: &[u8]) -> Result<(), ReportError> {
    let refused = ReportError::ImportRefused;
    let allowance = Arc::new(AtomicU64::new(MAX_ZIP_DIRECTORY_BYTES));
    let reader = MeteredReader::new(Cursor::new(bytes), Arc::clone(&allowance));
    let mut archive = zip::ZipArchive::new(reader).map_err(|e| {
        if allowance.load(Ordering::Relaxed) == 0 {
            refused(directory_too_large(file))
        } else {
            unreadable(file, e)
        }
    })?;
    allowance.store(u64::MAX, Ordering::Relaxed);
    check_entries(file, archive.len()).map_err(refused)?;
    let mut total = ByteBudget::new(MAX_DOCX_UNCOMPRESSED_BYTES);
    for i in 0..archive.len() {
        let entry = archive.by_index_raw(i).map_err(|e| unreadable(file, e))?;
        let (name, size) = (entry.name().to_string(), entry.size());
        check_ratio(file, &name, size, entry.compressed_size()).map_err(refused)?;
        if name.ends_with(".xml") || name.ends_with(".rels") {
            check_size(&format!("{file}: {name}"), size, MAX_DOCX_XML_BYTES).map_err(refused)?;
        }
        total
            .spend(file, size, "the sizes its parts declare")
            .map_err(refused)?;
    }
    let mut blocks = 0;
    for i in 0..archive.len() {
        let entry = archive.by_index(i).map_err(|e| unreadable(file, e))?;
        let (name, declared) = (entry.name().to_string(), entry.size());
        let mut part = entry.take(declared + 1);
        let inflated = if name.ends_with(".xml") {
            let mut xml = Vec::new();
            part.read_to_end(&mut xml)
                .map_err(|e| unreadable(file, e))?;
            blocks += word_blocks(&xml);
            xml.len() as u64
        } else {
            std::io::copy(&mut part, &mut std::io::sink()).map_err(|e| unreadable(file, e))?
        };
        if inflated > declared {
            return Err(refused(PackError::field(
                PackErrorKind::TooLarge,
                file,
                name,
                format!("holds more than the {declared} bytes it declares"),
            )));
        }
    }
    check_count(
        file,
        "paragraphs, runs and table parts",
        blocks,
        MAX_DOCX_BLOCKS,
    )
    .map_err(refused)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::Coded;
    use std::io::Write;

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, bytes) in entries {
            zip.start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap().into_inner()
    }

    #[test]
    fn an_ordinary_document_passes() {
        let bytes = zip_of(&[
            ("word/document.xml", b"<w:document/>"),
            ("word/media/a.png", &[1, 2, 3]),
        ]);
        assert!(check_docx("r.docx", &bytes).is_ok());
    }

    #[test]
    fn a_tightly_packed_part_is_refused() {
        let zeros = vec![0u8; 4 << 20];
        let bytes = zip_of(&[("word/media/a.bin", &zeros)]);
        let e = check_docx("r.docx", &bytes).unwrap_err();
        assert_eq!(e.code(), "import_compression_ratio");
        assert!(e.to_string().contains("r.docx: word/media/a.bin"), "{e}");
    }

    #[test]
    fn too_many_paragraphs_are_refused() {
        let xml = b"<w:p/>".repeat(MAX_DOCX_BLOCKS + 1);
        let e = check_docx("r.docx", &zip_of(&[("word/document.xml", &xml)])).unwrap_err();
        assert_eq!(e.code(), "import_too_many_items");
        let xml = b"<w:p/>".repeat(MAX_DOCX_BLOCKS);
        assert!(check_docx("r.docx", &zip_of(&[("word/document.xml", &xml)])).is_ok());
    }

    #[test]
    fn garbage_is_unreadable() {
        assert_eq!(
            check_docx("r.docx", b"not a zip").unwrap_err().code(),
            "report_import_failed"
        );
    }
}
