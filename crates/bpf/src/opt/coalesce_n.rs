//! N-piece memory-access coalescing proposals (issue 16, branch bpfco). `opt::coalesce` sends
//! these to the window prover and the safety oracle exactly like its pairwise shapes; nothing
//! here is trusted, it only has to propose rewrites that are usually right.
//!
//! * **Block copies** ([`block_copies`]): a straight-line segment of plain loads and stores whose
//!   stores write only values loaded in the segment (copies, swaps, permutations of bytes) is
//!   simulated byte by byte (each stored byte comes from one initial memory byte; distinct base
//!   registers are assumed not to alias, which the proof then has to confirm). The stored bytes
//!   are grouped by (destination base, source base, offset delta); each group is covered by the
//!   fewest 1/2/4/8-byte pieces, which may overlap each other and may also cover bytes that a
//!   group stored *later* overwrites (router's MAC copy: a `u64` whose two extra bytes the next
//!   copy rewrites). Loads are emitted as late as possible, but before any emitted store that
//!   overwrites their source (a swap loads one side first), into registers dead after the
//!   segment.
//! * **Load combining** ([`combined_loads`]): registers are tracked as compositions of memory
//!   bytes through loads, `<<=`/`>>=` by whole bytes, `|=`, `mov`, byte masks and byte swaps; a
//!   register that ends up holding `W` contiguous bytes in little-endian order becomes one
//!   `W`-byte load, in big-endian order one load plus `be W` (any number of pieces, any order of
//!   shifts and ors, e.g. `u32 << 32 | u32` -> `u64`).
//! * **Split stores** ([`split_stores`]): the pieces of one register stored with `>>=` shifts in
//!   between (`*(u32 *)p = x; x >>= 32; *(u32 *)(p + 4) = x`, also four bytes) become one wide
//!   store, with or without the shifts.
//! * **Immediate stores** ([`immediate_stores`]): adjacent `BPF_ST` immediates become one wider
//!   immediate store when the wide value is what the kernel stores for some `imm` (a `u64` store
//!   sign-extends its 32-bit immediate).

use crate::isa::{self, Insn};
use crate::opt::analysis::{self, RegSet};
use crate::opt::window::ProgramFacts;
use std::collections::{BTreeMap, BTreeSet};

/// Longest segment (slots) the proposals look at from one start slot.
const MAX_SPAN: usize = 24;

/// One byte of a register value or of memory as the simulation knows it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
enum Byte {
    Zero,
    /// The byte at `base + off` when the segment started.
    Mem(u8, i32),
}

type Candidate = (usize, usize, Vec<Insn>);

fn size_code(bytes: usize) -> u8 {
    match bytes {
        1 => isa::BPF_B,
        2 => isa::BPF_H,
        4 => isa::BPF_W,
        _ => isa::BPF_DW,
    }
}

fn is_ldx(i: &Insn) -> bool {
    i.class() == isa::BPF_LDX && i.mode() == isa::BPF_MEM
}
fn is_stx(i: &Insn) -> bool {
    i.class() == isa::BPF_STX && i.mode() == isa::BPF_MEM
}
fn is_st(i: &Insn) -> bool {
    i.class() == isa::BPF_ST && i.mode() == isa::BPF_MEM
}
fn bit(r: u8) -> RegSet {
    1 << r
}
fn fits_off(o: i32) -> bool {
    (i16::MIN as i32..=i16::MAX as i32).contains(&o)
}

/// Registers written by `insns[k]` (as the liveness analysis sees it).
fn defs(insns: &[Insn], facts: &ProgramFacts, k: usize) -> RegSet {
    analysis::effects(&insns[k], &facts.kinds[k]).defs
}

fn live_after(insns: &[Insn], facts: &ProgramFacts, s: usize, e: usize) -> RegSet {
    analysis::live_after(insns, &facts.kinds, &facts.live, s, e)
}

/// All proposals of this module starting at slot `s` of the straight-line run ending at `re`.
pub fn candidates(insns: &[Insn], facts: &ProgramFacts, s: usize, re: usize) -> Vec<Candidate> {
    let mut out = block_copies(insns, facts, s, re);
    out.extend(combined_loads(insns, facts, s, re));
    out.extend(split_stores(insns, facts, s, re));
    out.extend(immediate_stores(insns, facts, s, re));
    out
}

