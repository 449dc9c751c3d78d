//! The equivalence checker: symbolic execution of the IR and of the assembly into one
//! hash-consed value algebra (`sym`), then comparison of the output limbs.
//!
//! Proven means: for every input within the IR's bounds, under the scenario's memory layout,
//! the assembly (a) stores to the output limbs exactly the IR's results, (b) restores rsp and the
//! callee-saved registers, (c) writes no memory except the output buffer and the stack area it
//! owns (below rsp, red zone included), (d) never reads uninitialised stack, and (e) never uses a
//! flag whose value is unknown. Anything outside the supported instruction subset is "not proven".

use crate::asm::{self, Insn, Mem, Operand, Program, Reg};
use crate::ir::{self, Arg, Function, Op};
use crate::smtcheck::{self, Counterexample, LazySolver, Mode, SmtOptions, Verdict};
use crate::sym::{Ctx, Poly, Rule};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::HashMap;

/// Memory layout assumption for one proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    /// Output buffer distinct from every input (Fiat's precondition).
    Distinct,
    /// Output buffer is the same as input array `k` (0-based).
    OutIsArg(usize),
}

impl Scenario {
    pub fn label(&self) -> String {
        match self {
            Scenario::Distinct => "distinct".into(),
            Scenario::OutIsArg(k) => format!("out==arg{}", k + 1),
        }
    }
}

/// The scenarios `verify --aliasing` checks: distinct buffers, then out == each input.
pub fn scenarios(f: &Function, aliasing: bool) -> Vec<Scenario> {
    let mut v = vec![Scenario::Distinct];
    if aliasing {
        v.extend((0..f.args.len()).map(Scenario::OutIsArg));
    }
    v
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Region {
    Arg(usize),
    Out,
    Stack,
}

#[derive(Clone, Debug, PartialEq)]
enum Val {
    Num(Poly),
    Ptr(Region, i64),
}

struct Machine<'a> {
    cx: &'a mut Ctx,
    f: &'a Function,
    scenario: Scenario,
    regs: Vec<Val>,
    cf: Option<Poly>,
    of: Option<Poly>,
    /// ZF = (zf == 0)
    zf: Option<Poly>,
    mem: HashMap<(Region, i64), (u8, Val)>,
    line: usize,
    /// After an 8-bit write: (the full register value it produced, the byte written), so that a
    /// later 8-bit read returns the byte exactly instead of re-deriving it algebraically.
    low8: HashMap<u8, (Poly, Poly)>,
    /// Low 64 bits of xmm0..xmm15 (`None` until written: their entry values are unknown, and
    /// they are caller-saved, so nothing is required of them at `ret`).
    xmm: Vec<Option<Val>>,
    /// Byte ranges `[lo, hi)` of the output buffer stored to so far (logical region `Out`).
    out_stores: Vec<(i64, i64)>,
    /// `alias_sensitive[k]`: some load of input `k` read bytes the output buffer had already been
    /// stored to, so the run under `OutIsArg(k)` may differ from this one (see `verify_all`).
    alias_sensitive: Vec<bool>,
}

type Res<T> = Result<T, String>;

fn two(k: u32) -> Poly {
    Poly::constant(BigInt::one() << k)
}

/// Symbolic outputs of the IR, with input variables `arg<k>[i]` bounded as the IR states.
pub fn ir_outputs(cx: &mut Ctx, f: &Function) -> Vec<Poly> {
    declare_inputs(cx, f);
    let mut vals: Vec<Poly> = vec![Poly::default(); f.var_width.len()];
    // Width each variable provably fits in by the operation's semantics (carries: 1 bit), so that
    // casts to that width need no bound analysis.
    let mut known: Vec<u32> = vec![128; f.var_width.len()];
    let get = |cx: &mut Ctx, vals: &Vec<Poly>, a: Arg| -> Poly {
        match a {
            Arg::Var(v) => vals[v].clone(),
            Arg::Const(c) => Poly::from_u128(c),
            Arg::Input(k, i) => input_var(cx, f, k, i),
        }
    };
    for s in &f.stmts {
        let a: Vec<Poly> = s.args.iter().map(|&x| get(cx, &vals, x)).collect();
        let w = s.width;
        let src_known = match s.args.first() {
            Some(Arg::Var(v)) => known[*v],
            _ => 128,
        };
        let res: Vec<Poly> = match s.op {
            Op::Cast if src_known <= w => vec![a[0].clone()],
            Op::Cast => vec![cx.modp(&a[0], w)],
            // sums record their interval as the sum of the operands' (rule 6, as the machine does
            // for add/adc): a wide sum's merged polynomial can have a much wider plain interval,
            // and the IR and the assembly must see the same bounds to reach the same forms
            Op::Add => {
                let t = cx.note_sum_interval(&[(1, &a[0]), (1, &a[1])]);
                vec![cx.modp(&t, w)]
            }
            Op::Sub => {
                let t = cx.note_sum_interval(&[(1, &a[0]), (-1, &a[1])]);
                vec![cx.modp(&t, w)]
            }
            Op::Mul => vec![cx.modp(&a[0].mul(&a[1]), w)],
            Op::Shr => {
                let k = a[1].as_const_int().map(|k| k.to_string().parse::<u32>().unwrap_or(999)).unwrap_or(999);
                let d = cx.divp(&a[0], k.min(200));
                vec![cx.modp(&d, w)]
            }
            Op::Shl => {
                let k = a[1].as_const_int().map(|k| k.to_string().parse::<u32>().unwrap_or(999)).unwrap_or(999);
                vec![cx.modp(&a[0].mul(&two(k.min(200))), w)]
            }
            Op::And => vec![cx.bitwise("and", &a[0], &a[1], w)],
            Op::Or => vec![cx.bitwise("or", &a[0], &a[1], w)],
            Op::Not => {
                let x = cx.modp(&a[0], w);
                vec![two(w).sub(&Poly::constant(BigInt::one())).sub(&x)]
            }
            Op::LNot => vec![cx.select(&a[0], &Poly::constant(BigInt::one()), &Poly::default())],
            Op::Mulx(w) => {
                let p = a[0].mul(&a[1]);
                vec![cx.modp(&p, w), cx.divp(&p, w)]
            }
            Op::AddCarry(w) => {
                let t = cx.note_sum_interval(&[(1, &a[0]), (1, &a[1]), (1, &a[2])]);
                let c = cx.divp(&t, w);
                cx.note_carry(&c, &[&a[1], &a[2]], &a[0], w);
                vec![cx.modp(&t, w), c]
            }
            Op::SubBorrow(w) => {
                let t = cx.note_sum_interval(&[(1, &a[1]), (-1, &a[2]), (-1, &a[0])]);
                let d = cx.divp(&t, w);
                let b = Poly::default().sub(&d);
                cx.note_carry(&b, &[&a[1], &a[2]], &a[0], w);
                vec![cx.modp(&t, w), b]
            }
            Op::Cmovznz => {
                let (x, y) = (cx.modp(&a[1], w), cx.modp(&a[2], w));
                vec![cx.select(&a[0], &x, &y)]
            }
        };
        let widths = match s.op {
            Op::AddCarry(w) | Op::SubBorrow(w) => [w, 1],
            Op::Cast => [w.min(src_known), 128],
            _ => [w, w],
        };
        for ((o, r), kw) in s.outs.iter().zip(res).zip(widths) {
            if let Some(o) = o {
                vals[*o] = r;
                known[*o] = kw;
            }
        }
    }
    f.outputs.iter().map(|&o| get(cx, &vals, o)).collect()
}

