//! Diagnostics carry a PGo-style error class and a byte offset; `SourceFile` turns offsets into
//! `file:line:col` and a caret line.

use std::fmt;

/// One error: `class` is PGo's error class name (e.g. `ParseFailureError`), `offset` a byte offset
/// into the file the error is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub class: String,
    pub offset: usize,
    pub message: String,
}

impl Diagnostic {
    pub fn new(class: &str, offset: usize, message: impl Into<String>) -> Self {
        Diagnostic { class: class.to_string(), offset, message: message.into() }
    }
    pub fn parse(offset: usize, message: impl Into<String>) -> Self {
        Self::new("ParseFailureError", offset, message)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}: {}", self.class, self.offset, self.message)
    }
}

/// A named source text with a line index for offset -> line:col conversion.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        let text = text.into();
        let mut line_starts = vec![0];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i + 1);
            }
        }
        SourceFile { name: name.into(), text, line_starts }
    }

    /// 1-based line and 1-based column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line];
        let col = self.text.get(start..offset).map(|s| s.chars().count()).unwrap_or(offset - start);
        (line + 1, col + 1)
    }

    pub fn line_text(&self, line: usize) -> &str {
        let start = self.line_starts[line - 1];
        let end = self.line_starts.get(line).copied().unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }

    /// `file:line:col: Class: message` on one line.
    pub fn one_line(&self, d: &Diagnostic) -> String {
        let (l, c) = self.line_col(d.offset);
        format!("{}:{}:{}: {}: {}", self.name, l, c, d.class, d.message)
    }

    /// The one-line form plus the source line and a caret under the column.
    pub fn render(&self, d: &Diagnostic) -> String {
        let (l, c) = self.line_col(d.offset);
        let line = self.line_text(l);
        format!("{}\n  {}\n  {}^", self.one_line(d), line, " ".repeat(c - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn line_col_and_caret() {
        let f = SourceFile::new("a.tla", "ab\ncdé f\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(8), (2, 5)); // after a 2-byte char
        let d = Diagnostic::parse(8, "bad");
        assert_eq!(f.render(&d), "a.tla:2:5: ParseFailureError: bad\n  cdé f\n      ^");
    }
}
