//! A layout document equivalent to PGo's `Description`: strings, line breaks, "ensure a line break",
//! and indentation markers. Rendering follows the same rules (indentation is applied when the
//! first string part of a line is emitted, even an empty one), so output matches PGo byte for byte.

#[derive(Clone, Debug)]
enum Part {
    Str(String),
    Break,
    EnsureBreak,
    Indent,
    Dedent,
}

#[derive(Clone, Debug, Default)]
pub struct D(Vec<Part>);

impl D {
    pub fn new() -> D {
        D(Vec::new())
    }
    /// Text; `\n` inside becomes a line break (like PGo's string interpolation).
    pub fn s(text: &str) -> D {
        let mut d = D::new();
        d.push_str(text);
        d
    }
    pub fn push_str(&mut self, text: &str) -> &mut Self {
        let pieces: Vec<&str> = text.split('\n').collect();
        let last = pieces.len() - 1;
        for (i, piece) in pieces.iter().enumerate() {
            if i < last {
                self.0.push(Part::Str(piece.to_string()));
                self.0.push(Part::Break);
            } else if !piece.is_empty() {
                self.0.push(Part::Str(piece.to_string()));
            }
        }
        self
    }
    pub fn push(&mut self, other: D) -> &mut Self {
        self.0.extend(other.0);
        self
    }
    pub fn then(mut self, other: D) -> D {
        self.0.extend(other.0);
        self
    }
    pub fn t(self, text: &str) -> D {
        self.then(D::s(text))
    }
    pub fn indented(self) -> D {
        let mut v = vec![Part::Indent];
        v.extend(self.0);
        v.push(Part::Dedent);
        D(v)
    }
    pub fn ensure_break_before(self) -> D {
        let mut v = vec![Part::EnsureBreak];
        v.extend(self.0);
        D(v)
    }
    pub fn ensure_break_after(mut self) -> D {
        self.0.push(Part::EnsureBreak);
        self
    }
    pub fn join(items: impl IntoIterator<Item = D>, sep: &str) -> D {
        let mut out = D::new();
        for (i, it) in items.into_iter().enumerate() {
            if i > 0 {
                out.push(D::s(sep));
            }
            out.push(it);
        }
        out
    }
    pub fn concat(items: impl IntoIterator<Item = D>) -> D {
        let mut out = D::new();
        for it in items {
            out.push(it);
        }
        out
    }

    /// The lines, as PGo's `linesIterator` produces them.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut at_start = true;
        let mut has_new_line = true;
        let mut indent = 0usize;
        let mut line = String::new();
        for p in &self.0 {
            match p {
                Part::Break => {
                    at_start = false;
                    has_new_line = true;
                    out.push(std::mem::take(&mut line));
                }
                Part::EnsureBreak => {
                    if !has_new_line || at_start {
                        at_start = false;
                        has_new_line = true;
                        out.push(std::mem::take(&mut line));
                    }
                }
                Part::Indent => indent += 2,
                Part::Dedent => indent -= 2,
                Part::Str(s) => {
                    at_start = false;
                    if has_new_line {
                        has_new_line = false;
                        line.push_str(&" ".repeat(indent));
                    }
                    line.push_str(s);
                }
            }
        }
        if !line.is_empty() || has_new_line {
            out.push(line);
        }
        out
    }

    pub fn render(&self) -> String {
        self.lines().join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn blank_lines_get_indentation_like_pgo() {
        let d = D::s("a {").then(D::s("\n\nb").indented()).t("\n}");
        assert_eq!(d.lines(), vec!["a {", "  ", "  b", "}"]);
    }
    #[test]
    fn ensure_break_only_breaks_mid_line() {
        let d = D::s("x").then(D::s("y").ensure_break_before()).then(D::s("z").ensure_break_before());
        assert_eq!(d.lines(), vec!["x", "y", "z"]);
    }
}
