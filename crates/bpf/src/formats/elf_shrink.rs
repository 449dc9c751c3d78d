//! The shrinking ELF writer: deleted instructions (`ja +0`) are removed from the program's
//! section (and from `.text` when its subprograms were linked in), and everything that refers to
//! instruction positions is moved with them:
//!
//! - jump and bpf-to-bpf call offsets (relative, fixed by [`isa::remove_nops`]);
//! - calls through relocations (`call imm` against `.text`: libbpf's target is
//!   `symbol / 8 + imm + 1`, so `imm` is recomputed), also in other program sections that call
//!   into a shrunk `.text`;
//! - relocation offsets in `.rel<section>` / `.rel.text` (a map load that is gone loses its entry);
//! - values and sizes of the symbols in the shrunk sections (functions, `LBB` labels);
//! - `insn_off` of `.BTF.ext` func_info, line_info and CO-RE relocation records (and the
//!   `.rel.BTF.ext` entries pointing at those fields).
//!
//! Nothing moves in the file: a shrunk section keeps its file offset, gets a smaller `sh_size`
//! and the freed bytes are zeroed. DWARF (`.debug_*`) is left as it was: libbpf and the kernel
//! do not read it, BTF line info is what they use.

use super::elf::ElfSource;
use crate::isa::{self, Insn, BPF_PSEUDO_CALL, BPF_PSEUDO_MAP_FD};
use std::collections::HashMap;

const SHT_SYMTAB: u32 = 2;
const SHT_REL: u32 = 9;
const SHF_EXECINSTR: u64 = 4;
const STT_SECTION: u8 = 3;
const STT_FUNC: u8 = 2;
const REL_SIZE: usize = 16;
const SYM_SIZE: usize = 24;

/// One section header of an ELF64 little-endian object.
#[derive(Clone, Debug)]
struct Shdr {
    /// File offset of the header itself (to patch `sh_size`).
    at: usize,
    name: String,
    kind: u32,
    flags: u64,
    offset: usize,
    size: usize,
    /// For SHT_REL: index of the section the relocations apply to.
    info: u32,
}

fn u16_at(b: &[u8], o: usize) -> u16 {
    u16::from_le_bytes(b[o..o + 2].try_into().unwrap())
}
fn u32_at(b: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(b[o..o + 4].try_into().unwrap())
}
fn u64_at(b: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(b[o..o + 8].try_into().unwrap())
}
fn put_u32(b: &mut [u8], o: usize, v: u32) {
    b[o..o + 4].copy_from_slice(&v.to_le_bytes());
}
fn put_u64(b: &mut [u8], o: usize, v: u64) {
    b[o..o + 8].copy_from_slice(&v.to_le_bytes());
}

fn section_headers(b: &[u8]) -> Result<Vec<Shdr>, String> {
    if b.len() < 64 || &b[0..4] != b"\x7fELF" || b[4] != 2 || b[5] != 1 {
        return Err("shrinking needs a little-endian ELF64 object".into());
    }
    let (shoff, shentsize, shnum, shstrndx) = (u64_at(b, 0x28) as usize, u16_at(b, 0x3a) as usize, u16_at(b, 0x3c) as usize, u16_at(b, 0x3e) as usize);
    if shentsize != 64 || shoff + shnum * 64 > b.len() || shstrndx >= shnum {
        return Err("malformed section header table".into());
    }
    let raw = |i: usize| {
        let at = shoff + i * 64;
        (at, u32_at(b, at), u32_at(b, at + 4), u64_at(b, at + 8), u64_at(b, at + 24) as usize, u64_at(b, at + 32) as usize, u32_at(b, at + 44))
    };
    let strtab = raw(shstrndx).4;
    let mut out = Vec::with_capacity(shnum);
    for i in 0..shnum {
        let (at, name_off, kind, flags, offset, size, info) = raw(i);
        if kind != 8 && offset.checked_add(size).map_or(true, |end| end > b.len()) {
            return Err(format!("section {i} extends past the end of the file"));
        }
        let start = strtab.checked_add(name_off as usize).filter(|&s| s <= b.len()).ok_or_else(|| {
            format!("byte {at}: section {i}'s name offset {name_off} lies past the end of the file")
        })?;
        let end = b[start.min(b.len())..].iter().position(|&c| c == 0).map(|p| start + p).unwrap_or(start);
        let name = String::from_utf8_lossy(&b[start.min(end)..end]).into_owned();
        out.push(Shdr { at, name, kind, flags, offset, size, info });
    }
    Ok(out)
}

