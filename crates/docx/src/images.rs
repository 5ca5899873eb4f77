//! A Markdown report's own pictures: the local files its bodies show (`![alt](path)`),
//! copied beside Lantern's data at import so the editor can display them without
//! reaching outside its media folder. Only relative paths inside the report's folder
//! are copied; web addresses, absolute paths and `..` are left alone.

use lantern_core::reports::Report;
use regex::Regex;
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

/// Copies the pictures of `report` found beside `source` into `target`; returns how
/// many were copied (a missing picture is skipped: the editor shows its label).
pub fn copy_report_images(report: &Report, source: &Path, target: &Path) -> usize {
    let folder = source.parent().unwrap_or(Path::new("."));
    let mut copied = 0;
    for image in local_images(report) {
        let from = folder.join(&image);
        let to = target.join(&image);
        let done = from.is_file()
            && to
                .parent()
                .is_some_and(|p| std::fs::create_dir_all(p).is_ok())
            && std::fs::copy(&from, &to).is_ok();
        copied += usize::from(done);
    }
    copied
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::reports::import_markdown;

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
