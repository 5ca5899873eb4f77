//! The one set of limits every importer checks before it reads: course and module packs
//! (folders and zips), report files (Markdown, text, Word) and their pictures, and
//! project specifications (PDF, Markdown, text). Documented in docs/import-limits.md.
//!
//! Pure: the adapters read sizes from file metadata or a zip's central directory, ask
//! here whether they fit, and read at most the limit (plus one byte, to notice a file
//! that grew or an entry that lied about its size). Each refusal is a [`PackError`]
//! with an `import_*` code, naming the file (and field) and the limit.

use crate::course::{PackError, PackErrorKind};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

const MIB: u64 = 1 << 20;

/// Most entries in a zip (course or module pack, Word document), folders included.
pub const MAX_ZIP_ENTRIES: usize = 10_000;
/// Most bytes read from a zip's end and central directory while opening it.
pub const MAX_ZIP_DIRECTORY_BYTES: u64 = 4 * MIB;
/// Most bytes a pack may hold: the total its zip declares, and the total read from it.
pub const MAX_PACK_BYTES: u64 = 512 * MIB;
/// Largest text file: `course.json`, `exams.json`, `module.json`, Markdown, text,
/// transcripts and specifications.
pub const MAX_TEXT_FILE_BYTES: u64 = 8 * MIB;
/// Largest Markdown or text report.
pub const MAX_REPORT_BYTES: u64 = 2 * MIB;
/// Largest other file of a course pack: a PDF or a question's video.
pub const MAX_BINARY_FILE_BYTES: u64 = 64 * MIB;
/// Largest module media file or report picture.
pub const MAX_MEDIA_BYTES: u64 = 20 * MIB;
/// Largest Word (.docx) file on disk.
pub const MAX_DOCX_BYTES: u64 = 32 * MIB;
/// Most bytes a Word document's entries may declare uncompressed, all together.
pub const MAX_DOCX_UNCOMPRESSED_BYTES: u64 = 64 * MIB;
/// Largest XML part of a Word document, uncompressed (it is parsed into memory whole).
pub const MAX_DOCX_XML_BYTES: u64 = 8 * MIB;
/// Most paragraphs, runs and table parts (rows, cells, tables) in a Word document's XML
/// parts together: docx-rs keeps each as a large struct (~2 KB for a paragraph with a
/// run), so 8 MiB of tiny paragraphs would take ~900 MB.
pub const MAX_DOCX_BLOCKS: usize = 40_000;
/// Largest ratio of an entry's declared size to its compressed size (Word documents).
pub const MAX_COMPRESSION_RATIO: u64 = 100;
/// Entries smaller than this are not held to [`MAX_COMPRESSION_RATIO`] (small XML
/// parts compress well and cannot fill memory).
pub const RATIO_EXEMPT_BYTES: u64 = MIB;
/// Longest a PDF's text extraction may run.
pub const PDF_TIMEOUT: Duration = Duration::from_secs(60);
/// Most units in a course.
pub const MAX_UNITS: usize = 1_000;
/// Most content files in a course, all units together.
pub const MAX_CONTENT_FILES: usize = 5_000;
/// Most prerequisite edges in a course.
pub const MAX_PREREQUISITES: usize = 10_000;
/// Most drill templates in a course (each is rendered with several seeds at import).
pub const MAX_DRILLS: usize = 2_000;
/// Most misconceptions in one unit. Each becomes a true-or-false drill, a line of the
/// unit's anchor chunk and a claim the tutor checks answers against, so a unit needs a
/// handful (the packs shipped hold at most 4); without a limit one unit of an 8 MiB
/// `course.json` could hold ~2.8 million blank ones (3.2 s and 352 MiB to parse alone).
/// Items past it are counted while reading, not built.
pub const MAX_MISCONCEPTIONS: usize = 50;
/// Most foreseen mistakes in one drill template. Each is rendered and answer-checked at
/// every seed and draw of the template at import, and compared with every wrong answer
/// a student gives; the packs shipped hold at most 1 a drill, and 100,000 took ~40 s to
/// check in a release build. Items past it are counted while reading, not built.
pub const MAX_MISTAKES: usize = 50;
/// Most sections (passages before chunking) of a course's content files together, or of
/// one specification file: each is embedded at import.
pub const MAX_SECTIONS: usize = 20_000;
/// Most text in a course's sections together (what is cut into chunks and embedded).
pub const MAX_SECTION_TEXT_BYTES: u64 = 64 * MIB;
/// Most exam questions in a course.
pub const MAX_QUESTIONS: usize = 10_000;
/// Most media files in a module.
pub const MAX_MODULE_MEDIA: usize = 500;
/// Most form templates in a module (each has at most 12 fields).
pub const MAX_MODULE_FORMS: usize = 50;
/// Most headings (sections) in an imported report.
pub const MAX_REPORT_SECTIONS: usize = 2_000;
/// Most pictures copied with a Markdown report.
pub const MAX_REPORT_PICTURES: usize = 500;

