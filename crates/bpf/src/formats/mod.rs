//! Reading and writing programs in the four formats: K2 text (`.k2`), kernel C-macro text
//! (`.bpf`), raw `struct bpf_insn` arrays (`.insns` + `.maps` + `.desc`) and ELF objects (`.o`).
//!
//! Every parse error is a [`ParseError`] that renders as one line naming the file, the position
//! (`line:col` for text, byte offset and instruction index for binaries) and the problem.
//! Writers produce the input's own format; [`write_program`] picks it from [`Source`].

pub mod cmacro;
pub mod elf;
mod elf_shrink;
pub use elf_shrink::btf_ext_problem;
pub mod insns;
pub mod k2;
mod btf;

use crate::isa::Insn;
use crate::program::{Desc, MapDef, ProgType, Program};
use std::fmt;
use std::path::Path;

/// Where in a file a problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pos {
    /// 1-based line and column in a text file.
    Text { line: usize, col: usize },
    /// Byte offset (and instruction index) in a binary file.
    Byte { offset: usize, insn: Option<usize> },
    /// The whole file / not tied to a position.
    File,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub file: String,
    pub pos: Pos,
    pub msg: String,
}

impl ParseError {
    pub fn text(file: &str, line: usize, col: usize, msg: impl Into<String>) -> Self {
        ParseError { file: file.into(), pos: Pos::Text { line, col }, msg: msg.into() }
    }
    pub fn byte(file: &str, offset: usize, insn: Option<usize>, msg: impl Into<String>) -> Self {
        ParseError { file: file.into(), pos: Pos::Byte { offset, insn }, msg: msg.into() }
    }
    pub fn file(file: &str, msg: impl Into<String>) -> Self {
        ParseError { file: file.into(), pos: Pos::File, msg: msg.into() }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let msg = self.msg.replace('\n', " ");
        match &self.pos {
            Pos::Text { line, col } => write!(f, "{}:{}:{}: {}", self.file, line, col, msg),
            Pos::Byte { offset, insn: Some(i) } => write!(f, "{}: byte offset {} (insn {}): {}", self.file, offset, i, msg),
            Pos::Byte { offset, insn: None } => write!(f, "{}: byte offset {}: {}", self.file, offset, msg),
            Pos::File => write!(f, "{}: {}", self.file, msg),
        }
    }
}
impl std::error::Error for ParseError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    K2,
    CMacro,
    Insns,
    Elf,
}

impl Format {
    /// By extension: `.k2`, `.bpf`, `.insns`, `.o`.
    pub fn from_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()? {
            "k2" => Some(Format::K2),
            "bpf" => Some(Format::CMacro),
            "insns" => Some(Format::Insns),
            "o" | "elf" => Some(Format::Elf),
            _ => None,
        }
    }
    pub fn parse(s: &str) -> Option<Format> {
        match s {
            "k2" => Some(Format::K2),
            "bpf" | "cmacro" => Some(Format::CMacro),
            "insns" => Some(Format::Insns),
            "o" | "elf" => Some(Format::Elf),
            _ => None,
        }
    }
}

/// A loaded program and what is needed to write it back in its own format.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub program: Program,
    pub format: Format,
    /// For ELF: the original object and the section the program came from.
    pub elf: Option<elf::ElfSource>,
    /// What loading inferred that the user should know (e.g. an inner map template).
    pub notes: Vec<String>,
}

/// Options for [`load`].
#[derive(Clone, Debug, Default)]
pub struct LoadOptions<'a> {
    pub maps: Option<&'a Path>,
    pub desc: Option<&'a Path>,
    /// ELF section to take (default: the first program section).
    pub section: Option<&'a str>,
    /// Forces a program type (text formats carry none; ELF takes it from the section name).
    pub prog_type: Option<ProgType>,
    /// Overrides the format guessed from the extension.
    pub format: Option<Format>,
}

fn read_file(path: &Path) -> Result<Vec<u8>, ParseError> {
    std::fs::read(path).map_err(|e| ParseError::file(&path.display().to_string(), format!("cannot read: {e}")))
}

