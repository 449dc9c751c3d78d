//! PlusCal / Modular PlusCal front-end (PGo-compatible): parsing, semantic checks with PGo's error
//! classes and byte offsets, and MPCal -> PlusCal generation.

pub mod ast;
pub mod parser;

pub use parser::{locate_block, parse_block};
pub mod desc;
pub mod render;
pub mod check;
pub mod rewrite;
pub mod scope;

use vf_tla::{Diagnostic, Module};

/// Options of `pcalgen` / `check-syntax`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// PGo's `--no-multiple-writes`: at most one write per variable per label.
    pub no_multiple_writes: bool,
}

/// Offset where PGo stops reading the module: the `\* BEGIN TRANSLATION` line (or the end).
pub fn translation_start(src: &str) -> usize {
    let mut off = 0;
    for line in src.split_inclusive('\n') {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix("\\*") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            if words.len() >= 2 && words[0] == "BEGIN" && words[1] == "TRANSLATION" {
                return off;
            }
        }
        off += line.len();
    }
    src.len()
}

/// Parses the module text before `\* BEGIN TRANSLATION` (what PGo reads).
pub fn parse_module_before_translation(src: &str) -> Result<Module, Diagnostic> {
    let cut = translation_start(src);
    if cut >= src.len() {
        return vf_tla::parse_module(src);
    }
    let mut text = src[..cut].to_string();
    text.push_str("\n====\n");
    vf_tla::parse_module(&text)
}

/// Everything PGo checks before generating code: TLA+ scoping, the algorithm block's syntax,
/// and the semantic checks. Returns the module and block, or all errors found.
pub fn analyze(src: &str, opts: Options) -> Result<(Module, ast::Block), Vec<Diagnostic>> {
    let module = parse_module_before_translation(src).map_err(|d| vec![d])?;
    let tstart = translation_start(src);
    let scope_errs = check::check_module_scoping(&module, tstart);
    if !scope_errs.is_empty() {
        return Err(scope_errs);
    }
    let (block, _) = parse_block(src).map_err(|d| vec![d])?;
    let errs = check::check_block(&check::CheckInput { module: &module, block: &block, translation_start: tstart, no_multiple_writes: opts.no_multiple_writes });
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok((module, block))
}

/// Checks the `\* BEGIN PLUSCAL TRANSLATION` / `\* END PLUSCAL TRANSLATION` markers and returns
/// the byte ranges of the lines before the begin marker and after the end marker.
pub fn chop(src: &str) -> Result<(usize, usize), Diagnostic> {
    let marker = |line: &str, word: &str| -> Option<usize> {
        let t = line.trim_start();
        let rest = t.strip_prefix("\\*")?;
        let w: Vec<&str> = rest.split_whitespace().collect();
        if w.len() == 3 && w[0] == word && w[1] == "PLUSCAL" && w[2] == "TRANSLATION" && rest.starts_with(char::is_whitespace) {
            Some(line.len() - t.len())
        } else {
            None
        }
    };
    let mut off = 0;
    let mut begin_end: Option<usize> = None;
    for line in src.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        if begin_end.is_none() {
            if let Some(i) = marker(body, "END") {
                return Err(Diagnostic::new("PCalTagsError", off + i + 3, "`\\* END PLUSCAL TRANSLATION` found before `\\* BEGIN PLUSCAL TRANSLATION`"));
            }
            if marker(body, "BEGIN").is_some() {
                begin_end = Some(off);
            }
        } else if marker(body, "BEGIN").is_some() {
            return Err(Diagnostic::new("PCalTagsError", off, "second `\\* BEGIN PLUSCAL TRANSLATION`"));
        } else if marker(body, "END").is_some() {
            return Ok((begin_end.unwrap(), off + line.len()));
        }
        off += line.len();
    }
    Err(Diagnostic::new(
        "PCalTagsError",
        src.len(),
        "one or both of `\\* BEGIN PLUSCAL TRANSLATION` and `\\* END PLUSCAL TRANSLATION` not found, or not found in the correct order",
    ))
}

/// PlusCal parse -> PGo-style render -> parse, AST-equal (PGo's PCalReadWriteTests). Uses the
/// translation block of `.expectpcal` files, else the file's algorithm block.
pub fn pcal_roundtrip(src: &str) -> Result<(), String> {
    let block = match parser::parse_translation(src) {
        Ok(b) => b,
        Err(_) => parse_block(src).map_err(|d| d.to_string())?.0,
    };
    let rendered = render::algorithm(&block).render();
    let text = format!("(*\n{rendered}\n*)\n");
    let mut again = parse_block(&text).map_err(|d| format!("re-parse: {d}"))?.0;
    again.syntax = block.syntax; // PGo renders P-syntax algorithms in C syntax
    if again == block {
        Ok(())
    } else {
        Err("PlusCal AST differs after render".into())
    }
}

