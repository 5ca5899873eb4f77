//! `REVIEW.md`: what `lantern course new` drafted and what the teacher should check —
//! each unit's source notes, anchor, prerequisite, misconceptions with the true-or-false
//! question the tutor will ask, and the gap-fill questions it will make from the notes'
//! definitions — in the course's language.

use super::outline::Shape;
use super::unit::UnitDraft;
use crate::course::cloze::{cloze_of, misconception_true_false};
use crate::course::CourseManifest;
use lantern_core::language::Language;
use std::fmt::Write;

/// English or Spanish, by the course's language.
pub(crate) fn say<'a>(language: Language, en: &'a str, es: &'a str) -> &'a str {
    match language {
        Language::En => en,
        Language::Es => es,
    }
}

/// How the notes were read, in words.
pub(crate) fn shape_words(shape: &Shape, language: Language) -> String {
    match shape {
        Shape::FilePerPart => say(
            language,
            "one part per file, in file-name order",
            "una parte por archivo, en el orden de los nombres",
        )
        .to_string(),
        Shape::Folders => say(
            language,
            "one part per file or folder, in name order",
            "una parte por archivo o carpeta, en el orden de los nombres",
        )
        .to_string(),
        Shape::Headings { file, level } => match language {
            Language::En => format!(
                "one part per `{}` heading of `{file}`",
                "#".repeat(usize::from(*level))
            ),
            Language::Es => format!(
                "una parte por cada título `{}` de `{file}`",
                "#".repeat(usize::from(*level))
            ),
        },
        Shape::Single => say(
            language,
            "all the notes as one part",
            "todas las notas como una sola parte",
        )
        .to_string(),
    }
}

fn unit_section(out: &mut String, n: usize, d: &UnitDraft, requires: Option<&str>, l: Language) {
    let u = &d.unit;
    let _ = writeln!(out, "\n### {n}. {} (`{}`)\n", u.title, u.id);
    for c in &d.copies {
        let _ = writeln!(
            out,
            "- {} `{}` ({} `{}`)",
            say(l, "Notes:", "Notas:"),
            c.pack_path,
            say(l, "from", "de"),
            c.from
        );
    }
    let _ = match requires {
        Some(p) => writeln!(out, "- {} `{p}`", say(l, "Requires:", "Requiere:")),
        None => writeln!(
            out,
            "- {}",
            say(
                l,
                "Requires nothing: students start here.",
                "No requiere nada: los estudiantes empiezan aquí."
            )
        ),
    };
    let cut = if d.anchor_cut {
        say(
            l,
            ", cut to what the tutor's concept card shows",
            ", recortado a lo que muestra la tarjeta del tutor",
        )
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "- {}{cut}:\n\n  > {}\n\n  {}",
        say(
            l,
            "Anchor, from the first paragraph",
            "Ancla, del primer párrafo"
        ),
        u.anchor,
        say(
            l,
            "Check that it says what the unit teaches, in two or three sentences.",
            "Comprueba que dice lo que enseña la unidad, en dos o tres frases."
        )
    );
    let tags: Vec<String> = u.tags.iter().map(|t| format!("`{t}`")).collect();
    let _ = writeln!(
        out,
        "- {} {}",
        say(l, "Tags:", "Etiquetas:"),
        if tags.is_empty() {
            say(l, "none", "ninguna").to_string()
        } else {
            tags.join(", ")
        }
    );
    misconception_lines(out, d, l);
    cloze_lines(out, d, l);
}