fn input_name(f: &Function, k: usize, i: usize) -> String {
    format!("{}[{i}]", f.args[k].name)
}

fn input_var(cx: &mut Ctx, f: &Function, k: usize, i: usize) -> Poly {
    let p = &f.args[k];
    cx.var(&input_name(f, k, i), p.lbound[i], p.ubound[i])
}

fn declare_inputs(cx: &mut Ctx, f: &Function) {
    for k in 0..f.args.len() {
        for i in 0..f.args[k].len {
            input_var(cx, f, k, i);
        }
    }
}

/// Proves `prog` equivalent to `f` under one scenario (SMT fallback on, default options).
/// `Err` explains why it is not proven.
pub fn verify(f: &Function, prog: &Program, scenario: Scenario) -> Res<()> {
    verify_with(f, prog, scenario, &CheckOptions::default()).map(|_| ()).map_err(|e| e.reason)
}

/// Options of one proof.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// The SMT fallback for obligations the rewrite rules leave open (on by default).
    pub smt: SmtOptions,
    /// Rewrite rules switched off: only for tests and measurements of the SMT fallback.
    pub disabled_rules: Vec<Rule>,
}

/// An obligation the rules left open and the solver closed.
#[derive(Clone, Debug)]
pub struct SmtProven {
    pub what: String,
    pub seconds: f64,
    pub mode: Mode,
}

/// What a proof needed beyond the rewrite rules.
#[derive(Clone, Debug, Default)]
pub struct Proof {
    /// Obligations "proven (SMT)"; empty when the rules closed everything.
    pub smt: Vec<SmtProven>,
    /// Solver calls made (0 when the rules closed every obligation).
    pub solver_calls: usize,
}

/// Why a program is not proven; with a counterexample (checked by concrete evaluation of the
/// canonical forms) when the solver found one.
#[derive(Clone, Debug)]
pub struct NotProven {
    pub reason: String,
    pub counterexample: Option<Counterexample>,
}

impl std::fmt::Display for NotProven {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

impl From<String> for NotProven {
    fn from(reason: String) -> Self {
        NotProven { reason, counterexample: None }
    }
}

/// `verify` with options; on success says which obligations needed the solver.
pub fn verify_with(f: &Function, prog: &Program, scenario: Scenario, opts: &CheckOptions) -> Result<Proof, NotProven> {
    verify_traced(f, prog, scenario, opts).map(|(p, _)| p)
}

/// How one scenario of [`verify_all`] was proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScenarioProof {
    /// Its own symbolic run.
    Run,
    /// `OutIsArg(k)` without a run of its own: in the proven distinct-buffer run no load of
    /// input `k` read bytes of the output buffer that had already been stored to.
    SameAsDistinct,
}

/// Proves `prog` for distinct buffers and, with `aliasing`, for `out == arg k` for every input.
///
/// An aliased scenario whose run cannot differ from the distinct one is not run again. The two
/// runs differ only in where accesses to the output buffer physically go (`Machine::physical`;
/// addresses come from pointer values, which never depend on data). Under `OutIsArg(k)` a load
/// of input `k` returns something else than its input limb only when the output buffer was
/// stored to at overlapping bytes before; loads of the output buffer see the same stores in both
/// runs (the distinct run proves that nothing stores to an input buffer, and a load of the
/// output buffer must follow a store to it); every other region is the same. So when the
/// proven distinct run recorded no such load of input `k` (`Machine::alias_sensitive`), the run
/// under `OutIsArg(k)` performs the same steps on the same values and ends in the same
/// verdict. Otherwise that scenario is run in full. Returns one entry per scenario, in the
/// order of [`scenarios`]; the first failure is an `Err` labelled with its scenario.
pub fn verify_all(f: &Function, prog: &Program, aliasing: bool, opts: &CheckOptions) -> Result<Vec<(Scenario, ScenarioProof)>, String> {
    let (_, sensitive) = verify_traced(f, prog, Scenario::Distinct, opts).map_err(|e| format!("{}: {}", Scenario::Distinct.label(), e.reason))?;
    let mut done = vec![(Scenario::Distinct, ScenarioProof::Run)];
    for s in scenarios(f, aliasing).into_iter().skip(1) {
        let Scenario::OutIsArg(k) = s else { continue };
        if !sensitive[k] {
            done.push((s, ScenarioProof::SameAsDistinct));
            continue;
        }
        verify_with(f, prog, s, opts).map_err(|e| format!("{}: {}", s.label(), e.reason))?;
        done.push((s, ScenarioProof::Run));
    }
    Ok(done)
}

/// `verify_with`, also returning the proven run's `alias_sensitive` flags.
fn verify_traced(f: &Function, prog: &Program, scenario: Scenario, opts: &CheckOptions) -> Result<(Proof, Vec<bool>), NotProven> {
    let mut cx = Ctx::new();
    for r in &opts.disabled_rules {
        cx.disable_rule(*r);
    }
    let expect = ir_outputs(&mut cx, f);
    let mut m = Machine::new(&mut cx, f, scenario);
    m.run(prog)?;
    let mut open = m.check_end(&expect)?;
    let sensitive = m.alias_sensitive.clone();
    // Facts (proven bits, intervals of sums) found late in one run can simplify values computed
    // early in it: an IR carry known only after the IR's value `x49` was built lets the later
    // assembly run drop a `Mod` that the IR's form keeps (p434's `t0·(2^64-1)` words). The forms
    // then differ although every fact is sound. Re-running both sides on the same context, now
    // holding every fact of the first runs, makes the forms depend on the same facts; only
    // the second runs' verdicts are used (`FACT_ROUNDS` rounds while obligations stay open).
    for _ in 1..FACT_ROUNDS {
        if open.is_empty() {
            break;
        }
        let before = cx.num_facts();
        let expect = ir_outputs(&mut cx, f);
        let mut m = Machine::new(&mut cx, f, scenario);
        m.run(prog)?;
        open = m.check_end(&expect)?;
        if cx.num_facts() == before && !open.is_empty() {
            break;
        }
    }
    discharge(&cx, &open, &opts.smt).map(|p| (p, sensitive))
}

/// Symbolic runs of the IR and the program (see `verify_with`).
const FACT_ROUNDS: usize = 1;

/// Size measures of one symbolic run (for scaling tests: no timing).
#[derive(Clone, Copy, Debug)]
pub struct RunStats {
    pub atoms: usize,
    /// Terms in the largest `Mod` atom's contents.
    pub largest_mod: usize,
    /// Terms visited by the algebra's size-dependent loops (`sym::Ctx::work`).
    pub work: u64,
}

/// Runs the IR and the program symbolically (distinct buffers) and reports sizes; the verdict
/// is ignored.
pub fn run_stats(f: &Function, prog: &Program) -> RunStats {
    let mut cx = Ctx::new();
    let expect = ir_outputs(&mut cx, f);
    let mut m = Machine::new(&mut cx, f, Scenario::Distinct);
    let _ = m.run(prog).and_then(|_| m.check_end(&expect));
    RunStats { atoms: cx.num_atoms(), largest_mod: cx.largest_mod(), work: cx.work() }
}

