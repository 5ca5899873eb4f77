//! Moving course media from the layout before course ids were pack ids
//! (`media/<course>/<generation>/…`, beside `media/reports` and `media/modules`, so a
//! course named `reports` shared a folder with report pictures) to
//! `media/courses/<course>/…`. The database's video paths gain the same `courses/`
//! prefix in migration 0015; this moves the files they name. Each folder moves with one
//! rename, so a kill leaves every folder either moved or not, and the next start moves
//! the rest.

use lantern_packs::course::COURSE_MEDIA_FOLDER;
use std::path::Path;

/// The media folders that were never a course's.
const NOT_COURSES: [&str; 3] = [COURSE_MEDIA_FOLDER, "reports", "modules"];

/// Moves every course folder directly under `media_root` into `media_root/courses/`;
/// returns how many moved. A generation already present at the new place stays (it was
/// moved before); the old copy is removed.
pub fn move_legacy_course_media(media_root: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(media_root) else {
        return 0;
    };
    let courses = media_root.join(COURSE_MEDIA_FOLDER);
    let mut moved = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let is_folder = entry.file_type().is_ok_and(|t| t.is_dir());
        if !is_folder || NOT_COURSES.iter().any(|n| name == *n) {
            continue;
        }
        let target = courses.join(&name);
        let result = std::fs::create_dir_all(&courses).and_then(|()| {
            if target.exists() {
                merge_generations(&entry.path(), &target)
            } else {
                std::fs::rename(entry.path(), &target)
            }
        });
        match result {
            Ok(()) => moved += 1,
            Err(e) => tracing::warn!("cannot move {}: {e}", entry.path().display()),
        }
    }
    moved
}

/// Moves the generations of `old` that `new` lacks, then removes `old`.
fn merge_generations(old: &Path, new: &Path) -> std::io::Result<()> {
    for generation in std::fs::read_dir(old)?.flatten() {
        let target = new.join(generation.file_name());
        if !target.exists() {
            std::fs::rename(generation.path(), target)?;
        }
    }
    std::fs::remove_dir_all(old)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(root: &Path, path: &str) {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, path.to_string_lossy().as_bytes()).unwrap();
    }

    #[test]
    fn course_folders_move_under_courses_and_reports_and_modules_stay() {
        let media = tempfile::tempdir().unwrap();
        let root = media.path();
        file(root, "grade10-algebra/g1/videos/a.mp4");
        file(root, "reports/7/pic.png");
        file(root, "modules/module-x/g2/b.png");
        file(root, "courses/geometry/g3/c.mp4");
        assert_eq!(move_legacy_course_media(root), 1);
        assert!(root
            .join("courses/grade10-algebra/g1/videos/a.mp4")
            .is_file());
        assert!(!root.join("grade10-algebra").exists());
        assert!(root.join("reports/7/pic.png").is_file());
        assert!(root.join("modules/module-x/g2/b.png").is_file());
        assert!(root.join("courses/geometry/g3/c.mp4").is_file());
        assert_eq!(
            move_legacy_course_media(root),
            0,
            "a second start moves nothing"
        );
    }

    #[test]
    fn a_move_cut_short_is_finished_by_the_next_start() {
        let media = tempfile::tempdir().unwrap();
        let root = media.path();
        file(root, "courses/algebra/g1/a.mp4");
        file(root, "algebra/g1/a.mp4");
        file(root, "algebra/g2/b.mp4");
        assert_eq!(move_legacy_course_media(root), 1);
        assert!(root.join("courses/algebra/g1/a.mp4").is_file());
        assert!(root.join("courses/algebra/g2/b.mp4").is_file());
        assert!(!root.join("algebra").exists());
    }

    #[test]
    fn a_missing_media_folder_moves_nothing() {
        assert_eq!(move_legacy_course_media(Path::new("/nonexistent/media")), 0);
    }
}
