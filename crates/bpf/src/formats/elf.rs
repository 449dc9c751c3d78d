//! ELF objects as clang `-target bpf` writes them, read with the `object` crate.
//!
//! One program per executable section (libbpf convention; the section name gives the program
//! type). Maps come from BTF-defined `.maps` and legacy `maps` sections; map relocations turn
//! their LDDW into `BPF_PSEUDO_MAP_FD` loads whose `imm` is the map's index in
//! [`Program::maps`](crate::program::Program::maps). Calls into `.text` subprograms are linked by
//! appending `.text` after the program (as libbpf does).
//!
//! Writing is a drop-in patch of the original object: the program's bytes are replaced in place
//! (same length: deleted instructions are `ja +0`), map-load relocations are re-pointed at the
//! slots that now load each map, the original relocated fields are restored, and every other
//! byte (symbols, BTF, license, maps) is unchanged, so libbpf/bpftool load it like the original.

use super::btf::{self, Btf};
use super::ParseError;
use crate::isa::{self, Insn, BPF_PSEUDO_CALL, BPF_PSEUDO_MAP_FD};
use crate::program::{MapDef, ProgType, Program};
use object::{Object, ObjectSection, ObjectSymbol, RelocationTarget, SectionIndex, SectionKind};

/// Relocation of one instruction of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElfReloc {
    /// Slot in the loaded program.
    pub slot: usize,
    /// File offset of the `r_offset` field of the relocation entry (to re-point it).
    pub entry_offset: usize,
    /// Map index for map loads; `None` for calls.
    pub map: Option<usize>,
    /// The instruction as it is in the object file (restored on write).
    pub original: Insn,
    /// Relocations of the appended `.text` part (not re-pointed).
    pub in_text: bool,
}

/// The original object and where the program lives in it.
#[derive(Clone, Debug)]
pub struct ElfSource {
    pub bytes: Vec<u8>,
    pub section: String,
    /// File offset and slot count of the program section.
    pub offset: usize,
    pub len: usize,
    /// File offset and slot count of `.text` if it was appended (subprograms).
    pub text: Option<(usize, usize)>,
    pub relocs: Vec<ElfReloc>,
}

impl ElfSource {
    /// File offset of slot `pc` (for error messages).
    pub fn insn_file_offset(&self, pc: usize) -> usize {
        if pc < self.len {
            self.offset + pc * 8
        } else if let Some((o, _)) = self.text {
            o + (pc - self.len) * 8
        } else {
            self.offset + pc * 8
        }
    }
}

/// Names of the program sections in an object (executable, non-empty, not `.text` unless alone).
pub fn program_sections(bytes: &[u8]) -> Result<Vec<String>, String> {
    let file = object::File::parse(bytes).map_err(|e| format!("not an ELF object: {e}"))?;
    let mut names: Vec<String> = file
        .sections()
        .filter(|s| s.kind() == SectionKind::Text && s.size() > 0)
        .filter_map(|s| s.name().ok().map(str::to_string))
        .collect();
    if names.len() > 1 {
        names.retain(|n| n != ".text");
    }
    Ok(names)
}

/// Legacy `maps`/`maps/*` and BTF `.maps`. (`.maps.*` sections hold the `____btf_map_*`
/// key/value annotations of BPF_ANNOTATE_KV_PAIR, not maps.)
fn is_map_section(name: &str) -> bool {
    name == "maps" || name == ".maps" || name.starts_with("maps/")
}