/// An equality the rules did not close: `what` must be `asm = ir` for all inputs.
struct Obligation {
    what: String,
    asm: Poly,
    ir: Poly,
    /// The message when it stays unproven.
    unproven: String,
}

/// Sends every open obligation to the solver; any one not proven fails the proof.
fn discharge(cx: &Ctx, open: &[Obligation], opts: &SmtOptions) -> Result<Proof, NotProven> {
    let mut proof = Proof::default();
    let Some(first) = open.first() else { return Ok(proof) };
    if !opts.enabled {
        return Err(first.unproven.clone().into());
    }
    let mut solver = LazySolver::new(opts);
    for ob in open {
        let r = smtcheck::prove_equal(cx, &ob.asm, &ob.ir, &mut solver);
        match r.verdict {
            Verdict::Proven => proof.smt.push(SmtProven { what: ob.what.clone(), seconds: r.seconds, mode: r.mode }),
            Verdict::Refuted(cex) => {
                let reason = format!("{} is WRONG (counterexample confirmed by evaluation): {}", ob.what, cex.describe());
                return Err(NotProven { reason, counterexample: Some(cex) });
            }
            Verdict::Unknown(why) => return Err(format!("{} (SMT: {why}, {:.2}s)", ob.unproven, r.seconds).into()),
        }
    }
    proof.solver_calls = solver.calls;
    Ok(proof)
}

/// The input arrays of a counterexample (inputs it does not mention: their lower bound).
pub fn counterexample_inputs(f: &Function, cex: &Counterexample) -> Vec<Vec<u64>> {
    (0..f.args.len())
        .map(|k| {
            (0..f.args[k].len)
                .map(|i| match cex.inputs.get(&input_name(f, k, i)) {
                    Some(v) => u64::try_from(v).expect("input within its 64-bit bounds"),
                    None => f.args[k].lbound[i] as u64,
                })
                .collect()
        })
        .collect()
}

impl<'a> Machine<'a> {
    fn new(cx: &'a mut Ctx, f: &'a Function, scenario: Scenario) -> Self {
        let arg_regs = [asm::RSI, asm::RDX, asm::RCX, asm::RAX + 8];
        let mut regs = Vec::new();
        for r in 0..16u8 {
            let v = if r == asm::RDI {
                Val::Ptr(Region::Out, 0)
            } else if r == asm::RSP {
                Val::Ptr(Region::Stack, 0)
            } else if let Some(k) = arg_regs.iter().take(f.args.len()).position(|&a| a == r) {
                Val::Ptr(Region::Arg(k), 0)
            } else {
                Val::Num(cx.var(&format!("init_{}", asm::REG64[r as usize]), 0, u64::MAX as u128))
            };
            regs.push(v);
        }
        Machine { cx, f, scenario, regs, cf: None, of: None, zf: None, mem: HashMap::new(), line: 0, low8: HashMap::new(), xmm: vec![None; 16], out_stores: vec![], alias_sensitive: vec![false; f.args.len()] }
    }

    fn fail<T>(&self, msg: impl Into<String>) -> Res<T> {
        Err(format!("line {}: {}", self.line, msg.into()))
    }

    /// The region memory accesses really go to under the scenario.
    fn physical(&self, r: Region) -> Region {
        match (r, self.scenario) {
            (Region::Out, Scenario::OutIsArg(k)) => Region::Arg(k),
            _ => r,
        }
    }

    fn address(&self, m: &Mem) -> Res<(Region, i64)> {
        if m.index.is_some() {
            return self.fail("indexed memory access is not supported");
        }
        let Some(base) = m.base else { return self.fail("memory access without a base register") };
        match &self.regs[base as usize] {
            Val::Ptr(r, off) => Ok((self.physical(*r), off + m.disp)),
            Val::Num(_) => self.fail(format!("memory access through non-pointer {}", asm::REG64[base as usize])),
        }
    }

    fn load(&mut self, m: &Mem) -> Res<Poly> {
        match self.load_val(m)? {
            Val::Num(p) => Ok(p),
            Val::Ptr(..) => self.fail("arithmetic on a spilled pointer"),
        }
    }

    /// The logical region (before `physical`) a memory operand's base points to.
    fn logical_region(&self, m: &Mem) -> Option<(Region, i64)> {
        match (m.index, m.base.map(|b| &self.regs[b as usize])) {
            (None, Some(Val::Ptr(r, off))) => Some((*r, off + m.disp)),
            _ => None,
        }
    }

    fn load_val(&mut self, m: &Mem) -> Res<Val> {
        let (region, off) = self.address(m)?;
        if let Some((Region::Arg(k), lo)) = self.logical_region(m) {
            // as wide as the overlap test below (8 bytes at least), so the verdicts agree exactly
            let hi = lo + (m.bits as i64 / 8).max(8);
            if self.out_stores.iter().any(|&(a, b)| a < hi && lo < b) {
                self.alias_sensitive[k] = true;
            }
        }
        if let Some((bits, v)) = self.mem.get(&(region, off)).cloned() {
            return match (bits, m.bits, v) {
                (b, l, v) if b == l => Ok(v),
                (64, l, Val::Num(v)) if l < 64 => Ok(Val::Num(self.cx.modp(&v, l as u32))),
                _ => self.fail("load of a differently sized stored value"),
            };
        }
        if self.mem.iter().any(|((r, o), (b, _))| *r == region && *o < off + 8 && off < *o + (*b as i64 / 8)) {
            return self.fail("load overlapping a partial store");
        }
        match region {
            Region::Arg(k) if off >= 0 && off % 8 == 0 && ((off / 8) as usize) < self.f.args[k].len => {
                let v = input_var(self.cx, self.f, k, (off / 8) as usize);
                Ok(Val::Num(if m.bits < 64 { self.cx.modp(&v, m.bits as u32) } else { v }))
            }
            _ => self.fail(format!("read of memory the function does not own or never wrote ({region:?}{off:+})")),
        }
    }

    fn store(&mut self, m: &Mem, bits: u8, v: Poly) -> Res<()> {
        self.store_val(m, bits, Val::Num(v))
    }

    fn store_val(&mut self, m: &Mem, bits: u8, v: Val) -> Res<()> {
        let (region, off) = self.address(m)?;
        let ok = match region {
            Region::Stack => {
                let rsp = match self.regs[asm::RSP as usize] {
                    Val::Ptr(Region::Stack, o) => o,
                    _ => return self.fail("rsp is not the stack pointer"),
                };
                off >= rsp - 128 && off + (bits as i64 / 8) <= 0
            }
            _ if region == self.physical(Region::Out) => off >= 0 && off % 8 == 0 && ((off / 8) as usize) < self.f.ret.len,
            _ => false,
        };
        if !ok {
            return self.fail(format!("store outside the output buffer and the owned stack ({region:?}{off:+})"));
        }
        if let Some((Region::Out, lo)) = self.logical_region(m) {
            self.out_stores.push((lo, lo + bits as i64 / 8));
        }
        self.mem.retain(|(r, o), (b, _)| !(*r == region && *o != off && *o < off + bits as i64 / 8 && off < *o + (*b as i64 / 8)));
        self.mem.insert((region, off), (bits, v));
        Ok(())
    }

