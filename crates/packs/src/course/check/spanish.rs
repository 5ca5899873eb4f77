//! Spanish for the problems whose rule has no Spanish of its own: serde's messages about
//! a JSON file (a syntax error, a missing or unknown field, a wrong type) and the
//! readers' errors (a file too large, a link, a zip that cannot be read). What cannot
//! be translated is kept in English after a Spanish summary.

use crate::course::PackErrorKind;

/// serde's words for JSON's types and what it expected, in Spanish.
const TYPE_WORDS: [(&str, &str); 14] = [
    ("one of ", "uno de "),
    (" or ", " o "),
    ("a string", "un texto"),
    ("a sequence", "una lista"),
    ("a map", "un objeto"),
    ("a boolean", "verdadero o falso"),
    ("u32", "un número entero"),
    ("i64", "un número entero"),
    ("f64", "un número"),
    ("struct ", "un objeto "),
    ("integer", "número entero"),
    ("floating point", "número decimal"),
    ("boolean", "booleano"),
    ("sequence", "lista"),
];

fn spanish_words(text: &str) -> String {
    TYPE_WORDS
        .iter()
        .fold(text.to_string(), |t, (en, es)| t.replace(en, es))
}

/// serde's message about a field, in Spanish, when it has one of the usual forms.
fn serde_field_message(detail: &str) -> Option<String> {
    let (head, expected) = detail
        .split_once(", expected ")
        .map_or((detail, None), |(h, e)| (h, Some(e)));
    let expected = expected
        .map(|e| format!("; se esperaba {}", spanish_words(e)))
        .unwrap_or_default();
    let said = if let Some(name) = head.strip_prefix("missing field ") {
        format!("falta el campo {name}")
    } else if let Some(name) = head.strip_prefix("unknown field ") {
        format!("campo desconocido {name}")
    } else if let Some(value) = head.strip_prefix("unknown variant ") {
        format!("valor desconocido {value}")
    } else if let Some(found) = head.strip_prefix("invalid type: ") {
        format!("tipo incorrecto: {}", spanish_words(found))
    } else if let Some(found) = head.strip_prefix("invalid value: ") {
        format!("valor no válido: {found}")
    } else if let Some(found) = head.strip_prefix("invalid length ") {
        format!("longitud no válida: {found}")
    } else if head.starts_with("data did not match any variant") {
        "el valor no tiene ninguna de las formas admitidas".to_string()
    } else {
        return None;
    };
    Some(format!("{said}{expected}"))
}

/// serde_json's syntax messages, in Spanish.
const SYNTAX: [(&str, &str); 10] = [
    ("EOF while parsing", "el archivo se acaba antes de cerrar"),
    ("trailing comma", "sobra una coma"),
    ("expected `,` or `}`", "falta `,` o `}`"),
    ("expected `,` or `]`", "falta `,` o `]`"),
    ("expected `:`", "falta `:`"),
    ("key must be a string", "una clave debe ir entre comillas"),
    ("expected value", "falta un valor"),
    ("trailing characters", "sobra texto al final"),
    ("invalid escape", "secuencia de escape no válida"),
    (
        "control character",
        "carácter de control dentro de un texto",
    ),
];

/// A Spanish message for an error of `kind` whose English is `detail`.
pub fn spanish_detail(kind: PackErrorKind, detail: &str) -> String {
    let lead = match kind {
        PackErrorKind::InvalidField => {
            if let Some(said) = serde_field_message(detail) {
                return said;
            }
            "valor no válido"
        }
        PackErrorKind::InvalidJson => {
            let what = SYNTAX
                .iter()
                .find(|(en, _)| detail.contains(en))
                .map_or("no es JSON válido", |(_, es)| es);
            return format!("no es JSON válido: {what} ({detail})");
        }
        PackErrorKind::NotFound => "no existe",
        PackErrorKind::Unreadable => "no se puede leer",
        PackErrorKind::MissingFile => "no está en el paquete",
        PackErrorKind::DuplicateId => "un id se repite",
        PackErrorKind::UnknownUnit => "nombra algo que no existe",
        PackErrorKind::Cycle => "los prerrequisitos forman un ciclo",
        PackErrorKind::MissingCorrectOption => "la opción correcta no está entre las opciones",
        PackErrorKind::UnsupportedContent => "tipo de archivo no admitido",
        PackErrorKind::PdfUnreadable => "el PDF no se puede leer o no tiene texto",
        PackErrorKind::InvalidDrill => "la plantilla de ejercicio no es correcta",
        PackErrorKind::TooLarge => "supera el límite de tamaño",
        PackErrorKind::TooManyEntries => "el zip tiene demasiadas entradas",
        PackErrorKind::CompressionRatio => "el zip está comprimido más de lo permitido",
        PackErrorKind::DuplicatePath => "el archivo se nombra más de una vez",
        PackErrorKind::TooManyItems => "hay más elementos de los permitidos",
        PackErrorKind::Symlink => "es un enlace simbólico o sale del paquete",
        PackErrorKind::TimedOut => "la lectura tardó demasiado",
    };
    format!("{lead} ({detail})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_field_messages_are_translated() {
        assert_eq!(
            spanish_detail(PackErrorKind::InvalidField, "missing field `memo`"),
            "falta el campo `memo`"
        );
        assert_eq!(
            spanish_detail(
                PackErrorKind::InvalidField,
                "unknown variant `platinum`, expected one of `bronze`, `silver`, `gold`"
            ),
            "valor desconocido `platinum`; se esperaba uno de `bronze`, `silver`, `gold`"
        );
        assert_eq!(
            spanish_detail(
                PackErrorKind::InvalidField,
                "invalid type: integer `7`, expected a string"
            ),
            "tipo incorrecto: número entero `7`; se esperaba un texto"
        );
    }

    #[test]
    fn syntax_errors_and_reader_errors_keep_the_english_detail() {
        let es = spanish_detail(
            PackErrorKind::InvalidJson,
            "expected `,` or `}` at line 2 column 14",
        );
        assert!(es.starts_with("no es JSON válido: falta `,` o `}`"), "{es}");
        assert_eq!(
            spanish_detail(PackErrorKind::TooLarge, "9 MiB; at most 8 MiB"),
            "supera el límite de tamaño (9 MiB; at most 8 MiB)"
        );
    }
}