/// Slot map of one shrunk section: `new[old]` = new index of slot `old`, or of the first kept
/// slot after it when `old` was removed; `new[len]` = new length.
#[derive(Clone, Debug)]
struct SlotMap {
    new: Vec<usize>,
    kept: Vec<bool>,
}

impl SlotMap {
    fn identity(len: usize) -> SlotMap {
        SlotMap { new: (0..=len).collect(), kept: vec![true; len] }
    }
    fn new_len(&self) -> usize {
        *self.new.last().unwrap()
    }
    /// Byte offset inside the section, old -> new (offsets between slots are not expected).
    fn byte(&self, old: u64) -> u64 {
        let slot = (old / 8) as usize;
        self.new[slot.min(self.new.len() - 1)] as u64 * 8
    }
    fn is_kept_byte(&self, old: u64) -> bool {
        self.kept.get((old / 8) as usize).copied().unwrap_or(false)
    }
}

/// `keep` rule of [`isa::remove_nops`]: every `ja +0` goes, except the second half of an LDDW.
fn kept_slots(insns: &[Insn]) -> Vec<bool> {
    let mut keep = vec![true; insns.len()];
    let mut prev_lddw = false;
    for (i, insn) in insns.iter().enumerate() {
        keep[i] = prev_lddw || !insn.is_nop();
        prev_lddw = !prev_lddw && insn.is_lddw();
    }
    keep
}

fn slot_map(keep: &[bool]) -> SlotMap {
    let mut new = Vec::with_capacity(keep.len() + 1);
    let mut n = 0;
    for &k in keep {
        new.push(n);
        n += k as usize;
    }
    new.push(n);
    SlotMap { new, kept: keep.to_vec() }
}

/// Drops the slots `map` does not keep and re-targets jumps and local calls (as
/// [`isa::remove_nops`] does; a jump to a removed slot goes to the next kept one).
fn compact(insns: &[Insn], map: &SlotMap) -> Vec<Insn> {
    let n = insns.len();
    let mut out = Vec::with_capacity(map.new_len());
    let mut prev_lddw = false;
    for (i, insn) in insns.iter().enumerate() {
        let second_half = prev_lddw;
        prev_lddw = !prev_lddw && insn.is_lddw();
        if !map.kept[i] {
            continue;
        }
        let mut x = *insn;
        if !second_half && (x.is_jump() || x.is_pseudo_call()) {
            let long_ja = x.code == isa::BPF_JMP32 | isa::BPF_JA;
            let off = if x.is_pseudo_call() || long_ja { x.imm as i64 } else { x.jump_offset() as i64 };
            let target = i as i64 + 1 + off;
            if (0..=n as i64).contains(&target) {
                let rel = map.new[target as usize] as i64 - (map.new[i] as i64 + 1);
                if x.is_pseudo_call() || long_ja {
                    x.imm = rel as i32;
                } else {
                    x.off = rel as i16;
                }
            }
        }
        out.push(x);
    }
    out
}