    fn num(&self, r: u8) -> Res<Poly> {
        match &self.regs[r as usize] {
            Val::Num(p) => Ok(p.clone()),
            Val::Ptr(..) => self.fail(format!("arithmetic on pointer {}", asm::REG64[r as usize])),
        }
    }

    /// Value of an operand truncated to `w` bits (immediates sign-extended from 32 bits for 64-bit ops).
    fn read(&mut self, o: &Operand, w: u8) -> Res<Poly> {
        match o {
            Operand::Reg(r) => {
                let v = self.num(r.num)?;
                if r.bits == 8 {
                    if let Some((full, byte)) = self.low8.get(&r.num) {
                        if *full == v {
                            return Ok(byte.clone());
                        }
                    }
                }
                Ok(if r.bits < 64 { self.cx.modp(&v, r.bits as u32) } else { v })
            }
            Operand::Mem(m) => self.load(m),
            Operand::Imm(v) => {
                let x = if w == 64 { *v as u128 } else { (*v as u128) & ((1u128 << w) - 1) };
                Ok(Poly::from_u128(x))
            }
        }
    }

    fn write_reg(&mut self, r: Reg, v: Poly) -> Res<()> {
        let v = match r.bits {
            64 => v,
            32 => self.cx.modp(&v, 32),
            8 => {
                let old = self.num(r.num).unwrap_or_default();
                let low = self.cx.modp(&old, 8);
                let b = self.cx.modp(&v, 8);
                let full = old.sub(&low).add(&b);
                // Mod(old - Mod(old, 2^8) + b, 2^8) = b since 0 <= b < 2^8 (b is a canonical Mod)
                self.cx.note_mod(&full, 8, &b);
                self.low8.insert(r.num, (full.clone(), b));
                full
            }
            _ => return self.fail("unsupported register width"),
        };
        self.regs[r.num as usize] = Val::Num(v);
        Ok(())
    }

    fn write(&mut self, o: &Operand, v: Poly) -> Res<()> {
        match o {
            Operand::Reg(r) => self.write_reg(*r, v),
            Operand::Mem(m) => self.store(m, m.bits, v),
            Operand::Imm(_) => self.fail("write to an immediate"),
        }
    }

    fn width(&self, o: &Operand) -> u8 {
        match o {
            Operand::Reg(r) => r.bits,
            Operand::Mem(m) => m.bits,
            Operand::Imm(_) => 64,
        }
    }

    fn flag(&self, f: &Option<Poly>, name: &str) -> Res<Poly> {
        match f {
            Some(p) => Ok(p.clone()),
            None => self.fail(format!("{name} is read but its value is unknown here")),
        }
    }

    fn run(&mut self, prog: &Program) -> Res<()> {
        for (n, insn) in prog.insns.iter().enumerate() {
            self.line = if insn.line > 0 { insn.line } else { n + 1 };
            if insn.mnemonic == "ret" {
                return Ok(());
            }
            // programs that did not come through the parser (generated code): xmm registers only
            // in the moves that model them
            if !matches!(insn.mnemonic.as_str(), "vmovq" | "movq") && insn.ops.iter().any(|o| matches!(o, Operand::Reg(r) if r.is_xmm())) {
                return self.fail(format!("{} with an xmm operand is not supported", insn.mnemonic));
            }
            self.step(insn)?;
        }
        self.fail("function ends without ret")
    }

