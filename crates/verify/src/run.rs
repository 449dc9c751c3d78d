//! Queries and the report: one SMT-LIB2 script per check (facts ⇒ goal, negated), solved by
//! z3 in process through vf-smt; results grouped per function like Verus's output.

use crate::prelude::{boxing, BASE_SORTS, PRELUDE};
use crate::program::{parse_program, Mode, Program, Ty, IK};
use crate::vc::{and_all, ctor_name, range_of, sel_name, Check, CheckFacts, Gen};
use crate::{Fail, Span};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use vf_smt::{Backend, SolverConfig};

#[derive(Clone, Debug)]
pub struct Options {
    pub timeout: Duration,
    pub rlimit: Option<u64>,
    pub threads: usize,
    pub export_smt: Option<PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            timeout: Duration::from_secs(10),
            rlimit: None,
            threads: 1,
            export_smt: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub span: Span,
    pub msg: String,
    pub function: String,
}

#[derive(Clone, Debug)]
pub struct Report {
    /// functions whose every check was proven
    pub verified: usize,
    /// functions with at least one failed (or unknown) check
    pub failed_functions: usize,
    pub errors: Vec<VerifyError>,
    pub queries: usize,
    pub smt_time: Duration,
    pub total_time: Duration,
}

impl Report {
    pub fn summary(&self) -> String {
        format!(
            "verification results:: {} verified, {} errors",
            self.verified, self.failed_functions
        )
    }
}

/// Datatype declarations for Option, Unit and the user's structs/enums (one mutually recursive group).
fn datatypes(p: &Program, g: &Gen) -> String {
    let mut names = vec!["(Option 0)".to_string(), "(Unit 0)".to_string()];
    let mut bodies = vec![
        "((mk.Option.None) (mk.Option.Some (Option.Some.0 Poly)))".to_string(),
        "((unit))".to_string(),
    ];
    for n in 2..=4 {
        names.push(format!("(Tup{} 0)", n));
        let fs: Vec<String> = (0..n).map(|k| format!("(Tup{}.{} Poly)", n, k)).collect();
        bodies.push(format!("((mk.Tup{} {}))", n, fs.join(" ")));
    }
    for a in &p.adts {
        names.push(format!("({} 0)", a.name));
        let mut cs = Vec::new();
        for (c, fields) in &a.variants {
            let fs: Vec<String> = fields
                .iter()
                .map(|(f, t)| format!("({} {})", sel_name(c, f), g.sort(t)))
                .collect();
            if fs.is_empty() {
                cs.push(format!("({})", ctor_name(c)));
            } else {
                cs.push(format!("({} {})", ctor_name(c), fs.join(" ")));
            }
        }
        if cs.is_empty() {
            cs.push(format!("({})", ctor_name(&format!("{}.empty", a.name))));
        }
        bodies.push(format!("({})", cs.join(" ")));
    }
    format!(
        "(declare-datatypes ({}) ({}))\n",
        names.join(" "),
        bodies.join(" ")
    )
}

fn preamble(p: &Program, g: &Gen) -> String {
    let mut s = String::from("(set-option :auto_config false)\n(set-option :smt.mbqi false)\n(set-option :smt.case_split 3)\n(set-option :smt.qi.eager_threshold 100.0)\n(set-option :smt.arith.solver 2)\n");
    s.push_str("(declare-sort Poly 0)\n(declare-sort SeqS 0)\n(declare-sort SetS 0)\n(declare-sort MapS 0)\n");
    s.push_str(&datatypes(p, g));
    for b in BASE_SORTS {
        s.push_str(&boxing(b));
    }
    for a in &p.adts {
        s.push_str(&boxing(&a.name));
    }
    // the Option constructors by their short names
    s.push_str("(define-fun Option.None () Option mk.Option.None)\n(define-fun Option.Some ((x Poly)) Option (mk.Option.Some x))\n");
    s.push_str(PRELUDE);
    let mut clips: Vec<&String> = g.clips.iter().collect();
    clips.sort();
    for c in clips {
        let (name, rg) = c.split_once('|').unwrap();
        s.push_str(&format!(
            "(declare-fun {n} (Int) Int)\n(assert (forall ((x Int)) (! (=> {rg} (= ({n} x) x)) :pattern (({n} x)))))\n",
            n = name,
            rg = rg
        ));
    }
    for (f, d) in &g.decls {
        if *f == usize::MAX {
            s.push_str(d);
            s.push('\n');
        }
    }
    s.push_str("(declare-const fuel! Fuel)\n");
    for d in &g.spec_decls {
        s.push_str(d);
        s.push('\n');
    }
    for d in &g.spec_defs {
        s.push_str(d);
        s.push('\n');
    }
    // ranges of integer literal types (Rust's default: i32)
    for (i, t) in g.tyvars.iter().enumerate() {
        let k = match t.as_ref().map(|t| g.resolve(t)) {
            Some(Ty::Int(k)) => k,
            _ => IK::I(32),
        };
        s.push_str(&format!(
            "(define-fun vf.range.tv{} ((x Int)) Bool {})\n",
            i,
            range_of(k, "x").unwrap_or_else(|| "true".into())
        ));
    }
    s
}

