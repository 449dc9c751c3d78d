//! TLA+ tokens. Comments (`\*` and nested `(* *)`) are skipped; every token keeps its byte span and
//! its 1-based line and character column, which the parser needs for bulleted `/\` `\/` lists.

use crate::error::Diagnostic;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Ident,
    /// Natural number; `text` holds the digits, `base` in the token.
    Num,
    /// Decimal `1.5`: `text` is the whole literal.
    Decimal,
    /// String literal; `text` is the unescaped contents.
    Str,
    /// Operator or punctuation; `text` is the canonical spelling.
    Sym,
    /// Reserved word (`IF`, `LET`, `WF_`, ...).
    Kw,
    /// A line of four or more `-` (module header/separator).
    Dashes,
    /// Four or more `=` (module end).
    ModuleEnd,
    Eof,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub kind: Kind,
    pub text: String,
    pub base: u32,
    pub start: usize,
    pub end: usize,
    pub line: usize,
    pub col: usize,
}

impl Token {
    pub fn is(&self, kind: Kind, text: &str) -> bool {
        self.kind == kind && self.text == text
    }
    pub fn is_sym(&self, text: &str) -> bool {
        self.is(Kind::Sym, text)
    }
    pub fn is_kw(&self, text: &str) -> bool {
        self.is(Kind::Kw, text)
    }
}

pub const KEYWORDS: &[&str] = &[
    "ASSUME", "ASSUMPTION", "AXIOM", "CASE", "CHOOSE", "CONSTANT", "CONSTANTS", "DOMAIN", "ELSE",
    "ENABLED", "EXCEPT", "EXTENDS", "IF", "IN", "INSTANCE", "LET", "LOCAL", "MODULE", "OTHER",
    "SF_", "SUBSET", "THEN", "THEOREM", "UNCHANGED", "UNION", "VARIABLE", "VARIABLES", "WF_", "WITH",
    "LAMBDA", "RECURSIVE", "TRUE", "FALSE", "BOOLEAN", "STRING", "LEMMA", "PROPOSITION", "COROLLARY",
];

/// Symbolic tokens, longest first within each shared prefix (matched greedily by length).
const SYMBOLS: &[&str] = &[
    "(\\X)", "-+->", "<=>", "|->", "::=", "...", "(+)", "(-)", "(.)", "(/)", "]_", ">>_", "=>", "==",
    "=<", "=|", "<=", "<<", "<>", "<:", ">=", ">>", "/\\", "\\/", "/=", "//", "~>", "[]", "::", ":=",
    ":>", "|-", "|=", "||", "->", "<-", "--", "-|", "++", "**", "^+", "^*", "^#", "^^", "!!", "@@", "..",
    "$$", "%%", "&&", "??", "=", "<", ">", "/", "#", "~", "[", "]", "(", ")", "{", "}", ",", ":", "|",
    "-", "+", "*", "^", "!", "@", ".", "'", "$", "%", "&", ";", "_",
];

/// Backslash operators (`\in`, `\cup`, ...), with their canonical name.
const BACKSLASH_OPS: &[(&str, &str)] = &[
    ("in", "\\in"), ("notin", "\\notin"), ("cup", "\\union"), ("union", "\\union"), ("cap", "\\intersect"),
    ("intersect", "\\intersect"), ("subseteq", "\\subseteq"), ("subset", "\\subset"),
    ("supseteq", "\\supseteq"), ("supset", "\\supset"), ("A", "\\A"), ("E", "\\E"), ("AA", "\\AA"),
    ("EE", "\\EE"), ("X", "\\X"), ("times", "\\X"), ("o", "\\o"), ("circ", "\\o"), ("div", "\\div"),
    ("lnot", "~"), ("neg", "~"), ("land", "/\\"), ("lor", "\\/"), ("equiv", "<=>"), ("leq", "<="),
    ("geq", ">="), ("prec", "\\prec"), ("succ", "\\succ"), ("preceq", "\\preceq"),
    ("succeq", "\\succeq"), ("sqsubseteq", "\\sqsubseteq"), ("sqsupseteq", "\\sqsupseteq"),
    ("sqsubset", "\\sqsubset"), ("sqsupset", "\\sqsupset"), ("cdot", "\\cdot"), ("star", "\\star"),
    ("bullet", "\\bullet"), ("oplus", "(+)"), ("ominus", "(-)"), ("otimes", "(\\X)"),
    ("odot", "(.)"), ("oslash", "(/)"), ("uplus", "\\uplus"), ("sqcap", "\\sqcap"),
    ("sqcup", "\\sqcup"), ("wr", "\\wr"), ("propto", "\\propto"), ("asymp", "\\asymp"),
    ("approx", "\\approx"), ("cong", "\\cong"), ("doteq", "\\doteq"), ("sim", "\\sim"),
    ("simeq", "\\simeq"), ("ll", "\\ll"), ("gg", "\\gg"), ("bigcirc", "\\bigcirc"),
];