    fn step(&mut self, i: &Insn) -> Res<()> {
        let o = &i.ops;
        let zero = Poly::default();
        match (i.mnemonic.as_str(), o.len()) {
            ("mov", 2) => self.mov(&o[0], &o[1]),
            // 64-bit moves between a general-purpose and an xmm register (the parser admits xmm
            // operands nowhere else); the value, pointer or number, is kept as is
            ("vmovq" | "movq", 2) => match (&o[0], &o[1]) {
                (Operand::Reg(x), Operand::Reg(r)) if x.is_xmm() && r.bits == 64 && !r.is_xmm() => {
                    self.xmm[(x.num - asm::XMM0) as usize] = Some(self.regs[r.num as usize].clone());
                    Ok(())
                }
                (Operand::Reg(r), Operand::Reg(x)) if x.is_xmm() && r.bits == 64 && !r.is_xmm() => match self.xmm[(x.num - asm::XMM0) as usize].clone() {
                    Some(v) => {
                        self.regs[r.num as usize] = v;
                        Ok(())
                    }
                    None => self.fail(format!("{} is read but was never written", x.name())),
                },
                _ => self.fail(format!("unsupported operands of {}", i.mnemonic)),
            },
            ("movzx", 2) => {
                let v = self.read(&o[1], self.width(&o[1]))?;
                self.write(&o[0], v)
            }
            ("xchg", 2) => match (&o[0], &o[1]) {
                (Operand::Reg(a), Operand::Reg(b)) if a.bits == 64 && b.bits == 64 => {
                    self.regs.swap(a.num as usize, b.num as usize);
                    Ok(())
                }
                _ => self.fail("unsupported xchg form"),
            },
            ("lea", 2) => self.lea(&o[0], &o[1]),
            ("add" | "adc" | "adcx" | "adox" | "sub" | "sbb", 2) => self.add_sub(&i.mnemonic, &o[0], &o[1]),
            ("inc" | "dec", 1) => {
                let w = self.width(&o[0]);
                let a = self.read(&o[0], w)?;
                let d = Poly::constant(BigInt::from(if i.mnemonic == "inc" { 1 } else { -1 }));
                let r = self.cx.modp(&a.add(&d), w as u32);
                // OF is known only for constants (inc/dec overflow at the signed boundary).
                self.of = a.as_const_int().map(|c| {
                    let top = BigInt::one() << (w - 1);
                    let of = if i.mnemonic == "inc" { c == &top - 1 } else { c == top };
                    Poly::constant(BigInt::from(of as u8))
                });
                self.zf = Some(r.clone());
                self.write(&o[0], r)
            }
            ("xor", 2) if o[0] == o[1] => {
                self.cf = Some(zero.clone());
                self.of = Some(zero.clone());
                self.zf = Some(zero.clone());
                self.write(&o[0], zero)
            }
            ("and" | "or" | "xor", 2) => {
                let w = self.width(&o[0]);
                let (a, b) = (self.read(&o[0], w)?, self.read(&o[1], w)?);
                let op: &'static str = match i.mnemonic.as_str() {
                    "and" => "and",
                    "or" => "or",
                    _ => "xor",
                };
                let r = self.cx.bitwise(op, &a, &b, w as u32);
                self.cf = Some(zero.clone());
                self.of = Some(zero);
                self.zf = Some(r.clone());
                self.write(&o[0], r)
            }
            ("test", 2) => {
                // `test al, al` is used only to clear CF and OF; its operand may be a pointer.
                let w = self.width(&o[0]);
                self.zf = match (self.read(&o[0], w), self.read(&o[1], w)) {
                    (Ok(a), Ok(b)) => Some(self.cx.bitwise("and", &a, &b, w as u32)),
                    _ => None,
                };
                self.cf = Some(zero.clone());
                self.of = Some(zero);
                Ok(())
            }
            ("bt", 2) => {
                let k = self.const_of(&o[1])? as u32 & 63;
                let a = self.read(&o[0], 64)?;
                let d = self.cx.divp(&a, k);
                self.cf = Some(self.cx.modp(&d, 1));
                self.of = None;
                self.zf = None;
                Ok(())
            }
            ("not", 1) => {
                let w = self.width(&o[0]);
                let a = self.read(&o[0], w)?;
                let r = two(w as u32).sub(&Poly::constant(BigInt::one())).sub(&a);
                self.write(&o[0], r)
            }
            ("clc", 0) => {
                self.cf = Some(zero);
                Ok(())
            }
            ("stc", 0) => {
                self.cf = Some(Poly::constant(BigInt::one()));
                Ok(())
            }
            ("setc" | "setb" | "seto", 1) => {
                let v = if i.mnemonic == "seto" { self.flag(&self.of, "OF")? } else { self.flag(&self.cf, "CF")? };
                self.write(&o[0], v)
            }
            ("cmovc" | "cmovb" | "cmovo" | "cmovnc" | "cmovae" | "cmovno" | "cmovz" | "cmove" | "cmovnz" | "cmovne", 2) => self.cmov(&i.mnemonic, &o[0], &o[1]),
            ("mulx", 3) => {
                let a = self.num(asm::RDX)?;
                let b = self.read(&o[2], 64)?;
                let p = a.mul(&b);
                let (lo, hi) = (self.cx.modp(&p, 64), self.cx.divp(&p, 64));
                self.write(&o[1], lo)?;
                self.write(&o[0], hi)
            }
            ("mul", 1) => {
                let a = self.num(asm::RAX)?;
                let b = self.read(&o[0], 64)?;
                let p = a.mul(&b);
                let (lo, hi) = (self.cx.modp(&p, 64), self.cx.divp(&p, 64));
                self.regs[asm::RAX as usize] = Val::Num(lo);
                self.regs[asm::RDX as usize] = Val::Num(hi);
                self.clobber_flags();
                Ok(())
            }
            ("imul", 1) => {
                // signed rdx:rax = rax * src: the unsigned product when both sign bits are proven 0
                let a = self.num(asm::RAX)?;
                let b = self.read(&o[0], 64)?;
                for x in [&a, &b] {
                    let iv = self.cx.interval(x);
                    if iv.lo < BigInt::zero() || iv.hi >= BigInt::one() << 63u32 {
                        return self.fail("one-operand imul of a value whose sign bit is not proven 0");
                    }
                }
                let p = a.mul(&b);
                let (lo, hi) = (self.cx.modp(&p, 64), self.cx.divp(&p, 64));
                self.regs[asm::RAX as usize] = Val::Num(lo);
                self.regs[asm::RDX as usize] = Val::Num(hi);
                self.clobber_flags();
                Ok(())
            }
            ("imul", 2 | 3) => {
                let (a, b) = if o.len() == 3 { (self.read(&o[1], 64)?, self.read(&o[2], 64)?) } else { (self.read(&o[0], 64)?, self.read(&o[1], 64)?) };
                let r = self.cx.modp(&a.mul(&b), 64);
                self.clobber_flags();
                self.write(&o[0], r)
            }
            ("shr" | "shl", 2) => {
                let k = self.const_of(&o[1])? as u32 & 63;
                let a = self.read(&o[0], 64)?;
                let r = if i.mnemonic == "shr" { self.cx.divp(&a, k) } else { self.cx.modp(&a.mul(&two(k)), 64) };
                if k != 0 {
                    self.clobber_flags();
                }
                self.write(&o[0], r)
            }
            ("sar", 2) => {
                // an arithmetic shift is a logical one when the sign bit is proven 0 (gcc's
                // code for signed __int128 sums, e.g. bitcoin-core's field code)
                let k = self.const_of(&o[1])? as u32 & 63;
                let a = self.read(&o[0], 64)?;
                let iv = self.cx.interval(&a);
                if iv.lo < BigInt::zero() || iv.hi >= BigInt::one() << 63u32 {
                    return self.fail("sar of a value whose sign bit is not proven 0");
                }
                let r = self.cx.divp(&a, k);
                if k != 0 {
                    self.clobber_flags();
                }
                self.write(&o[0], r)
            }
            ("shrd", 3) => {
                let k = self.const_of(&o[2])? as u32 & 63;
                let (lo, hi) = (self.read(&o[0], 64)?, self.read(&o[1], 64)?);
                let wide = lo.add(&hi.mul(&two(64)));
                let d = self.cx.divp(&wide, k);
                let r = self.cx.modp(&d, 64);
                if k != 0 {
                    self.clobber_flags();
                }
                self.write(&o[0], r)
            }
            ("shlx" | "shrx", 3) => {
                let k = self.const_of(&o[2])? as u32 & 63;
                let a = self.read(&o[1], 64)?;
                let r = if i.mnemonic == "shrx" { self.cx.divp(&a, k) } else { self.cx.modp(&a.mul(&two(k)), 64) };
                self.write(&o[0], r)
            }
            ("bzhi", 3) => {
                let n = (self.const_of(&o[2])? & 0xff) as u32;
                let a = self.read(&o[1], 64)?;
                let r = self.cx.modp(&a, n.min(64));
                // BZHI: CF = (index > 63), OF cleared, ZF from the result.
                self.cf = Some(Poly::constant(BigInt::from((n > 63) as u8)));
                self.of = Some(Poly::default());
                self.zf = Some(r.clone());
                self.write(&o[0], r)
            }
            ("push", 1) => {
                let v = self.read(&o[0], 64)?;
                self.adjust_rsp(-8)?;
                let m = Mem { base: Some(asm::RSP), index: None, disp: 0, bits: 64 };
                self.store(&m, 64, v)
            }
            ("pop", 1) => {
                let m = Mem { base: Some(asm::RSP), index: None, disp: 0, bits: 64 };
                let v = self.load(&m)?;
                self.adjust_rsp(8)?;
                self.write(&o[0], v)
            }
            (mn, n) => self.fail(format!("unsupported instruction {mn} with {n} operands")),
        }
    }

    fn clobber_flags(&mut self) {
        self.cf = None;
        self.of = None;
        self.zf = None;
    }

    fn adjust_rsp(&mut self, d: i64) -> Res<()> {
        match self.regs[asm::RSP as usize] {
            Val::Ptr(Region::Stack, o) => {
                self.regs[asm::RSP as usize] = Val::Ptr(Region::Stack, o + d);
                Ok(())
            }
            _ => self.fail("rsp is not the stack pointer"),
        }
    }

    fn const_of(&mut self, o: &Operand) -> Res<u64> {
        let v = self.read(o, 64)?;
        match v.as_const_int() {
            Some(c) => Ok(c.iter_u64_digits().next().unwrap_or(0)),
            None => self.fail("shift count or index is not a known constant"),
        }
    }

    fn mov(&mut self, d: &Operand, s: &Operand) -> Res<()> {
        // Pointers may be copied between 64-bit registers and spilled.
        match (d, s) {
            (Operand::Reg(dr), Operand::Reg(sr)) if dr.bits == 64 && sr.bits == 64 => {
                self.regs[dr.num as usize] = self.regs[sr.num as usize].clone();
                return Ok(());
            }
            (Operand::Mem(m), Operand::Reg(sr)) if sr.bits == 64 => {
                let v = self.regs[sr.num as usize].clone();
                return self.store_val(m, 64, v);
            }
            (Operand::Reg(dr), Operand::Mem(m)) if dr.bits == 64 => {
                let v = self.load_val(&Mem { bits: 64, ..*m })?;
                self.regs[dr.num as usize] = v;
                return Ok(());
            }
            _ => {}
        }
        let w = match (d, s) {
            (Operand::Mem(_), Operand::Reg(r)) => r.bits,
            _ => self.width(d),
        };
        let v = match s {
            Operand::Mem(m) => self.load(&Mem { bits: w, ..*m })?,
            _ => self.read(s, w)?,
        };
        match d {
            Operand::Mem(m) => self.store(m, w, v),
            _ => self.write(d, v),
        }
    }

    fn lea(&mut self, d: &Operand, s: &Operand) -> Res<()> {
        let m = match s {
            Operand::Mem(m) => m,
            _ => return self.fail("lea needs a memory operand"),
        };
        if let Some(Val::Ptr(r, off)) = m.base.map(|b| self.regs[b as usize].clone()) {
            if m.index.is_none() {
                if let Operand::Reg(dr) = d {
                    self.regs[dr.num as usize] = Val::Ptr(r, off + m.disp);
                    return Ok(());
                }
            }
        }
        let mut v = match m.base {
            Some(b) => self.num(b)?,
            None => Poly::default(),
        };
        if let Some((r, sc)) = m.index {
            v = v.add(&self.num(r)?.mul(&Poly::constant(BigInt::from(sc))));
        }
        v = v.add(&Poly::constant(BigInt::from(m.disp)));
        let r = self.cx.modp(&v, 64);
        self.write(d, r)
    }

    fn add_sub(&mut self, mn: &str, d: &Operand, s: &Operand) -> Res<()> {
        if let (Operand::Reg(r), Operand::Imm(k)) = (d, s) {
            if r.num == asm::RSP && r.bits == 64 && matches!(mn, "add" | "sub") {
                let k = *k as i64;
                self.clobber_flags();
                return self.adjust_rsp(if mn == "add" { k } else { -k });
            }
        }
        let w = self.width(d);
        let a = self.read(d, w)?;
        let b = self.read(s, w)?;
        let cin = match mn {
            "adc" | "adcx" | "sbb" => self.flag(&self.cf, "CF")?,
            "adox" => self.flag(&self.of, "OF")?,
            _ => Poly::default(),
        };
        let sub = matches!(mn, "sub" | "sbb");
        let sign = if sub { -1 } else { 1 };
        let t = self.cx.note_sum_interval(&[(1, &a), (sign, &b), (sign, &cin)]);
        let r = self.cx.modp(&t, w as u32);
        let d_ = self.cx.divp(&t, w as u32);
        let carry = if sub { Poly::default().sub(&d_) } else { d_ };
        // CF/OF of an add/sub of w-bit register values and a flag is a bit by the ISA's semantics.
        self.cx.mark_bit(&carry);
        match mn {
            "adcx" => self.cf = Some(carry),
            "adox" => self.of = Some(carry),
            _ => {
                self.cf = Some(carry);
                self.of = self.overflow_flag(&a, &b, &cin, sub, w as u32);
                self.zf = Some(r.clone());
            }
        }
        self.write(d, r)
    }

    /// OF of add/adc/sub/sbb when operand bounds decide it: each operand's interval must lie
    /// entirely in the non-negative or the negative half of the signed range; then the signed
    /// result interval decides whether it overflows. Otherwise OF is unknown.
    fn overflow_flag(&mut self, a: &Poly, b: &Poly, cin: &Poly, sub: bool, w: u32) -> Option<Poly> {
        let half = BigInt::one() << (w - 1);
        let full = BigInt::one() << w;
        let signed = |cx: &Ctx, p: &Poly| -> Option<(BigInt, BigInt)> {
            let i = cx.interval(p);
            if i.lo >= BigInt::zero() && i.hi < half {
                Some((i.lo, i.hi))
            } else if i.lo >= half && i.hi < full {
                Some((i.lo - &full, i.hi - &full))
            } else {
                None
            }
        };
        if let Some(of) = overflow_of_bit_function(self.cx, a, b, cin, sub, w) {
            return Some(of);
        }
        let (alo, ahi) = signed(self.cx, a)?;
        let (blo, bhi) = signed(self.cx, b)?;
        let ci = self.cx.interval(cin);
        let (lo, hi) = if sub { (alo - bhi - &ci.hi, ahi - blo - &ci.lo) } else { (alo + blo + &ci.lo, ahi + bhi + &ci.hi) };
        if lo >= -half.clone() && hi < half {
            Some(Poly::default())
        } else {
            None
        }
    }

    fn cmov(&mut self, mn: &str, d: &Operand, s: &Operand) -> Res<()> {
        let old = self.read(d, 64)?;
        let new = self.read(s, 64)?;
        let moved_when_nonzero = |c: Poly| (c, true);
        let (c, when_nonzero) = match mn {
            "cmovc" | "cmovb" => moved_when_nonzero(self.flag(&self.cf, "CF")?),
            "cmovnc" | "cmovae" => (self.flag(&self.cf, "CF")?, false),
            "cmovo" => moved_when_nonzero(self.flag(&self.of, "OF")?),
            "cmovno" => (self.flag(&self.of, "OF")?, false),
            // ZF=1 iff zf == 0
            "cmovz" | "cmove" => (self.flag(&self.zf, "ZF")?, false),
            _ => (self.flag(&self.zf, "ZF")?, true),
        };
        let r = if when_nonzero { self.cx.select(&c, &old, &new) } else { self.cx.select(&c, &new, &old) };
        self.write(d, r)
    }

    /// Checks the final state; returns the equalities the rules left open (for the solver).
    fn check_end(&mut self, expect: &[Poly]) -> Res<Vec<Obligation>> {
        self.line = 0;
        if self.regs[asm::RSP as usize] != Val::Ptr(Region::Stack, 0) {
            return Err("rsp is not restored at ret".into());
        }
        let mut open = vec![];
        for r in asm::CALLEE_SAVED {
            let init = self.cx.var(&format!("init_{}", asm::REG64[r as usize]), 0, u64::MAX as u128);
            let what = format!("callee-saved register {}", asm::REG64[r as usize]);
            match &self.regs[r as usize] {
                Val::Num(v) if *v == init => {}
                Val::Num(v) => open.push(Obligation { unproven: format!("{what} is not preserved"), what, asm: v.clone(), ir: init }),
                Val::Ptr(..) => return Err(format!("{what} is not preserved")),
            }
        }
        let out = self.physical(Region::Out);
        for (i, e) in expect.iter().enumerate() {
            match self.mem.get(&(out, 8 * i as i64)) {
                Some((64, Val::Num(v))) if v == e => {}
                Some((64, Val::Num(v))) => {
                    if std::env::var_os("VF_EXPLAIN_NUM").is_some() {
                        self.explain_numeric(v, e);
                    }
                    if std::env::var_os("VF_DIFF").is_some() {
                        eprintln!("{}", self.cx.diff_terms(v, e, 4));
                    }
                    if std::env::var_os("VF_ATOMS").is_some() {
                        let mut seen = std::collections::HashSet::new();
                        let mut stack: Vec<crate::sym::AtomId> = v.terms.keys().chain(e.terms.keys()).flatten().copied().collect();
                        while let Some(a) = stack.pop() {
                            if !seen.insert(a) {
                                continue;
                            }
                            if let crate::sym::Atom::Mod(q, k) = self.cx.atom(a) {
                                let iv = self.cx.interval(q);
                                eprintln!("m{a} = Mod(_, 2^{k}); content in [{}, {}] (~2^{}) = {}", iv.lo, iv.hi, iv.hi.bits(), self.cx.show(q).chars().take(700).collect::<String>());
                                stack.extend(q.terms.keys().flatten().copied());
                            }
                        }
                    }
                    let why = if std::env::var_os("VF_EXPLAIN").is_some() { self.cx.explain_diff(v, e, 30) } else { String::new() };
                    let unproven = format!("output limb {i} not proven equal: asm {} vs IR {} {why}", short(&self.cx.show(v)), short(&self.cx.show(e)));
                    open.push(Obligation { what: format!("output limb {i}"), asm: v.clone(), ir: e.clone(), unproven });
                }
                _ => return Err(format!("output limb {i} is never written")),
            }
        }
        Ok(open)
    }
}

