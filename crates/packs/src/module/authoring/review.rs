//! `REVIEW.md` of a drafted module: each section's intro and topics with their drafted
//! keywords and notes, what was cut or left out, and what a module needs that notes
//! cannot give (keywords in the other language, pictures, forms).

use super::section::SectionDraft;
use crate::course::authoring::{say, write_checklist, write_head, Head, Shape};
use crate::module::MAX_NOTE_CHARS;
use lantern_core::language::Language;
use std::fmt::Write;

fn section_lines(out: &mut String, n: usize, d: &SectionDraft, l: Language) {
    let s = &d.section;
    let _ = writeln!(
        out,
        "\n### {n}. {} (`{}`)\n\n- {} {}",
        s.title,
        s.id,
        say(l, "Intro:", "Introducción:"),
        s.intro
    );
    for t in &s.topics {
        let words = if l == Language::Es {
            &t.keywords.es
        } else {
            &t.keywords.en
        };
        let words: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
        let cut = if d.cut_notes.contains(&t.id) {
            match l {
                Language::En => format!(" (notes cut to {MAX_NOTE_CHARS} characters)"),
                Language::Es => format!(" (notas recortadas a {MAX_NOTE_CHARS} caracteres)"),
            }
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "- {} `{}` “{}”{cut}: {} {}",
            say(l, "Topic", "Tema"),
            t.id,
            t.title,
            say(l, "keywords", "palabras clave"),
            words.join(", ")
        );
    }
    if d.left_out > 0 {
        let _ = writeln!(
            out,
            "- {} {}",
            say(
                l,
                "Topics left out (over the limit of 12 per section, 200 per module):",
                "Temas que no caben (más de 12 por sección o 200 por módulo):"
            ),
            d.left_out
        );
    }
}

/// The review file of a drafted module.
pub(crate) fn review(
    title: &str,
    id: &str,
    l: Language,
    shape: &Shape,
    sections: &[SectionDraft],
    left_out: usize,
) -> String {
    let mut out = String::new();
    write_head(&mut out, &Head {
        intro: (
            "`lantern module new` drafted this module pack from your notes. A program guessed everything below: read it, correct `module.json`, then run `lantern module check` on this folder. This file is not imported.",
            "`lantern module new` ha preparado este paquete de módulo a partir de tus notas. Todo lo de abajo lo ha adivinado un programa: léelo, corrige `module.json` y después ejecuta `lantern module check` sobre esta carpeta. Este archivo no se importa.",
        ),
        id_label: ("Module id", "Id del módulo"),
        id,
        title,
        language: l,
        shape,
        left_out: (
            left_out,
            "Parts left out (over the limit of 40 sections):",
            "Partes que no caben (más de 40 secciones):",
        ),
    });
    let _ = writeln!(out, "\n## {}\n\n{}", say(l, "Sections and topics", "Secciones y temas"), say(l,
        "A section opens with its intro; a topic counts as covered when a student uses one of its keywords, sends a form that covers it, or moves on from its section. The keywords below come from each topic's title and its bold or defined terms: add the words a student would really say (three to six), and the same in the other language (`keywords.es` or `keywords.en`).",
        "Una sección empieza con su introducción; un tema cuenta como visto cuando el estudiante usa una de sus palabras clave, envía un formulario que lo cubre o pasa a la sección siguiente. Las palabras clave de abajo salen del título de cada tema y de sus términos en negrita o definidos: añade las palabras que diría de verdad un estudiante (de tres a seis), y lo mismo en el otro idioma (`keywords.en` o `keywords.es`)."));
    for (i, d) in sections.iter().enumerate() {
        section_lines(&mut out, i + 1, d, l);
    }
    write_checklist(&mut out, l, (
        "- [ ] Section titles, intros and topic notes say what a student should learn.\n- [ ] Each topic has three to six keywords a student would use, in both languages.\n- [ ] Pictures, videos or sounds are listed in `media` (with `alt` for pictures) and in the sections that show them.\n- [ ] `lantern module check` reports no problems.",
        "- [ ] Los títulos, las introducciones y las notas dicen lo que debe aprender el estudiante.\n- [ ] Cada tema tiene de tres a seis palabras clave que usaría un estudiante, en los dos idiomas.\n- [ ] Las imágenes, vídeos o sonidos están en `media` (con `alt` en las imágenes) y en las secciones que los muestran.\n- [ ] `lantern module check` no informa de problemas.",
    ));
    out
}