/// Writes `insns` (the loaded slot layout, deleted instructions as `ja +0`) with the deleted
/// slots removed. Returns the object bytes.
pub fn write_shrunk(src: &ElfSource, insns: &[Insn]) -> Result<Vec<u8>, String> {
    let text_len = src.text.map(|t| t.1).unwrap_or(0);
    let total = src.len + text_len;
    if insns.len() != total {
        return Err(format!("expected {total} slots (the loaded layout, deleted instructions as ja +0), got {}", insns.len()));
    }
    let mut bytes = src.bytes.clone();
    let shdrs = section_headers(&bytes)?;
    let idx = |name: &str| shdrs.iter().position(|s| s.name == name);
    let main_idx = idx(&src.section).ok_or_else(|| format!("section '{}' not found", src.section))?;
    let text_idx = src.text.and_then(|_| idx(".text"));
    let symtab = shdrs.iter().find(|s| s.kind == SHT_SYMTAB).ok_or("object has no symbol table")?.clone();

    let mut keep = kept_slots(insns);
    let text_shared = text_idx.is_some_and(|t| other_text_refs_are_not_calls(&bytes, &shdrs, main_idx, t, &symtab));
    if text_shared {
        // Something other than a call refers into .text from another section: keep its layout.
        keep[src.len..].iter_mut().for_each(|k| *k = true);
    }
    let linked = slot_map(&keep);
    let compacted = compact(insns, &linked);
    let main_map = slot_map(&keep[..src.len]);
    let text_map = if text_idx.is_some() { slot_map(&keep[src.len..]) } else { SlotMap::identity(0) };
    let new_main = main_map.new_len();

    // Relocated instructions back to their in-file form, relocation entries re-pointed.
    let mut out = compacted;
    let mut entry_moves: HashMap<usize, Option<u64>> = HashMap::new();
    let sym_of = |b: &[u8], entry: usize| -> (u64, u16) {
        let sym = (u64_at(b, entry + 8) >> 32) as usize;
        let at = symtab.offset + sym * SYM_SIZE;
        (u64_at(b, at + 8), u16_at(b, at + 6))
    };
    for r in src.relocs.iter().filter(|r| r.map.is_none()) {
        let new_slot = linked.new[r.slot];
        if !keep[r.slot] || !out[new_slot].is_pseudo_call() {
            return Err(format!("bpf-to-bpf call at slot {} was changed; the ELF writer keeps calls in place", r.slot));
        }
        let mut orig = r.original;
        let (sym_value, sym_sec) = sym_of(&bytes, r.entry_offset);
        if Some(sym_sec as usize) == text_idx {
            orig.imm = call_imm_after_shrink(sym_value, orig.imm, &text_map)?;
        }
        out[new_slot] = orig;
        let local = if r.in_text { new_slot - new_main } else { new_slot };
        entry_moves.insert(r.entry_offset, Some(local as u64 * 8));
    }
    // Map loads: the k-th relocation of map m goes to the k-th remaining slot loading map m.
    let mut used = vec![false; out.len()];
    for r in src.relocs.iter().filter(|r| r.map.is_some()) {
        let m = r.map.unwrap() as i32;
        let (lo, hi) = if r.in_text { (new_main, out.len()) } else { (0, new_main) };
        let slot = (lo..hi).find(|&s| !used[s] && out[s].is_lddw() && out[s].src == BPF_PSEUDO_MAP_FD && out[s].imm == m);
        let Some(slot) = slot else {
            entry_moves.insert(r.entry_offset, None); // that map load was deleted
            continue;
        };
        used[slot] = true;
        let mut orig = r.original;
        orig.dst = out[slot].dst;
        out[slot] = orig;
        let local = if r.in_text { slot - new_main } else { slot };
        entry_moves.insert(r.entry_offset, Some(local as u64 * 8));
    }
    if let Some(s) = (0..out.len()).find(|&s| out[s].is_lddw() && out[s].src == BPF_PSEUDO_MAP_FD && !used[s]) {
        return Err(format!("map load at slot {s} has no relocation in the original object"));
    }

    let enc = isa::encode_all(&out);
    replace_section(&mut bytes, &shdrs[main_idx], &enc[..new_main * 8]);
    if let Some(t) = text_idx {
        replace_section(&mut bytes, &shdrs[t], &enc[new_main * 8..]);
    }
    let maps: Vec<(usize, &SlotMap)> = std::iter::once((main_idx, &main_map)).chain(text_idx.map(|t| (t, &text_map))).collect();
    for (sec, map) in &maps {
        if let Some(rel) = shdrs.iter().find(|s| s.kind == SHT_REL && s.info as usize == *sec) {
            rewrite_code_relocs(&mut bytes, rel, map, &entry_moves)?;
        }
    }
    if let Some(t) = text_idx {
        fix_calls_from_other_sections(&mut bytes, &shdrs, main_idx, t, &symtab, &text_map)?;
    }
    remap_symbols(&mut bytes, &symtab, &maps);
    if let Some(ext_idx) = idx(".BTF.ext") {
        let names: HashMap<String, &SlotMap> = maps.iter().map(|(s, m)| (shdrs[*s].name.clone(), *m)).collect();
        let ext_rel = shdrs.iter().find(|s| s.kind == SHT_REL && s.info as usize == ext_idx);
        let rewritten = idx(".BTF").ok_or_else(|| format!("byte {}: .BTF.ext without .BTF", shdrs[ext_idx].offset)).and_then(|btf| rewrite_btf_ext(&bytes, &shdrs[ext_idx], &shdrs[btf], &names));
        match rewritten {
            Ok((new_ext, field_moves)) => {
                replace_section(&mut bytes, &shdrs[ext_idx], &new_ext);
                if let Some(rel) = ext_rel {
                    rewrite_field_relocs(&mut bytes, rel, &field_moves);
                }
            }
            // A damaged .BTF.ext (which libbpf ignores when loading the input) cannot be moved
            // with the instructions: the output gets an empty one instead, with no records and
            // no relocations, which libbpf accepts. `btf_ext_problem` lets callers warn.
            Err(_) => {
                replace_section(&mut bytes, &shdrs[ext_idx], &empty_btf_ext(shdrs[ext_idx].size));
                if let Some(rel) = ext_rel {
                    replace_section(&mut bytes, rel, &[]);
                }
            }
        }
    }
    Ok(bytes)
}

