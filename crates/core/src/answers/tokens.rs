//! Student input in the expression parser's syntax, second step: the text is split
//! into numbers, one-letter variables, known functions and signs; the multiplication a
//! student leaves out (`2x`, `3(x+1)`, `(x+1)(x-1)`, `xy`) is written in; a leading or
//! inner minus becomes `-1*…` so that `-3^2` is −9 (the parser would read (−3)²); and
//! `%` divides by 100. The parser itself ([`exmex`]) then parses and evaluates.

/// Functions a student may write.
pub const FUNCTIONS: [&str; 8] = ["sqrt", "sin", "cos", "tan", "ln", "log", "exp", "abs"];

/// One piece of input.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    /// A number literal.
    Num(String),
    /// A one-letter variable.
    Var(char),
    /// A known function.
    Func(&'static str),
    /// π.
    Pi,
    /// `+ - * / ^`.
    Op(char),
    /// `(`.
    Open,
    /// `)`.
    Close,
}

/// Input read as tokens.
#[derive(Debug, Clone, PartialEq)]
pub struct Tokens {
    /// The tokens as the student wrote them (no implicit signs).
    pub written: Vec<Tok>,
}

fn number(chars: &[char], start: usize) -> (String, usize) {
    let mut i = start;
    let mut seen_dot = false;
    while i < chars.len() && (chars[i].is_ascii_digit() || (chars[i] == '.' && !seen_dot)) {
        seen_dot |= chars[i] == '.';
        i += 1;
    }
    let mut text: String = chars[start..i].iter().collect();
    // Scientific notation: 1.5e3, 2E-4 (an `e` followed by a digit or a signed digit).
    if i < chars.len() && (chars[i] == 'e' || chars[i] == 'E') {
        let sign = chars.get(i + 1).is_some_and(|c| *c == '-' || *c == '+');
        let digit_at = if sign { i + 2 } else { i + 1 };
        if chars.get(digit_at).is_some_and(char::is_ascii_digit) {
            let mut j = digit_at;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let exponent: String = chars[i + 1..j].iter().collect();
            text = format!("({text}*10^({exponent}))");
            i = j;
        }
    }
    (text, i)
}

/// Splits plain text into tokens; `None` on a character that has no place in maths.
pub fn tokenize(text: &str) -> Option<Tokens> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            _ if c.is_whitespace() => i += 1,
            '0'..='9' | '.' => {
                let (n, next) = number(&chars, i);
                if n == "." {
                    return None;
                }
                out.push(Tok::Num(n));
                i = next;
            }
            '+' | '-' | '*' | '/' | '^' => {
                out.push(Tok::Op(c));
                i += 1;
            }
            '%' => {
                out.push(Tok::Op('/'));
                out.push(Tok::Num("100".into()));
                i += 1;
            }
            '(' | '[' => {
                out.push(Tok::Open);
                i += 1;
            }
            ')' | ']' => {
                out.push(Tok::Close);
                i += 1;
            }
            _ if c.is_alphabetic() => {
                let word: String = chars[i..]
                    .iter()
                    .take_while(|c| c.is_alphabetic())
                    .collect();
                let len = word.chars().count();
                i += len;
                let lower = word.to_lowercase();
                if let Some(f) = FUNCTIONS.iter().find(|f| **f == lower) {
                    out.push(Tok::Func(f));
                } else if lower == "pi" {
                    out.push(Tok::Pi);
                } else if word.chars().all(|c| c.is_ascii_alphabetic()) && len <= 2 {
                    out.extend(word.chars().map(Tok::Var));
                } else {
                    return None;
                }
            }
            _ => return None,
        }
    }
    Some(Tokens { written: out })
}

fn ends_value(t: &Tok) -> bool {
    matches!(t, Tok::Num(_) | Tok::Var(_) | Tok::Pi | Tok::Close)
}

fn starts_value(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Num(_) | Tok::Var(_) | Tok::Pi | Tok::Open | Tok::Func(_)
    )
}

