//! Memory-access coalescing as a proven rewrite pass (issue 16, "dead-store/redundant-load
//! elimination ... as proven rewrite passes").
//!
//! K2's archived output for `xdp_fwd` (155 -> 125 real instructions) is mostly three kinds of
//! rewrite that a random 6-slot search rarely assembles, because each needs several
//! coordinated edits over up to 8 slots:
//!
//! * **copy merging**: two copies of `S` bytes between adjacent addresses
//!   (`x = *(uS *)(A + a); *(uS *)(B + b) = x; ...; y = *(uS *)(A + a + S); *(uS *)(B + b + S) = y`)
//!   become one copy of `2S` bytes (IPv6 addresses copied as four `u32`s become two `u64`s);
//! * **split-store merging**: `*(uS *)(B + b) = x; x >>= 8S; *(uS *)(B + b + S) = x` becomes one
//!   `2S`-byte store of `x` (little endian), with or without the shift;
//! * **load combining**: `l = *(uS *)(A + a); h = *(uS *)(A + a + S); h <<= 8S; h |= l` becomes
//!   one `2S`-byte load.
//!
//! The pass only *proposes*: every candidate is proven equivalent in its context by the window
//! prover (liveness, constants and regions of the current program, exactly like a search
//! window), and the program after each firing must pass the safety oracle (e.g. the kernel
//! rejects a misaligned wide stack access); otherwise the candidate is dropped. Candidates are
//! generated from the instruction shapes alone, never from a particular program.

use crate::equiv::encode::{memory_model, MemModel};
use crate::equiv::window::Solver;
use crate::isa::{self, Insn, Kind};
use crate::opt::cost::Objective;
use crate::opt::interp::CallModel;
use crate::opt::problem::SafetyCheck;
use crate::opt::window::{self, ProgramFacts};
use serde::Serialize;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// What the pass did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CoalesceStats {
    /// Candidates that would lower the cost and were sent to the prover.
    pub tried: usize,
    /// Proven and safe: applied.
    pub fired: usize,
    /// Not proven equivalent (refuted, unknown or timeout).
    pub refuted: usize,
    /// Proven but refused by the safety oracle.
    pub unsafe_: usize,
    /// Not tried: the window's memory model is finer than its straight-line run's, so the final
    /// re-proof of the run (one query, the run's coarser model) could not confirm it.
    pub coarse_run: usize,
    pub seconds: f64,
}

/// Furthest distance (slots) between the two copies that copy merging pairs up.
const MAX_COPY_GAP: usize = 16;

fn size_code(bytes: usize) -> Option<u8> {
    match bytes {
        1 => Some(isa::BPF_B),
        2 => Some(isa::BPF_H),
        4 => Some(isa::BPF_W),
        8 => Some(isa::BPF_DW),
        _ => None,
    }
}

/// `dst = *(uS *)(base + off)` as (S, dst, base, off).
fn load(i: &Insn) -> Option<(usize, u8, u8, i16)> {
    (i.class() == isa::BPF_LDX && i.mode() == isa::BPF_MEM).then(|| (i.access_bytes(), i.dst, i.src, i.off))
}

/// `*(uS *)(base + off) = src` as (S, base, src, off).
fn store(i: &Insn) -> Option<(usize, u8, u8, i16)> {
    (i.class() == isa::BPF_STX && i.mode() == isa::BPF_MEM).then(|| (i.access_bytes(), i.dst, i.src, i.off))
}

fn is_alu64_imm(i: &Insn, op: u8, dst: u8, imm: i32) -> bool {
    *i == Insn::alu64_imm(op, dst, imm)
}