fn misconception_lines(out: &mut String, d: &UnitDraft, l: Language) {
    let u = &d.unit;
    if u.misconceptions.is_empty() {
        let _ = writeln!(out, "- {}", say(l,
            "Misconceptions: none found. Add lines such as `Misconception: …` to the notes, or write them in `misconceptions`.",
            "Errores comunes: no se encontró ninguno. Añade líneas como `Error común: …` a las notas, o escríbelos en `misconceptions`."));
        return;
    }
    let moved = d.moved;
    let _ = match (l, moved) {
        (Language::En, 1) => writeln!(out, "- Misconceptions: 1 line of the notes was moved into `misconceptions`, so the tutor does not quote it as a fact; it asks it as a true-or-false question whose answer is false:"),
        (Language::En, _) => writeln!(out, "- Misconceptions: {moved} lines of the notes were moved into `misconceptions`, so the tutor does not quote them as facts; it asks each as a true-or-false question whose answer is false:"),
        (Language::Es, 1) => writeln!(out, "- Errores comunes: 1 línea de las notas pasó a `misconceptions`, para que el tutor no la cite como un hecho; la pregunta como verdadero o falso, y la respuesta es falso:"),
        (Language::Es, _) => writeln!(out, "- Errores comunes: {moved} líneas de las notas pasaron a `misconceptions`, para que el tutor no las cite como hechos; pregunta cada una como verdadero o falso, y la respuesta es falso:"),
    };
    for (i, m) in u.misconceptions.iter().enumerate() {
        let _ = match misconception_true_false(u, i, l) {
            Some(drill) => writeln!(
                out,
                "  - `{}`: {} {} ({} {})",
                m.tag,
                say(l, "True or false?", "¿Verdadero o falso?"),
                drill.question_latex,
                say(l, "answer:", "respuesta:"),
                drill.key.answer
            ),
            None => writeln!(
                out,
                "  - `{}`: “{}” — {}",
                m.tag,
                m.text,
                say(
                    l,
                    "too short for a true-or-false question; it still names a common mistake.",
                    "demasiado corto para una pregunta de verdadero o falso; sigue nombrando un error común."
                )
            ),
        };
    }
}

fn cloze_lines(out: &mut String, d: &UnitDraft, l: Language) {
    if d.definitions.is_empty() {
        let _ = writeln!(out, "- {}", say(l,
            "Gap-fill questions: no sentence of the form “X is Y” found; the tutor still makes gap-fills from the anchor and the notes.",
            "Preguntas de completar: no hay frases del tipo «X es Y»; el tutor sigue haciendo preguntas de completar con el ancla y las notas."));
        return;
    }
    let _ = writeln!(out, "- {}", say(l,
        "Gap-fill questions the tutor can make from the definitions in the notes (the defined terms are the unit's tags):",
        "Preguntas de completar que el tutor puede hacer con las definiciones de las notas (los términos definidos son las etiquetas de la unidad):"));
    for def in &d.definitions {
        let _ = match cloze_of(&def.sentence, &d.unit) {
            Some(c) => writeln!(
                out,
                "  - {} ({} {})",
                c.blanked,
                say(l, "answer:", "respuesta:"),
                c.answer
            ),
            None => writeln!(
                out,
                "  - “{}” — {}",
                def.sentence,
                say(
                    l,
                    "no gap-fill: the tutor needs a sentence of 5 to 32 words with a word to blank.",
                    "sin pregunta: el tutor necesita una frase de 5 a 32 palabras con una palabra que ocultar."
                )
            ),
        };
    }
    let _ = writeln!(out, "  {}", say(l,
        "To change a gap, reword the sentence in the notes or change the unit's `tags`.",
        "Para cambiar el hueco, reescribe la frase en las notas o cambia las `tags` de la unidad."));
}

fn exam_section(out: &mut String, course: &CourseManifest, l: Language) {
    let first = course.units.first().map_or("unit-id", |u| u.id.as_str());
    let _ = writeln!(out, "\n## {}\n\n{}\n", say(l, "Exam questions", "Preguntas de examen"), say(l,
        "`exams.json` has no questions yet, so students cannot take exams. Add multiple-choice questions like this one (docs/course-pack.md, “exams.json”); the memo says why the right option is right:",
        "`exams.json` aún no tiene preguntas, así que no hay exámenes. Añade preguntas de opción múltiple como esta (docs/course-pack.md, «exams.json»); el memo explica por qué la opción correcta lo es:"));
    let _ = writeln!(
        out,
        "```json\n{{ \"id\": \"Q1\", \"unitIds\": [\"{first}\"], \"tier\": \"bronze\",\n  \"stem\": \"…\",\n  \"options\": [ {{ \"id\": \"A\", \"text\": \"…\" }}, {{ \"id\": \"B\", \"text\": \"…\" }} ],\n  \"correct\": \"A\",\n  \"memo\": \"…\" }}\n```"
    );
}

