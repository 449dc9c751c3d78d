//! Whole-program equivalence by alignment and window proofs.
//!
//! Two programs are aligned slot by slot (an LCS over instructions where jumps
//! match by opcode and operands, not offset); the second program is padded with
//! `ja +0` so both have the same length, and the padding is checked by
//! `compact(padded) == b`. Every range where they still differ must lie inside a
//! straight-line window; those windows are proven one at a time in program
//! order, each inside the program where earlier windows are already replaced
//! (the same sequential argument the optimizer uses). Anything else is "not
//! proven" — never "equivalent".

use crate::equiv::window::{prove_window, Solver, WindowQuery, WindowVerdict};
use crate::isa::{self, Insn, Kind};
use crate::opt::interp::TestCase;
use crate::opt::window::{self, ProgramFacts};
use crate::opt::{compact, interp};
use std::time::Duration;

/// Result of a whole-program proof attempt.
#[derive(Clone, Debug)]
pub enum ProgramVerdict {
    /// Proven equivalent; `windows` rewritten ranges were proven by the solver.
    Proven { windows: usize },
    /// A window-level counterexample (the window starting at `pc` differs on `test`).
    WindowCounterexample { pc: usize, test: TestCase },
    /// No proof (the reason says why), which is not a "no".
    NotProven(String),
}

fn same_shape(a: &Insn, b: &Insn) -> bool {
    if a.is_jump() && b.is_jump() {
        a.code == b.code && a.dst == b.dst && a.src == b.src && (a.imm == b.imm || a.code == isa::BPF_JMP32 | isa::BPF_JA)
    } else {
        a == b
    }
}

/// Pads `b` with `ja +0` to align it with `a`; `None` if no consistent alignment exists.
pub fn align(a: &[Insn], b: &[Insn]) -> Option<Vec<Insn>> {
    if a.len() == b.len() {
        return Some(b.to_vec());
    }
    let b_real: Vec<Insn> = b.to_vec();
    let (n, m) = (a.len(), b_real.len());
    if m > n {
        return None;
    }
    // LCS table
    let mut t = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            t[i][j] = if same_shape(&a[i], &b_real[j]) { t[i + 1][j + 1] + 1 } else { t[i + 1][j].max(t[i][j + 1]) };
        }
    }
    // walk: position of each b slot in the padded program
    let mut pos_of_b = vec![usize::MAX; m + 1];
    let (mut i, mut j) = (0, 0);
    let mut gap_b: Vec<usize> = Vec::new();
    let mut gap_start = 0;
    let flush = |gap_b: &mut Vec<usize>, gap_start: usize, gap_end: usize, pos: &mut Vec<usize>| -> bool {
        if gap_b.len() > gap_end - gap_start {
            return false;
        }
        for (k, &bj) in gap_b.iter().enumerate() {
            pos[bj] = gap_start + k;
        }
        gap_b.clear();
        true
    };
    while i < n && j < m {
        if same_shape(&a[i], &b_real[j]) && t[i][j] == t[i + 1][j + 1] + 1 {
            if !flush(&mut gap_b, gap_start, i, &mut pos_of_b) {
                return None;
            }
            pos_of_b[j] = i;
            i += 1;
            j += 1;
            gap_start = i;
        } else if t[i + 1][j] >= t[i][j + 1] {
            i += 1;
        } else {
            gap_b.push(j);
            j += 1;
        }
    }
    gap_b.extend(j..m);
    if !flush(&mut gap_b, gap_start, n, &mut pos_of_b) {
        return None;
    }
    pos_of_b[m] = n;
    let mut padded = vec![Insn::nop(); n];
    for (bj, ins) in b_real.iter().enumerate() {
        let mut ins = *ins;
        if ins.is_jump() {
            let target = bj as i64 + 1 + ins.jump_offset() as i64;
            let t_pos = *pos_of_b.get(target as usize)? as i64;
            let off = t_pos - (pos_of_b[bj] as i64 + 1);
            if ins.code == isa::BPF_JMP32 | isa::BPF_JA {
                ins.imm = off as i32;
            } else {
                ins.off = i16::try_from(off).ok()?;
            }
        }
        padded[pos_of_b[bj]] = ins;
    }
    (compact(&padded) == compact(b)).then_some(padded)
}

/// Tries to prove `a` and `b` equivalent (same environment: program type, maps).
pub fn prove_programs(a: &[Insn], b: &[Insn], solver: &dyn Solver, timeout: Duration) -> ProgramVerdict {
    let Some(b) = align(a, b) else {
        return ProgramVerdict::NotProven("the programs cannot be aligned slot by slot".into());
    };
    let facts_a = match ProgramFacts::new(a) {
        Ok(f) => f,
        Err(e) => return ProgramVerdict::NotProven(format!("first program: {e}")),
    };
    let runs = window::runs(a, &facts_a);
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for pc in 0..a.len() {
        if a[pc] == b[pc] {
            continue;
        }
        let Some(&(s, e)) = runs.iter().find(|(s, e)| (*s..*e).contains(&pc)) else {
            return ProgramVerdict::NotProven(format!("slot {pc} differs outside any straight-line window ({:?})", facts_a.kinds[pc]));
        };
        if !b[s..e].iter().enumerate().all(|(k, i)| interp::window_insn(i) || (k > 0 && b[s + k - 1].is_lddw())) {
            return ProgramVerdict::NotProven(format!("slot {pc}: the second program's range {s}..{e} is not straight-line code"));
        }
        if ranges.last() != Some(&(s, e)) {
            ranges.push((s, e));
        }
    }
    let mut cur = a.to_vec();
    for &(s, e) in &ranges {
        let facts = match ProgramFacts::new(&cur) {
            Ok(f) => f,
            Err(err) => return ProgramVerdict::NotProven(format!("intermediate program invalid: {err}")),
        };
        if facts.kinds[s..e].iter().any(|k| matches!(k, Kind::LddwHigh)) && matches!(facts.kinds[s], Kind::LddwHigh) {
            return ProgramVerdict::NotProven(format!("window {s}..{e} splits an LDDW"));
        }
        let ctx = window::make_window(&cur, &facts, s, e);
        let q = WindowQuery::new(&cur[s..e], &b[s..e], &ctx);
        match prove_window(&q, solver, timeout) {
            WindowVerdict::Equivalent => cur[s..e].copy_from_slice(&b[s..e]),
            WindowVerdict::Counterexample(test) => return ProgramVerdict::WindowCounterexample { pc: s, test },
            WindowVerdict::Unknown(why) => return ProgramVerdict::NotProven(format!("window {s}..{e}: solver: {why}")),
        }
    }
    ProgramVerdict::Proven { windows: ranges.len() }
}