/// The index just after the operand starting at `i` (a literal, a parenthesised group,
/// or a function with its group), with a following power included.
fn operand_end(tokens: &[Tok], i: usize) -> usize {
    let mut j = i;
    if matches!(tokens.get(j), Some(Tok::Func(_))) {
        j += 1;
    }
    match tokens.get(j) {
        Some(Tok::Open) => {
            let mut depth = 0;
            while j < tokens.len() {
                match tokens[j] {
                    Tok::Open => depth += 1,
                    Tok::Close => {
                        depth -= 1;
                        if depth == 0 {
                            j += 1;
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        Some(_) => j += 1,
        None => {}
    }
    j
}

impl Tokens {
    /// The tokens with implicit multiplications written in.
    fn explicit(&self) -> Vec<Tok> {
        let mut out: Vec<Tok> = Vec::with_capacity(self.written.len() * 2);
        for t in &self.written {
            if let Some(prev) = out.last() {
                let number_after_number = matches!(prev, Tok::Num(_)) && matches!(t, Tok::Num(_));
                if ends_value(prev) && starts_value(t) && !number_after_number {
                    out.push(Tok::Op('*'));
                }
            }
            out.push(t.clone());
        }
        out
    }

    /// The expression in the parser's syntax: variables in braces (so no letter clashes
    /// with a constant), unary minus as `-1*`, a negative exponent in parentheses.
    pub fn to_parser(&self) -> String {
        let tokens = self.explicit();
        let mut out = String::new();
        let mut closes: Vec<usize> = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            let unary = tokens[i] == Tok::Op('-')
                && (i == 0 || matches!(tokens[i - 1], Tok::Op(_) | Tok::Open));
            if unary {
                let after_power = i > 0 && tokens[i - 1] == Tok::Op('^');
                if after_power {
                    out.push_str("(-1*");
                    closes.push(operand_end(&tokens, i + 1));
                } else {
                    out.push_str("-1*");
                }
                i += 1;
                continue;
            }
            let unary_plus = tokens[i] == Tok::Op('+')
                && (i == 0 || matches!(tokens[i - 1], Tok::Op(_) | Tok::Open));
            if !unary_plus {
                match &tokens[i] {
                    Tok::Num(n) => {
                        // Two numbers side by side stay apart (the parser refuses
                        // them) rather than run together into another number.
                        if i > 0 && matches!(tokens[i - 1], Tok::Num(_)) {
                            out.push(' ');
                        }
                        out.push_str(n);
                    }
                    Tok::Var(v) => {
                        out.push('{');
                        out.push(*v);
                        out.push('}');
                    }
                    Tok::Func(f) => out.push_str(f),
                    Tok::Pi => out.push_str("PI"),
                    Tok::Op(c) => out.push(*c),
                    Tok::Open => out.push('('),
                    Tok::Close => out.push(')'),
                }
            }
            i += 1;
            while closes.last() == Some(&i) {
                closes.pop();
                out.push(')');
            }
        }
        for _ in closes {
            out.push(')');
        }
        out
    }

    /// The variables, sorted and unique.
    pub fn variables(&self) -> Vec<char> {
        let mut vars: Vec<char> = self
            .written
            .iter()
            .filter_map(|t| match t {
                Tok::Var(v) => Some(*v),
                _ => None,
            })
            .collect();
        vars.sort_unstable();
        vars.dedup();
        vars
    }

    /// How much was written: the tokens, with parentheses counted (a measure of how
    /// simplified a form is).
    pub fn size(&self) -> usize {
        self.written.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parser(text: &str) -> String {
        tokenize(text).unwrap().to_parser()
    }

    #[test]
    fn implicit_multiplication_is_written_in() {
        assert_eq!(parser("2x"), "2*{x}");
        assert_eq!(parser("2(x+3)"), "2*({x}+3)");
        assert_eq!(parser("(x+1)(x-1)"), "({x}+1)*({x}-1)");
        assert_eq!(parser("xy"), "{x}*{y}");
        assert_eq!(parser("3sqrt(x)"), "3*sqrt({x})");
    }

    #[test]
    fn a_minus_sign_binds_below_a_power() {
        assert_eq!(parser("-3^2"), "-1*3^2");
        assert_eq!(parser("x^-2"), "{x}^(-1*2)");
        assert_eq!(parser("2^-(x+1)"), "2^(-1*({x}+1))");
        assert_eq!(parser("+5"), "5");
    }

    #[test]
    fn numbers_side_by_side_do_not_run_together() {
        assert_eq!(parser("1. 5"), "1. 5");
        assert!(crate::answers::evaluate("1. 5", &Default::default()).is_err());
    }

    #[test]
    fn percent_and_scientific_notation() {
        assert_eq!(parser("25%"), "25/100");
        assert_eq!(parser("1.5e3"), "(1.5*10^(3))");
        assert_eq!(parser("2e"), "2*{e}");
    }

    #[test]
    fn words_and_symbols_that_are_not_maths_are_refused() {
        assert!(tokenize("the answer").is_none());
        assert!(tokenize("x & y").is_none());
        assert!(tokenize("tres").is_none());
        assert!(tokenize("ab").is_some());
    }
}