impl Machine<'_> {
    /// Development aid: prints the atoms of two differing Select conditions with their
    /// power-of-two coefficients and concrete values on a few random inputs.
    fn explain_numeric(&self, v: &Poly, e: &Poly) {
        use rand::SeedableRng;
        let cond = |p: &Poly| -> Poly {
            match p.terms.iter().next() {
                Some((m, _)) if p.terms.len() == 1 && m.len() == 1 => match self.cx.atom(m[0]) {
                    crate::sym::Atom::Select(c, _, _) => c.clone(),
                    _ => p.clone(),
                },
                _ => p.clone(),
            }
        };
        let (cv, ce) = (cond(v), cond(e));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let envs: Vec<HashMap<String, BigInt>> = (0..4)
            .map(|_| {
                let ins = self.f.random_inputs(&mut rng);
                let mut env = HashMap::new();
                for (k, arr) in ins.iter().enumerate() {
                    for (i, x) in arr.iter().enumerate() {
                        env.insert(input_name(self.f, k, i), BigInt::from(*x));
                    }
                }
                env
            })
            .collect();
        for (label, p) in [("asm", &cv), ("ir", &ce)] {
            let vals: Vec<String> = envs.iter().map(|env| format!("{}", self.cx.eval(p, env, &mut HashMap::new()))).collect();
            eprintln!("{label} cond = {vals:?}");
            for (m, c) in &p.terms {
                if m.len() == 1 && !matches!(self.cx.atom(m[0]), crate::sym::Atom::Var(_)) {
                    let vals: Vec<String> = envs.iter().map(|env| format!("{:x}", self.cx.eval(&Poly::atom(m[0]), env, &mut HashMap::new()).to_integer())).collect();
                    let inner = match self.cx.atom(m[0]) {
                        crate::sym::Atom::Mod(q, k) => format!("%2^{k} of {} terms", q.terms.len()),
                        _ => "other".into(),
                    };
                    eprintln!("  {label} a{} coef 2^{:.1} {inner} vals {vals:?}", m[0], (c.numer().to_string().parse::<f64>().unwrap_or(f64::NAN).abs().log2() - c.denom().bits() as f64 + 1.0));
                }
            }
        }
    }
}

