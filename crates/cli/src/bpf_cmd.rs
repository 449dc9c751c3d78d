//! `veriforge bpf ...`: eBPF programs (check, run, convert).

use crate::failure::Failure;
use crate::output::write_atomically;
use crate::Ctx;
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use vf_bpf::formats::{self, Format, LoadOptions, Loaded};
use vf_bpf::interp::{Input, Vm};
use vf_bpf::{kernel, safety, ProgType};

#[derive(Args)]
pub struct BpfArgs {
    #[command(subcommand)]
    cmd: BpfCmd,
}

/// Where the program comes from (shared by every subcommand).
#[derive(Args, Clone)]
struct ProgSource {
    /// Program: .k2, .bpf (C macros), .insns (raw bpf_insn) or .o (ELF)
    prog: PathBuf,
    /// K2 .maps file (for .k2/.bpf/.insns; default: `<stem>.maps` beside the program)
    #[arg(long)]
    maps: Option<PathBuf>,
    /// K2 .desc file (for .k2/.bpf/.insns; default: `<stem>.desc` beside the program)
    #[arg(long)]
    desc: Option<PathBuf>,
    /// ELF section holding the program (default: the first program section)
    #[arg(long)]
    section: Option<String>,
    /// Program type: xdp, socket_filter, sched_cls, tracepoint, kprobe, raw_ctx
    #[arg(long = "prog-type")]
    prog_type: Option<String>,
}

#[derive(Subcommand)]
enum BpfCmd {
    /// Safety report from the in-process checker (and the kernel verifier with --kernel).
    Check {
        #[command(flatten)]
        src: ProgSource,
        /// Also load the program into the running kernel (needs root).
        #[arg(long)]
        kernel: bool,
    },
    /// Run the reference interpreter on one input.
    Run {
        #[command(flatten)]
        src: ProgSource,
        /// Packet bytes (XDP/socket filter) or context bytes (tracepoint/raw ctx).
        #[arg(long)]
        input: Option<PathBuf>,
        /// Generate a random input from this seed instead of --input.
        #[arg(long)]
        seed: Option<u64>,
        /// Step budget.
        #[arg(long, default_value_t = 1_000_000)]
        max_steps: u64,
    },
    /// Convert between formats (.k2, .bpf, .insns; .o only from an .o input).
    Convert {
        #[command(flatten)]
        src: ProgSource,
        /// Output file; its extension picks the format unless --to is given.
        #[arg(short, long)]
        output: PathBuf,
        /// Output format: k2, bpf, insns, o
        #[arg(long)]
        to: Option<String>,
        /// Remove `ja +0` no-ops (fixing jumps; for .o also relocations, symbols and BTF.ext).
        #[arg(long)]
        drop_nops: bool,
    },
    /// Superoptimize: MCMC search over windows, every rewrite proven by SMT and checked safe.
    Opt(crate::bpf_opt_cmd::OptArgs),
    /// Prove two programs equivalent or print an input that distinguishes them.
    Equiv(crate::bpf_opt_cmd::EquivArgs),
    /// Measure the per-opcode latency table for `bpf opt --objective latency` (root; BPF_PROG_TEST_RUN).
    Calibrate(crate::bpf_opt_cmd::CalibrateArgs),
    /// Measure ns per run of a program under BPF_PROG_TEST_RUN (median over samples; root).
    Time(crate::bpf_opt_cmd::TimeArgs),
}

pub fn run(ctx: Ctx, args: BpfArgs) -> Result<(), Failure> {
    match args.cmd {
        BpfCmd::Check { src, kernel } => check(ctx, &src, kernel),
        BpfCmd::Run { src, input, seed, max_steps } => run_prog(ctx, &src, input.as_deref(), seed, max_steps),
        BpfCmd::Convert { src, output, to, drop_nops } => convert(ctx, &src, &output, to.as_deref(), drop_nops),
        BpfCmd::Opt(a) => crate::bpf_opt_cmd::run_opt(ctx, a),
        BpfCmd::Equiv(a) => crate::bpf_opt_cmd::run_equiv(ctx, a),
        BpfCmd::Calibrate(a) => crate::bpf_opt_cmd::run_calibrate(ctx, a),
        BpfCmd::Time(a) => crate::bpf_opt_cmd::run_time(ctx, a),
    }
}

