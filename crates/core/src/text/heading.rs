//! Headings as people number them.

/// A heading's title without its leading number ("2.1 ", "3. ", "4) ").
pub fn strip_number(title: &str) -> String {
    let title = title.trim();
    let digits_and_dots = title
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ')'))
        .unwrap_or(title.len());
    let (prefix, rest) = title.split_at(digits_and_dots);
    // "2024 budget" keeps its year: a number needs a dot or a parenthesis.
    let numbered = prefix.starts_with(|c: char| c.is_ascii_digit())
        && prefix.contains(['.', ')'])
        && rest.starts_with(char::is_whitespace)
        && !rest.trim().is_empty();
    if numbered {
        rest.trim().to_string()
    } else {
        title.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_stripped_but_numeric_titles_kept() {
        assert_eq!(strip_number("2.1 Gutters"), "Gutters");
        assert_eq!(strip_number("3. Roofing"), "Roofing");
        assert_eq!(strip_number("4) Costs"), "Costs");
        assert_eq!(strip_number("2024"), "2024");
        assert_eq!(strip_number("2024 budget"), "2024 budget");
        assert_eq!(strip_number("Roofing"), "Roofing");
    }
}