pub struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    line_start: usize,
    /// Byte offset added to every span (used when lexing a slice of a larger file).
    base_offset: usize,
    /// PlusCal mode: `$variable`/`$value` are identifiers.
    pub pcal: bool,
    /// Last (byte position, column) computed by `col_of`, so columns on a long line are counted
    /// incrementally (counting from the line start each time was quadratic in the line length).
    col_cache: std::cell::Cell<(usize, usize)>,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Self {
        Lexer { src, bytes: src.as_bytes(), pos: 0, line: 1, line_start: 0, base_offset: 0, pcal: false, col_cache: Default::default() }
    }

    /// Lexes `src[start..end]` as part of a larger file so spans and columns stay file-relative.
    pub fn slice(src: &'a str, start: usize, end: usize) -> Self {
        let line = src[..start].bytes().filter(|&b| b == b'\n').count() + 1;
        let line_start = src[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
        Lexer { src: &src[..end], bytes: src[..end].as_bytes(), pos: start, line, line_start, base_offset: 0, pcal: false, col_cache: Default::default() }
    }

    pub fn tokenize(mut self) -> Result<Vec<Token>, Diagnostic> {
        let mut out = Vec::new();
        loop {
            let t = self.next_token()?;
            let eof = t.kind == Kind::Eof;
            out.push(t);
            if eof {
                return Ok(out);
            }
        }
    }

    fn col_of(&self, pos: usize) -> usize {
        let (at, col) = self.col_cache.get();
        let col = if at >= self.line_start && at <= pos && col > 0 {
            col + self.src[at..pos].chars().count()
        } else {
            self.src[self.line_start..pos].chars().count() + 1
        };
        self.col_cache.set((pos, col));
        col
    }

    fn peek_at(&self, i: usize) -> u8 {
        *self.bytes.get(i).unwrap_or(&0)
    }

    fn newline(&mut self, at: usize) {
        self.line += 1;
        self.line_start = at + 1;
    }

    fn skip_space_and_comments(&mut self) -> Result<(), Diagnostic> {
        loop {
            let c = self.peek_at(self.pos);
            if c == b'\n' {
                self.newline(self.pos);
                self.pos += 1;
            } else if c == b' ' || c == b'\t' || c == b'\r' || c == 0x0c {
                self.pos += 1;
            } else if c == b'\\' && self.peek_at(self.pos + 1) == b'*' {
                while self.pos < self.bytes.len() && self.bytes[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else if c == b'(' && self.peek_at(self.pos + 1) == b'*' {
                self.skip_block_comment()?;
            } else {
                return Ok(());
            }
        }
    }

    fn skip_block_comment(&mut self) -> Result<(), Diagnostic> {
        let start = self.pos;
        let mut depth = 0usize;
        while self.pos < self.bytes.len() {
            let c = self.bytes[self.pos];
            if c == b'(' && self.peek_at(self.pos + 1) == b'*' {
                depth += 1;
                self.pos += 2;
            } else if c == b'*' && self.peek_at(self.pos + 1) == b')' {
                depth -= 1;
                self.pos += 2;
                if depth == 0 {
                    return Ok(());
                }
            } else {
                if c == b'\n' {
                    self.newline(self.pos);
                }
                self.pos += 1;
            }
        }
        Err(Diagnostic::parse(self.base_offset + start, "unterminated comment `(*` (no matching `*)`)"))
    }

    fn token(&self, kind: Kind, text: impl Into<String>, start: usize) -> Token {
        Token {
            kind,
            text: text.into(),
            base: 10,
            start: self.base_offset + start,
            end: self.base_offset + self.pos,
            line: self.line,
            col: self.col_of(start),
        }
    }

    pub fn next_token(&mut self) -> Result<Token, Diagnostic> {
        self.skip_space_and_comments()?;
        let start = self.pos;
        if start >= self.bytes.len() {
            return Ok(self.token(Kind::Eof, "", start));
        }
        let c = self.bytes[start];
        if c == b'-' && self.src[start..].starts_with("----") {
            while self.peek_at(self.pos) == b'-' {
                self.pos += 1;
            }
            return Ok(self.token(Kind::Dashes, "----", start));
        }
        if c == b'=' && self.src[start..].starts_with("====") {
            while self.peek_at(self.pos) == b'=' {
                self.pos += 1;
            }
            return Ok(self.token(Kind::ModuleEnd, "====", start));
        }
        if c == b'"' {
            return self.string(start);
        }
        if c.is_ascii_digit() {
            return Ok(self.number(start));
        }
        if c.is_ascii_alphabetic() || c == b'_' || (self.pcal && c == b'$' && self.peek_at(start + 1).is_ascii_alphabetic()) {
            if let Some(t) = self.word(start) {
                return Ok(t);
            }
        }
        if c == b'\\' && self.peek_at(start + 1) != b'/' {
            return self.backslash(start);
        }
        for s in SYMBOLS {
            if self.src[start..].starts_with(s) {
                self.pos += s.len();
                // PGo's canonical spelling of operators with several spellings.
                let canon = match *s {
                    "=<" => "<=",
                    "/=" => "#",
                    other => other,
                };
                return Ok(self.token(Kind::Sym, canon, start));
            }
        }
        let ch = self.src[start..].chars().next().unwrap();
        Err(Diagnostic::parse(self.base_offset + start, format!("unexpected character `{ch}`")))
    }

    fn string(&mut self, start: usize) -> Result<Token, Diagnostic> {
        self.pos += 1;
        let mut s = String::new();
        loop {
            let c = self.peek_at(self.pos);
            match c {
                0 | b'\n' => {
                    return Err(Diagnostic::parse(self.base_offset + start, "unterminated string literal"))
                }
                b'"' => {
                    self.pos += 1;
                    return Ok(self.token(Kind::Str, s, start));
                }
                b'\\' => {
                    let e = self.peek_at(self.pos + 1);
                    s.push(match e {
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'f' => '\x0c',
                        b'"' => '"',
                        b'\\' => '\\',
                        _ => return Err(Diagnostic::parse(self.base_offset + self.pos, "unknown escape in string")),
                    });
                    self.pos += 2;
                }
                _ => {
                    let ch = self.src[self.pos..].chars().next().unwrap();
                    s.push(ch);
                    self.pos += ch.len_utf8();
                }
            }
        }
    }

    fn number(&mut self, start: usize) -> Token {
        while self.peek_at(self.pos).is_ascii_digit() {
            self.pos += 1;
        }
        // An identifier may start with digits (`1a`); numbers may not be followed by letters.
        if self.peek_at(self.pos).is_ascii_alphabetic() || self.peek_at(self.pos) == b'_' {
            let digits_end = self.pos;
            self.pos = start;
            if let Some(w) = self.word(start) {
                return w;
            }
            // digits and underscores only (`1_`): the number ends at the digits
            self.pos = digits_end;
        }
        if self.peek_at(self.pos) == b'.' && self.peek_at(self.pos + 1).is_ascii_digit() {
            self.pos += 1;
            while self.peek_at(self.pos).is_ascii_digit() {
                self.pos += 1;
            }
            let text = self.src[start..self.pos].to_string();
            return self.token(Kind::Decimal, text, start);
        }
        let text = self.src[start..self.pos].to_string();
        self.token(Kind::Num, text, start)
    }

    /// Identifier or keyword; splits `WF_x`/`SF_x` into the keyword and the rest.
    fn word(&mut self, start: usize) -> Option<Token> {
        let mut p = start;
        if self.bytes[p] == b'$' {
            p += 1;
        }
        while p < self.bytes.len() && (self.bytes[p].is_ascii_alphanumeric() || self.bytes[p] == b'_') {
            p += 1;
        }
        let text = &self.src[start..p];
        if !text.bytes().any(|b| b.is_ascii_alphabetic()) {
            return None;
        }
        if text.starts_with("WF_") || text.starts_with("SF_") {
            self.pos = start + 3;
            return Some(self.token(Kind::Kw, &text[..3], start));
        }
        self.pos = p;
        let kind = if KEYWORDS.contains(&text) { Kind::Kw } else { Kind::Ident };
        Some(self.token(kind, text, start))
    }

    fn backslash(&mut self, start: usize) -> Result<Token, Diagnostic> {
        let mut p = start + 1;
        while p < self.bytes.len() && self.bytes[p].is_ascii_alphabetic() {
            p += 1;
        }
        let word = &self.src[start + 1..p];
        // Number forms \b1010, \o17, \hFF.
        if let Some(base) = match word.chars().next() {
            Some('b') | Some('B') => Some(2),
            Some('o') | Some('O') => Some(8),
            Some('h') | Some('H') => Some(16),
            _ => None,
        } {
            let digits_start = start + 2;
            let mut q = digits_start;
            while q < self.bytes.len() && (self.bytes[q] as char).is_digit(base) {
                q += 1;
            }
            let ends_word = !self.peek_at(q).is_ascii_alphanumeric();
            if q > digits_start && ends_word && (base == 16 || self.bytes[digits_start].is_ascii_digit()) {
                self.pos = q;
                let mut t = self.token(Kind::Num, &self.src[digits_start..q], start);
                t.base = base;
                return Ok(t);
            }
        }
        if let Some((_, canon)) = BACKSLASH_OPS.iter().find(|(n, _)| *n == word) {
            self.pos = p;
            return Ok(self.token(Kind::Sym, *canon, start));
        }
        if word.is_empty() {
            self.pos = start + 1;
            return Ok(self.token(Kind::Sym, "\\", start));
        }
        Err(Diagnostic::parse(self.base_offset + start, format!("unknown operator `\\{word}`")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn kinds(s: &str) -> Vec<(Kind, String)> {
        Lexer::new(s).tokenize().unwrap().into_iter().map(|t| (t.kind, t.text)).collect()
    }
    #[test]
    fn numbers_and_comments() {
        let k = kinds("x == \\h1F (* a (* nested *) c *) \\* tail\n \\b101 \\o7 1.5 1..2");
        let texts: Vec<_> = k.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["x", "==", "1F", "101", "7", "1.5", "1", "..", "2", ""]);
    }
    #[test]
    fn wf_split_and_columns() {
        let toks = Lexer::new("WF_vars(A)\n  /\\ x").tokenize().unwrap();
        assert!(toks[0].is_kw("WF_"));
        assert_eq!(toks[1].text, "vars");
        assert_eq!((toks[5].line, toks[5].col), (2, 3));
    }
    #[test]
    fn unterminated_comment_is_error() {
        let e = Lexer::new("a (* b (* c *)").tokenize().unwrap_err();
        assert_eq!(e.offset, 2);
    }
}

#[cfg(test)]
mod regression {
    use super::*;
    #[test]
    fn digits_then_underscore_do_not_panic() {
        let toks = Lexer::new("x[1_] 2a_b").tokenize().unwrap();
        let texts: Vec<_> = toks.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(texts, ["x", "[", "1", "_", "]", "2a_b", ""]);
    }
}