/// A `.BTF.ext` with no records that fits in `room` bytes (empty when not even a header fits).
fn empty_btf_ext(room: usize) -> Vec<u8> {
    let hdr_len: usize = if room >= 32 { 32 } else if room >= 24 { 24 } else { return Vec::new() };
    let mut h = vec![0u8; hdr_len];
    h[0..2].copy_from_slice(&0xeb9fu16.to_le_bytes());
    h[2] = 1; // version
    h[4..8].copy_from_slice(&(hdr_len as u32).to_le_bytes());
    h
}

/// Why the object's `.BTF.ext` cannot be rewritten by the shrinking writer (it is then replaced
/// by an empty one), as `byte N: .BTF.ext: problem`; `None` when it is fine or absent.
pub fn btf_ext_problem(src: &ElfSource) -> Option<String> {
    let shdrs = match section_headers(&src.bytes) {
        Ok(s) => s,
        Err(e) => return Some(e),
    };
    let ext = shdrs.iter().find(|s| s.name == ".BTF.ext")?;
    let Some(btf) = shdrs.iter().find(|s| s.name == ".BTF") else {
        return Some(format!("byte {}: .BTF.ext without .BTF", ext.offset));
    };
    rewrite_btf_ext(&src.bytes, ext, btf, &HashMap::new()).err()
}

/// `call imm` against a symbol in `.text`: target slot = value / 8 + imm + 1 (libbpf).
fn call_imm_after_shrink(sym_value: u64, imm: i32, text: &SlotMap) -> Result<i32, String> {
    let target = sym_value as i64 / 8 + imm as i64 + 1;
    if target < 0 || target as usize >= text.kept.len() {
        return Err(format!("call into .text slot {target} is outside .text"));
    }
    let new_target = text.new[target as usize] as i64;
    let new_sym = text.byte(sym_value) as i64 / 8;
    Ok((new_target - new_sym - 1) as i32)
}

/// Writes `data` at the start of the section's file range, zeroes the rest and sets `sh_size`.
fn replace_section(bytes: &mut [u8], sh: &Shdr, data: &[u8]) {
    debug_assert!(data.len() <= sh.size);
    bytes[sh.offset..sh.offset + data.len()].copy_from_slice(data);
    bytes[sh.offset + data.len()..sh.offset + sh.size].fill(0);
    put_u64(bytes, sh.at + 32, data.len() as u64);
}

/// Relocations of a shrunk code section: entries we know are moved (or dropped) as decided,
/// any other entry follows its slot, which must still exist.
fn rewrite_code_relocs(bytes: &mut [u8], rel: &Shdr, map: &SlotMap, moves: &HashMap<usize, Option<u64>>) -> Result<(), String> {
    let mut entries = Vec::new();
    for k in 0..rel.size / REL_SIZE {
        let at = rel.offset + k * REL_SIZE;
        let old = u64_at(bytes, at);
        let new = match moves.get(&at) {
            Some(m) => *m,
            None if map.is_kept_byte(old) => Some(map.byte(old)),
            None => return Err(format!("relocation at byte {old} of {} refers to a removed instruction", rel.name)),
        };
        if let Some(off) = new {
            let mut e = bytes[at..at + REL_SIZE].to_vec();
            put_u64(&mut e, 0, off);
            entries.push(e);
        }
    }
    replace_section(bytes, rel, &entries.concat());
    Ok(())
}

/// Relocations in other sections whose target lies in `.text` (e.g. another program calling a
/// shared subprogram). Returns true when one is not a call: then `.text` must keep its layout.
fn other_text_refs_are_not_calls(bytes: &[u8], shdrs: &[Shdr], main: usize, text: usize, symtab: &Shdr) -> bool {
    let mut found = false;
    for_each_text_ref(bytes, shdrs, main, text, symtab, |b, insn_at, _, _| {
        found |= !is_pseudo_call_at(b, insn_at);
    });
    found
}

