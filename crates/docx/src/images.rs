//! A Markdown report's own pictures: the local files its bodies show (`![alt](path)`),
//! copied beside Lantern's data at import so the editor can display them without
//! reaching outside its media folder. Only relative paths inside the report's folder
//! are copied; web addresses, absolute paths and `..` are left alone; a picture that is
//! a symbolic link (or reached through one) or over the size limit refuses the import.

use lantern_packs::course::PackError;
use lantern_packs::import_limits::{
    check_count, check_real_path, check_size, lexical_path, link_refused, MAX_MEDIA_BYTES,
    MAX_REPORT_PICTURES,
};
use lantern_reports::{Report, ReportError};
use regex::Regex;
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::sync::LazyLock;

static IMAGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"!\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)"#).expect("valid regex")
});

/// The folder of report `report_id`'s pictures under `media_root`.
pub fn report_media_dir(media_root: &Path, report_id: i64) -> PathBuf {
    media_root.join("reports").join(report_id.to_string())
}

/// Whether `path` is relative and stays inside its folder (no scheme, no `..`).
fn is_local_relative(path: &str) -> bool {
    let has_scheme = path.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
    });
    !has_scheme
        && Path::new(path)
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

/// The local pictures `report` shows, as written in its Markdown, without repeats.
pub fn local_images(report: &Report) -> Vec<String> {
    let texts = std::iter::once(report.preamble_md.as_str()).chain(
        report
            .all_sections()
            .into_iter()
            .map(|s| s.body_md.as_str()),
    );
    let mut found: Vec<String> = Vec::new();
    for text in texts {
        for c in IMAGE.captures_iter(text) {
            let path = c[1].to_string();
            if is_local_relative(&path) && !found.contains(&path) {
                found.push(path);
            }
        }
    }
    found
}

/// The picture `relative` of the report folder `folder` (canonical): its real path if it
/// is a regular file there, `None` if it is missing; refused if it is a symbolic link
/// (or passes through one) or larger than [`MAX_MEDIA_BYTES`].
fn picture(folder: &Path, relative: &str) -> Result<Option<PathBuf>, PackError> {
    let expected = lexical_path(folder, relative);
    let Ok(real) = std::fs::canonicalize(&expected) else {
        let dangling = std::fs::symlink_metadata(&expected).is_ok_and(|m| m.is_symlink());
        return if dangling {
            Err(link_refused(relative))
        } else {
            Ok(None)
        };
    };
    check_real_path(relative, &expected, &real)?;
    match std::fs::metadata(&real) {
        Ok(meta) if meta.is_file() => {
            check_size(relative, meta.len(), MAX_MEDIA_BYTES)?;
            Ok(Some(real))
        }
        _ => Ok(None),
    }
}

/// The pictures of `report` found beside its file `source`, as (path in the report,
/// real path): at most [`MAX_REPORT_PICTURES`], none a link, none over
/// [`MAX_MEDIA_BYTES`]; missing ones are left out (the editor shows their label).
pub fn report_pictures(
    report: &Report,
    source: &Path,
) -> Result<Vec<(String, PathBuf)>, ReportError> {
    let refused = ReportError::ImportRefused;
    let images = local_images(report);
    let label = source.display().to_string();
    check_count(&label, "pictures", images.len(), MAX_REPORT_PICTURES).map_err(refused)?;
    let parent = source.parent().filter(|p| !p.as_os_str().is_empty());
    let folder = std::fs::canonicalize(parent.unwrap_or(Path::new(".")))
        .map_err(|e| ReportError::ImportFailed(format!("{label}: {e}")))?;
    let mut found = Vec::new();
    for image in images {
        if let Some(real) = picture(&folder, &image).map_err(refused)? {
            found.push((image, real));
        }
    }
    Ok(found)
}

/// Copies the pictures of `report` found beside `source` into `target`, checked again
/// as [`report_pictures`] does and each copied at most [`MAX_MEDIA_BYTES`]; returns how
/// many were copied (none if a check fails now: the import checked them before).
pub fn copy_report_images(report: &Report, source: &Path, target: &Path) -> usize {
    let pictures = match report_pictures(report, source) {
        Ok(pictures) => pictures,
        Err(e) => {
            tracing::warn!("report pictures not copied: {e}");
            return 0;
        }
    };
    pictures
        .iter()
        .filter(|(image, real)| copy_at_most(real, &target.join(image), MAX_MEDIA_BYTES))
        .count()
}

/// Copies `from` to the new file `to` ([`lantern_store::write_new_file_with`]) if it
/// holds at most `max` bytes (a file that grew is not kept).
fn copy_at_most(from: &Path, to: &Path, max: u64) -> bool {
    to.parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| {
            let mut reader = std::fs::File::open(from)?.take(max + 1);
            lantern_store::write_new_file_with(to, |file| match std::io::copy(&mut reader, file)? {
                n if n <= max => Ok(()),
                _ => Err(std::io::Error::other("the picture grew past its limit")),
            })
        })
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_reports::import_markdown;

    #[test]
    fn only_relative_pictures_inside_the_folder_count() {
        let report = import_markdown(
            "# R\n\n![a](img/a.png) ![b](https://x.org/b.png) ![c](/etc/c.png) ![d](../d.png) ![a again](img/a.png \"t\")\n\n## S\n\n![e](<e f.png>)",
            "r",
        )
        .unwrap();
        assert_eq!(local_images(&report), ["img/a.png"]);
    }

    #[test]
    fn pictures_beside_the_report_are_copied_and_missing_ones_skipped() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("img")).unwrap();
        std::fs::write(dir.path().join("img/a.png"), b"png").unwrap();
        let source = dir.path().join("report.md");
        let report = import_markdown("# R\n\n![a](img/a.png) ![m](missing.png)", "r").unwrap();
        let target = report_media_dir(&dir.path().join("media"), 7);
        assert_eq!(copy_report_images(&report, &source, &target), 1);
        assert_eq!(std::fs::read(target.join("img/a.png")).unwrap(), b"png");
    }
}
