//! `veriforge mpcal ...`: the Modular PlusCal front-end (PGo-compatible).

use crate::failure::Failure;
use crate::output::write_atomically;
use crate::Ctx;
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use vf_tla::{Diagnostic, SourceFile};

#[derive(Args)]
pub struct MpcalArgs {
    #[command(subcommand)]
    cmd: MpcalCmd,
}

#[derive(Subcommand)]
enum MpcalCmd {
    /// MPCal -> PlusCal: rewrite the file's `\* BEGIN PLUSCAL TRANSLATION` block (in place, like PGo, or to -o).
    Pcalgen {
        spec: PathBuf,
        /// At most one write per variable per label (PGo's --no-multiple-writes).
        #[arg(long)]
        no_multiple_writes: bool,
        /// Write the result here instead of replacing the input file.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Parse and run every semantic check; report errors with PGo's class names and offsets.
    CheckSyntax {
        spec: PathBuf,
        #[arg(long)]
        no_multiple_writes: bool,
    },
    /// MPCal -> Go: every archetype (and the definitions and constants it uses) against go/distsys.
    Gogen {
        spec: PathBuf,
        /// Go file to write.
        #[arg(short, long)]
        output: PathBuf,
        /// Go package name (default: the MPCal algorithm's name, lower-cased).
        #[arg(long)]
        package: Option<String>,
        /// At most one write per variable per label (PGo's --no-multiple-writes).
        #[arg(long)]
        no_multiple_writes: bool,
        /// Compile a built-in operator PGo cannot compile (Nat, STRING, Bags, SelectSeq, ...) to Go
        /// that panics when evaluated, as PGo does, instead of reporting it.
        #[arg(long)]
        unsupported_panics: bool,
    },
    /// Check that a run recorded by go/distsys (VERIFORGE_TRACE_DIR) is a behaviour of the spec.
    Validate {
        spec: PathBuf,
        /// Directory of *.jsonl trace files, one per archetype instance.
        traces: PathBuf,
        /// TLC configuration (constants of the run; default: spec.cfg next to the spec).
        #[arg(long, alias = "cfg")]
        config: Option<PathBuf>,
        /// Give up (exit 1, "not validated") when one level of the search holds more nodes.
        #[arg(long, default_value_t = 200_000)]
        max_nodes: usize,
        /// Ignore the steps' recorded commit windows (by default a step that committed before
        /// another started is ordered first; only the vector clocks order steps without this).
        #[arg(long)]
        no_real_time: bool,
    },
    /// Print the file's PlusCal `--algorithm` in PGo's layout, or a TLA+-only module in canonical form.
    Fmt {
        spec: PathBuf,
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

/// Parsing, checks, translation, printing and dropping of the trees recurse per tree level; the
/// parser bounds the depth (`vf_tla::MAX_NESTING`, `MAX_TREE_DEPTH`) and the work runs on a
/// thread whose stack fits the deepest tree it accepts.
pub fn run(ctx: Ctx, args: MpcalArgs) -> Result<(), Failure> {
    vf_tla::run_with_deep_stack(move || run_here(ctx, args))
}

fn run_here(ctx: Ctx, args: MpcalArgs) -> Result<(), Failure> {
    match args.cmd {
        MpcalCmd::Pcalgen { spec, no_multiple_writes, output } => pcalgen(ctx, &spec, no_multiple_writes, output.as_deref()),
        MpcalCmd::CheckSyntax { spec, no_multiple_writes } => check_syntax(ctx, &spec, no_multiple_writes),
        MpcalCmd::Fmt { spec, output } => fmt(ctx, &spec, output.as_deref()),
        MpcalCmd::Gogen { spec, output, package, no_multiple_writes, unsupported_panics } => {
            gogen(ctx, &spec, &output, package, no_multiple_writes, unsupported_panics)
        }
        MpcalCmd::Validate { spec, traces, config, max_nodes, no_real_time } => validate(ctx, &spec, &traces, config.as_deref(), max_nodes, !no_real_time),
    }
}

fn read(path: &Path) -> Result<String, Failure> {
    let bytes = std::fs::read(path).map_err(|e| Failure::input(format!("{}: cannot read: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|e| Failure::input(format!("{}: byte {}: not UTF-8", path.display(), e.utf8_error().valid_up_to())))
}

fn json_errors(sf: &SourceFile, ds: &[Diagnostic]) -> String {
    let errors: Vec<serde_json::Value> = ds
        .iter()
        .map(|d| {
            let (line, col) = sf.line_col(d.offset);
            serde_json::json!({"class": d.class, "offset": d.offset, "line": line, "col": col, "message": d.message})
        })
        .collect();
    serde_json::json!({ "errors": errors }).to_string()
}

/// Reports diagnostics (JSON on stdout with --json; caret lines on stderr with -v) and turns
/// them into the exit-code contract: input errors exit 2, unsupported features exit 1.
fn fail(ctx: Ctx, sf: &SourceFile, ds: Vec<Diagnostic>) -> Failure {
    if ctx.json {
        println!("{}", json_errors(sf, &ds));
    } else if ctx.verbose > 0 {
        for d in &ds {
            eprintln!("{}", sf.render(d));
        }
    }
    let first = sf.one_line(&ds[0]);
    let more = if ds.len() > 1 { format!(" (and {} more errors; --json lists all)", ds.len() - 1) } else { String::new() };
    if ds[0].class == "Unsupported" {
        Failure::internal(format!("{first}{more}"))
    } else {
        Failure::input(format!("{first}{more}"))
    }
}

fn pcalgen(ctx: Ctx, spec: &Path, no_mw: bool, output: Option<&Path>) -> Result<(), Failure> {
    let src = read(spec)?;
    let sf = SourceFile::new(spec.display().to_string(), src.clone());
    let opts = vf_mpcal::Options { no_multiple_writes: no_mw };
    let generated = vf_mpcal::pcalgen_full(&src, opts).map_err(|ds| fail(ctx, &sf, ds))?;
    if let Some(why) = &generated.tla_warning {
        eprintln!("veriforge: warning: {}: TLA+ translation block not regenerated (kept as it was): {why}", spec.display());
    }
    let out = generated.text.clone();
    let target = output.unwrap_or(spec);
    write_atomically(target, out.as_bytes()).map_err(|e| Failure::internal(format!("{}: cannot write: {e}", target.display())))?;
    if ctx.json {
        let warnings: Vec<&String> = generated.tla_warning.iter().collect();
        println!("{}", serde_json::json!({"errors": [], "warnings": warnings, "output": target.display().to_string()}));
    }
    ctx.info(format!("wrote {}", target.display()));
    Ok(())
}

fn gogen(ctx: Ctx, spec: &Path, output: &Path, package: Option<String>, no_multiple_writes: bool, unsupported_panics: bool) -> Result<(), Failure> {
    let src = read(spec)?;
    let sf = SourceFile::new(spec.display().to_string(), src.clone());
    let source_name = spec.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let opts = vf_mpcal::gogen::GoOptions { package, source_name, no_multiple_writes, unsupported_panics };
    let code = vf_mpcal::gogen::gogen(&src, &opts).map_err(|ds| fail(ctx, &sf, ds))?;
    write_atomically(output, code.as_bytes()).map_err(|e| Failure::internal(format!("{}: cannot write: {e}", output.display())))?;
    if ctx.json {
        println!("{}", serde_json::json!({"errors": [], "output": output.display().to_string()}));
    }
    ctx.info(format!("wrote {}", output.display()));
    Ok(())
}

fn check_syntax(ctx: Ctx, spec: &Path, no_mw: bool) -> Result<(), Failure> {
    let src = read(spec)?;
    let sf = SourceFile::new(spec.display().to_string(), src.clone());
    let opts = vf_mpcal::Options { no_multiple_writes: no_mw };
    let result = if vf_mpcal::locate_block(&src).is_some() {
        vf_mpcal::analyze(&src, opts).map(|_| ())
    } else {
        vf_tla::parse_module(&src).map(|_| ()).map_err(|d| vec![d])
    };
    result.map_err(|ds| fail(ctx, &sf, ds))?;
    if ctx.json {
        println!("{}", serde_json::json!({"errors": []}));
    } else {
        ctx.info(format!("{}: ok", spec.display()));
    }
    Ok(())
}

fn fmt(ctx: Ctx, spec: &Path, output: Option<&Path>) -> Result<(), Failure> {
    let src = read(spec)?;
    let sf = SourceFile::new(spec.display().to_string(), src.clone());
    let text = match vf_mpcal::locate_block(&src) {
        Some(_) => {
            let (block, _) = vf_mpcal::parse_block(&src).map_err(|d| fail(ctx, &sf, vec![d]))?;
            if block.is_mpcal {
                let (line, col) = sf.line_col(block.span.start);
                return Err(Failure::input(format!("{}:{line}:{col}: fmt formats PlusCal `--algorithm` blocks and TLA+ modules; run `pcalgen` first for `--mpcal`", spec.display())));
            }
            vf_mpcal::render::algorithm(&block).render() + "\n"
        }
        None => {
            let m = vf_tla::parse_module(&src).map_err(|d| fail(ctx, &sf, vec![d]))?;
            vf_tla::print_module(&m)
        }
    };
    match output {
        Some(p) => write_atomically(p, text.as_bytes()).map_err(|e| Failure::internal(format!("{}: cannot write: {e}", p.display()))),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// `mpcal validate`: "trace valid: N steps" (exit 0), or the first step no behaviour explains /
/// "not validated" (exit 1); bad input exits 2.
fn validate(ctx: Ctx, spec: &Path, traces: &Path, config: Option<&Path>, max_nodes: usize, real_time: bool) -> Result<(), Failure> {
    use vf_mpcal::validate::Report;
    let limits = vf_check::behaviour::Limits { max_level_nodes: max_nodes.max(1) };
    let report = vf_mpcal::validate::validate(spec, traces, config, &limits, real_time).map_err(|e| Failure::input(e.0))?;
    match report {
        Report::Valid { steps, processes, nodes } => {
            if ctx.json {
                println!("{}", serde_json::json!({"valid": true, "steps": steps, "processes": processes, "search_nodes": nodes}));
            } else {
                println!("trace valid: {steps} steps ({processes} archetype instances, {nodes} search nodes)");
            }
            Ok(())
        }
        Report::Invalid { message } | Report::NotValidated { message } => {
            if ctx.json {
                println!("{}", serde_json::json!({"valid": false, "message": message}));
            } else {
                println!("{message}");
            }
            Err(Failure::Negative(String::new()))
        }
    }
}