/// Bytes as people read them (`64 MiB`, `900 KiB`, `12 bytes`).
pub fn human_bytes(bytes: u64) -> String {
    if bytes >= MIB {
        format!("{:.0} MiB", bytes as f64 / MIB as f64)
    } else if bytes >= 1024 {
        format!("{:.0} KiB", bytes as f64 / 1024.0)
    } else {
        format!("{bytes} bytes")
    }
}

/// The byte limit of a pack file, by its extension: text files
/// [`MAX_TEXT_FILE_BYTES`], anything else [`MAX_BINARY_FILE_BYTES`].
pub fn max_file_bytes(path: &str) -> u64 {
    let extension = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match extension.as_str() {
        "json" | "md" | "markdown" | "txt" | "text" | "vtt" | "srt" => MAX_TEXT_FILE_BYTES,
        _ => MAX_BINARY_FILE_BYTES,
    }
}

/// `file` of `bytes` bytes must fit `max`.
pub fn check_size(file: &str, bytes: u64, max: u64) -> Result<(), PackError> {
    if bytes > max {
        return Err(PackError::file(
            PackErrorKind::TooLarge,
            file,
            format!(
                "{} is over the limit of {}",
                human_bytes(bytes),
                human_bytes(max)
            ),
        ));
    }
    Ok(())
}

/// A zip (`file`) must hold at most [`MAX_ZIP_ENTRIES`] entries.
pub fn check_entries(file: &str, entries: usize) -> Result<(), PackError> {
    if entries > MAX_ZIP_ENTRIES {
        return Err(PackError::file(
            PackErrorKind::TooManyEntries,
            file,
            format!("{entries} entries; the limit is {MAX_ZIP_ENTRIES}"),
        ));
    }
    Ok(())
}

/// The elements Word reads into its heaviest structures, by local name.
const WORD_BLOCKS: [&[u8]; 5] = [b"p", b"r", b"tbl", b"tr", b"tc"];

/// How many paragraphs, runs and table parts (start tags, whatever their namespace
/// prefix) the XML `xml` holds.
pub fn word_blocks(xml: &[u8]) -> usize {
    xml.split(|&b| b == b'<')
        .skip(1)
        .filter(|tag| {
            let end = tag
                .iter()
                .position(|&b| b.is_ascii_whitespace() || b == b'>' || b == b'/')
                .unwrap_or(tag.len());
            let local = tag[..end].rsplit(|&b| b == b':').next().unwrap_or_default();
            end > 0 && WORD_BLOCKS.contains(&local)
        })
        .count()
}

/// The refusal of a zip (`file`) whose directory is over [`MAX_ZIP_DIRECTORY_BYTES`].
pub fn directory_too_large(file: &str) -> PackError {
    PackError::file(
        PackErrorKind::TooManyEntries,
        file,
        format!(
            "its directory is larger than {} (or it is not a zip archive)",
            human_bytes(MAX_ZIP_DIRECTORY_BYTES)
        ),
    )
}

/// The entry `entry` of the zip `file` must not declare more than
/// [`MAX_COMPRESSION_RATIO`] times its compressed size (unless it is small).
pub fn check_ratio(
    file: &str,
    entry: &str,
    declared: u64,
    compressed: u64,
) -> Result<(), PackError> {
    if declared >= RATIO_EXEMPT_BYTES && declared / compressed.max(1) > MAX_COMPRESSION_RATIO {
        return Err(PackError::field(
            PackErrorKind::CompressionRatio,
            file,
            entry,
            format!(
                "{} packed into {} (more than {MAX_COMPRESSION_RATIO} to 1)",
                human_bytes(declared),
                human_bytes(compressed)
            ),
        ));
    }
    Ok(())
}

/// The list `field` of `file` must hold at most `max` items.
pub fn check_count(file: &str, field: &str, count: usize, max: usize) -> Result<(), PackError> {
    if count > max {
        return Err(PackError::field(
            PackErrorKind::TooManyItems,
            file,
            field,
            format!("{count} items; the limit is {max}"),
        ));
    }
    Ok(())
}

/// Where `relative` (a path inside a pack or a report's folder, already checked to have
/// no `..`, root or drive) lies under the canonical folder `root`, written out without
/// following anything: the path its canonical form must equal.
pub fn lexical_path(root: &Path, relative: &str) -> PathBuf {
    let mut path = root.to_path_buf();
    path.extend(Path::new(relative).components().filter_map(|c| match c {
        Component::Normal(part) => Some(part),
        _ => None,
    }));
    path
}