fn read_text(path: &Path) -> Result<String, ParseError> {
    let b = read_file(path)?;
    String::from_utf8(b).map_err(|e| {
        ParseError::byte(&path.display().to_string(), e.utf8_error().valid_up_to(), None, "not UTF-8 text")
    })
}

/// Loads a program from `path` in the format its extension names.
/// `.maps`/`.desc` files apply to the text and `.insns` formats.
pub fn load(path: &Path, opts: &LoadOptions) -> Result<Loaded, ParseError> {
    let name = path.display().to_string();
    let format = opts.format.or_else(|| Format::from_path(path)).ok_or_else(|| {
        ParseError::file(&name, "unknown program format (expected .k2, .bpf, .insns or .o)")
    })?;
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let (mut program, elf_src) = match format {
        Format::Elf => {
            let bytes = read_file(path)?;
            let (p, src) = elf::parse(&name, bytes, opts.section)?;
            (p, Some(src))
        }
        Format::Insns => {
            let bytes = read_file(path)?;
            (Program::new(stem, insns::parse_insns(&name, &bytes)?, ProgType::RawCtx), None)
        }
        Format::K2 => (Program::new(stem, k2::parse(&name, &read_text(path)?)?, ProgType::RawCtx), None),
        Format::CMacro => (Program::new(stem, cmacro::parse(&name, &read_text(path)?)?, ProgType::RawCtx), None),
    };
    if format != Format::Elf {
        if let Some(t) = opts.prog_type {
            program.prog_type = t;
            program.ctx_size = t.default_ctx_size();
        }
        if let Some(m) = opts.maps {
            program.maps = insns::parse_maps(&m.display().to_string(), &read_text(m)?)?;
        }
        let desc = match opts.desc {
            Some(d) => insns::parse_desc(&d.display().to_string(), &read_text(d)?)?,
            None => Desc::default(),
        };
        program.apply_desc(&desc);
    } else if let Some(t) = opts.prog_type {
        program.prog_type = t;
        program.ctx_size = t.default_ctx_size();
    }
    program.validate().map_err(|e| match format {
        Format::Insns => ParseError::byte(&name, e.pc * 8, Some(e.pc), e.msg),
        Format::Elf => {
            let off = elf_src.as_ref().map(|s| s.insn_file_offset(e.pc)).unwrap_or(0);
            ParseError::byte(&name, off, Some(e.pc), e.msg)
        }
        Format::K2 | Format::CMacro => {
            let line = text_line_of_slot(&program.insns, e.pc);
            ParseError::text(&name, line, 1, e.msg)
        }
    })?;
    let notes = crate::mapinmap::resolve(&mut program);
    Ok(Loaded { program, format, elf: elf_src, notes })
}

/// Text formats write one line per instruction (LDDW is one line): line of slot `pc`.
fn text_line_of_slot(insns: &[Insn], pc: usize) -> usize {
    let mut line = 1;
    let mut i = 0;
    while i < pc && i < insns.len() {
        i += if insns[i].is_lddw() { 2 } else { 1 };
        line += 1;
    }
    line
}

/// Serializes `insns` (same maps/type as `loaded.program`) in the loaded program's format.
pub fn write_program(loaded: &Loaded, insns: &[Insn]) -> Result<Vec<u8>, String> {
    match loaded.format {
        Format::K2 => Ok(k2::write(insns)?.into_bytes()),
        Format::CMacro => Ok(cmacro::write(insns).into_bytes()),
        Format::Insns => Ok(crate::isa::encode_all(insns)),
        Format::Elf => {
            let src = loaded.elf.as_ref().ok_or("ELF program without its source object")?;
            elf::write(src, insns)
        }
    }
}

/// What happens to deleted instructions (`ja +0`) when a program is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nops {
    /// Removed, every jump/call offset (and for ELF: relocations, symbols, BTF.ext) fixed.
    Drop,
    /// Kept as `ja +0` (K2's marking; not counted as instructions).
    Keep,
}

