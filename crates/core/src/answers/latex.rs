//! Student input in the expression parser's syntax, first step: LaTeX commands
//! (`\frac{a}{b}`, `\sqrt{x}`, `\sqrt[3]{x}`, `\cdot`, `\times`, `\div`, `\pi`,
//! `\left(`…), math delimiters and Unicode signs (− × ÷ · √ π ² ³) become plain text
//! with parentheses. Braces left over from LaTeX grouping become parentheses.

/// Longest input the checker reads, in characters.
pub const MAX_INPUT_CHARS: usize = 500;

/// Plain replacements, applied before the structural commands.
const REPLACEMENTS: [(&str, &str); 28] = [
    ("\\displaystyle", ""),
    ("\\left", ""),
    ("\\right", ""),
    ("\\,", " "),
    ("\\;", " "),
    ("\\!", ""),
    ("\\ ", " "),
    ("\\cdot", "*"),
    ("\\times", "*"),
    ("\\div", "/"),
    ("\\pi", " pi "),
    ("\\circ", "°"),
    ("^{\\circ}", "°"),
    ("\\%", "%"),
    ("\\lbrace", "{"),
    ("\\rbrace", "}"),
    ("\\{", "{"),
    ("\\}", "}"),
    ("$", ""),
    ("−", "-"),
    ("–", "-"),
    ("×", "*"),
    ("·", "*"),
    ("⋅", "*"),
    ("÷", "/"),
    ("π", " pi "),
    ("²", "^2"),
    ("³", "^3"),
];

/// The brace group starting at `start` (which must be `{`): its content and the index
/// just after its closing brace.
fn group(chars: &[char], start: usize) -> Option<(String, usize)> {
    if chars.get(start) != Some(&'{') {
        return None;
    }
    let mut depth = 0;
    for (i, c) in chars.iter().enumerate().skip(start) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((chars[start + 1..i].iter().collect(), i + 1));
                }
            }
            _ => {}
        }
    }
    None
}

/// The bracket option `[n]` starting at `start`, if any.
fn option(chars: &[char], start: usize) -> Option<(String, usize)> {
    if chars.get(start) != Some(&'[') {
        return None;
    }
    let end = chars[start..].iter().position(|c| *c == ']')? + start;
    Some((chars[start + 1..end].iter().collect(), end + 1))
}

fn skip_spaces(chars: &[char], mut i: usize) -> usize {
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    i
}

/// Rewrites `\frac`, `\dfrac`, `\tfrac` and `\sqrt` (with an optional index),
/// recursively; `None` when a command's argument is missing.
fn commands(text: &str, depth: usize) -> Option<String> {
    if depth > 20 {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '\\' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let name: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        let after = i + 1 + name.chars().count();
        match name.as_str() {
            "frac" | "dfrac" | "tfrac" => {
                let (top, next) = group(&chars, skip_spaces(&chars, after))?;
                let (bottom, next) = group(&chars, skip_spaces(&chars, next))?;
                let top = commands(&top, depth + 1)?;
                let bottom = commands(&bottom, depth + 1)?;
                out.push_str(&format!("(({top})/({bottom}))"));
                i = next;
            }
            "sqrt" => {
                let at = skip_spaces(&chars, after);
                let (index, at) = match option(&chars, at) {
                    Some((index, next)) => (Some(index), next),
                    None => (None, at),
                };
                let (body, next) = group(&chars, skip_spaces(&chars, at))?;
                let body = commands(&body, depth + 1)?;
                match index {
                    Some(n) => out.push_str(&format!("(({body})^(1/({n})))")),
                    None => out.push_str(&format!("sqrt({body})")),
                }
                i = next;
            }
            "" => return None,
            other => {
                // Unknown commands keep their name (`\sin` → `sin`), so the parser
                // decides whether it knows them.
                out.push(' ');
                out.push_str(other);
                out.push(' ');
                i = after;
            }
        }
    }
    Some(out)
}

/// The input as plain text with parentheses; `None` when it is too long or a LaTeX
/// command is malformed.
pub fn delatex(input: &str) -> Option<String> {
    if input.chars().count() > MAX_INPUT_CHARS {
        return None;
    }
    let mut text = input.to_string();
    for (from, to) in REPLACEMENTS {
        text = text.replace(from, to);
    }
    let text = commands(&text, 0)?;
    Some(text.replace('{', "(").replace('}', ")"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_and_roots_become_parentheses() {
        assert_eq!(delatex("\\frac{1}{2}").unwrap(), "((1)/(2))");
        assert_eq!(delatex("\\dfrac{\\sqrt{x}}{3}").unwrap(), "((sqrt(x))/(3))");
        assert_eq!(delatex("\\sqrt[3]{8}").unwrap(), "((8)^(1/(3)))");
        assert_eq!(delatex("x^{2}").unwrap(), "x^(2)");
    }

    #[test]
    fn signs_and_delimiters_are_plain() {
        assert_eq!(delatex("$2 \\times 3$").unwrap(), "2 * 3");
        assert_eq!(delatex("−4 ÷ 2").unwrap(), "-4 / 2");
        assert_eq!(delatex("x²").unwrap(), "x^2");
    }

    #[test]
    fn malformed_or_huge_input_is_refused() {
        assert_eq!(delatex("\\frac{1}"), None);
        assert_eq!(delatex("\\"), None);
        assert_eq!(delatex(&"1".repeat(MAX_INPUT_CHARS + 1)), None);
    }
}