/// OF when every operand is a constant or affine in one and the same proven bit `x`
/// (CryptOpt's `add r8b, 0x7f` turns a saved OF byte back into OF): then OF is a function of
/// `x` alone, computed from the definition (the signed sum leaves the signed range) at
/// x = 0 and x = 1, and equals `of0 + x·(of1 - of0)` (a function of a bit is affine in it).
pub fn overflow_of_bit_function(cx: &mut Ctx, a: &Poly, b: &Poly, cin: &Poly, sub: bool, w: u32) -> Option<Poly> {
    let mut bit: Option<Poly> = None;
    let mut forms = vec![];
    for p in [a, b, cin] {
        if let Some(c) = p.as_const() {
            forms.push((BigRational::zero(), c));
            continue;
        }
        let (x, s, c) = cx.affine_bit(p)?;
        if bit.as_ref().is_some_and(|y| *y != x) {
            return None;
        }
        bit = Some(x);
        forms.push((s, c));
    }
    let x = bit?;
    let full = BigInt::one() << w;
    let half = BigInt::one() << (w - 1);
    let of_at = |v: u32| -> Option<bool> {
        let mut vals = vec![];
        for (s, c) in &forms {
            let r = s * BigRational::from_integer(BigInt::from(v)) + c;
            if !r.is_integer() {
                return None;
            }
            vals.push(r.to_integer());
        }
        let in_word = |i: &BigInt| *i >= BigInt::zero() && *i < full;
        if !in_word(&vals[0]) || !in_word(&vals[1]) || vals[2] < BigInt::zero() || vals[2] > BigInt::one() {
            return None;
        }
        let signed = |i: &BigInt| if *i >= half { i - &full } else { i.clone() };
        let r = if sub { signed(&vals[0]) - signed(&vals[1]) - &vals[2] } else { signed(&vals[0]) + signed(&vals[1]) + &vals[2] };
        Some(r < -half.clone() || r >= half)
    };
    let (of0, of1) = (of_at(0)?, of_at(1)?);
    let k = |b: bool| BigInt::from(b as i32);
    let of = Poly::constant(k(of0)).add(&x.scale(&BigRational::from_integer(k(of1) - k(of0))));
    // 0/1-valued by construction (of0, of1 are both 0 or 1)
    cx.mark_bit(&of);
    Some(of)
}

fn short(s: &str) -> String {
    if s.len() > 160 {
        format!("{}...", &s[..160])
    } else {
        s.to_string()
    }
}

/// Differential check of the IR's symbolic semantics against the concrete evaluator.
pub fn ir_symbolic_matches_eval(f: &Function, inputs: &[Vec<u64>]) -> bool {
    let mut cx = Ctx::new();
    let outs = ir_outputs(&mut cx, f);
    let mut env = HashMap::new();
    for (k, arr) in inputs.iter().enumerate() {
        for (i, v) in arr.iter().enumerate() {
            env.insert(input_name(f, k, i), BigInt::from(*v));
        }
    }
    let want = f.eval(inputs);
    let mut memo = HashMap::new();
    outs.iter().zip(want).all(|(p, w)| cx.eval(p, &env, &mut memo) == BigRational::from_integer(BigInt::from(w)))
}

#[allow(dead_code)]
fn is_zero(p: &Poly) -> bool {
    p.terms.is_empty() || p.as_const().map(|c| c.is_zero()).unwrap_or(false)
}

#[allow(unused)]
fn _uses(_: ir::Stmt) {}