/// Writes `insns` (in the loaded slot layout, deleted instructions as `ja +0`) in the loaded
/// program's format, dropping or keeping the deleted slots.
pub fn write_program_nops(loaded: &Loaded, insns: &[Insn], nops: Nops) -> Result<Vec<u8>, String> {
    write_as_nops(loaded, insns, loaded.format, nops)
}

/// [`write_as`] with a choice for deleted instructions. With [`Nops::Drop`] and nothing to
/// drop the output is what [`write_as`] gives (an ELF object stays byte-identical).
pub fn write_as_nops(loaded: &Loaded, insns: &[Insn], format: Format, nops: Nops) -> Result<Vec<u8>, String> {
    let has_nops = crate::isa::remove_nops(insns).len() != insns.len();
    match (format, nops) {
        (_, Nops::Keep) => write_as(loaded, insns, format),
        (_, Nops::Drop) if !has_nops => write_as(loaded, insns, format),
        (Format::Elf, Nops::Drop) => {
            let src = loaded.elf.as_ref().ok_or("ELF output needs an ELF input object to patch")?;
            let bytes = elf_shrink::write_shrunk(src, insns)?;
            check_shrunk(src, &bytes, insns)?;
            Ok(bytes)
        }
        (_, Nops::Drop) => write_as(loaded, &crate::isa::remove_nops(insns), format),
    }
}

/// The shrunk object must read back as exactly the compacted program (same instructions after
/// linking and map resolution, same maps): a writer bug becomes an error, never a wrong file.
fn check_shrunk(src: &elf::ElfSource, bytes: &[u8], insns: &[Insn]) -> Result<(), String> {
    let (back, _) = elf::parse("(shrunk object)", bytes.to_vec(), Some(&src.section)).map_err(|e| format!("shrunk object does not parse: {e}"))?;
    let (orig, _) = elf::parse("(original object)", src.bytes.clone(), Some(&src.section)).map_err(|e| e.to_string())?;
    if back.insns != crate::isa::remove_nops(insns) || back.maps != orig.maps {
        return Err("internal: shrunk ELF object does not read back as the compacted program".into());
    }
    Ok(())
}

/// Writes in another format (for `veriforge bpf convert`). ELF output needs an ELF input.
pub fn write_as(loaded: &Loaded, insns: &[Insn], format: Format) -> Result<Vec<u8>, String> {
    match format {
        Format::K2 => Ok(k2::write(insns)?.into_bytes()),
        Format::CMacro => Ok(cmacro::write(insns).into_bytes()),
        Format::Insns => Ok(crate::isa::encode_all(insns)),
        Format::Elf => {
            let src = loaded.elf.as_ref().ok_or("ELF output needs an ELF input object to patch")?;
            elf::write(src, insns)
        }
    }
}

/// Renders maps in K2's `.maps` format.
pub fn write_maps(maps: &[MapDef]) -> String {
    maps.iter()
        .map(|m| {
            format!(
                "{} {{ type = {}, key_size = {}, value_size = {}, max_entries = {}, fd = {} }}\n",
                m.name, m.map_type, m.key_size, m.value_size, m.max_entries, m.fd
            )
        })
        .collect()
}

/// Splits a text line into (column, token) pairs on whitespace and the given separators.
pub(crate) fn tokens(line: &str, seps: &[char]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut start = 0;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() || seps.contains(&c) {
            if !cur.is_empty() {
                out.push((start + 1, std::mem::take(&mut cur)));
            }
        } else {
            if cur.is_empty() {
                start = i;
            }
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push((start + 1, cur));
    }
    out
}

/// Parses a decimal or `0x` hex integer with optional sign.
pub(crate) fn parse_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let body = body.trim_end_matches(['u', 'U', 'l', 'L']);
    let v = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()? as i128
    } else {
        body.parse::<u64>().ok()? as i128
    };
    let v = if neg { -v } else { v };
    if v < i64::MIN as i128 || v > u64::MAX as i128 {
        return None;
    }
    Some(v as i64)
}
