//! A lexical check of SMT-LIB2 script text, run before any solver sees it, so that every
//! backend reports the same malformed input the same way (`line:col: problem`): control
//! characters such as NUL (which z3 and cvc5 cannot even be handed through their C APIs),
//! unbalanced parentheses, unterminated string literals and `|quoted symbols|`, text outside a
//! command, and a script with no command at all. Well-formedness of the commands themselves is
//! left to the solvers (they name the position).

/// A problem in script text at a 1-based line and column (columns count characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

/// Deepest parenthesis nesting accepted (solvers parse and walk terms recursively).
pub const MAX_NESTING: usize = 100_000;

/// Checks `text` and returns the number of top-level commands (at least 1).
pub fn check_script(text: &str) -> Result<usize, ScriptError> {
    let err = |(line, col): (usize, usize), message: String| Err(ScriptError { line, col, message });
    let (mut line, mut col) = (1usize, 1usize);
    let mut depth = 0usize;
    let mut commands = 0usize;
    // where the current command, string or quoted symbol began
    let mut command_start = (1, 1);
    let mut quote: Option<(char, (usize, usize))> = None;
    let mut in_comment = false;
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        let here = (line, col);
        if ch == '\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
        if ch.is_control() && !matches!(ch, '\n' | '\r' | '\t') {
            return err(here, format!("control character U+{:04X} is not allowed in SMT-LIB text", ch as u32));
        }
        if in_comment {
            in_comment = ch != '\n';
            continue;
        }
        if let Some((q, _)) = quote {
            if ch == q {
                // `""` inside a string literal is an escaped quote
                if q == '"' && chars.peek() == Some(&'"') {
                    chars.next();
                    col += 1;
                    continue;
                }
                quote = None;
            }
            continue;
        }
        match ch {
            ';' => in_comment = true,
            '"' | '|' => quote = Some((ch, here)),
            '(' => {
                if depth == 0 {
                    command_start = here;
                    commands += 1;
                }
                depth += 1;
                if depth > MAX_NESTING {
                    return err(here, format!("nesting too deep (more than {MAX_NESTING} levels of parentheses)"));
                }
            }
            ')' => {
                if depth == 0 {
                    return err(here, "unexpected `)`: no command is open".into());
                }
                depth -= 1;
            }
            c if c.is_whitespace() => {}
            c => {
                if depth == 0 {
                    return err(here, format!("unexpected `{c}` outside a command (commands start with `(`)"));
                }
            }
        }
        let _ = command_start;
    }
    if let Some((q, at)) = quote {
        let what = if q == '"' { "string literal" } else { "quoted symbol `|...|`" };
        return err(at, format!("unterminated {what}"));
    }
    if depth > 0 {
        return err(command_start, format!("command not closed: {depth} `)` missing at the end of the file"));
    }
    if commands == 0 {
        return err((1, 1), "no commands: the file is empty or holds only whitespace and comments".into());
    }
    Ok(commands)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> (usize, usize, String) {
        let e = check_script(text).unwrap_err();
        (e.line, e.col, e.message)
    }

    #[test]
    fn accepts_scripts_and_counts_commands() {
        let t = "; comment with ) and ( and \"\n(set-logic QF_BV)\n(declare-const |a b)| (_ BitVec 8))\n(echo \"x\"\"y)\")\n(check-sat)\n";
        assert_eq!(check_script(t), Ok(4));
    }

    #[test]
    fn rejects_nul_and_control_characters_with_position() {
        let (l, c, m) = at("(check-sat)\n  (assert\0 true)");
        assert_eq!((l, c), (2, 10));
        assert!(m.contains("U+0000"), "{m}");
        // also inside comments and strings
        assert_eq!(at("; a\x01b\n(check-sat)").0, 1);
        assert_eq!(at("(echo \"\x07\")").1, 8);
    }

    #[test]
    fn rejects_empty_and_comment_only_text() {
        for t in ["", "   \n\t\n", "; only\n; comments\n"] {
            let (l, c, m) = at(t);
            assert_eq!((l, c), (1, 1));
            assert!(m.starts_with("no commands"), "{m}");
        }
    }

    #[test]
    fn rejects_unbalanced_and_unterminated_text() {
        assert_eq!(at("(check-sat))").0..=at("(check-sat))").1, 1..=12);
        let (l, c, m) = at("(set-logic QF_BV)\n(assert (= x y)\n(check-sat)\n");
        assert_eq!((l, c), (2, 1));
        assert!(m.contains("1 `)` missing"), "{m}");
        let (l, c, m) = at("(check-sat)\n(echo \"abc)\n");
        assert_eq!((l, c), (2, 7));
        assert!(m.contains("string"), "{m}");
        let (l, c, m) = at("(declare-const |x (_ BitVec 8))");
        assert_eq!((l, c), (1, 16));
        assert!(m.contains("quoted symbol"), "{m}");
        let (l, c, _) = at("(check-sat)\n check-sat");
        assert_eq!((l, c), (2, 2));
    }

    #[test]
    fn bounds_nesting() {
        let deep = |n: usize| format!("(assert {}true{})", "(not ".repeat(n), ")".repeat(n));
        assert_eq!(check_script(&deep(MAX_NESTING - 1)), Ok(1));
        let (l, c, m) = at(&deep(MAX_NESTING));
        assert_eq!((l, c), (1, 9 + 5 * (MAX_NESTING - 1)));
        assert!(m.contains("nesting too deep"), "{m}");
    }
}