/// Parses the program in `section` (default: the first program section).
pub fn parse(file_name: &str, bytes: Vec<u8>, section: Option<&str>) -> Result<(Program, ElfSource), ParseError> {
    // Errors about the object's structure are reported at the section header table.
    let at_table = |m: String| ParseError::byte(file_name, section_table_offset(&bytes), None, m);
    let file = object::File::parse(&*bytes)
        .map_err(|e| ParseError::byte(file_name, elf_error_offset(&bytes), None, format!("not an ELF object: {e}")))?;
    if file.architecture() != object::Architecture::Bpf {
        // e_machine
        return Err(ParseError::byte(file_name, 18, None, format!("ELF object is for {:?}, not BPF", file.architecture())));
    }
    let progs = program_sections(&bytes).map_err(at_table)?;
    let sec_name = match section {
        Some(s) => {
            if !progs.iter().any(|p| p == s) {
                return Err(at_table(format!("no program section '{s}' in the section header table (sections: {})", progs.join(", "))));
            }
            s.to_string()
        }
        None => progs.first().cloned().ok_or_else(|| at_table("ELF object has no program section".into()))?,
    };
    let sec = file.section_by_name(&sec_name).unwrap();
    let (offset, size) = sec.file_range().ok_or_else(|| at_table(format!("section '{sec_name}' has no file data")))?;
    let (offset, size) = (offset as usize, size as usize);
    let body = offset.checked_add(size).and_then(|end| bytes.get(offset..end)).ok_or_else(|| {
        ParseError::byte(file_name, offset.min(bytes.len()), None, format!("section '{sec_name}' extends past the end of the file ({size} bytes at offset {offset})"))
    })?;
    let mut insns = isa::decode_all(body)
        .map_err(|e| ParseError::byte(file_name, offset + e.pc * 8, Some(e.pc), e.msg))?;
    let len = insns.len();
    let maps = collect_maps(&file, &bytes).map_err(at_table)?;
    let mut relocs = Vec::new();
    let mut text = None;
    relocate(&file, &bytes, sec.index(), 0, false, &maps, &mut insns, &mut relocs, file_name)?;
    // Calls into .text: append it and link.
    let needs_text = relocs.iter().any(|r| r.map.is_none());
    if needs_text {
        let t = file.section_by_name(".text").ok_or_else(|| at_table("call relocation but no .text".into()))?;
        let (to, ts) = t.file_range().ok_or_else(|| at_table(".text has no data".into()))?;
        let text_body = (to as usize).checked_add(ts as usize).and_then(|end| bytes.get(to as usize..end)).ok_or_else(|| {
            ParseError::byte(file_name, (to as usize).min(bytes.len()), None, format!("section '.text' extends past the end of the file ({ts} bytes at offset {to})"))
        })?;
        let base = insns.len();
        insns.extend(
            isa::decode_all(text_body)
                .map_err(|e| ParseError::byte(file_name, to as usize + e.pc * 8, None, format!(".text: {}", e.msg)))?,
        );
        text = Some((to as usize, ts as usize / 8));
        relocate(&file, &bytes, t.index(), base, true, &maps, &mut insns, &mut relocs, file_name)?;
        link_calls(&mut insns, &relocs, base);
    }
    let prog_type = ProgType::from_section(&sec_name).unwrap_or(ProgType::RawCtx);
    let mut program = Program::new(sec_name.clone(), insns, prog_type);
    program.maps = maps.into_iter().map(|(_, _, m)| m).collect();
    let src = ElfSource { bytes: bytes.clone(), section: sec_name, offset, len, text, relocs };
    Ok((program, src))
}

/// Where an object that `object` refuses goes wrong: the first byte of a wrong magic, the
/// class/byte-order bytes, the end of a truncated header, else the section header table.
fn elf_error_offset(b: &[u8]) -> usize {
    const MAGIC: [u8; 4] = [0x7f, b'E', b'L', b'F'];
    if let Some(i) = (0..4).find(|&i| b.get(i) != Some(&MAGIC[i])) {
        return i;
    }
    match b.get(4) {
        Some(1) | Some(2) => {}
        _ => return 4,
    }
    match b.get(5) {
        Some(1) | Some(2) => {}
        _ => return 5,
    }
    let header = if b[4] == 2 { 64 } else { 52 };
    if b.len() < header {
        return b.len();
    }
    section_table_offset(b).min(b.len())
}

/// `e_shoff` of an ELF header (32- or 64-bit, either byte order); 0 if unreadable.
fn section_table_offset(b: &[u8]) -> usize {
    let le = b.get(5) == Some(&1);
    let field = |at: usize, n: usize| -> Option<u64> {
        let raw = b.get(at..at + n)?;
        let mut v = [0u8; 8];
        if le {
            v[..n].copy_from_slice(raw);
            Some(u64::from_le_bytes(v))
        } else {
            v[8 - n..].copy_from_slice(raw);
            Some(u64::from_be_bytes(v))
        }
    };
    match b.get(4) {
        Some(2) => field(0x28, 8),
        Some(1) => field(0x20, 4),
        _ => None,
    }
    .unwrap_or(0) as usize
}