// ---------------------------------------------------------------------------------------------
// block copies

/// One wide copy of the synthesized program.
#[derive(Clone, Copy, Debug)]
struct Piece {
    dst: u8,
    doff: i32,
    src: u8,
    soff: i32,
    w: usize,
}

/// Proposals replacing a pure load/store segment `insns[s..e]` (for every `e`) by wide copies.
pub fn block_copies(insns: &[Insn], facts: &ProgramFacts, s: usize, re: usize) -> Vec<Candidate> {
    let mut out = Vec::new();
    if !(is_ldx(&insns[s])) {
        return out;
    }
    let mut end = s;
    while end < re && end < s + 2 * MAX_SPAN && (is_ldx(&insns[end]) || is_stx(&insns[end]) || insns[end].is_nop()) {
        end += 1;
    }
    for e in (s + 3)..=end {
        if !is_stx(&insns[e - 1]) {
            continue;
        }
        for reverse in [false, true] {
            if let Some(rep) = synth_copies(insns, facts, s, e, reverse) {
                if !out.iter().any(|(_, e2, r2): &Candidate| *e2 == e && *r2 == rep) {
                    out.push((s, e, rep));
                }
            }
        }
    }
    out
}

fn synth_copies(insns: &[Insn], facts: &ProgramFacts, s: usize, e: usize, reverse: bool) -> Option<Vec<Insn>> {
    let mut regs: [Option<[Byte; 8]>; isa::NUM_REGS] = [None; isa::NUM_REGS];
    let mut mem: BTreeMap<(u8, i32), (Byte, usize)> = BTreeMap::new();
    let mut bases: RegSet = 0;
    let mut written: RegSet = 0;
    let mut nmem = 0usize;
    for (k, i) in insns.iter().enumerate().take(e).skip(s) {
        if i.is_nop() {
            continue;
        }
        nmem += 1;
        let sz = i.access_bytes();
        if is_ldx(i) {
            if written & bit(i.src) != 0 || i.src == i.dst {
                return None;
            }
            bases |= bit(i.src);
            let mut v = [Byte::Zero; 8];
            for (j, b) in v.iter_mut().enumerate().take(sz) {
                let o = i.off as i32 + j as i32;
                *b = mem.get(&(i.src, o)).map(|x| x.0).unwrap_or(Byte::Mem(i.src, o));
            }
            regs[i.dst as usize] = Some(v);
            written |= bit(i.dst);
        } else {
            if written & bit(i.dst) != 0 {
                return None;
            }
            bases |= bit(i.dst);
            let v = regs[i.src as usize]?;
            for (j, b) in v.iter().enumerate().take(sz) {
                if *b == Byte::Zero {
                    return None;
                }
                mem.insert((i.dst, i.off as i32 + j as i32), (*b, k));
            }
        }
    }
    if bases & written != 0 || written & live_after(insns, facts, s, e) != 0 {
        return None;
    }
    // groups: (dst base, src base, delta) -> required destination offsets, first store slot
    let mut groups: BTreeMap<(u8, u8, i32), (BTreeSet<i32>, usize)> = BTreeMap::new();
    for (&(b, o), &(v, k)) in &mem {
        let Byte::Mem(sb, so) = v else { return None };
        if (sb, so) == (b, o) {
            continue; // a byte written back unchanged: neither required nor free
        }
        let g = groups.entry((b, sb, so - o)).or_insert((BTreeSet::new(), k));
        g.0.insert(o);
        g.1 = g.1.min(k);
    }
    if groups.is_empty() {
        return None;
    }
    let mut order: Vec<(u8, u8, i32)> = groups.keys().copied().collect();
    order.sort_by_key(|g| groups[g].1);
    if reverse {
        order.reverse();
    }
    let mut pieces: Vec<Piece> = Vec::new();
    for (gi, g) in order.iter().enumerate() {
        let req: Vec<i32> = groups[g].0.iter().copied().collect();
        // bytes of the same destination that groups stored after this one rewrite anyway
        let mut allowed: BTreeSet<i32> = groups[g].0.clone();
        for later in &order[gi + 1..] {
            if later.0 == g.0 {
                allowed.extend(groups[later].0.iter().copied());
            }
        }
        let (b, sb, delta) = *g;
        let aligned = b == 10 || sb == 10;
        for (p, w) in cover(&req, &allowed, |p, w| !aligned || (p.rem_euclid(w as i32) == 0 && (p + delta).rem_euclid(w as i32) == 0))? {
            if !fits_off(p) || !fits_off(p + delta) || !fits_off(p + w as i32 - 1) || !fits_off(p + delta + w as i32 - 1) {
                return None;
            }
            pieces.push(Piece { dst: b, doff: p, src: sb, soff: p + delta, w });
        }
    }
    if 2 * pieces.len() >= nmem {
        return None;
    }
    // temporaries: dead after the segment, not a base, and either written by the segment or dead on entry
    let live_out = live_after(insns, facts, s, e);
    let mut pool: Vec<u8> = (0u8..10)
        .filter(|&r| bases & bit(r) == 0 && live_out & bit(r) == 0 && written & bit(r) != 0)
        .chain((0u8..10).filter(|&r| bases & bit(r) == 0 && live_out & bit(r) == 0 && written & bit(r) == 0 && facts.live[s] & bit(r) == 0))
        .collect();
    pool.reverse(); // pop() takes the segment's own registers first
    let overlaps = |src: &Piece, dst: &Piece| {
        src.src == dst.dst && src.soff < dst.doff + dst.w as i32 && dst.doff < src.soff + src.w as i32
    };
    let mut reg_of: Vec<Option<u8>> = vec![None; pieces.len()];
    let mut rep = Vec::with_capacity(e - s);
    for k in 0..pieces.len() {
        let mut need: Vec<usize> = (k + 1..pieces.len()).filter(|&m| reg_of[m].is_none() && overlaps(&pieces[m], &pieces[k])).collect();
        if reg_of[k].is_none() {
            need.push(k);
        }
        for m in need {
            let r = pool.pop()?;
            reg_of[m] = Some(r);
            let p = &pieces[m];
            rep.push(Insn::ldx(size_code(p.w), r, p.src, p.soff as i16));
        }
        let p = &pieces[k];
        let r = reg_of[k].expect("loaded above");
        rep.push(Insn::stx(size_code(p.w), p.dst, r, p.doff as i16));
        pool.push(r);
    }
    rep.resize(e - s, Insn::nop());
    Some(rep)
}