/// Compares the `\* BEGIN TRANSLATION` blocks of two files by TLA+ AST (checksums and layout
/// aside): each block's definitions are parsed as module units.
pub fn translation_blocks_equal(a: &str, b: &str) -> Result<(), String> {
    let ua = translation_units(a).map_err(|e| format!("ours: {e}"))?;
    let ub = translation_units(b).map_err(|e| format!("expected: {e}"))?;
    if ua == ub {
        Ok(())
    } else {
        let i = ua.iter().zip(&ub).position(|(x, y)| x != y).unwrap_or(ua.len().min(ub.len()));
        Err(format!("definitions differ at unit {i} (ours {} units, expected {})", ua.len(), ub.len()))
    }
}

fn translation_units(src: &str) -> Result<Vec<vf_tla::Unit>, String> {
    let start = translation_start(src);
    if start >= src.len() {
        return Err("no `\\* BEGIN TRANSLATION`".into());
    }
    let end = src[start..].find("\\* END TRANSLATION").map(|i| start + i).ok_or("no `\\* END TRANSLATION`")?;
    let body = &src[start..end];
    let body = body.split_once('\n').map(|x| x.1).unwrap_or("");
    let text = format!("---- MODULE T ----\n{body}\n====\n");
    vf_tla::parse_module(&text).map(|m| m.units).map_err(|d| d.to_string())
}

/// MPCal/PlusCal -> PlusCal: the whole file with the generated algorithm between the
/// `\* BEGIN PLUSCAL TRANSLATION` and `\* END PLUSCAL TRANSLATION` markers, and the TLA+
/// translation in the `\* BEGIN TRANSLATION` block.
pub fn pcalgen(src: &str, opts: Options) -> Result<String, Vec<Diagnostic>> {
    pcalgen_full(src, opts).map(|g| g.text)
}

/// Result of `pcalgen_full`: the new file text, and why the TLA+ translation block was left
/// as it was, if it was.
pub struct Generated {
    pub text: String,
    pub tla_warning: Option<String>,
}

/// `pcalgen`, also reporting whether the TLA+ block could be regenerated.
pub fn pcalgen_full(src: &str, opts: Options) -> Result<Generated, Vec<Diagnostic>> {
    let (module, block) = analyze(src, opts)?;
    if block.body.is_none() && block.processes.is_empty() && block.instances.is_empty() {
        return Err(vec![Diagnostic::new("MPCalEffectivelyNoProcesses", block.span.start, "the algorithm has no processes, so there is no PlusCal to generate")]);
    }
    // PGo checks the markers after generating; we check them first so a file with bad markers
    // is reported the same way even where our generator does not support the input.
    let (before, after) = chop(src).map_err(|d| vec![d])?;
    let _ = opts;
    let mut idents = codegen::identifiers(src, 0, translation_start(src).min(src.len()));
    // only the block itself: the old generated PlusCal after it must not influence fresh names
    idents.extend(codegen::identifiers(src, block.span.start, block.span.end));
    let pcal = codegen::generate_with_names(&module, &block, &idents).map_err(|d| vec![d])?;
    let mut out = String::with_capacity(src.len() + 4096);
    out.push_str(&src[..before]);
    out.push_str("\\* BEGIN PLUSCAL TRANSLATION\n");
    for line in render::algorithm(&pcal).lines() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str("\n\\* END PLUSCAL TRANSLATION\n");
    out.push_str(&src[after..]);
    match write_tla_translation(&out) {
        Ok(t) => Ok(Generated { text: t, tla_warning: None }),
        Err(why) => Ok(Generated { text: out, tla_warning: Some(why) }),
    }
}
pub mod codegen;
pub mod translate;

/// Replaces (or adds) the `\* BEGIN TRANSLATION` ... `\* END TRANSLATION` block of `text`, which
/// must already contain the generated PlusCal, with our TLA+ translation of it.
pub fn write_tla_translation(text: &str) -> Result<String, String> {
    let block = parser::parse_translation(text).map_err(|d| format!("generated PlusCal does not parse: {d}"))?;
    let sf = vf_tla::SourceFile::new("out", text.to_string());
    let units = translate::translate(&block, &|sp| sf.line_col(sp.start))?;
    let mut tla = String::from("\\* BEGIN TRANSLATION\n");
    for u in &units {
        let mut p = vf_tla::printer::Printer::default();
        p.unit(u);
        tla.push_str(&p.out);
        tla.push_str("\n\n");
    }
    tla.push_str("\\* END TRANSLATION\n");
    let after_pcal = text.find("\\* END PLUSCAL TRANSLATION").unwrap_or(0);
    let begin = after_pcal + translation_start(&text[after_pcal..]);
    if begin >= text.len() {
        // no block: put it before the module's closing line
        let end = text.rfind("\n====").map(|i| i + 1).unwrap_or(text.len());
        return Ok(format!("{}{}{}", &text[..end], tla, &text[end..]));
    }
    let rest = &text[begin..];
    let end = match rest.find("\\* END TRANSLATION") {
        Some(i) => begin + i + rest[i..].find('\n').map(|j| j + 1).unwrap_or(rest.len() - i),
        None => {
            // only a BEGIN line: replace that line
            begin + rest.find('\n').map(|j| j + 1).unwrap_or(rest.len())
        }
    };
    Ok(format!("{}{}{}", &text[..begin], tla, &text[end..]))
}
pub mod mapping;
pub mod gogen;
pub mod validate;