/// The fixed SMT context of an empty program (datatypes Option/Unit, boxing, prelude):
/// what the prelude tests use.
pub fn base_preamble() -> String {
    let p = Program::default();
    let g = Gen::new(&p);
    preamble(&p, &g)
}

fn query_text(pre: &str, g: &Gen, c: &Check, facts: &[String], rlimit: Option<u64>) -> String {
    let mut s = String::new();
    if let Some(r) = rlimit {
        s.push_str(&format!("(set-option :rlimit {})\n", r));
    }
    s.push_str(pre);
    for (f, d) in &g.decls {
        if *f == c.func {
            s.push_str(d);
            s.push('\n');
        }
    }
    for (f, ax) in &g.range_axioms {
        if *f != c.func {
            s.push_str(ax);
            s.push('\n');
        }
    }
    for f in facts {
        s.push_str(&format!("(assert {})\n", f));
    }
    s.push_str(&format!("(assert (not {}))\n(check-sat)\n", c.goal));
    s
}

/// Parses, generates and solves. `Err` = the input cannot be verified (syntax, unsupported, type).
/// The front end of `verify_source` without the solver: parse, type-check, generate every
/// verification condition. Returns the generator and the functions with bodies.
fn front_end(p: &Program) -> Result<(Gen<'_>, Vec<usize>), Fail> {
    let mut g = Gen::new(p);
    let mut funcs = Vec::new();
    for i in 0..p.fns.len() {
        let f = &p.fns[i];
        if f.body.is_none() {
            continue;
        }
        g.verify_fn(i)?;
        funcs.push(i);
    }
    crate::vc::check_literals(&g)?;
    if let Some(sp) = crate::vc::mutual_recursion(&g.calls, p.fns.len()) {
        return Err(Fail::Unsupported(
            sp,
            "mutually recursive exec/proof functions".into(),
        ));
    }
    Ok((g, funcs))
}

/// Everything `verify_source` does before it starts z3: the SMT-LIB script of every check
/// (as `--export-smt` writes them), or the same error `verify_source` would give. Used by the
/// fuzz target of the Verus front end; runs no solver.
pub fn generate_queries(src: &str, rlimit: Option<u64>) -> Result<Vec<String>, Fail> {
    on_deep_stack(|| generate_queries_here(src, rlimit))
}

/// Stack for the front end: syn's parser and our translation recurse on the nesting of the
/// source (`Seq<Seq<...>>`, `((...))`); a fuzzer's 10,000 nested `<` overflowed the 8 MiB main
/// stack. The reservation is virtual; only the depth actually used is touched.
const FRONT_END_STACK: usize = 1 << 30;

fn on_deep_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        let h = std::thread::Builder::new()
            .name("verify-front-end".into())
            .stack_size(FRONT_END_STACK)
            .spawn_scoped(s, f)
            .expect("cannot start a thread for the verifier");
        match h.join() {
            Ok(v) => v,
            Err(p) => std::panic::resume_unwind(p),
        }
    })
}