fn is_pseudo_call_at(bytes: &[u8], at: usize) -> bool {
    bytes[at] == isa::CALL && (bytes[at + 1] >> 4) == BPF_PSEUDO_CALL
}

/// Visits (insn file offset, symbol value) of every relocation of an executable section other
/// than `main`/`text` whose symbol lies in `.text`.
fn for_each_text_ref(bytes: &[u8], shdrs: &[Shdr], main: usize, text: usize, symtab: &Shdr, mut f: impl FnMut(&[u8], usize, u64, usize)) {
    for rel in shdrs.iter().filter(|s| s.kind == SHT_REL) {
        let target = rel.info as usize;
        if target == main || target == text || target >= shdrs.len() || shdrs[target].flags & SHF_EXECINSTR == 0 {
            continue;
        }
        for k in 0..rel.size / REL_SIZE {
            let at = rel.offset + k * REL_SIZE;
            let sym = (u64_at(bytes, at + 8) >> 32) as usize;
            let sat = symtab.offset + sym * SYM_SIZE;
            if sat + SYM_SIZE > symtab.offset + symtab.size || u16_at(bytes, sat + 6) as usize != text {
                continue;
            }
            let insn_at = shdrs[target].offset + u64_at(bytes, at) as usize;
            if insn_at + 8 <= shdrs[target].offset + shdrs[target].size {
                f(bytes, insn_at, u64_at(bytes, sat + 8), at);
            }
        }
    }
}

fn fix_calls_from_other_sections(bytes: &mut [u8], shdrs: &[Shdr], main: usize, text: usize, symtab: &Shdr, map: &SlotMap) -> Result<(), String> {
    let mut fixes = Vec::new();
    for_each_text_ref(bytes, shdrs, main, text, symtab, |b, insn_at, value, _| {
        if is_pseudo_call_at(b, insn_at) {
            fixes.push((insn_at, value, u32_at(b, insn_at + 4) as i32));
        }
    });
    for (insn_at, value, imm) in fixes {
        put_u32(bytes, insn_at + 4, call_imm_after_shrink(value, imm, map)? as u32);
    }
    Ok(())
}

/// Symbols defined in a shrunk section: value follows its slot; a function's size is the
/// distance to where its end moved.
fn remap_symbols(bytes: &mut [u8], symtab: &Shdr, maps: &[(usize, &SlotMap)]) {
    for k in 0..symtab.size / SYM_SIZE {
        let at = symtab.offset + k * SYM_SIZE;
        let (info, shndx) = (bytes[at + 4], u16_at(bytes, at + 6) as usize);
        let Some((_, map)) = maps.iter().find(|(s, _)| *s == shndx) else { continue };
        if info & 0xf == STT_SECTION {
            continue;
        }
        let (value, size) = (u64_at(bytes, at + 8), u64_at(bytes, at + 16));
        let new_value = map.byte(value);
        put_u64(bytes, at + 8, new_value);
        if info & 0xf == STT_FUNC && size > 0 {
            put_u64(bytes, at + 16, map.byte(value + size) - new_value);
        }
    }
}

/// What happens to one `.BTF.ext` record whose instruction moved.
#[derive(Clone, Copy, PartialEq, Eq)]
enum InfoKind {
    /// func_info: follows its slot (a removed first slot: the next kept one).
    Func,
    /// line_info: follows its slot; records landing on the same instruction keep only the
    /// last one (the kernel wants strictly increasing offsets), records past the end go.
    Line,
    /// CO-RE relocation: tied to its instruction; gone with it.
    Core,
}

/// Old offset of a record's `insn_off` field in `.BTF.ext` -> new offset (`None`: dropped).
type FieldMoves = HashMap<usize, Option<usize>>;

