//! A category guessed from an item's words (English and Spanish), so an expense the
//! student did not categorise still lands in the right column of the chart.

use super::contract::Category;
use crate::text::normalize::{normalize, words};

/// Words (normalised, no accents) that point to each category.
const KEYWORDS: &[(Category, &[&str])] = &[
    (
        Category::Food,
        &[
            "lunch", "dinner", "breakfast", "food", "groceries", "grocery", "coffee", "snack",
            "snacks", "pizza", "restaurant", "cafe", "meal", "supermarket", "sandwich", "bread",
            "milk", "fruit", "takeaway", "comida", "cena", "desayuno", "almuerzo", "cafeteria",
            "supermercado", "compra", "merienda", "pan", "leche", "fruta", "restaurante",
            "bocadillo",
        ],
    ),
    (
        Category::Transport,
        &[
            "bus", "train", "taxi", "uber", "fuel", "petrol", "gas", "diesel", "car", "mechanic",
            "parking", "ticket", "metro", "tube", "bike", "bicycle", "garage", "tyre", "tyres",
            "autobus", "tren", "gasolina", "coche", "mecanico", "aparcamiento", "billete",
            "bicicleta", "taller", "transporte",
        ],
    ),
    (
        Category::Housing,
        &[
            "rent", "mortgage", "furniture", "repair", "repairs", "alquiler", "hipoteca",
            "muebles", "reparacion", "piso",
        ],
    ),
    (
        Category::Utilities,
        &[
            "electricity", "electric", "water", "heating", "phone", "mobile", "internet",
            "broadband", "wifi", "bill", "bills", "luz", "electricidad", "agua", "calefaccion",
            "telefono", "movil", "factura", "recibo",
        ],
    ),
    (
        Category::Health,
        &[
            "doctor", "dentist", "medicine", "pharmacy", "chemist", "prescription", "glasses",
            "gym", "medico", "dentista", "medicina", "medicinas", "farmacia", "gafas",
            "gimnasio",
        ],
    ),
    (
        Category::Education,
        &[
            "book", "books", "textbook", "course", "tuition", "fees", "fee", "school",
            "stationery", "notebook", "pens", "calculator", "exam", "library", "libro",
            "libros", "curso", "matricula", "colegio", "escuela", "papeleria", "cuaderno",
            "boligrafos", "calculadora", "examen", "universidad", "university",
        ],
    ),
    (
        Category::Leisure,
        &[
            "cinema", "movie", "movies", "film", "concert", "game", "games", "netflix",
            "spotify", "museum", "party", "trip", "cine", "pelicula", "concierto", "juego",
            "juegos", "museo", "fiesta", "excursion", "viaje",
        ],
    ),
    (
        Category::Shopping,
        &[
            "clothes", "shoes", "shirt", "jacket", "jeans", "gift", "present", "shopping",
            "ropa", "zapatos", "camisa", "chaqueta", "regalo", "zapatillas",
        ],
    ),
];

/// The category named in `text` by its own name ("food", "comida", "transporte"…).
pub fn named_category(text: &str) -> Option<Category> {
    let normalized = normalize(text);
    let said = words(&normalized);
    Category::ALL.into_iter().find(|c| {
        category_names(*c)
            .iter()
            .any(|name| said.iter().any(|w| w == name))
    })
}

/// The names a student may call a category by, English and Spanish.
fn category_names(category: Category) -> &'static [&'static str] {
    match category {
        Category::Food => &["food", "comida", "alimentacion"],
        Category::Transport => &["transport", "travel", "transporte"],
        Category::Housing => &["housing", "home", "vivienda", "casa", "hogar"],
        Category::Utilities => &["utilities", "suministros"],
        Category::Health => &["health", "salud"],
        Category::Education => &["education", "study", "educacion", "estudios"],
        Category::Leisure => &["leisure", "entertainment", "ocio", "entretenimiento"],
        Category::Shopping => &["shopping", "compras"],
        Category::Other => &["other", "otros", "otro"],
    }
}

/// The category an item most likely belongs to, from its words; `Other` when none fits.
pub fn guess_category(item: &str) -> Category {
    let normalized = normalize(item);
    let said = words(&normalized);
    KEYWORDS
        .iter()
        .find(|(_, keys)| said.iter().any(|w| keys.contains(w)))
        .map_or(Category::Other, |(category, _)| *category)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn item_words_pick_the_category_in_either_language() {
        assert_eq!(guess_category("electricity bill"), Category::Utilities);
        assert_eq!(guess_category("Mechanic fee"), Category::Transport);
        assert_eq!(guess_category("la factura de la luz"), Category::Utilities);
        assert_eq!(guess_category("libros de matemáticas"), Category::Education);
        assert_eq!(guess_category("comida con amigos"), Category::Food);
    }

    #[test]
    fn an_unknown_item_is_other() {
        assert_eq!(guess_category("thingamajig"), Category::Other);
    }

    #[test]
    fn a_category_named_outright_is_found() {
        assert_eq!(named_category("how much on Food?"), Some(Category::Food));
        assert_eq!(named_category("gastos de transporte"), Some(Category::Transport));
        assert_eq!(named_category("my lunch"), None);
    }
}