/// Development aid: lines of `prog` whose written register value is not any IR value.
pub fn debug_unmatched(f: &Function, prog: &Program) -> Vec<String> {
    let mut cx = Ctx::new();
    declare_inputs(&mut cx, f);
    let mut seen = std::collections::HashSet::new();
    {
        // record every IR intermediate
        let mut vals: Vec<Poly> = vec![Poly::default(); f.var_width.len()];
        let _ = &mut vals;
    }
    let outs = ir_outputs_all(&mut cx, f);
    for p in outs {
        seen.insert(p);
    }
    let mut m = Machine::new(&mut cx, f, Scenario::Distinct);
    let mut report = vec![];
    for (n, insn) in prog.insns.iter().enumerate() {
        m.line = n + 1;
        if insn.mnemonic == "ret" {
            break;
        }
        if std::env::var_os("VF_TRACE").is_some() {
            let mut ops = vec![];
            for o in &insn.ops {
                let v = match o {
                    Operand::Reg(r) if r.is_xmm() => continue,
                    Operand::Reg(r) => m.regs[r.num as usize].clone(),
                    Operand::Mem(mm) => m.load_val(mm).unwrap_or(Val::Ptr(Region::Stack, 999)),
                    _ => continue,
                };
                if let Val::Num(p) = v {
                    ops.push(format!("{}[{}]", seen.contains(&p), if p.terms.len() < 4 { m.cx.show(&p) } else { "..".into() }));
                }
            }
            let cf = m.cf.clone().map(|c| format!("{}", seen.contains(&c))).unwrap_or_default();
            eprintln!("{}: {} ops={ops:?} cf={cf}", n + 1, asm::fmt_insn(insn, false));
            if std::env::var("VF_TRACE_AT").ok().and_then(|s| s.parse::<usize>().ok()) == Some(n + 1) {
                for p in &seen {
                    if std::env::var("VF_TRACE_ATOM").map(|a| m.cx.show(p).contains(&a)).unwrap_or(false) {
                        eprintln!("   IR has: {}", m.cx.show(p));
                    }
                }
            }
        }
        if let Err(e) = m.step(insn) {
            report.push(e);
            break;
        }
        if let Some(Operand::Reg(r)) = insn.ops.first().filter(|o| !matches!(o, Operand::Reg(r) if r.is_xmm())) {
            if let Val::Num(p) = &m.regs[r.num as usize] {
                if !seen.contains(p) && p.terms.len() > 0 {
                    let detail = if report.len() < 3 { m.cx.show(p) } else { String::new() };
                    report.push(format!("{}: {} {}", n + 1, asm::fmt_insn(insn, false), detail));
                }
            }
        }
    }
    report
}

fn ir_outputs_all(cx: &mut Ctx, f: &Function) -> Vec<Poly> {
    // re-run the IR and keep every variable's value
    let mut g = f.clone();
    g.outputs = (0..f.var_width.len()).map(Arg::Var).collect();
    ir_outputs(cx, &g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// OF by the textbook sign rule on wrapped w-bit values (independent of the signed-range
    /// definition used by `overflow_of_bit_function`).
    fn of_by_signs(a: u64, b: u64, cin: u64, sub: bool, w: u32) -> u64 {
        let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
        let top = 1u64 << (w - 1);
        if sub {
            let r = a.wrapping_sub(b).wrapping_sub(cin) & mask;
            (((a ^ b) & (a ^ r) & top) != 0) as u64
        } else {
            let r = a.wrapping_add(b).wrapping_add(cin) & mask;
            (((!(a ^ b)) & (a ^ r) & top) != 0) as u64
        }
    }

    /// Issue 18.5: the series of bench/crypto-verify-scaling (a 5-line add/adcx/adcx/mov/adc
    /// block repeated n times before a correct 2-limb product). Work must grow linearly in n:
    /// before the fix, `Mod` contents grew with the program (flattening along the dependency
    /// chain) and every operation scanned them (quadratic and worse).
    #[test]
    fn symbolic_work_grows_linearly_with_program_length() {
        let f = crate::ir::parse(include_str!("../../../examples/crypto/mul2.json")).unwrap();
        let tail = "mov rcx, rdx\nmov rdx, [rsi]\nmulx r8, rax, [rcx]\nmulx r9, r10, [rcx + 0x8]\nadd r8, r10\nmov rdx, [rsi + 0x8]\nimul rdx, [rcx]\nadd r8, rdx\nmov [rdi], rax\nmov [rdi + 0x8], r8\nret\n";
        // independent accumulators (A) and a chain where every value feeds the next block (D)
        let blocks = ["add rax, r8\nadcx rcx, r9\nadcx r10, rax\nmov r11, rcx\nadc r11, r10\n", "add r8, r9\nadcx r9, r8\nadcx r10, r9\nmov r11, r10\nadc r8, r11\n"];
        for block in blocks {
            let stats = |n: usize| {
                let prog = crate::asm::parse(&format!("f:\n{}{tail}", block.repeat(n))).unwrap();
                assert!(verify(&f, &prog, Scenario::Distinct).is_ok(), "the series proves (n = {n})");
                run_stats(&f, &prog)
            };
            let (small, big) = (stats(25), stats(100));
            println!("{small:?} -> {big:?}");
            assert!(big.largest_mod <= 2 * crate::sym::FLATTEN_CAP, "{block}: Mod contents bounded: {big:?}");
            assert!(big.largest_mod <= small.largest_mod.max(40) * 2, "{block}: Mod contents do not grow with n: {small:?} -> {big:?}");
            assert!(big.atoms <= 5 * small.atoms, "{block}: {small:?} -> {big:?}");
            assert!(big.work <= 6 * small.work, "{block}: work linear in n (4x the lines): {small:?} -> {big:?}");
        }
    }

    #[test]
    fn overflow_of_a_bit_function_matches_the_sign_rule() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut derived = 0;
        for _ in 0..400 {
            let mut cx = Ctx::new();
            let (x, y) = (cx.var("x", 0, u64::MAX as u128), cx.var("y", 0, u64::MAX as u128));
            let t = cx.note_sum_interval(&[(1, &x), (1, &y)]);
            let bit = cx.divp(&t, 64);
            cx.mark_bit(&bit);
            let w = [8u32, 64][rng.gen_range(0..2)];
            let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
            let special = [0x7f, 0x80, 0x7e, mask, mask - 1, mask >> 1, (mask >> 1) + 1];
            let k: u64 = if rng.gen_bool(0.7) { special[rng.gen_range(0..special.len())] } else { rng.gen::<u64>() & mask };
            let sub = rng.gen_bool(0.5);
            // a = bit or (const - bit) style forms; b constant; carry-in 0, 1 or the bit
            let form = rng.gen_range(0..3);
            let a_of = |v: u64| match form {
                0 => v,
                1 => mask - v,
                _ => v,
            };
            let a = match form {
                1 => Poly::constant(BigInt::from(mask)).sub(&bit),
                _ => bit.clone(),
            };
            let cin_kind = rng.gen_range(0..3);
            let cin = match cin_kind {
                0 => Poly::default(),
                1 => Poly::constant(BigInt::one()),
                _ => bit.clone(),
            };
            let b = Poly::constant(BigInt::from(k));
            let Some(of) = overflow_of_bit_function(&mut cx, &a, &b, &cin, sub, w) else { continue };
            derived += 1;
            for v in [0u64, 1] {
                // choose x, y making the bit v
                let (xv, yv) = if v == 1 { (u64::MAX, 1u64) } else { (5u64, 7u64) };
                let env: HashMap<String, BigInt> = [("x".to_string(), BigInt::from(xv)), ("y".to_string(), BigInt::from(yv))].into();
                let got = cx.eval(&of, &env, &mut HashMap::new());
                let cv = match cin_kind {
                    0 => 0,
                    1 => 1,
                    _ => v,
                };
                let want = of_by_signs(a_of(v), k, cv, sub, w);
                assert_eq!(got, BigRational::from_integer(BigInt::from(want)), "w={w} sub={sub} form={form} k={k:#x} cin={cv} bit={v}");
            }
        }
        assert!(derived > 300, "only {derived} cases derived");
    }
}
