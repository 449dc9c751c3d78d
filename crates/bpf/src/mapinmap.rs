//! Inner-map templates of map-in-map definitions (`BPF_MAP_TYPE_ARRAY_OF_MAPS` /
//! `HASH_OF_MAPS`).
//!
//! The kernel needs an inner map template at `BPF_MAP_CREATE` (`inner_map_fd`): the verifier
//! types a lookup in the outer map as "pointer to a map shaped like the template". Where the
//! template comes from, in order:
//! 1. BTF `.maps` definitions with `__array(values, struct inner_def)` (the ELF reader fills
//!    [`MapDef::inner`] directly);
//! 2. the program itself ([`infer_from_use`]): when the pointer a lookup in the outer map returns
//!    reaches a map helper call at which, on another path, a plain map of the object is passed
//!    (Katran: `lru_map = lookup(&lru_mapping, &cpu); if (!lru_map) lru_map = &fallback_cache;
//!    lookup(lru_map, &key)`), that map's definition is the only one the verifier can accept at
//!    that call for both, so it is taken as the template;
//! 3. legacy `bpf_map_def.inner_map_idx` (samples/bpf's loader convention) when it is non-zero
//!    and names a map of the same section.
//! Without a template the checker rejects lookups in the map and the kernel oracle cannot create it.

use crate::isa::{self, Kind};
use crate::program::{MapDef, Program};

/// Per register: bits 0..64 = "may be map index i" (an LDDW map pointer), bits 64..128 =
/// "may be the result of a lookup in outer map index i".
type Origins = [u128; isa::NUM_REGS];

const MAP_HELPERS: [i32; 3] = [isa::helpers::MAP_LOOKUP_ELEM, isa::helpers::MAP_UPDATE_ELEM, isa::helpers::MAP_DELETE_ELEM];

/// For each outer map (index into `prog.maps`) without a template, the index of the unique
/// plain map passed at a helper call that also receives that outer map's lookup result.
/// Maps with several candidates are left out (ambiguous).
pub fn infer_from_use(prog: &Program) -> Vec<(usize, usize)> {
    let n = prog.maps.len().min(64);
    let Ok(kinds) = prog.validate() else { return Vec::new() };
    let insns = &prog.insns;
    let mut state: Vec<Option<Origins>> = vec![None; insns.len()];
    if insns.is_empty() {
        return Vec::new();
    }
    state[0] = Some([0; isa::NUM_REGS]);
    let mut work = vec![0usize];
    // candidates[outer] = bitset of plain maps seen together with outer's lookup result
    let mut cand = vec![0u64; n];
    while let Some(pc) = work.pop() {
        let Some(mut st) = state[pc] else { continue };
        let i = &insns[pc];
        let d = (i.dst as usize).min(isa::NUM_REGS - 1);
        match kinds[pc] {
            Kind::Lddw { pseudo } if pseudo == isa::BPF_PSEUDO_MAP_FD => {
                st[d] = match prog.map_index(i.imm) {
                    Some(m) if m < n => 1u128 << m,
                    _ => 0,
                };
            }
            Kind::Alu { is64: true, op: isa::BPF_MOV, src_reg: true } if i.off == 0 => {
                st[d] = st[(i.src as usize).min(isa::NUM_REGS - 1)];
            }
            Kind::CallHelper(id) => {
                let r1 = st[1];
                if MAP_HELPERS.contains(&id) {
                    let plain = r1 as u64 & !outer_mask(prog, n);
                    let inner_of = (r1 >> 64) as u64;
                    for (o, c) in cand.iter_mut().enumerate() {
                        if inner_of >> o & 1 == 1 {
                            *c |= plain;
                        }
                    }
                }
                let r0 = if id == isa::helpers::MAP_LOOKUP_ELEM { ((r1 as u64 & outer_mask(prog, n)) as u128) << 64 } else { 0 };
                st[1..=5].fill(0);
                st[0] = r0;
            }
            _ => {
                let e = crate::opt::analysis::effects(i, &kinds[pc]);
                for (r, slot) in st.iter_mut().enumerate() {
                    if e.defs & (1 << r) != 0 {
                        *slot = 0;
                    }
                }
            }
        }
        for s in crate::opt::analysis::successors(insns, &kinds, pc) {
            let merged = match state[s] {
                None => st,
                Some(old) => {
                    let mut m = old;
                    for r in 0..isa::NUM_REGS {
                        m[r] |= st[r];
                    }
                    m
                }
            };
            if state[s] != Some(merged) {
                state[s] = Some(merged);
                work.push(s);
            }
        }
    }
    cand.iter()
        .enumerate()
        .filter(|(o, c)| c.count_ones() == 1 && prog.maps[*o].inner.is_none())
        .map(|(o, c)| (o, c.trailing_zeros() as usize))
        .collect()
}

fn outer_mask(prog: &Program, n: usize) -> u64 {
    (0..n).filter(|&i| prog.maps[i].is_map_in_map()).fold(0, |acc, i| acc | 1 << i)
}

/// Fills in missing templates from the program's use ([`infer_from_use`]); returns a note per
/// template inferred (for the user), e.g. `lru_mapping: inner map template = fallback_cache`.
pub fn resolve(prog: &mut Program) -> Vec<String> {
    let mut notes = Vec::new();
    for (o, t) in infer_from_use(prog) {
        let mut tmpl = prog.maps[t].clone();
        tmpl.inner = None;
        notes.push(format!(
            "map '{}': inner map template inferred from use: '{}' (type {}, key {} B, value {} B, {} entries) is passed to the same helper call as a lookup result",
            prog.maps[o].name, tmpl.name, tmpl.map_type, tmpl.key_size, tmpl.value_size, tmpl.max_entries
        ));
        prog.maps[o].inner = Some(Box::new(tmpl));
    }
    notes
}

/// Maps of `prog` that are map-in-map without a template (the kernel cannot create them).
pub fn missing(prog: &Program) -> Vec<&MapDef> {
    prog.maps.iter().filter(|m| m.is_map_in_map() && m.inner.is_none()).collect()
}
