//! Imported courses: units, prerequisite edges and exam questions.

use crate::{Store, StoreError};
use lantern_core::llm::BoxFuture;
use lantern_packs::course::media_path;
use lantern_packs::course::{
    CatalogError, CourseCatalog, CourseManifest, ExamFile, UnitVocabulary,
};
use serde::Serialize;

/// A course as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct CourseSummary {
    /// Course id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Number of units.
    pub units: i64,
    /// Number of exam questions.
    pub questions: i64,
    /// When it was (last) imported, RFC 3339 UTC.
    pub imported_at: String,
}

fn json(value: &impl Serialize) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Query(sqlx::Error::Encode(Box::new(e))))
}

impl Store {
    /// Saves `course`, `exams` and each unit's `vocabulary` and publishes the course's index `generation`, in one
    /// transaction, replacing an earlier import of the same course id; on failure the
    /// earlier import stays as it was.
    pub async fn replace_course(
        &self,
        course: &CourseManifest,
        exams: &ExamFile,
        vocabulary: &[(String, UnitVocabulary)],
        generation: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO index_generations (source, generation) VALUES (?, ?) \
             ON CONFLICT (source) DO UPDATE SET generation = excluded.generation",
        )
        .bind(&course.id)
        .bind(generation)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM courses WHERE id = ?")
            .bind(&course.id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO courses (id, title, language, description, entry_unit) VALUES (?, ?, ?, ?, ?)")
            .bind(&course.id)
            .bind(&course.title)
            .bind(&course.language)
            .bind(&course.description)
            .bind(&course.entry_unit)
            .execute(&mut *tx)
            .await?;
        for (position, unit) in course.units.iter().enumerate() {
            sqlx::query(
                "INSERT INTO course_units (course_id, id, position, title, anchor, tags, misconceptions, drills, vocabulary) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(&course.id)
            .bind(&unit.id)
            .bind(position as i64)
            .bind(&unit.title)
            .bind(&unit.anchor)
            .bind(json(&unit.tags)?)
            .bind(json(&unit.misconceptions)?)
            .bind(json(&unit.drills)?)
            .bind(
                vocabulary
                    .iter()
                    .find(|(id, _)| *id == unit.id)
                    .map(|(_, v)| json(v))
                    .transpose()?,
            )
            .execute(&mut *tx)
            .await?;
        }
        for edge in &course.prerequisites {
            sqlx::query("INSERT OR IGNORE INTO course_prerequisites (course_id, from_unit, to_unit) VALUES (?, ?, ?)")
                .bind(&course.id)
                .bind(&edge.from)
                .bind(&edge.to)
                .execute(&mut *tx)
                .await?;
        }
        for (position, q) in exams.questions.iter().enumerate() {
            sqlx::query(
                "INSERT INTO exam_questions (course_id, id, position, tier, stem, options, correct, memo, tags, transcript, video) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(&course.id)
            .bind(&q.id)
            .bind(position as i64)
            .bind(q.tier.as_str())
            .bind(&q.stem)
            .bind(json(&q.options)?)
            .bind(&q.correct)
            .bind(&q.memo)
            .bind(json(&q.tags)?)
            .bind(&q.transcript)
            .bind(q.video.as_ref().map(|path| media_path(&course.id, generation, path)))
            .execute(&mut *tx)
            .await?;
            for unit in &q.unit_ids {
                sqlx::query("INSERT OR IGNORE INTO exam_question_units (course_id, question_id, unit_id) VALUES (?, ?, ?)")
                    .bind(&course.id)
                    .bind(&q.id)
                    .bind(unit)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Every owner's published index generation, as `(source, generation)`.
    pub async fn published_generations(&self) -> Result<Vec<(String, String)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT source, generation FROM index_generations ORDER BY source")
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Every imported course, by title.
    pub async fn list_courses(&self) -> Result<Vec<CourseSummary>, StoreError> {
        Ok(sqlx::query_as::<_, CourseSummary>(
            "SELECT c.id, c.title, c.imported_at, \
               (SELECT COUNT(*) FROM course_units u WHERE u.course_id = c.id) AS units, \
               (SELECT COUNT(*) FROM exam_questions q WHERE q.course_id = c.id) AS questions \
             FROM courses c ORDER BY c.title COLLATE NOCASE",
        )
        .fetch_all(&self.pool)
        .await?)
    }
}

impl CourseCatalog for Store {
    fn replace_course<'a>(
        &'a self,
        course: &'a CourseManifest,
        exams: &'a ExamFile,
        vocabulary: &'a [(String, UnitVocabulary)],
        generation: &'a str,
    ) -> BoxFuture<'a, Result<(), CatalogError>> {
        Box::pin(async move {
            Store::replace_course(self, course, exams, vocabulary, generation)
                .await
                .map_err(|e| CatalogError(e.to_string()))
        })
    }

    fn published_generations(&self) -> BoxFuture<'_, Result<Vec<(String, String)>, CatalogError>> {
        Box::pin(async move {
            Store::published_generations(self)
                .await
                .map_err(|e| CatalogError(e.to_string()))
        })
    }
}