fn sibling(path: &Path, ext: &str) -> Option<PathBuf> {
    let p = path.with_extension(ext);
    (p != path && p.exists()).then_some(p)
}

fn load(ctx: &Ctx, src: &ProgSource) -> Result<Loaded, Failure> {
    let prog_type = match &src.prog_type {
        Some(t) => Some(ProgType::parse(t).ok_or_else(|| Failure::input(format!("--prog-type: unknown program type '{t}'")))?),
        None => None,
    };
    // K2's convention (as in `bpf opt`): `<stem>.maps` / `<stem>.desc` beside the program.
    let maps = src.maps.clone().or_else(|| sibling(&src.prog, "maps"));
    let desc = src.desc.clone().or_else(|| sibling(&src.prog, "desc"));
    let opts = LoadOptions {
        maps: maps.as_deref(),
        desc: desc.as_deref(),
        section: src.section.as_deref(),
        prog_type,
        format: None,
    };
    let mut loaded = formats::load(&src.prog, &opts).map_err(Failure::input)?;
    for n in &loaded.notes {
        ctx.info(format!("{}: {n}", src.prog.display()));
    }
    crate::bpf_opt_cmd::infer_prog_type(ctx, &src.prog, prog_type, &mut loaded);
    Ok(loaded)
}

fn check(ctx: Ctx, src: &ProgSource, with_kernel: bool) -> Result<(), Failure> {
    let loaded = load(&ctx, src)?;
    let p = &loaded.program;
    let ours = safety::check(p);
    let theirs = if with_kernel {
        kernel::available().map_err(Failure::internal)?;
        Some(kernel::load(p).map(|_| ()))
    } else {
        None
    };
    let name = src.prog.display();
    if ctx.json {
        let k = theirs.as_ref().map(|r| match r {
            Ok(()) => serde_json::json!({"accepted": true}),
            Err(rej) => serde_json::json!({"accepted": false, "errno": rej.errno, "log": rej.log}),
        });
        let o = match &ours {
            Ok(s) => serde_json::json!({"safe": true, "insns_processed": s.insns_processed, "paths": s.paths, "stack_depth": s.stack_depth}),
            Err(e) => serde_json::json!({"safe": false, "pc": e.pc, "error": e.msg}),
        };
        println!("{}", serde_json::json!({"program": name.to_string(), "prog_type": p.prog_type.name(), "insns": p.insns.len(), "checker": o, "kernel": k}));
    } else {
        println!("{name}: {} program, {} instructions, {} maps", p.prog_type.name(), p.insns.len(), p.maps.len());
        match &ours {
            Ok(s) => println!("checker: safe ({} insns processed over {} paths, stack {} bytes)", s.insns_processed, s.paths, s.stack_depth),
            Err(e) => println!("checker: REJECTED at {e}"),
        }
        if let Some(k) = &theirs {
            match k {
                Ok(()) => println!("kernel verifier: accepted"),
                Err(rej) => {
                    println!("kernel verifier: {rej}");
                    if ctx.verbose > 0 {
                        println!("--- verifier log ---\n{}", rej.log.trim_end());
                    }
                }
            }
        }
    }
    match (&ours, &theirs) {
        (Err(e), _) => Err(Failure::Negative(format!("{name}: unsafe: {e}"))),
        (_, Some(Err(rej))) => Err(Failure::Negative(format!("{name}: {rej}"))),
        _ => Ok(()),
    }
}

fn read_input(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::input(format!("{}: cannot read: {e}", path.display())))
}