/// Work of the front end on `src` (for tests of its growth): the number of facts copied
/// (into checks and forked states; `Gen::facts_copied`) and the number of checks.
pub fn front_end_work(src: &str) -> Result<(usize, usize), Fail> {
    on_deep_stack(|| {
        let p = parse_program(src)?;
        let (g, _) = front_end(&p)?;
        Ok((g.facts_copied, g.checks.len()))
    })
}

fn generate_queries_here(src: &str, rlimit: Option<u64>) -> Result<Vec<String>, Fail> {
    let p = parse_program(src)?;
    let (g, _) = front_end(&p)?;
    let pre = preamble(&p, &g);
    let mut cf = CheckFacts::default();
    Ok(g.checks.iter().map(|c| query_text(&pre, &g, c, cf.next(c), rlimit)).collect())
}

/// The scripts `verify_source` gives z3 (one per function with checks, single-threaded):
/// like `generate_queries` but with every fact asserted once per path (linear text, where
/// self-contained queries repeat each path's facts per check). Used by the fuzz target.
pub fn generate_scripts(src: &str, rlimit: Option<u64>) -> Result<Vec<String>, Fail> {
    on_deep_stack(|| {
        let p = parse_program(src)?;
        let (g, _) = front_end(&p)?;
        let pre = preamble(&p, &g);
        let opts = Options { rlimit, ..Options::default() };
        let mut funcs: Vec<usize> = g.checks.iter().map(|c| c.func).collect();
        funcs.sort();
        funcs.dedup();
        // the preamble once, then each function's part
        let mut out = vec![pre.clone()];
        out.extend(funcs.iter().map(|&f| script("", &g, &[f], &opts).1));
        Ok(out)
    })
}

pub fn verify_source(src: &str, opts: &Options) -> Result<Report, Fail> {
    on_deep_stack(|| verify_source_here(src, opts))
}

fn verify_source_here(src: &str, opts: &Options) -> Result<Report, Fail> {
    let t0 = Instant::now();
    let p = parse_program(src)?;
    let (g, funcs) = front_end(&p)?;
    let _ = and_all(&[]);
    let pre = preamble(&p, &g);
    if let Some(dir) = &opts.export_smt {
        // one self-contained script per check, for re-checking with any solver
        let _ = std::fs::create_dir_all(dir);
        let mut cf = CheckFacts::default();
        for (k, c) in g.checks.iter().enumerate() {
            let name = format!("{:03}-{}.smt2", k, p.fns[c.func].key.replace("::", "."));
            let _ = std::fs::write(dir.join(name), query_text(&pre, &g, c, cf.next(c), opts.rlimit));
        }
    }
    // One z3 context per thread: the preamble is parsed once, every function's declarations
    // and every check live in their own push/pop scope, one check-sat per check.
    let mut funcs_with_checks: Vec<usize> = g.checks.iter().map(|c| c.func).collect();
    funcs_with_checks.dedup();
    funcs_with_checks.sort();
    funcs_with_checks.dedup();
    let n = opts.threads.max(1).min(funcs_with_checks.len().max(1));
    let mut groups: Vec<Vec<usize>> = vec![vec![]; n];
    for (k, f) in funcs_with_checks.iter().enumerate() {
        groups[k % n].push(*f);
    }
    let scripts: Vec<(Vec<usize>, String)> =
        groups.iter().map(|fs| script(&pre, &g, fs, opts)).collect();
    let ts = Instant::now();
    let outs = solve_all(&scripts, opts);
    let smt_time = ts.elapsed();
    let mut answers = vec![String::from("unknown"); g.checks.len()];
    for ((ids, _), out) in scripts.iter().zip(outs) {
        for (k, id) in ids.iter().enumerate() {
            answers[*id] = out.get(k).cloned().unwrap_or_else(|| "unknown".into());
        }
    }
    let mut failed = vec![false; p.fns.len()];
    let mut errors = Vec::new();
    for (c, a) in g.checks.iter().zip(&answers) {
        match a.as_str() {
            "unsat" => {}
            other => {
                failed[c.func] = true;
                // sat (a counterexample) and unknown (z3 without MBQI on a false goal, or the
                // time/resource limit) are both "not proven", as in Verus; solver errors are named
                let msg = match other {
                    "sat" | "unknown" => c.msg.clone(),
                    o => format!("{} ({})", c.msg, o),
                };
                errors.push(VerifyError {
                    span: c.span,
                    msg,
                    function: p.fns[c.func].key.clone(),
                });
            }
        }
    }
    errors.sort_by_key(|e| e.span);
    let verified = funcs.iter().filter(|&&i| !failed[i]).count();
    let failed_functions = funcs.iter().filter(|&&i| failed[i]).count();
    let _ = Mode::Exec;
    Ok(Report {
        verified,
        failed_functions,
        errors,
        queries: g.checks.len(),
        smt_time,
        total_time: t0.elapsed(),
    })
}