/// Rebuilds `.BTF.ext` with moved `insn_off`s. Returns the bytes and, for `.rel.BTF.ext`, where
/// each record's `insn_off` field went (`None`: record dropped), by old offset in the section.
fn rewrite_btf_ext(bytes: &[u8], ext: &Shdr, btf: &Shdr, maps: &HashMap<String, &SlotMap>) -> Result<(Vec<u8>, FieldMoves), String> {
    let d = &bytes[ext.offset..ext.offset + ext.size];
    // positions in messages are file offsets
    let bad_at = |at: usize, m: &str| format!("byte {}: .BTF.ext: {m}", ext.offset + at);
    if d.len() < 24 || u16_at(d, 0) != 0xeb9f {
        return Err(bad_at(0, "bad header"));
    }
    let hdr_len = u32_at(d, 4) as usize;
    if hdr_len < 24 || hdr_len > d.len() {
        return Err(bad_at(4, &format!("header length {hdr_len} outside [24, {}]", d.len())));
    }
    let parts = if hdr_len >= 32 { 3 } else { 2 };
    let kinds = [InfoKind::Func, InfoKind::Line, InfoKind::Core];
    let btf_bytes = &bytes[btf.offset..btf.offset + btf.size];
    if btf_bytes.len() < 24 {
        return Err(format!("byte {}: .BTF: truncated header", btf.offset));
    }
    let str_at = |off: u32| -> String {
        let b = btf_bytes;
        let s = (u32_at(b, 4) as usize).saturating_add(u32_at(b, 16) as usize).saturating_add(off as usize);
        let e = b[s.min(b.len())..].iter().position(|&c| c == 0).map(|p| s + p).unwrap_or(s);
        String::from_utf8_lossy(&b[s.min(e).min(b.len())..e.min(b.len())]).into_owned()
    };
    let mut out = d[..hdr_len].to_vec();
    let mut moves = HashMap::new();
    let mut next_off = 0usize;
    for (p, kind) in kinds.iter().enumerate().take(parts) {
        let (off, len) = (u32_at(d, 8 + 8 * p) as usize, u32_at(d, 12 + 8 * p) as usize);
        let start = hdr_len + off;
        if len == 0 {
            put_u32(&mut out, 8 + 8 * p, next_off as u32);
            continue;
        }
        if start.saturating_add(len) > d.len() || len < 4 {
            return Err(bad_at(8 + 8 * p, &format!("subsection [{start}, +{len}) outside the section ({} bytes)", d.len())));
        }
        let rec = u32_at(d, start) as usize;
        if rec < 4 || rec > len {
            return Err(bad_at(start, &format!("record size {rec} is impossible")));
        }
        let new_start = out.len();
        out.extend_from_slice(&d[start..start + 4]);
        let mut at = start + 4;
        while at < start + len {
            if at + 8 > start + len {
                return Err(bad_at(at, "truncated block"));
            }
            let (name_off, n) = (u32_at(d, at), u32_at(d, at + 4) as usize);
            let recs = at + 8;
            if n.checked_mul(rec).and_then(|b| b.checked_add(recs)).map_or(true, |e| e > start + len) {
                return Err(bad_at(at + 4, &format!("block of {n} records of {rec} bytes runs past the end of its subsection")));
            }
            let map = maps.get(&str_at(name_off)).copied();
            let kept = remap_records(d, recs, n, rec, *kind, map);
            if !kept.is_empty() || map.is_none() {
                out.extend_from_slice(&name_off.to_le_bytes());
                out.extend_from_slice(&(kept.len() as u32).to_le_bytes());
                for (old_at, insn_off) in &kept {
                    moves.insert(*old_at, Some(out.len()));
                    out.extend_from_slice(&insn_off.to_le_bytes());
                    out.extend_from_slice(&d[old_at + 4..old_at + rec]);
                }
            }
            for r in 0..n {
                moves.entry(recs + r * rec).or_insert(None);
            }
            at = recs + n * rec;
        }
        put_u32(&mut out, 8 + 8 * p, (new_start - hdr_len) as u32);
        let new_len = out.len() - new_start;
        put_u32(&mut out, 12 + 8 * p, new_len as u32);
        next_off = out.len() - hdr_len;
    }
    if out.len() > d.len() {
        return Err(bad_at(0, "rewritten section grew"));
    }
    Ok((out, moves))
}

/// Records of one block after the move: (old record offset, new insn_off).
fn remap_records(d: &[u8], recs: usize, n: usize, rec: usize, kind: InfoKind, map: Option<&SlotMap>) -> Vec<(usize, u32)> {
    let mut kept: Vec<(usize, u32)> = Vec::with_capacity(n);
    for r in 0..n {
        let at = recs + r * rec;
        let old = u32_at(d, at);
        let Some(map) = map else {
            kept.push((at, old));
            continue;
        };
        if kind == InfoKind::Core && !map.is_kept_byte(old as u64) {
            continue;
        }
        let new = map.byte(old as u64) as u32;
        if kind == InfoKind::Line {
            if new as usize >= map.new_len() * 8 {
                continue;
            }
            if kept.last().is_some_and(|&(_, prev)| prev == new) {
                kept.pop();
            }
        }
        kept.push((at, new));
    }
    kept
}