fn run_prog(ctx: Ctx, src: &ProgSource, input: Option<&Path>, seed: Option<u64>, max_steps: u64) -> Result<(), Failure> {
    let loaded = load(&ctx, src)?;
    let p = &loaded.program;
    let inp = match (input, seed) {
        (Some(f), _) => {
            let bytes = read_input(f)?;
            match p.prog_type {
                ProgType::Xdp | ProgType::SocketFilter | ProgType::SchedCls => Input::with_packet(bytes),
                _ => Input { ctx: bytes, ..Input::default() },
            }
        }
        (None, Some(s)) => Input::random(p, s),
        (None, None) => return Err(Failure::input("bpf run: give --input FILE or --seed N")),
    };
    // the maps cannot be modelled (type or size): name the file that declared them
    let mut vm = Vm::new(p).map_err(|e| Failure::input(format!("{}: {e}", src.prog.display())))?;
    vm.limits.max_steps = max_steps;
    let r = vm.run(&p.insns, &inp);
    let out = vm.output(r);
    if ctx.json {
        let maps: Vec<_> = out
            .maps
            .iter()
            .enumerate()
            .map(|(i, m)| serde_json::json!({"map": p.maps[i].name, "entries": m.iter().map(|(k, v)| serde_json::json!({"key": hex(k), "value": hex(v)})).collect::<Vec<_>>()}))
            .collect();
        let effects: Vec<_> = out
            .effects
            .iter()
            .map(|e| serde_json::json!({"helper": vf_bpf::isa::helper_name(e.helper), "args": e.args, "data": hex(&e.data)}))
            .collect();
        let result = match &out.result {
            Ok(v) => serde_json::json!({"r0": v}),
            Err(f) => serde_json::json!({"fault": f.to_string()}),
        };
        println!("{}", serde_json::json!({"result": result, "steps": vm.steps(), "packet": hex(&out.packet), "maps": maps, "effects": effects}));
    } else {
        match &out.result {
            Ok(v) => println!("r0 = {v} ({v:#x})"),
            Err(f) => println!("fault: {f}"),
        }
        println!("steps: {}", vm.steps());
        if !out.packet.is_empty() {
            println!("packet ({} bytes): {}", out.packet.len(), hex(&out.packet));
        }
        for (i, m) in out.maps.iter().enumerate() {
            for (k, v) in m {
                println!("map {}[{}] = {}", p.maps[i].name, hex(k), hex(v));
            }
        }
        for e in &out.effects {
            println!("effect: {} args {:?} data {}", vf_bpf::isa::helper_name(e.helper), e.args, hex(&e.data));
        }
    }
    if let Err(f) = &out.result {
        return Err(Failure::Negative(format!("{}: run stopped: {f}", src.prog.display())));
    }
    Ok(())
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn convert(ctx: Ctx, src: &ProgSource, out: &Path, to: Option<&str>, drop_nops: bool) -> Result<(), Failure> {
    let loaded = load(&ctx, src)?;
    let format = match to {
        Some(t) => Format::parse(t).ok_or_else(|| Failure::input(format!("--to: unknown format '{t}' (k2, bpf, insns, o)")))?,
        None => Format::from_path(out).ok_or_else(|| {
            Failure::input(format!("{}: cannot tell the output format from the extension (use --to)", out.display()))
        })?,
    };
    if format == Format::Elf && loaded.format != Format::Elf {
        return Err(Failure::input(format!("{}: ELF output needs an ELF input to patch", out.display())));
    }
    let nops = if drop_nops { formats::Nops::Drop } else { formats::Nops::Keep };
    if let (true, Format::Elf, Some(problem)) = (drop_nops, format, loaded.elf.as_ref().and_then(formats::btf_ext_problem)) {
        eprintln!(
            "veriforge: warning: {}: {problem}; if instructions are removed, the output gets an empty .BTF.ext (no line/func info)",
            src.prog.display()
        );
    }
    let bytes = formats::write_as_nops(&loaded, &loaded.program.insns, format, nops)
        .map_err(|e| Failure::input(format!("{}: {e}", src.prog.display())))?;
    write_atomically(out, &bytes).map_err(|e| Failure::internal(format!("{}: cannot write: {e}", out.display())))?;
    ctx.info(format!("wrote {} ({} instructions)", out.display(), loaded.program.count()));
    Ok(())
}