/// The script for the checks of functions `fs`: returns the check indices in answer order.
fn script(pre: &str, g: &Gen, fs: &[usize], opts: &Options) -> (Vec<usize>, String) {
    let mut s = String::new();
    if let Some(r) = opts.rlimit {
        s.push_str(&format!("(set-option :rlimit {})\n", r));
    }
    s.push_str(pre);
    s.push_str(&format!(
        "(set-option :timeout {})\n",
        opts.timeout.as_millis().max(1)
    ));
    for (f, ax) in &g.range_axioms {
        let _ = (f, ax);
    }
    let mut ids = Vec::new();
    for &f in fs {
        s.push_str("(push 1)\n");
        for (df, d) in &g.decls {
            if *df == f {
                s.push_str(d);
                s.push('\n');
            }
        }
        for (af, ax) in &g.range_axioms {
            if *af != f {
                s.push_str(ax);
                s.push('\n');
            }
        }
        // The checks' facts in nested scopes: a check whose facts extend the previous one's
        // (the usual case along a path) asserts only the new ones; otherwise scopes are popped
        // down to the shared prefix. Each fact is asserted about once per path, not per check.
        let mut cur: Vec<String> = Vec::new();
        let mut scopes: Vec<usize> = Vec::new();
        for (k, c) in g.checks.iter().enumerate() {
            if c.func != f {
                continue;
            }
            ids.push(k);
            while scopes.last().is_some_and(|&top| top > c.keep) {
                s.push_str("(pop 1)\n");
                scopes.pop();
            }
            let asserted = scopes.last().copied().unwrap_or(0);
            cur.truncate(c.keep);
            cur.extend(c.extra.iter().cloned());
            if cur.len() > asserted {
                s.push_str("(push 1)\n");
                for fact in &cur[asserted..] {
                    s.push_str(&format!("(assert {})\n", fact));
                }
                scopes.push(cur.len());
            }
            s.push_str(&format!(
                "(push 1)\n(assert (not {}))\n(check-sat)\n(pop 1)\n",
                c.goal
            ));
        }
        for _ in scopes {
            s.push_str("(pop 1)\n");
        }
        s.push_str("(pop 1)\n");
    }
    (ids, s)
}

/// Runs the scripts (one per thread); the answers of each, in check-sat order.
fn solve_all(scripts: &[(Vec<usize>, String)], opts: &Options) -> Vec<Vec<String>> {
    // the per-check limit is the script's own (set-option :timeout); the watchdog gets the
    // whole script's budget
    let one = |(ids, t): &(Vec<usize>, String)| -> Vec<String> {
        let total = opts.timeout * (ids.len() as u32 + 1);
        let cfg = SolverConfig {
            timeout: Some(total),
            dump_dir: None,
            produce_models: false,
        };
        match vf_smt::solve_smtlib2(Backend::Z3, t, &cfg, false) {
            Ok(o) => o.answers,
            Err(e) => {
                vec![format!("error: {}", e.to_string().lines().next().unwrap_or("")); ids.len()]
            }
        }
    };
    if scripts.len() <= 1 {
        return scripts.iter().map(one).collect();
    }
    std::thread::scope(|s| {
        let hs: Vec<_> = scripts.iter().map(|sc| s.spawn(move || one(sc))).collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    })
}