/// `.rel.BTF.ext`: entries follow the `insn_off` field they patch; entries of dropped records go.
fn rewrite_field_relocs(bytes: &mut [u8], rel: &Shdr, moves: &FieldMoves) {
    let mut entries = Vec::new();
    for k in 0..rel.size / REL_SIZE {
        let at = rel.offset + k * REL_SIZE;
        let old = u64_at(bytes, at) as usize;
        let new = match moves.get(&old) {
            Some(m) => *m,
            None => Some(old),
        };
        if let Some(off) = new {
            let mut e = bytes[at..at + REL_SIZE].to_vec();
            put_u64(&mut e, 0, off as u64);
            entries.push(e);
        }
    }
    replace_section(bytes, rel, &entries.concat());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(offs: &[u32], rec: usize) -> Vec<u8> {
        offs.iter().flat_map(|o| {
            let mut r = vec![0u8; rec];
            r[..4].copy_from_slice(&o.to_le_bytes());
            r
        })
        .collect()
    }

    fn remapped(offs: &[u32], kind: InfoKind, keep: &[bool]) -> Vec<u32> {
        let d = records(offs, 16);
        let map = slot_map(keep);
        remap_records(&d, 0, offs.len(), 16, kind, Some(&map)).into_iter().map(|(_, o)| o).collect()
    }

    // Slots 0..6; slots 1 and 4 removed: new index of 0,1,2,3,4,5 = 0,1,1,2,3,3; length 4.
    const KEEP: [bool; 6] = [true, false, true, true, false, true];

    #[test]
    fn line_info_keeps_the_last_record_per_instruction_and_drops_past_the_end() {
        // records at slots 0,1,2 -> 0,1,1 (slot 1's record collapses onto slot 2's: keep slot 2's)
        assert_eq!(remapped(&[0, 8, 16, 24, 40], InfoKind::Line, &KEEP), vec![0, 8, 16, 24]);
        // a record on a removed last slot lands past the end and goes
        assert_eq!(remapped(&[0, 40], InfoKind::Line, &[true, true, true, true, true, false]), vec![0]);
    }

    #[test]
    fn func_info_follows_to_the_next_kept_slot_and_core_relos_die_with_their_slot() {
        assert_eq!(remapped(&[0, 32], InfoKind::Func, &KEEP), vec![0, 24]);
        assert_eq!(remapped(&[8, 16, 32, 40], InfoKind::Core, &KEEP), vec![8, 24]);
    }

    #[test]
    fn records_of_other_sections_are_untouched() {
        let d = records(&[8, 16], 8);
        let kept = remap_records(&d, 0, 2, 8, InfoKind::Line, None);
        assert_eq!(kept, vec![(0, 8), (8, 16)]);
    }

    #[test]
    fn call_imm_follows_target_and_symbol() {
        // .text of 6 slots, KEEP removes 1 and 4. Section-symbol call (value 0) to slot 5:
        // imm 4 -> new target 3 -> imm 2. Function-symbol call (value 40, imm -1) stays -1.
        let map = slot_map(&KEEP);
        assert_eq!(call_imm_after_shrink(0, 4, &map).unwrap(), 2);
        assert_eq!(call_imm_after_shrink(40, -1, &map).unwrap(), -1);
        assert!(call_imm_after_shrink(0, 9, &map).is_err());
    }

    #[test]
    fn compaction_retargets_jumps_over_and_onto_removed_slots() {
        let insns = vec![
            Insn::jmp_imm(isa::BPF_JEQ, 1, 0, 2), // -> slot 3
            Insn::nop(),
            Insn::ja(0), // nop too (ja +0)
            Insn::mov64_imm(0, 1),
            Insn::exit(),
        ];
        let map = slot_map(&kept_slots(&insns));
        let out = compact(&insns, &map);
        assert_eq!(out.len(), 3);
        assert_eq!(out[0].off, 0, "the jump now lands right after itself");
        assert_eq!(out, isa::remove_nops(&insns));
    }
}