/// Maps in the object, keyed by (section index, offset in section).
fn collect_maps(file: &object::File, _bytes: &[u8]) -> Result<Vec<(SectionIndex, u64, MapDef)>, String> {
    let mut out: Vec<(SectionIndex, u64, MapDef)> = Vec::new();
    let btf_maps = match file.section_by_name(".BTF") {
        Some(s) => Btf::parse(s.data().map_err(|e| e.to_string())?)?.maps()?,
        None => vec![],
    };
    let by_name = btf::by_name(&btf_maps);
    for sec in file.sections() {
        let Ok(name) = sec.name() else { continue };
        if !is_map_section(name) {
            continue;
        }
        let data = sec.data().map_err(|e| e.to_string())?;
        let mut syms: Vec<_> = file
            .symbols()
            .filter(|s| s.section_index() == Some(sec.index()) && s.kind() != object::SymbolKind::Section)
            .filter(|s| !s.name().unwrap_or("").is_empty() && !s.name().unwrap_or("").starts_with("____btf_map_"))
            .collect();
        syms.sort_by_key(|s| s.address());
        let first = out.len();
        let mut inner_idx: Vec<(usize, u32)> = Vec::new();
        for (k, s) in syms.iter().enumerate() {
            let sname = s.name().unwrap_or("").to_string();
            let def = if name == ".maps" {
                let m = by_name.get(&sname).ok_or_else(|| format!("map '{sname}' in .maps has no BTF definition"))?;
                let def = |m: &btf::BtfMap, name: String| MapDef { name, map_type: m.map_type, key_size: m.key_size, value_size: m.value_size, max_entries: m.max_entries, flags: m.flags, fd: 0, inner: None };
                MapDef { inner: m.inner.as_ref().map(|i| Box::new(def(i, i.name.clone()))), ..def(m, sname) }
            } else {
                let start = s.address() as usize;
                // Symbol addresses come from the file: clamp to the section's data, never trust them.
                let end = syms.get(k + 1).map(|n| n.address() as usize).unwrap_or(data.len()).min(data.len());
                let span = end.saturating_sub(start);
                let field = |i: usize| -> Result<u32, String> {
                    if 4 * i + 4 > span {
                        return Err(format!("legacy map '{sname}' definition too short"));
                    }
                    Ok(u32::from_le_bytes(data[start + 4 * i..start + 4 * i + 4].try_into().unwrap()))
                };
                let flags = if span >= 20 { field(4)? } else { 0 };
                // samples/bpf's `inner_map_idx` (0 doubles as "unset", so only non-zero counts)
                if span >= 24 && field(5)? != 0 {
                    inner_idx.push((out.len(), field(5)?));
                }
                let (map_type, key_size, value_size, max_entries) = (field(0)?, field(1)?, field(2)?, field(3)?);
                MapDef { name: sname.clone(), map_type, key_size, value_size, max_entries, flags, fd: 0, inner: None }
            };
            def.check_sizes()?;
            out.push((sec.index(), s.address(), def));
        }
        for (at, idx) in inner_idx {
            if out[at].2.is_map_in_map() && first + (idx as usize) < out.len() && first + idx as usize != at {
                let mut t = out[first + idx as usize].2.clone();
                t.inner = None;
                out[at].2.inner = Some(Box::new(t));
            }
        }
    }
    for (i, m) in out.iter_mut().enumerate() {
        m.2.fd = i as i32;
    }
    Ok(out)
}