/// `relative`'s canonical form `real` must be its [`lexical_path`] `expected`: anything
/// else means a symbolic link on the way (to a file inside the folder or out of it).
pub fn check_real_path(relative: &str, expected: &Path, real: &Path) -> Result<(), PackError> {
    if real != expected {
        return Err(link_refused(relative));
    }
    Ok(())
}

/// The refusal of `file`, a symbolic link or a path through one.
pub fn link_refused(file: &str) -> PackError {
    PackError::file(
        PackErrorKind::Symlink,
        file,
        "is a symbolic link (or passes through one); links are not followed",
    )
}

/// A reader whose reads are counted against a shared allowance: a zip is opened
/// through it so that reading its directory stops at [`MAX_ZIP_DIRECTORY_BYTES`]
/// (the zip crate keeps every directory entry in memory). Set the allowance to
/// `u64::MAX` once the archive is open.
pub struct MeteredReader<R> {
    inner: R,
    allowance: Arc<AtomicU64>,
}

impl<R> MeteredReader<R> {
    /// `inner`, read within `allowance` bytes (shared: the caller keeps a clone to lift
    /// it, and to see whether it ran out).
    pub fn new(inner: R, allowance: Arc<AtomicU64>) -> Self {
        Self { inner, allowance }
    }
}

impl<R: Read> Read for MeteredReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.allowance.load(Ordering::Relaxed);
        if left == 0 && !buf.is_empty() {
            return Err(std::io::Error::other("over the read allowance"));
        }
        let want = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..want])?;
        self.allowance.fetch_sub(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl<R: Seek> Seek for MeteredReader<R> {
    fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        self.inner.seek(to)
    }
}

/// A running count of the sections an import will embed, and of their text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SectionTally {
    sections: usize,
    text: u64,
}

impl SectionTally {
    /// Adds `file`'s `sections` (their text `lengths`), or refuses once the totals pass
    /// [`MAX_SECTIONS`] or [`MAX_SECTION_TEXT_BYTES`].
    pub fn add(
        &mut self,
        file: &str,
        lengths: impl Iterator<Item = usize>,
    ) -> Result<(), PackError> {
        for length in lengths {
            self.sections += 1;
            self.text += length as u64;
        }
        check_count(file, "sections", self.sections, MAX_SECTIONS)?;
        if self.text > MAX_SECTION_TEXT_BYTES {
            return Err(PackError::file(
                PackErrorKind::TooLarge,
                file,
                format!(
                    "the text to index is over the limit of {}",
                    human_bytes(MAX_SECTION_TEXT_BYTES)
                ),
            ));
        }
        Ok(())
    }
}

/// A running total of the bytes an import has read, against a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteBudget {
    left: u64,
    limit: u64,
}

impl ByteBudget {
    /// A budget of `limit` bytes.
    pub fn new(limit: u64) -> Self {
        Self { left: limit, limit }
    }