/// What a review file says first: what drafted the pack and how to go on, then how the
/// notes were read and what the pack is.
pub(crate) struct Head<'a> {
    /// What was drafted and what to correct, in English and Spanish.
    pub intro: (&'a str, &'a str),
    /// "Course id" / "Module id", in English and Spanish.
    pub id_label: (&'a str, &'a str),
    /// The pack's id.
    pub id: &'a str,
    /// Its title.
    pub title: &'a str,
    /// Its language.
    pub language: Language,
    /// How the notes were read.
    pub shape: &'a Shape,
    /// Parts left out over a limit, and what that limit is, in English and Spanish.
    pub left_out: (usize, &'a str, &'a str),
}

/// Writes a review file's title and opening list.
pub(crate) fn write_head(out: &mut String, head: &Head<'_>) {
    let l = head.language;
    let _ = writeln!(
        out,
        "# {}\n\n{}\n",
        say(l, "Review this draft", "Revisa este borrador"),
        say(l, head.intro.0, head.intro.1)
    );
    let _ = writeln!(
        out,
        "- {} {}.\n- {} `{}`, {} “{}”, {} `{}`.",
        say(l, "How the notes were read:", "Cómo se leyeron las notas:"),
        shape_words(head.shape, l),
        say(l, head.id_label.0, head.id_label.1),
        head.id,
        say(l, "title", "título"),
        head.title,
        say(l, "language", "idioma"),
        l.code()
    );
    let (n, en, es) = head.left_out;
    if n > 0 {
        let _ = writeln!(out, "- {} {n}", say(l, en, es));
    }
}

/// Writes a review file's closing checklist.
pub(crate) fn write_checklist(out: &mut String, l: Language, items: (&str, &str)) {
    let _ = writeln!(
        out,
        "\n## {}\n\n{}",
        say(l, "Before you import", "Antes de importar"),
        say(l, items.0, items.1)
    );
}

/// The review file of a drafted course.
pub(crate) fn review(
    course: &CourseManifest,
    units: &[UnitDraft],
    shape: &Shape,
    left_out: usize,
) -> String {
    let l = Language::from_code(&course.language).unwrap_or_default();
    let mut out = String::new();
    write_head(&mut out, &Head {
        intro: (
            "`lantern course new` drafted this course pack from your notes. A program guessed everything below: read it, correct `course.json` and the notes in `units/`, then run `lantern course check` on this folder. This file is not imported.",
            "`lantern course new` ha preparado este paquete de curso a partir de tus notas. Todo lo de abajo lo ha adivinado un programa: léelo, corrige `course.json` y las notas de `units/`, y después ejecuta `lantern course check` sobre esta carpeta. Este archivo no se importa.",
        ),
        id_label: ("Course id", "Id del curso"),
        id: &course.id,
        title: &course.title,
        language: l,
        shape,
        left_out: (
            left_out,
            "Parts left out (over the unit limit):",
            "Partes que no caben (más del límite de unidades):",
        ),
    });
    let _ = writeln!(out, "\n## {}\n\n{}", say(l, "Units and prerequisites", "Unidades y prerrequisitos"), say(l,
        "Units follow the order of your notes, and each requires the one before it: `prerequisites` in `course.json`, where `{ \"from\": \"A\", \"to\": \"B\" }` means A before B. Delete an edge where a unit does not need the one before it; add one where it needs an earlier unit.",
        "Las unidades siguen el orden de tus notas y cada una requiere la anterior: `prerequisites` en `course.json`, donde `{ \"from\": \"A\", \"to\": \"B\" }` significa A antes que B. Borra una arista si una unidad no necesita la anterior; añade una si necesita otra anterior."));
    for (i, d) in units.iter().enumerate() {
        let requires = i
            .checked_sub(1)
            .and_then(|p| units.get(p))
            .map(|p| p.unit.id.as_str());
        unit_section(&mut out, i + 1, d, requires, l);
    }
    exam_section(&mut out, course, l);
    write_checklist(&mut out, l, (
        "- [ ] Titles and anchors say what each unit teaches.\n- [ ] The prerequisites are right.\n- [ ] Each misconception is a real mistake, stated as a student would believe it.\n- [ ] Exam questions with memos are added.\n- [ ] `lantern course check` reports no problems.",
        "- [ ] Los títulos y las anclas dicen lo que enseña cada unidad.\n- [ ] Los prerrequisitos son correctos.\n- [ ] Cada error común es un error real, escrito como lo creería un estudiante.\n- [ ] Hay preguntas de examen con memo.\n- [ ] `lantern course check` no informa de problemas.",
    ));
    out
}
