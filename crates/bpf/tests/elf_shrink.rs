//! The shrinking ELF writer on our own clang-built fixture `examples/bpf/xdp_shrink.o`
//! (`clang-14 -O2 -g -target bpf`): dead inline-asm markers (`r0 = 24301`) are deleted in the
//! program section and in the `.text` subprograms it calls; the written object must parse back
//! to exactly the compacted program, carry consistent symbols and BTF.ext, and load through
//! libbpf (`bpftool`) with a smaller instruction count. The kernel part needs root and bpftool
//! and fails (does not skip) without them.

use object::{Object, ObjectSection, ObjectSymbol};
use std::path::PathBuf;
use vf_bpf::formats::{self, LoadOptions, Loaded, Nops};
use vf_bpf::interp::{Input, Vm};
use vf_bpf::isa::{self, Insn};
use vf_bpf::{kernel, safety, ProgType};

const MARKER: i32 = 24301;

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/bpf/xdp_shrink.o")
}

fn load_bytes(bytes: &[u8], name: &str) -> Loaded {
    let p = std::env::temp_dir().join(format!("vf-elf-shrink-{}-{name}.o", std::process::id()));
    std::fs::write(&p, bytes).unwrap();
    let l = formats::load(&p, &LoadOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
    std::fs::remove_file(&p).unwrap();
    l
}

fn is_marker(i: &Insn) -> bool {
    i.code == 0xb7 && i.dst == 0 && i.imm == MARKER
}

/// The fixture with every marker replaced by `ja +0`, and that program written shrunk.
fn shrunk() -> (Loaded, Vec<Insn>, Vec<u8>) {
    let orig = formats::load(&fixture(), &LoadOptions::default()).unwrap();
    let deleted: Vec<Insn> = orig.program.insns.iter().map(|i| if is_marker(i) { Insn::nop() } else { *i }).collect();
    let out = formats::write_program_nops(&orig, &deleted, Nops::Drop).unwrap();
    (orig, deleted, out)
}

#[test]
fn fixture_has_markers_in_both_sections() {
    let orig = formats::load(&fixture(), &LoadOptions::default()).unwrap();
    let src = orig.elf.as_ref().unwrap();
    let main: Vec<usize> = (0..src.len).filter(|&i| is_marker(&orig.program.insns[i])).collect();
    let text: Vec<usize> = (src.len..orig.program.insns.len()).filter(|&i| is_marker(&orig.program.insns[i])).collect();
    assert_eq!((main.len(), text.len()), (2, 2), "fixture changed? {main:?} {text:?}");
}

#[test]
fn unchanged_program_round_trips_byte_identical() {
    let orig = formats::load(&fixture(), &LoadOptions::default()).unwrap();
    let bytes = std::fs::read(fixture()).unwrap();
    for nops in [Nops::Drop, Nops::Keep] {
        assert!(formats::write_program_nops(&orig, &orig.program.insns, nops).unwrap() == bytes, "{nops:?}");
    }
}

#[test]
fn shrunk_object_parses_back_to_the_compacted_program() {
    let (orig, deleted, out) = shrunk();
    let back = load_bytes(&out, "back");
    assert_eq!(back.program.insns, isa::remove_nops(&deleted), "jumps, calls or map loads differ");
    assert_eq!(back.program.insns.len(), orig.program.insns.len() - 4);
    assert_eq!(back.program.maps, orig.program.maps);
    let (src, bsrc) = (orig.elf.unwrap(), back.elf.unwrap());
    assert_eq!((bsrc.len, bsrc.text.unwrap().1), (src.len - 2, src.text.unwrap().1 - 2));
    // Relocations: map loads after a deleted slot and both calls re-pointed.
    assert_eq!(bsrc.relocs.len(), src.relocs.len());
    safety::check(&back.program).expect("our checker accepts the shrunk program");
}

#[test]
fn shrunk_program_behaves_like_the_original() {
    let (orig, _, out) = shrunk();
    let back = load_bytes(&out, "behave");
    let mut a = Vm::new(&orig.program).unwrap();
    let mut b = Vm::new(&back.program).unwrap();
    for seed in 0..300 {
        let input = Input::random(&orig.program, seed);
        let (ra, rb) = (a.run(&orig.program.insns, &input), b.run(&back.program.insns, &input));
        assert_eq!(a.output(ra), b.output(rb), "seed {seed}");
    }
}

#[test]
fn symbols_and_btf_ext_follow_the_instructions() {
    let (_, _, out) = shrunk();
    let file = object::File::parse(&*out).unwrap();
    let sym = |n: &str| file.symbols().find(|s| s.name() == Ok(n)).unwrap_or_else(|| panic!("no symbol {n}"));
    // xdp_shrink: 34 -> 32 slots; .text: bump 15 -> 14 slots, pick 4 -> 3 slots right after it.
    assert_eq!((sym("xdp_shrink").address(), sym("xdp_shrink").size()), (0, 32 * 8));
    assert_eq!((sym("bump").address(), sym("bump").size()), (0, 14 * 8));
    assert_eq!((sym("pick").address(), sym("pick").size()), (14 * 8, 3 * 8));
    assert_eq!(file.section_by_name("xdp").unwrap().size(), 32 * 8);
    assert_eq!(file.section_by_name(".text").unwrap().size(), 17 * 8);
    // Labels after the deleted slot 10 moved up by one.
    assert_eq!(sym("LBB0_2").address(), 12 * 8);

    let ext = btf_ext_records(&out);
    let btf_names = ext.keys().cloned().collect::<Vec<_>>();
    assert!(btf_names.contains(&(0, "xdp".into())) && btf_names.contains(&(1, ".text".into())), "{btf_names:?}");
    assert_eq!(ext[&(0, ".text".into())], vec![0, 14 * 8], "func_info of bump and pick");
    assert_eq!(ext[&(0, "xdp".into())], vec![0]);
    for (sec, len) in [("xdp", 32u32), (".text", 17)] {
        let lines = &ext[&(1, sec.to_string())];
        assert_eq!(lines[0], 0, "{sec}: first line_info at 0");
        assert!(lines.windows(2).all(|w| w[0] < w[1]), "{sec}: line_info offsets not increasing: {lines:?}");
        assert!(lines.iter().all(|&o| o % 8 == 0 && o < len * 8), "{sec}: {lines:?}");
    }
    // Every subprogram start has a line_info record (the kernel insists).
    assert!(ext[&(1, ".text".into())].contains(&(14 * 8)));
}

/// `.BTF.ext` insn_off values per (subsection: 0 func, 1 line, 2 core) and section name.
fn btf_ext_records(obj: &[u8]) -> std::collections::HashMap<(usize, String), Vec<u32>> {
    let file = object::File::parse(obj).unwrap();
    let d = file.section_by_name(".BTF.ext").unwrap().data().unwrap().to_vec();
    let btf = file.section_by_name(".BTF").unwrap().data().unwrap().to_vec();
    let u32_at = |b: &[u8], o: usize| u32::from_le_bytes(b[o..o + 4].try_into().unwrap());
    let strings = u32_at(&btf, 4) as usize + u32_at(&btf, 16) as usize;
    let name = |off: u32| {
        let s = strings + off as usize;
        let e = btf[s..].iter().position(|&c| c == 0).unwrap() + s;
        String::from_utf8(btf[s..e].to_vec()).unwrap()
    };
    let hdr = u32_at(&d, 4) as usize;
    let mut out = std::collections::HashMap::new();
    for part in 0..if hdr >= 32 { 3 } else { 2 } {
        let (off, len) = (u32_at(&d, 8 + 8 * part) as usize, u32_at(&d, 12 + 8 * part) as usize);
        if len == 0 {
            continue;
        }
        let start = hdr + off;
        let rec = u32_at(&d, start) as usize;
        let mut at = start + 4;
        while at < start + len {
            let (sec, n) = (name(u32_at(&d, at)), u32_at(&d, at + 4) as usize);
            let offs: Vec<u32> = (0..n).map(|r| u32_at(&d, at + 8 + r * rec)).collect();
            out.insert((part, sec), offs);
            at += 8 + n * rec;
        }
    }
    out
}

#[test]
fn removing_a_map_load_drops_its_relocation() {
    let orig = formats::load(&fixture(), &LoadOptions::default()).unwrap();
    let src = orig.elf.as_ref().unwrap();
    let lddw = (0..src.len).find(|&i| orig.program.insns[i].is_lddw()).unwrap();
    let mut insns = orig.program.insns.clone();
    insns[lddw] = Insn::nop();
    insns[lddw + 1] = Insn::nop();
    let out = formats::write_program_nops(&orig, &insns, Nops::Drop).unwrap();
    let back = load_bytes(&out, "nomap");
    assert_eq!(back.program.insns, isa::remove_nops(&insns));
    let rel_main = |l: &Loaded| l.elf.as_ref().unwrap().relocs.iter().filter(|r| !r.in_text).count();
    assert_eq!(rel_main(&back), rel_main(&orig) - 1);
}

#[test]
fn keeping_nops_keeps_the_slot_count() {
    let (orig, deleted, _) = shrunk();
    let kept = formats::write_program_nops(&orig, &deleted, Nops::Keep).unwrap();
    assert_eq!(kept.len(), std::fs::read(fixture()).unwrap().len());
    let back = load_bytes(&kept, "kept");
    assert_eq!(back.program.insns, deleted);
}

#[test]
fn kernel_loads_the_shrunk_object_with_fewer_instructions() {
    let (_, _, out) = shrunk();
    let path = std::env::temp_dir().join(format!("vf-elf-shrink-{}-kernel.o", std::process::id()));
    std::fs::write(&path, &out).unwrap();
    let before = kernel::bpftool_load_object(&fixture(), ProgType::Xdp)
        .unwrap_or_else(|e| panic!("this test needs root and bpftool (Debian package bpftool): {e}"));
    let after = kernel::bpftool_load_object(&path, ProgType::Xdp);
    std::fs::remove_file(&path).unwrap();
    let after = after.expect("libbpf/kernel reject the shrunk object");
    assert!(before.has_btf && after.has_btf, "BTF (func/line info) not loaded");
    // The four deleted markers are real instructions the kernel keeps in the original.
    assert_eq!(after.xlated_insns + 4, before.xlated_insns, "{before:?} vs {after:?}");
}

/// File offset of the fixture's `.BTF.ext` section.
fn btf_ext_offset(bytes: &[u8]) -> usize {
    let f = object::File::parse(bytes).unwrap();
    let s = f.section_by_name(".BTF.ext").unwrap();
    s.file_range().unwrap().0 as usize
}

/// Issue 18: a damaged `.BTF.ext` (which `check`/`run`/`convert` accept, and libbpf ignores)
/// no longer makes the shrinking writer fail: the problem is reported with its file offset by
/// `btf_ext_problem`, and the output carries an empty `.BTF.ext` and no `.rel.BTF.ext` entries.
#[test]
fn damaged_btf_ext_is_reported_with_offset_and_replaced_by_an_empty_one() {
    let pristine = std::fs::read(fixture()).unwrap();
    let ext = btf_ext_offset(&pristine);
    let orig = formats::load(&fixture(), &LoadOptions::default()).unwrap();
    assert_eq!(formats::btf_ext_problem(orig.elf.as_ref().unwrap()), None);
    let put = |b: &mut Vec<u8>, at: usize, v: u32| b[at..at + 4].copy_from_slice(&v.to_le_bytes());
    let damages: Vec<(&str, Box<dyn Fn(&mut Vec<u8>)>, usize)> = vec![
        ("header length past the section", Box::new(move |b| put(b, ext + 4, 0xffff)), ext + 4),
        ("header length too small", Box::new(move |b| put(b, ext + 4, 8)), ext + 4),
        ("func_info offset out of range", Box::new(move |b| put(b, ext + 8, 0xfffff0)), ext + 8),
        ("line_info offset out of range", Box::new(move |b| put(b, ext + 16, 0xfffff0)), ext + 16),
        ("record size garbage", Box::new(move |b| put(b, ext + 32, 0x05a1_b2c3)), ext + 32),
        ("record count garbage", Box::new(move |b| put(b, ext + 40, 0x4000_0000)), ext + 40),
    ];
    for (what, damage, at) in &damages {
        let mut bytes = pristine.clone();
        damage(&mut bytes);
        let loaded = load_bytes(&bytes, "damaged-btf-ext");
        let problem = formats::btf_ext_problem(loaded.elf.as_ref().unwrap()).unwrap_or_else(|| panic!("{what}: not detected"));
        assert!(problem.starts_with(&format!("byte {at}: .BTF.ext: ")), "{what}: {problem}");
        let deleted: Vec<Insn> = loaded.program.insns.iter().map(|i| if is_marker(i) { Insn::nop() } else { *i }).collect();
        let out = formats::write_program_nops(&loaded, &deleted, Nops::Drop).unwrap_or_else(|e| panic!("{what}: {e}"));
        let back = load_bytes(&out, "damaged-btf-ext-out");
        assert_eq!(back.program.insns, isa::remove_nops(&deleted), "{what}");
        let f = object::File::parse(&*out).unwrap();
        let data = f.section_by_name(".BTF.ext").unwrap().data().unwrap().to_vec();
        assert_eq!(data.len(), 32, "{what}");
        assert_eq!((u16::from_le_bytes([data[0], data[1]]), data[2]), (0xeb9f, 1), "{what}");
        assert!(data[8..].iter().all(|&b| b == 0), "{what}: records left");
        assert_eq!(f.section_by_name(".rel.BTF.ext").unwrap().size(), 0, "{what}");
    }
}

/// AFL++ finding (issue 18, round 4): a `.text` section header whose offset points past the end
/// of the file panicked with a slice index out of range when the program section calls into
/// `.text`; it is bad input at the section's offset.
#[test]
fn text_section_past_the_end_of_the_file_is_bad_input() {
    let mut bytes = std::fs::read(fixture()).unwrap();
    let file = object::File::parse(&*bytes).unwrap();
    let text = file.section_by_name(".text").unwrap();
    let index = text.index().0;
    let shoff = u64::from_le_bytes(bytes[0x28..0x30].try_into().unwrap()) as usize;
    let shentsize = u16::from_le_bytes(bytes[0x3a..0x3c].try_into().unwrap()) as usize;
    let sh_offset_at = shoff + index * shentsize + 0x18;
    for bad in [0x0101_0101_0101_0000u64, bytes.len() as u64 - 8] {
        bytes[sh_offset_at..sh_offset_at + 8].copy_from_slice(&bad.to_le_bytes());
        let p = std::env::temp_dir().join(format!("vf-elf-text-past-end-{}-{bad}.o", std::process::id()));
        std::fs::write(&p, &bytes).unwrap();
        let err = match formats::load(&p, &LoadOptions::default()) {
            Ok(_) => panic!("a .text past the end of the file was accepted"),
            Err(e) => e.to_string(),
        };
        std::fs::remove_file(&p).unwrap();
        assert!(err.contains("'.text' extends past the end of the file"), "{err}");
    }
}

/// AFL++ finding (issue 18, round 4): in a legacy `maps` section, map symbols at addresses past
/// the section's data (the next symbol's address bounds a definition) read past the data or
/// underflowed `end - start`; they are bad input, not a panic.
#[test]
fn legacy_map_symbols_past_the_section_data_are_bad_input() {
    let original = std::fs::read(fixture()).unwrap();
    let mut bytes = original.clone();
    let file = object::File::parse(&*original).unwrap();
    let maps = file.section_by_name(".maps").unwrap();
    let maps_index = maps.index().0 as u16;
    let maps_size = maps.size();
    // Rename `.maps` to `maps` (legacy) in place: the name ".maps\0" becomes "maps\0\0".
    let shstr = file.section_by_index(object::SectionIndex(u16::from_le_bytes(bytes[0x3e..0x40].try_into().unwrap()) as usize)).unwrap();
    let (shstr_off, shstr_len) = shstr.file_range().unwrap();
    let names = &original[shstr_off as usize..(shstr_off + shstr_len) as usize];
    let at = names.windows(6).position(|w| w == b".maps\0").unwrap() + shstr_off as usize;
    bytes[at..at + 6].copy_from_slice(b"maps\0\0");
    // Two symbols in it: the map at 24 (room for 2 of its fields) and `_license` moved to 1000.
    let symtab = file.section_by_name(".symtab").unwrap();
    let (symtab_off, _) = symtab.file_range().unwrap();
    let sym_at = |name: &str| {
        let s = file.symbols().find(|s| s.name() == Ok(name)).unwrap();
        symtab_off as usize + s.index().0 * 24
    };
    let (map_sym, license_sym) = (sym_at("hits"), sym_at("_license"));
    for (value_of_map, value_of_next) in [(24u64, 1000u64), (maps_size + 64, maps_size + 8), (u64::MAX - 3, u64::MAX)] {
        bytes[map_sym + 8..map_sym + 16].copy_from_slice(&value_of_map.to_le_bytes());
        bytes[license_sym + 6..license_sym + 8].copy_from_slice(&maps_index.to_le_bytes());
        bytes[license_sym + 8..license_sym + 16].copy_from_slice(&value_of_next.to_le_bytes());
        let p = std::env::temp_dir().join(format!("vf-elf-legacy-maps-{}-{value_of_map}.o", std::process::id()));
        std::fs::write(&p, &bytes).unwrap();
        let got = formats::load(&p, &LoadOptions::default());
        std::fs::remove_file(&p).unwrap();
        let err = match got {
            Ok(_) => panic!("map symbols at {value_of_map}/{value_of_next} past the {maps_size}-byte section were accepted"),
            Err(e) => e.to_string(),
        };
        assert!(err.contains("definition too short"), "{value_of_map}: {err}");
    }
}