    /// Takes `bytes` for `file` out of the budget, or refuses: `what` names the total
    /// (e.g. `the pack's files`).
    pub fn spend(&mut self, file: &str, bytes: u64, what: &str) -> Result<(), PackError> {
        match self.left.checked_sub(bytes) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err(PackError::file(
                PackErrorKind::TooLarge,
                file,
                format!("{what} are over the limit of {}", human_bytes(self.limit)),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::Coded;
    use proptest::prelude::*;

    #[test]
    fn sizes_over_the_limit_are_refused_naming_file_and_limit() {
        assert!(check_size("a.md", MAX_TEXT_FILE_BYTES, MAX_TEXT_FILE_BYTES).is_ok());
        let e = check_size("a.md", MAX_TEXT_FILE_BYTES + 1, MAX_TEXT_FILE_BYTES).unwrap_err();
        assert_eq!(e.code(), "import_too_large");
        assert!(e.to_string().starts_with("a.md: "), "{e}");
        assert!(e.to_string().contains("8 MiB"), "{e}");
    }

    #[test]
    fn text_files_have_the_smaller_limit() {
        assert_eq!(max_file_bytes("units/a.MD"), MAX_TEXT_FILE_BYTES);
        assert_eq!(max_file_bytes("course.json"), MAX_TEXT_FILE_BYTES);
        assert_eq!(max_file_bytes("videos/q.mp4"), MAX_BINARY_FILE_BYTES);
        assert_eq!(max_file_bytes("pdf/a.pdf"), MAX_BINARY_FILE_BYTES);
    }

    #[test]
    fn too_many_entries_is_coded() {
        assert!(check_entries("p.zip", MAX_ZIP_ENTRIES).is_ok());
        let e = check_entries("p.zip", MAX_ZIP_ENTRIES + 1).unwrap_err();
        assert_eq!(e.code(), "import_too_many_entries");
    }

    #[test]
    fn a_tightly_packed_large_entry_is_refused_and_small_ones_are_exempt() {
        assert!(check_ratio("r.docx", "word/document.xml", 64 * MIB, MIB).is_ok());
        let e = check_ratio("r.docx", "word/document.xml", 64 * MIB, 64 * 1024).unwrap_err();
        assert_eq!(e.code(), "import_compression_ratio");
        assert_eq!(e.field.as_deref(), Some("word/document.xml"));
        assert!(check_ratio("r.docx", "word/styles.xml", 500_000, 10).is_ok());
        assert!(check_ratio("r.docx", "x", 64 * MIB, 0).is_err());
    }

    #[test]
    fn long_lists_are_refused_naming_the_field() {
        let e = check_count("course.json", "units", MAX_UNITS + 1, MAX_UNITS).unwrap_err();
        assert_eq!(e.code(), "import_too_many_items");
        assert_eq!(e.field.as_deref(), Some("units"));
        assert!(e.detail.contains("1000"), "{}", e.detail);
    }

    #[test]
    fn a_budget_refuses_the_byte_that_overflows_it() {
        let mut budget = ByteBudget::new(10);
        assert!(budget.spend("a", 6, "the files").is_ok());
        assert!(budget.spend("b", 4, "the files").is_ok());
        let e = budget.spend("c", 1, "the files").unwrap_err();
        assert_eq!(
            (e.code().as_str(), e.file.as_str()),
            ("import_too_large", "c")
        );
    }

    #[test]
    fn a_path_whose_canonical_form_differs_is_a_link() {
        let root = Path::new("/data/pack");
        let expected = lexical_path(root, "units/./a.md");
        assert_eq!(expected, Path::new("/data/pack/units/a.md"));
        assert!(check_real_path("units/a.md", &expected, &expected).is_ok());
        let e =
            check_real_path("units/a.md", &expected, Path::new("/home/s/.ssh/id_rsa")).unwrap_err();
        assert_eq!(
            (e.code().as_str(), e.file.as_str()),
            ("import_symlink_refused", "units/a.md")
        );
    }

    #[test]
    fn a_metered_reader_stops_at_its_allowance_until_lifted() {
        let allowance = Arc::new(AtomicU64::new(4));
        let mut reader =
            MeteredReader::new(std::io::Cursor::new(vec![7u8; 10]), Arc::clone(&allowance));
        let mut buf = [0u8; 3];
        assert_eq!(reader.read(&mut buf).unwrap(), 3);
        assert_eq!(reader.read(&mut buf).unwrap(), 1);
        assert!(reader.read(&mut buf).is_err());
        assert_eq!(allowance.load(Ordering::Relaxed), 0);
        allowance.store(u64::MAX, Ordering::Relaxed);
        assert_eq!(reader.read(&mut buf).unwrap(), 3);
    }

    #[test]
    fn word_blocks_count_start_tags_by_local_name() {
        let xml = br#"<w:body><w:p w:rsidR="1"><w:pPr/><w:r><w:t>a</w:t></w:r></w:p><x:p/><w:tbl><w:tr><w:tc/></w:tr></w:tbl></w:body>"#;
        assert_eq!(word_blocks(xml), 6);
        assert_eq!(word_blocks(b"no tags < at all"), 0);
    }

    #[test]
    fn sections_and_their_text_are_tallied_against_the_limits() {
        let mut tally = SectionTally::default();
        assert!(tally
            .add("a.md", std::iter::repeat_n(10, MAX_SECTIONS))
            .is_ok());
        let e = tally.add("b.md", std::iter::once(1)).unwrap_err();
        assert_eq!(
            (e.code().as_str(), e.file.as_str()),
            ("import_too_many_items", "b.md")
        );
        let mut tally = SectionTally::default();
        let e = tally
            .add("c.md", std::iter::once(MAX_SECTION_TEXT_BYTES as usize + 1))
            .unwrap_err();
        assert_eq!(e.code(), "import_too_large");
    }

    #[test]
    fn human_bytes_reads_well() {
        assert_eq!(human_bytes(64 * MIB), "64 MiB");
        assert_eq!(human_bytes(2048), "2 KiB");
        assert_eq!(human_bytes(5), "5 bytes");
    }

    proptest! {
        #[test]
        fn the_budget_never_goes_over(spends in proptest::collection::vec(0u64..u64::MAX, 0..20)) {
            let mut budget = ByteBudget::new(1 << 30);
            let mut total: u128 = 0;
            for bytes in spends {
                if budget.spend("f", bytes, "t").is_ok() {
                    total += u128::from(bytes);
                }
                prop_assert!(total <= 1 << 30);
            }
        }
    }
}