/// Candidate replacements of `insns[s..e]` (same length, `ja +0` padding) starting at `s`,
/// inside the straight-line run ending at `re`.
pub fn candidates(insns: &[Insn], s: usize, re: usize) -> Vec<(usize, usize, Vec<Insn>)> {
    let mut out = Vec::new();
    let nop = Insn::nop();
    // copy merging
    if s + 1 < re {
        if let (Some((sz, x, a_base, a)), Some((sz2, b_base, x2, b))) = (load(&insns[s]), store(&insns[s + 1])) {
            if sz == sz2 && x == x2 && x != a_base && x != b_base && sz < 8 {
                let wide = size_code(2 * sz).expect("2, 4 or 8");
                for j in (s + 2)..re.min(s + 2 + MAX_COPY_GAP) {
                    if j + 1 >= re {
                        break;
                    }
                    let (Some((tz, y, a2_base, a2)), Some((tz2, b2_base, y2, b2))) = (load(&insns[j]), store(&insns[j + 1])) else {
                        continue;
                    };
                    if tz != sz || tz2 != sz || y2 != y || a2_base != a_base || b2_base != b_base || y == a_base || y == b_base {
                        continue;
                    }
                    let (da, db) = (a2 as i32 - a as i32, b2 as i32 - b as i32);
                    if da != db || da.unsigned_abs() as usize != sz {
                        continue;
                    }
                    let (lo_a, lo_b) = (a.min(a2), b.min(b2));
                    let e = j + 2;
                    // the wide copy at the first pair (register x) or at the second (register y)
                    for (at, r) in [(s, x), (j, y)] {
                        let mut rep = insns[s..e].to_vec();
                        for k in [s, s + 1, j, j + 1] {
                            rep[k - s] = nop;
                        }
                        rep[at - s] = Insn::ldx(wide, r, a_base, lo_a);
                        rep[at + 1 - s] = Insn::stx(wide, b_base, r, lo_b);
                        out.push((s, e, rep));
                    }
                }
            }
        }
    }
    // split-store merging
    if s + 2 < re {
        if let (Some((sz, base, x, b)), Some((sz2, base2, x2, b2))) = (store(&insns[s]), store(&insns[s + 2])) {
            if sz == sz2 && sz < 8 && base == base2 && x == x2 && x != base && b2 as i32 - b as i32 == sz as i32
                && is_alu64_imm(&insns[s + 1], isa::BPF_RSH, x, 8 * sz as i32)
            {
                let st = Insn::stx(size_code(2 * sz).expect("2, 4 or 8"), base, x, b);
                out.push((s, s + 3, vec![st, insns[s + 1], nop]));
                out.push((s, s + 3, vec![st, nop, nop]));
            }
        }
    }
    // load combining
    if s + 3 < re {
        if let (Some((sz, r1, base, o1)), Some((sz2, r2, base2, o2))) = (load(&insns[s]), load(&insns[s + 1])) {
            if sz == sz2 && sz < 8 && base == base2 && r1 != r2 && r1 != base && (o2 as i32 - o1 as i32).unsigned_abs() as usize == sz {
                let (lo, hi) = if o1 < o2 { (r1, r2) } else { (r2, r1) };
                let or = &insns[s + 3];
                let or_ok = or.class() == isa::BPF_ALU64
                    && or.op() == isa::BPF_OR
                    && or.src_is_reg()
                    && ((or.dst == hi && or.src == lo) || (or.dst == lo && or.src == hi));
                if is_alu64_imm(&insns[s + 2], isa::BPF_LSH, hi, 8 * sz as i32) && or_ok {
                    let w = Insn::ldx(size_code(2 * sz).expect("2, 4 or 8"), or.dst, base, o1.min(o2));
                    out.push((s, s + 4, vec![w, nop, nop, nop]));
                }
            }
        }
    }
    out
}

/// Applies every proven, safe, cost-lowering candidate, rescanning after each firing.
#[allow(clippy::too_many_arguments)]
pub fn coalesce(
    insns: &[Insn],
    objective: &Objective,
    solver: &dyn Solver,
    calls: &CallModel,
    timeout: Duration,
    deadline: Option<Instant>,
    safety: &SafetyCheck,
) -> (Vec<Insn>, CoalesceStats) {
    let t0 = Instant::now();
    let mut stats = CoalesceStats::default();
    let mut cur = insns.to_vec();
    let mut tried: HashSet<(usize, Vec<Insn>)> = HashSet::new();
    let Ok(mut facts) = ProgramFacts::new(&cur) else {
        return (cur, stats);
    };
    'rescan: loop {
        for (rs, re) in window::runs(&cur, &facts) {
            let model = |insns: &[Insn], at: usize| facts.regions[at].map_or(MemModel::Flat, |r| memory_model(insns, &r));
            let run_model = model(&cur[rs..re], rs);
            for s in rs..re {
                if matches!(facts.kinds[s], Kind::LddwHigh) {
                    continue;
                }
                // largest gain first (e.g. a split store without its shift before with it)
                let mut cands = candidates(&cur, s, re);
                cands.extend(crate::opt::coalesce_n::candidates(&cur, &facts, s, re));
                let gain = |c: &(usize, usize, Vec<Insn>)| objective.cost(&c.2) - objective.cost(&cur[c.0..c.1]);
                cands.sort_by(|a, b| gain(a).total_cmp(&gain(b)));
                for (s, e, rep) in cands {
                    if e < cur.len() && matches!(facts.kinds[e], Kind::LddwHigh) {
                        continue;
                    }
                    if objective.cost(&rep) >= objective.cost(&cur[s..e]) || !tried.insert((s, rep.clone())) {
                        continue;
                    }
                    if model(&cur[s..e], s).min(model(&rep, s)) > run_model {
                        stats.coarse_run += 1;
                        continue;
                    }
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        break 'rescan;
                    }
                    stats.tried += 1;
                    let (next, f) = match window::try_rewrite(&cur, &facts, s, e, &rep, calls, solver, timeout, deadline, Some(safety)) {
                        window::Rewrite::Applied(next, f) => (next, f),
                        window::Rewrite::NotProven => {
                            stats.refuted += 1;
                            continue;
                        }
                        window::Rewrite::Unsafe => {
                            stats.unsafe_ += 1;
                            continue;
                        }
                        window::Rewrite::NoFacts => continue,
                    };
                    cur = next;
                    facts = f;
                    stats.fired += 1;
                    continue 'rescan;
                }
            }
        }
        break;
    }
    stats.seconds = t0.elapsed().as_secs_f64();
    (cur, stats)
}