/// Fewest pieces `(offset, width)` covering every offset of `req` (sorted), each piece inside
/// `allowed`; among equally many, fewer bytes outside `req`. `ok(p, w)` filters placements.
fn cover(req: &[i32], allowed: &BTreeSet<i32>, ok: impl Fn(i32, usize) -> bool) -> Option<Vec<(i32, usize)>> {
    let n = req.len();
    let reqset: BTreeSet<i32> = req.iter().copied().collect();
    // best[i] = (pieces, foreign bytes, choice) covering req[i..]
    let mut best: Vec<Option<(usize, usize, (i32, usize), usize)>> = vec![None; n + 1];
    best[n] = Some((0, 0, (0, 0), n));
    for i in (0..n).rev() {
        for w in [8usize, 4, 2, 1] {
            for p in (req[i] - w as i32 + 1)..=req[i] {
                if !ok(p, w) || !(p..p + w as i32).all(|x| allowed.contains(&x)) {
                    continue;
                }
                // every required byte before req[i] is already covered: p may not start earlier than needed
                if (p..req[i]).any(|x| reqset.contains(&x)) {
                    continue;
                }
                let j = req.iter().position(|&x| x >= p + w as i32).unwrap_or(n);
                let Some((c, f, _, _)) = best[j] else { continue };
                let foreign = (p..p + w as i32).filter(|x| !reqset.contains(x)).count();
                let cand = (c + 1, f + foreign, (p, w), j);
                if best[i].is_none_or(|b| (cand.0, cand.1) < (b.0, b.1)) {
                    best[i] = Some(cand);
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        let (_, _, choice, j) = best[i]?;
        out.push(choice);
        i = j;
    }
    Some(out)
}

// ---------------------------------------------------------------------------------------------
// load combining

#[derive(Clone)]
struct Comp {
    bytes: [Byte; 8],
    slots: Vec<usize>,
    loads: usize,
}

/// Proposals that replace a composition of narrow loads (starting with the load at `s`) by one
/// wide load (plus a byte swap for big-endian compositions).
pub fn combined_loads(insns: &[Insn], facts: &ProgramFacts, s: usize, re: usize) -> Vec<Candidate> {
    let mut out = Vec::new();
    if !is_ldx(&insns[s]) {
        return out;
    }
    let mut regs: Vec<Option<Comp>> = vec![None; isa::NUM_REGS];
    let mut written: RegSet = 0; // registers written since s (bases must not be among them)
    for k in s..re.min(s + MAX_SPAN) {
        let i = insns[k];
        if i.is_nop() {
            continue;
        }
        let d = i.dst as usize;
        let mut upd: Option<Comp> = None;
        let cls = i.class();
        if is_ldx(&i) && written & bit(i.src) == 0 && i.src != i.dst {
            let mut bytes = [Byte::Zero; 8];
            for (j, b) in bytes.iter_mut().enumerate().take(i.access_bytes()) {
                *b = Byte::Mem(i.src, i.off as i32 + j as i32);
            }
            upd = Some(Comp { bytes, slots: vec![k], loads: 1 });
        } else if cls == isa::BPF_ALU64 && !i.src_is_reg() && (i.op() == isa::BPF_LSH || i.op() == isa::BPF_RSH) && i.imm % 8 == 0 && (0..64).contains(&i.imm) {
            if let Some(c) = regs[d].clone() {
                let n = (i.imm / 8) as usize;
                let mut bytes = [Byte::Zero; 8];
                for j in 0..8 {
                    if i.op() == isa::BPF_LSH && j >= n {
                        bytes[j] = c.bytes[j - n];
                    } else if i.op() == isa::BPF_RSH && j + n < 8 {
                        bytes[j] = c.bytes[j + n];
                    }
                }
                upd = Some(Comp { bytes, slots: [c.slots, vec![k]].concat(), loads: c.loads });
            }
        } else if cls == isa::BPF_ALU64 && !i.src_is_reg() && i.op() == isa::BPF_AND && i.imm > 0 && [0xff, 0xffff, 0xff_ffff].contains(&i.imm) {
            if let Some(c) = regs[d].clone() {
                let keep = match i.imm {
                    0xff => 1,
                    0xffff => 2,
                    _ => 3,
                };
                let mut bytes = c.bytes;
                for b in bytes.iter_mut().skip(keep) {
                    *b = Byte::Zero;
                }
                upd = Some(Comp { bytes, slots: [c.slots, vec![k]].concat(), loads: c.loads });
            }
        } else if cls == isa::BPF_ALU64 && i.src_is_reg() && i.op() == isa::BPF_OR {
            if let (Some(a), Some(b)) = (regs[d].clone(), regs[i.src as usize].clone()) {
                let mut bytes = [Byte::Zero; 8];
                let mut ok = i.src != i.dst;
                for j in 0..8 {
                    bytes[j] = match (a.bytes[j], b.bytes[j]) {
                        (Byte::Zero, x) | (x, Byte::Zero) => x,
                        _ => {
                            ok = false;
                            Byte::Zero
                        }
                    };
                }
                if ok {
                    let mut slots = [a.slots, b.slots, vec![k]].concat();
                    slots.sort_unstable();
                    slots.dedup();
                    upd = Some(Comp { bytes, slots, loads: a.loads + b.loads });
                }
            }
        } else if cls == isa::BPF_ALU64 && i.src_is_reg() && i.op() == isa::BPF_MOV {
            if let Some(c) = regs[i.src as usize].clone() {
                upd = Some(Comp { bytes: c.bytes, slots: [c.slots, vec![k]].concat(), loads: c.loads });
            }
        } else if cls == isa::BPF_ALU && i.op() == isa::BPF_END && (i.code & isa::BPF_TO_BE) != 0 && [16, 32, 64].contains(&i.imm) {
            if let Some(c) = regs[d].clone() {
                let n = (i.imm / 8) as usize;
                let mut bytes = [Byte::Zero; 8];
                for j in 0..n {
                    bytes[j] = c.bytes[n - 1 - j];
                }
                upd = Some(Comp { bytes, slots: [c.slots, vec![k]].concat(), loads: c.loads });
            }
        }
        let kd = defs(insns, facts, k);
        written |= kd;
        if is_stx(&i) || is_st(&i) || i.class() == isa::BPF_STX || i.code == isa::CALL {
            // a store may change the bytes the compositions read: forget them
            regs.iter_mut().for_each(|r| *r = None);
            continue;
        }
        for r in 0..isa::NUM_REGS {
            if kd & bit(r as u8) != 0 {
                regs[r] = None;
            }
        }
        // a composition whose base register changed no longer names the same bytes
        for c in regs.iter_mut() {
            if c.as_ref().is_some_and(|c| c.bytes.iter().any(|b| matches!(b, Byte::Mem(base, _) if written & bit(*base) != 0))) {
                *c = None;
            }
        }
        let Some(c) = upd else { continue };
        if c.bytes.iter().any(|b| matches!(b, Byte::Mem(base, _) if written & bit(*base) != 0)) {
            continue;
        }
        regs[d] = Some(c.clone());
        if c.loads < 2 || c.slots[0] != s {
            continue;
        }
        if let Some(rep) = wide_load(insns, facts, s, k, d as u8, &c) {
            out.push((s, k + 1, rep));
        }
    }
    out
}

fn wide_load(insns: &[Insn], facts: &ProgramFacts, s: usize, k: usize, d: u8, c: &Comp) -> Option<Vec<Insn>> {
    let w = 8 - c.bytes.iter().rev().take_while(|b| **b == Byte::Zero).count();
    if !matches!(w, 2 | 4 | 8) {
        return None;
    }
    let Byte::Mem(base, o0) = c.bytes[0] else { return None };
    let Byte::Mem(_, ow) = c.bytes[w - 1] else { return None };
    let le = (0..w).all(|j| c.bytes[j] == Byte::Mem(base, o0 + j as i32));
    let be = (0..w).all(|j| c.bytes[j] == Byte::Mem(base, ow + (w - 1 - j) as i32));
    let after = live_after(insns, facts, s, k + 1);
    // the other registers the composition wrote must be dead afterwards
    if c.slots.iter().any(|&m| {
        let q = defs(insns, facts, m);
        q & !bit(d) & after != 0
    }) {
        return None;
    }
    let mut rep = insns[s..=k].to_vec();
    for &m in &c.slots {
        rep[m - s] = Insn::nop();
    }
    if le && c.slots.len() > 1 {
        rep[k - s] = Insn::ldx(size_code(w), d, base, o0 as i16);
        Some(rep)
    } else if be && !le && c.slots.len() > 2 {
        let kp = c.slots[c.slots.len() - 2];
        rep[kp - s] = Insn::ldx(size_code(w), d, base, ow as i16);
        rep[k - s] = Insn::new(isa::BPF_ALU | isa::BPF_END | isa::BPF_TO_BE, d, 0, 0, 8 * w as i32);
        Some(rep)
    } else {
        None
    }
}

// ---------------------------------------------------------------------------------------------
// split stores and immediate stores

/// Proposals merging the pieces of one register stored with `>>=` shifts in between (the first
/// store at `s`) into one wide store at `s`, keeping the shifts or dropping them.
pub fn split_stores(insns: &[Insn], facts: &ProgramFacts, s: usize, re: usize) -> Vec<Candidate> {
    let mut out = Vec::new();
    let first = insns[s];
    if !is_stx(&first) || first.access_bytes() == 8 || first.src == first.dst {
        return out;
    }
    let (x, base) = (first.src, first.dst);
    let mut shift = 0usize; // bytes x has been shifted right since s
    let mut bytes: BTreeMap<i32, usize> = BTreeMap::new(); // destination offset -> byte of x at s
    let mut stores = Vec::new();
    let mut shifts = Vec::new();
    for k in s..re.min(s + MAX_SPAN) {
        let i = insns[k];
        if i.is_nop() {
            continue;
        }
        if is_stx(&i) && i.src == x && i.dst == base {
            for j in 0..i.access_bytes() {
                if shift + j >= 8 {
                    return out;
                }
                bytes.insert(i.off as i32 + j as i32, shift + j);
            }
            stores.push(k);
            if stores.len() < 2 {
                continue;
            }
            let o0 = first.off as i32;
            let n = (0..).take_while(|j| bytes.get(&(o0 + j)) == Some(&(*j as usize))).count();
            if bytes.len() == n && matches!(n, 2 | 4 | 8) && n > first.access_bytes() {
                let mut keep = insns[s..=k].to_vec();
                for &m in &stores {
                    keep[m - s] = Insn::nop();
                }
                keep[0] = Insn::stx(size_code(n), base, x, o0 as i16);
                let mut drop = keep.clone();
                for &m in &shifts {
                    drop[m - s] = Insn::nop();
                }
                if live_after(insns, facts, s, k + 1) & bit(x) == 0 {
                    out.push((s, k + 1, drop));
                }
                out.push((s, k + 1, keep));
            }
            continue;
        }
        if i == Insn::alu64_imm(isa::BPF_RSH, x, i.imm) && i.imm % 8 == 0 && (8..64).contains(&i.imm) {
            shift += (i.imm / 8) as usize;
            shifts.push(k);
            continue;
        }
        if defs(insns, facts, k) & (bit(x) | bit(base)) != 0 {
            break;
        }
    }
    out
}

/// Proposals merging immediate stores (`BPF_ST`, the first at `s`) to one base into wider ones.
pub fn immediate_stores(insns: &[Insn], facts: &ProgramFacts, s: usize, re: usize) -> Vec<Candidate> {
    let mut out = Vec::new();
    let first = insns[s];
    if !is_st(&first) || first.access_bytes() == 8 {
        return out;
    }
    let base = first.dst;
    let mut bytes: BTreeMap<i32, u8> = BTreeMap::new();
    let mut writer: BTreeMap<i32, usize> = BTreeMap::new();
    let mut sts: Vec<usize> = Vec::new();
    for k in s..re.min(s + MAX_SPAN) {
        let i = insns[k];
        if i.is_nop() {
            continue;
        }
        if is_st(&i) && i.dst == base {
            let v = i.imm as i64 as u64;
            for j in 0..i.access_bytes() {
                let o = i.off as i32 + j as i32;
                bytes.insert(o, (v >> (8 * j)) as u8);
                writer.insert(o, k);
            }
            sts.push(k);
            continue;
        }
        if defs(insns, facts, k) & bit(base) != 0 || is_stx(&i) {
            break;
        }
    }
    if sts.len() < 2 {
        return out;
    }
    let aligned = base == 10;
    let offs: Vec<i32> = bytes.keys().copied().collect();
    for &p in &offs {
        for w in [8usize, 4, 2] {
            if aligned && p.rem_euclid(w as i32) != 0 {
                continue;
            }
            if !(p..p + w as i32).all(|o| bytes.contains_key(&o)) || !fits_off(p) {
                continue;
            }
            let v = (0..w).fold(0u64, |acc, j| acc | (bytes[&(p + j as i32)] as u64) << (8 * j));
            let imm = if w == 8 {
                let imm = v as i64 as i32;
                if imm as i64 as u64 != v {
                    continue;
                }
                imm
            } else {
                v as u32 as i32
            };
            // the immediate stores entirely inside [p, p + w) disappear; the wide one goes at the last
            let covered: Vec<usize> = sts
                .iter()
                .copied()
                .filter(|&k| {
                    let (o, n) = (insns[k].off as i32, insns[k].access_bytes() as i32);
                    o >= p && o + n <= p + w as i32
                })
                .collect();
            if covered.len() < 2 {
                continue;
            }
            // bytes of [p, p + w) last written by a store that stays would be written out of order
            if (p..p + w as i32).any(|o| !covered.contains(&writer[&o])) {
                continue;
            }
            let last = *covered.iter().max().expect("two");
            let mut rep = insns[s..=last].to_vec();
            for &k in &covered {
                rep[k - s] = Insn::nop();
            }
            rep[last - s] = Insn::st(size_code(w), base, p as i16, imm);
            out.push((s, last + 1, rep));
        }
    }
    out
}