#[allow(clippy::too_many_arguments)]
fn relocate(
    file: &object::File,
    _bytes: &[u8],
    sec_index: SectionIndex,
    base: usize,
    in_text: bool,
    maps: &[(SectionIndex, u64, MapDef)],
    insns: &mut [Insn],
    relocs: &mut Vec<ElfReloc>,
    file_name: &str,
) -> Result<(), ParseError> {
    let sec = file
        .section_by_index(sec_index)
        .map_err(|e| ParseError::file(file_name, format!("not an ELF object: section {}: {e}", sec_index.0)))?;
    let sec_name = sec.name().unwrap_or("?").to_string();
    // The relocation section (SHT_REL) for this section: entries in file order.
    let rel_name = format!(".rel{sec_name}");
    let rel_range = file.section_by_name(&rel_name).and_then(|s| s.file_range());
    for (k, (off, rel)) in sec.relocations().enumerate() {
        let slot = base + off as usize / 8;
        let entry_offset = rel_range.map(|(o, _)| o as usize + 16 * k).unwrap_or(0);
        let RelocationTarget::Symbol(si) = rel.target() else { continue };
        let sym = file.symbol_by_index(si).map_err(|e| ParseError::file(file_name, e.to_string()))?;
        let target_sec = sym.section_index();
        let tname = target_sec.and_then(|i| file.section_by_index(i).ok()).and_then(|s| s.name().ok().map(str::to_string)).unwrap_or_default();
        let at = |m: String| ParseError::byte(file_name, entry_offset, Some(slot), m);
        if slot >= insns.len() {
            return Err(at(format!("relocation outside section {sec_name}")));
        }
        let original = insns[slot];
        if is_map_section(&tname) {
            let idx = maps
                .iter()
                .position(|(s, a, _)| Some(*s) == target_sec && *a == sym.address())
                .ok_or_else(|| at(format!("relocation to unknown map symbol '{}'", sym.name().unwrap_or("?"))))?;
            if !original.is_lddw() {
                return Err(at("map relocation on a non-LDDW instruction".into()));
            }
            insns[slot].src = BPF_PSEUDO_MAP_FD;
            insns[slot].imm = idx as i32;
            relocs.push(ElfReloc { slot, entry_offset, map: Some(idx), original, in_text });
        } else if tname == ".text" && original.code == isa::CALL {
            insns[slot].src = BPF_PSEUDO_CALL;
            // Target slot inside .text: symbol offset + imm + 1 (libbpf's rule).
            let t = sym.address() as i64 / 8 + original.imm as i64 + 1;
            insns[slot].imm = t as i32; // absolute .text slot for now; link_calls makes it relative
            relocs.push(ElfReloc { slot, entry_offset, map: None, original, in_text });
        } else if tname == "license" || tname.starts_with(".debug") {
            continue;
        } else {
            return Err(at(format!("unsupported relocation to section '{tname}' (global data is not supported)")));
        }
    }
    Ok(())
}

fn link_calls(insns: &mut [Insn], relocs: &[ElfReloc], text_base: usize) {
    for r in relocs.iter().filter(|r| r.map.is_none()) {
        let target = text_base as i64 + insns[r.slot].imm as i64;
        insns[r.slot].imm = (target - (r.slot as i64 + 1)) as i32;
    }
}

/// Patches `insns` (same slot count as loaded) into a copy of the original object.
pub fn write(src: &ElfSource, insns: &[Insn]) -> Result<Vec<u8>, String> {
    let total = src.len + src.text.map(|t| t.1).unwrap_or(0);
    if insns.len() != total {
        return Err(format!(
            "ELF output must keep the slot count ({total}); mark deleted instructions as ja +0 (got {})",
            insns.len()
        ));
    }
    let mut out = insns.to_vec();
    let mut bytes = src.bytes.clone();
    // Calls: must stay where they were (their relocations are not re-pointed).
    for r in src.relocs.iter().filter(|r| r.map.is_none()) {
        if !out[r.slot].is_pseudo_call() {
            return Err(format!("bpf-to-bpf call at slot {} moved; ELF writer keeps calls in place", r.slot));
        }
        out[r.slot] = r.original;
    }
    // Map loads: the k-th relocation for map m goes to the k-th slot loading map m.
    let mut used = vec![false; out.len()];
    for r in src.relocs.iter().filter(|r| r.map.is_some()) {
        let m = r.map.unwrap() as i32;
        let (lo, hi) = if r.in_text { (src.len, total) } else { (0, src.len) };
        let slot = (lo..hi)
            .find(|&s| !used[s] && out[s].is_lddw() && out[s].src == BPF_PSEUDO_MAP_FD && out[s].imm == m)
            .ok_or_else(|| format!("no instruction loads map {m} for its relocation"))?;
        used[slot] = true;
        let mut orig = r.original;
        orig.dst = out[slot].dst;
        out[slot] = orig;
        let local = if r.in_text { slot - src.len } else { slot } as u64 * 8;
        if r.entry_offset == 0 {
            return Err("relocation entry location unknown".into());
        }
        bytes[r.entry_offset..r.entry_offset + 8].copy_from_slice(&local.to_le_bytes());
    }
    // Any map load without a relocation cannot be expressed in the object.
    for (s, i) in out.iter().enumerate() {
        if i.is_lddw() && i.src == BPF_PSEUDO_MAP_FD && !used[s] {
            return Err(format!("map load at slot {s} has no relocation in the original object"));
        }
    }
    let enc = isa::encode_all(&out);
    bytes[src.offset..src.offset + src.len * 8].copy_from_slice(&enc[..src.len * 8]);
    if let Some((to, tl)) = src.text {
        bytes[to..to + tl * 8].copy_from_slice(&enc[src.len * 8..]);
    }
    Ok(bytes)
}
