//! Helper calls inside windows and the per-region memory model: proofs of real
//! rewrites across calls, refutations with concrete counterexamples, the memory
//! model each window gets, the mutator's call discipline, and a differential test
//! of the SMT encoding (evaluated on a model, no solver) against the window
//! interpreter on random windows with calls.

use std::time::Duration;
use vf_bpf::equiv::cache::canonical_key;
use vf_bpf::equiv::encode::{self, MemModel, SymState};
use vf_bpf::equiv::window::{prove_window, SmtSolver, WindowQuery, WindowVerdict};
use vf_bpf::isa::{self, Insn, BPF_ADD, BPF_B, BPF_DW, BPF_W};
use vf_bpf::opt::analysis::{self, Region, RegionState, ALL_REGS, R0, R10};
use vf_bpf::opt::interp::{self, CallModel, Outcome, TestCase};
use vf_bpf::opt::mutate::{self, Pools};
use vf_bpf::opt::window::Window;
use vf_search::Rng;
use vf_smt::{ArrayValue, BitVec, Model, Term, Value};

fn z3() -> SmtSolver {
    SmtSolver { backend: vf_smt::Backend::Z3 }
}

const T: Duration = Duration::from_secs(30);

/// Map fd 0 and 1 with 4-byte keys.
fn maps() -> CallModel {
    CallModel { key_sizes: [(0, 4), (1, 4)].into_iter().collect() }
}

fn query<'a>(orig: &'a [Insn], cand: &'a [Insn], live_out: u16, regions: Option<RegionState>, cm: &'a CallModel) -> WindowQuery<'a> {
    WindowQuery { orig, cand, live_out, pre: [None; 11], regions, calls: cm, stack: Default::default() }
}

/// `*(u32 *)(r10 - 4) = key; r2 = r10; r2 += -4; r1 = map fd; call map_lookup_elem`.
fn lookup(fd: i32, key: i32, redundant_store: bool) -> Vec<Insn> {
    let mut v = vec![Insn::st(BPF_W, 10, -4, key)];
    v.push(if redundant_store { Insn::st(BPF_W, 10, -4, key) } else { Insn::nop() });
    v.extend([Insn::mov64_reg(2, 10), Insn::alu64_imm(BPF_ADD, 2, -4)]);
    v.extend(Insn::ld_map_fd(1, fd));
    v.push(Insn::call(1));
    v
}

fn is_counterexample(v: &WindowVerdict) -> Option<&TestCase> {
    match v {
        WindowVerdict::Counterexample(tc) => Some(tc),
        _ => None,
    }
}

/// The counterexample really separates the windows in the interpreter.
fn replays(orig: &[Insn], cand: &[Insn], tc: &TestCase, live_out: u16, cm: &CallModel) -> bool {
    let (mut a, mut b) = (Outcome::default(), Outcome::default());
    interp::run_with(orig, tc, cm, &mut a);
    interp::run_with(cand, tc, cm, &mut b);
    interp::distance(&a, &b, live_out, tc) > 0.0
}

#[test]
fn redundant_key_store_before_lookup_is_removed() {
    let cm = maps();
    let orig = lookup(0, 7, true);
    let cand = lookup(0, 7, false);
    let q = query(&orig, &cand, R0 | R10, Some(analysis::entry_regions()), &cm);
    assert_eq!(q.memory_model(), MemModel::PerRegion);
    assert!(matches!(prove_window(&q, &z3(), T), WindowVerdict::Equivalent));
    // without key sizes the whole memory at the call must agree: still provable here
    let flat = query(&orig, &cand, R0 | R10, None, &interp::NO_MAPS);
    assert!(matches!(prove_window(&flat, &z3(), T), WindowVerdict::Equivalent));
    // the map's key size is part of the cache key of a window with calls
    assert_ne!(canonical_key(&q), canonical_key(&query(&orig, &cand, R0 | R10, Some(analysis::entry_regions()), &interp::NO_MAPS)));
}

#[test]
fn lookup_result_depends_on_key_bytes_not_key_address() {
    // the candidate puts the same key on another stack slot; with a known key size the
    // lookup result is the same (a function of the key bytes), but stack memory differs
    // unless that slot is dead, so compare against a window that restores the stack
    let cm = maps();
    let mut orig = lookup(0, 7, false);
    orig.push(Insn::st(BPF_DW, 10, -8, 0));
    let mut cand = vec![Insn::st(BPF_W, 10, -8, 7), Insn::nop(), Insn::mov64_reg(2, 10), Insn::alu64_imm(BPF_ADD, 2, -8)];
    cand.extend(Insn::ld_map_fd(1, 0));
    cand.push(Insn::call(1));
    cand.push(Insn::st(BPF_DW, 10, -8, 0));
    // orig leaves key 7 at r10-4: cand must too
    cand.insert(0, Insn::st(BPF_W, 10, -4, 7));
    orig.insert(0, Insn::nop());
    let q = query(&orig, &cand, R0 | R10, Some(analysis::entry_regions()), &cm);
    assert!(matches!(prove_window(&q, &z3(), T), WindowVerdict::Equivalent));
    // without the key size the key pointer itself must agree: refuted
    let unknown = query(&orig, &cand, R0 | R10, Some(analysis::entry_regions()), &interp::NO_MAPS);
    let v = prove_window(&unknown, &z3(), T);
    let tc = is_counterexample(&v).expect("key pointer differs");
    assert!(replays(&orig, &cand, tc, R0 | R10, &interp::NO_MAPS));
}

#[test]
fn register_moves_around_a_call() {
    let cm = maps();
    // r7 = r6; r1 = r7; call redirect; r0 = r7  ==>  r1 = r6; call redirect; r0 = r6
    let orig = [Insn::mov64_reg(7, 6), Insn::mov64_reg(1, 7), Insn::call(23), Insn::mov64_reg(0, 7)];
    let cand = [Insn::nop(), Insn::mov64_reg(1, 6), Insn::call(23), Insn::mov64_reg(0, 6)];
    let q = query(&orig, &cand, R0 | R10, Some(analysis::entry_regions()), &cm);
    assert!(matches!(prove_window(&q, &z3(), T), WindowVerdict::Equivalent));
    // r1 does not survive the call: reading it afterwards is not equivalent
    let bad = [Insn::nop(), Insn::mov64_reg(1, 6), Insn::call(23), Insn::mov64_reg(0, 1)];
    let q = query(&orig, &bad, R0 | R10, Some(analysis::entry_regions()), &cm);
    assert!(!matches!(prove_window(&q, &z3(), T), WindowVerdict::Equivalent));
    // a different flags argument (r2) is a different call
    let bad = [Insn::mov64_imm(2, 1), Insn::mov64_reg(1, 6), Insn::call(23), Insn::mov64_reg(0, 6)];
    let q = query(&orig, &bad, R0 | R10, Some(analysis::entry_regions()), &cm);
    let v = prove_window(&q, &z3(), T);
    let tc = is_counterexample(&v).expect("r2 differs on some input");
    assert!(replays(&orig, &bad, tc, R0 | R10, &cm));
}

#[test]
fn changed_key_byte_is_refuted_with_a_counterexample() {
    let cm = maps();
    let orig = lookup(0, 7, false);
    let mut cand = lookup(0, 7, false);
    cand[0] = Insn::st(BPF_W, 10, -4, 0x107); // one key byte differs
    // live-out r10 only: the stack difference alone would refute; make the stack agree after
    let mut o = orig.clone();
    let mut c = cand.clone();
    o.push(Insn::st(BPF_W, 10, -4, 0));
    c.push(Insn::st(BPF_W, 10, -4, 0));
    let q = query(&o, &c, R10, Some(analysis::entry_regions()), &cm);
    let v = prove_window(&q, &z3(), T);
    let tc = is_counterexample(&v).expect("a key byte differs");
    assert!(replays(&o, &c, tc, R10, &cm));
    let (mut a, mut b) = (Outcome::default(), Outcome::default());
    interp::run_with(&o, tc, &cm, &mut a);
    interp::run_with(&c, tc, &cm, &mut b);
    assert_ne!(a.call_bytes, b.call_bytes, "the calls differ in their key bytes");
}

#[test]
fn changed_map_fd_is_refuted_with_a_counterexample() {
    let cm = maps();
    let orig = lookup(0, 7, false);
    let cand = lookup(1, 7, false);
    let q = query(&orig, &cand, R10, Some(analysis::entry_regions()), &cm);
    let v = prove_window(&q, &z3(), T);
    let tc = is_counterexample(&v).expect("maps are distinct objects");
    assert!(replays(&orig, &cand, tc, R10, &cm));
}

#[test]
fn changed_call_order_is_refuted_and_never_proposed() {
    let cm = maps();
    // r6 = ktime(); r0 = prandom(); r0 -= r6   vs   the calls swapped
    let orig = [Insn::call(5), Insn::mov64_reg(6, 0), Insn::call(7), Insn::alu64_reg(isa::BPF_SUB, 0, 6)];
    let swapped = [Insn::call(7), Insn::mov64_reg(6, 0), Insn::call(5), Insn::alu64_reg(isa::BPF_SUB, 0, 6)];
    let q = query(&orig, &swapped, R0 | R10, Some(analysis::entry_regions()), &cm);
    let v = prove_window(&q, &z3(), T);
    let tc = is_counterexample(&v).expect("the call order differs");
    assert!(replays(&orig, &swapped, tc, R0 | R10, &cm));
    // a dropped call is refuted too
    let dropped = [Insn::nop(), Insn::mov64_reg(6, 0), Insn::call(7), Insn::alu64_reg(isa::BPF_SUB, 0, 6)];
    let q = query(&orig, &dropped, R0 | R10, Some(analysis::entry_regions()), &cm);
    assert!(is_counterexample(&prove_window(&q, &z3(), T)).is_some());
    // the mutator keeps every call in its slot, unchanged
    let w = Window { start: 0, end: 4, live_in: ALL_REGS, live_out: R0 | R10, pre: [None; 11], regions: None, init: ALL_REGS, stack: Default::default() };
    let pools = Pools::new(&orig, &w);
    let mut rng = Rng::new(5);
    let mut cur = orig.to_vec();
    let mut changed = 0;
    for _ in 0..20_000 {
        let before = cur.clone();
        mutate::propose(&mut cur, &orig, &pools, &mut rng);
        changed += (before != cur) as usize;
        assert_eq!(cur[0], Insn::call(5));
        assert_eq!(cur[2], Insn::call(7));
        assert!(cur[1..2].iter().chain(&cur[3..]).all(|i| !mutate::is_call(i)));
    }
    assert!(changed > 5_000, "the other slots still move ({changed})");
}

/// r1 = ctx, r2 = a packet pointer, r3 = a map value, r10 = stack.
fn region_entry() -> RegionState {
    let mut e = analysis::entry_regions();
    e[2] = Region::Packet;
    e[3] = Region::MapValue(0);
    e
}

#[test]
fn per_region_memory_separates_packet_ctx_map_values_and_stack() {
    let cm = maps();
    // reload after a packet store: the stack slot, the ctx field and the map value are intact
    let orig = [
        Insn::ldx(BPF_W, 4, 1, 8),
        Insn::ldx(BPF_DW, 5, 3, 0),
        Insn::stx(BPF_DW, 10, 6, -8),
        Insn::st(BPF_B, 2, 0, 1),
        Insn::ldx(BPF_W, 0, 1, 8),
        Insn::ldx(BPF_DW, 7, 3, 0),
        Insn::ldx(BPF_DW, 8, 10, -8),
    ];
    let cand = [
        Insn::ldx(BPF_W, 4, 1, 8),
        Insn::ldx(BPF_DW, 5, 3, 0),
        Insn::stx(BPF_DW, 10, 6, -8),
        Insn::st(BPF_B, 2, 0, 1),
        Insn::mov64_reg(0, 4),
        Insn::mov64_reg(7, 5),
        Insn::mov64_reg(8, 6),
    ];
    let live = R0 | (1 << 7) | (1 << 8) | R10;
    let q = query(&orig, &cand, live, Some(region_entry()), &cm);
    assert_eq!(q.memory_model(), MemModel::PerRegion);
    assert!(matches!(prove_window(&q, &z3(), T), WindowVerdict::Equivalent));
    // r2 of an unspecified non-stack region: only the stack is separate -> not provable
    let mut other = region_entry();
    other[2] = Region::Other;
    let q2 = query(&orig, &cand, live, Some(other), &cm);
    assert_eq!(q2.memory_model(), MemModel::StackSplit);
    assert!(!matches!(prove_window(&q2, &z3(), T), WindowVerdict::Equivalent));
    assert_ne!(canonical_key(&q), canonical_key(&q2), "regions are part of the cache key");
    // r2 of unknown region (might be the stack): the flat model is used
    let mut unknown = region_entry();
    unknown[2] = Region::Unknown;
    let q3 = query(&orig, &cand, live, Some(unknown), &cm);
    assert_eq!(q3.memory_model(), MemModel::Flat);
    assert!(!matches!(prove_window(&q3, &z3(), T), WindowVerdict::Equivalent));
}

#[test]
fn packet_store_does_not_clobber_a_stack_slot_but_two_packet_pointers_may_alias() {
    let cm = maps();
    let mut e = region_entry();
    e[4] = Region::Packet;
    let orig = [Insn::stx(BPF_DW, 10, 6, -8), Insn::st(BPF_B, 2, 0, 1), Insn::ldx(BPF_DW, 0, 10, -8)];
    let cand = [Insn::stx(BPF_DW, 10, 6, -8), Insn::st(BPF_B, 2, 0, 1), Insn::mov64_reg(0, 6)];
    assert!(matches!(prove_window(&query(&orig, &cand, R0 | R10, Some(e), &cm), &z3(), T), WindowVerdict::Equivalent));
    // r4 is another packet pointer: it may point where r2 stores
    let orig = [Insn::ldx(BPF_B, 5, 4, 0), Insn::st(BPF_B, 2, 0, 1), Insn::ldx(BPF_B, 0, 4, 0)];
    let cand = [Insn::ldx(BPF_B, 5, 4, 0), Insn::st(BPF_B, 2, 0, 1), Insn::mov64_reg(0, 5)];
    let q = query(&orig, &cand, R0 | R10, Some(e), &cm);
    let v = prove_window(&q, &z3(), T);
    let tc = is_counterexample(&v).expect("aliasing packet pointers");
    assert!(replays(&orig, &cand, tc, R0 | R10, &cm));
}

#[test]
fn region_analysis_knows_maps_and_packets() {
    // r2 = *(u32 *)(r1 + 0) (packet); r6 = map 3; r1 = r6; call lookup; r0 += 4
    let mut p = vec![Insn::ldx(BPF_W, 2, 1, 0)];
    p.extend(Insn::ld_map_fd(6, 3));
    p.extend([Insn::mov64_reg(1, 6), Insn::call(1), Insn::alu64_imm(BPF_ADD, 0, 4), Insn::mov64_imm(0, 0), Insn::exit()]);
    let f = vf_bpf::opt::window::ProgramFacts::new(&p).unwrap();
    assert_eq!(f.regions[1].unwrap()[2], Region::Packet);
    assert_eq!(f.regions[4].unwrap()[1], Region::MapPtr(3));
    let after_call = f.regions[5].unwrap();
    assert_eq!(after_call[0], Region::MapValue(3));
    assert_eq!(after_call[1], Region::Unknown, "clobbered");
    assert_eq!(f.regions[6].unwrap()[0], Region::MapValue(3), "plus a constant stays in the map value");
    // the whole block (map load and call included) is one window run now
    let runs = vf_bpf::opt::window::runs(&p, &f);
    assert_eq!(runs, vec![(0, 7)]);
}

// ---------------------------------------------------------------------------
// Differential: SMT encoding evaluated on a model vs the window interpreter.

fn pools() -> Pools {
    let seed_window = [
        Insn::ldx(BPF_W, 2, 1, 4),
        Insn::stx(BPF_DW, 10, 3, -16),
        Insn::st(BPF_B, 10, -8, 7),
        Insn::ldx(isa::BPF_H, 4, 10, -7),
        Insn::ldx(BPF_W, 6, 0, 0),
        Insn::alu64_imm(BPF_ADD, 5, -3),
    ];
    let w = Window { start: 0, end: 6, live_in: ALL_REGS, live_out: ALL_REGS, pre: [None; 11], regions: None, init: ALL_REGS, stack: Default::default() };
    Pools::new(&seed_window, &w)
}

/// A random window with 1-3 helper calls between random instructions.
fn random_window(p: &Pools, rng: &mut Rng) -> Vec<Insn> {
    let mut body = Vec::new();
    for _ in 0..1 + rng.index(3) {
        for _ in 0..rng.index(4) {
            body.push(mutate::random_insn(p, rng));
        }
        match rng.below(3) {
            0 => {
                body.extend([Insn::st(BPF_W, 10, -20, rng.below(4) as i32), Insn::mov64_reg(2, 10), Insn::alu64_imm(BPF_ADD, 2, -20)]);
                body.extend(Insn::ld_map_fd(1, rng.below(2) as i32));
                body.push(Insn::call(1));
            }
            1 => body.push(Insn::call(1)), // r1 not a known map: key size unknown
            _ => body.push(Insn::call([5, 7, 8, 14, 15, 23, 51][rng.index(7)])),
        }
    }
    body
}

fn random_test(rng: &mut Rng) -> TestCase {
    let mut regs = [0u64; 11];
    for r in regs.iter_mut() {
        *r = match rng.below(3) {
            0 => rng.next_u64(),
            1 => rng.below(70),
            _ => 0x1000 + rng.below(64),
        };
    }
    // far apart: pointers of different regions never alias
    regs[0] = 0x2000_0000 + rng.below(64);
    regs[1] = 0x3000_0000 + rng.below(64);
    regs[10] = 0x7fff_0000_0000;
    let calls = if rng.chance(0.5) { vec![(0, rng.next_u64()), (1, 0)] } else { vec![] };
    TestCase { regs, mem_seed: rng.next_u64(), mem: vec![], calls }
}

/// A model giving the symbolic inputs the test's values (registers, map addresses, call
/// results, clobbered registers of side "a", and the initial bytes at every address accessed).
fn model_for(tc: &TestCase, st: &SymState, body: &[Insn]) -> Model {
    let mut m = Model::new();
    for r in 0..11 {
        m.set_bv(&encode::reg_name(r), BitVec::from_u64(64, tc.regs[r]));
    }
    for fd in 0..2 {
        m.set_bv(&encode::map_var(fd), BitVec::from_u64(64, interp::map_ptr(fd)));
    }
    let ids: Vec<i32> = body.iter().filter(|i| i.is_helper_call()).map(|i| i.imm).collect();
    for (j, id) in ids.iter().enumerate() {
        m.set_bv(&encode::call_ret_var(j), BitVec::from_u64(64, tc.call_ret(j as u32, *id)));
        for k in 1..=5 {
            m.set_bv(&encode::clobber_var("a", j, k), BitVec::from_u64(64, interp::clobbered(tc.mem_seed, j as u32, k)));
        }
    }
    let names: Vec<String> = st.accesses.iter().map(|a| a.2.clone()).chain([encode::MEM0.to_string(), encode::STK0.to_string()]).collect();
    let mut arrays: Vec<(String, ArrayValue)> = Vec::new();
    for n in &names {
        if !arrays.iter().any(|(x, _)| x == n) {
            arrays.push((n.clone(), ArrayValue::constant(64, BitVec::from_u64(8, 0))));
        }
    }
    // accesses are in execution order: an address can only depend on bytes filled in before
    for (addr, bytes, _) in &st.accesses {
        for (n, arr) in &arrays {
            m.set(n, Value::Array(arr.clone()));
        }
        let a = m.eval_bv(addr).unwrap().to_u64().unwrap();
        for (_, arr) in arrays.iter_mut() {
            for i in 0..*bytes as u64 {
                let at = a.wrapping_add(i);
                arr.entries.insert(BitVec::from_u64(64, at), BitVec::from_u64(8, tc.initial_byte(at) as u64));
            }
        }
    }
    for (n, arr) in &arrays {
        m.set(n, Value::Array(arr.clone()));
    }
    m
}

fn u64_of(m: &Model, t: &Term) -> u64 {
    m.eval_bv(t).unwrap().to_u64().unwrap()
}

fn check_agreement(body: &[Insn], tc: &TestCase, cm: &CallModel, mut st: SymState) {
    let mut out = Outcome::default();
    interp::run_with(body, tc, cm, &mut out);
    st.call_model = cm.clone();
    encode::exec(body, &mut st);
    let m = model_for(tc, &st, body);
    let listing = isa::listing(body);
    for r in 0..11 {
        assert_eq!(u64_of(&m, &st.regs[r]), out.regs[r], "r{r} after\n{listing}\non {tc:?}");
    }
    for (addr, bytes, arr) in &st.accesses {
        let a = u64_of(&m, addr);
        for i in 0..*bytes as u64 {
            let at = a.wrapping_add(i);
            let sym = u64_of(&m, &st.array(arr).select(&Term::bv_const(64, at)));
            assert_eq!(sym as u8, out.byte(tc, at), "{arr}[{at:#x}] after\n{listing}");
        }
    }
    assert_eq!(st.calls.len(), out.calls.len());
    for (sc, rec) in st.calls.iter().zip(&out.calls) {
        assert_eq!(sc.id, rec.id);
        assert_eq!(sc.memory.is_some(), rec.writes_at != u32::MAX, "key size known on both sides\n{listing}");
        let key = &out.call_bytes[rec.key.0 as usize..(rec.key.0 + rec.key.1) as usize];
        let want: Vec<u64> = if rec.key.1 > 0 {
            std::iter::once(rec.args[0]).chain(key.iter().map(|&b| b as u64)).collect()
        } else {
            let used = analysis::helper_arg_regs(rec.id);
            (1..=5).filter(|k| used & (1 << k) != 0).map(|k| rec.args[k - 1]).collect()
        };
        let got: Vec<u64> = sc.args.iter().map(|t| u64_of(&m, t)).collect();
        assert_eq!(got, want, "call args after\n{listing}");
    }
}

#[test]
fn encoding_and_interpreter_agree_on_random_windows_with_calls() {
    let p = pools();
    let cm = maps();
    let mut rng = Rng::new(77);
    let mut entry = analysis::entry_regions();
    entry[0] = Region::MapValue(0);
    entry[1] = Region::Ctx;
    let mut per_region = 0;
    for round in 0..600 {
        let body = random_window(&p, &mut rng);
        let tc = random_test(&mut rng);
        // flat memory (regions tracked only for key sizes) and the finest model the window allows
        check_agreement(&body, &tc, &cm, SymState::with_regions(&entry, MemModel::Flat));
        let model = encode::memory_model(&body, &entry);
        per_region += (model == MemModel::PerRegion) as usize;
        check_agreement(&body, &tc, &cm, SymState::with_regions(&entry, model));
        if round % 3 == 0 {
            check_agreement(&body, &tc, &interp::NO_MAPS, SymState::initial());
        }
    }
    assert!(per_region > 100, "the per-region model is exercised ({per_region} windows)");
}

/// Soundness differential: for random windows with calls and mutated candidates, whenever
/// the solver says "equivalent" the window interpreter agrees on fresh random inputs, and
/// every counterexample the solver reports separates the windows in the interpreter.
#[test]
fn solver_verdicts_agree_with_the_interpreter_on_windows_with_calls() {
    let p = pools();
    let cm = maps();
    let mut rng = Rng::new(4242);
    let mut entry = analysis::entry_regions();
    entry[0] = Region::MapValue(0);
    let (mut proven, mut refuted) = (0, 0);
    for _ in 0..60 {
        let mut orig = random_window(&p, &mut rng);
        let mut cand = orig.clone();
        if rng.chance(0.5) {
            // a write of r9 (not live-out) somewhere, deleted in the candidate: usually equivalent
            let at = rng.index(orig.len() + 1);
            let at = if at > 0 && orig[at - 1].is_lddw() { at - 1 } else { at };
            orig.insert(at, Insn::mov64_imm(9, rng.below(100) as i32));
            cand.insert(at, Insn::nop());
        } else {
            for _ in 0..1 + rng.index(2) {
                mutate::propose(&mut cand, &orig, &p, &mut rng);
            }
        }
        if cand == orig {
            continue;
        }
        let live_out = R0 | (1 << 6) | (1 << 7) | R10;
        let q = query(&orig, &cand, live_out, Some(entry), &cm);
        match prove_window(&q, &z3(), T) {
            WindowVerdict::Equivalent => {
                proven += 1;
                for _ in 0..40 {
                    let tc = random_test(&mut rng);
                    assert!(!replays(&orig, &cand, &tc, live_out, &cm), "proven but differs:\n{}\nvs\n{}", isa::listing(&orig), isa::listing(&cand));
                }
            }
            WindowVerdict::Counterexample(tc) => {
                refuted += 1;
                assert!(replays(&orig, &cand, &tc, live_out, &cm));
            }
            WindowVerdict::Unknown(_) => {}
        }
    }
    eprintln!("{proven} proven, {refuted} refuted");
    assert!(proven >= 10 && refuted >= 10, "both verdicts exercised: {proven} proven, {refuted} refuted");
}

#[test]
fn exported_smtlib_of_a_call_window_is_reproven_by_bitwuzla() {
    use vf_bpf::opt::driver::{final_queries_with, reprove_exported};
    let cm = maps();
    let tail = [Insn::mov64_imm(0, 0), Insn::exit()];
    let mut orig = lookup(0, 7, true);
    orig.extend(tail);
    let mut best = lookup(0, 7, false);
    best.extend(tail);
    let qs = final_queries_with(&orig, &best, &cm).unwrap();
    assert_eq!(qs.len(), 1, "one straight-line run (map load and call included)");
    assert!(qs[0].2.contains("mapv0") || qs[0].2.contains("stk0"), "per-region arrays in the export");
    assert_eq!(reprove_exported(&qs, vf_smt::Backend::Bitwuzla, T, None).unwrap(), 1);
    // a changed key byte is not re-proven
    let mut wrong = lookup(0, 8, false);
    wrong.extend(tail);
    let qs = final_queries_with(&orig, &wrong, &cm).unwrap();
    assert_eq!(reprove_exported(&qs, vf_smt::Backend::Bitwuzla, T, None).unwrap(), 0);
}

#[test]
fn windows_of_only_calls_and_map_loads_are_skipped() {
    let mut p = vec![Insn::mov64_imm(2, 0)];
    p.extend(Insn::ld_map_fd(1, 0));
    p.extend([Insn::call(1), Insn::mov64_imm(0, 0), Insn::exit()]);
    let f = vf_bpf::opt::window::ProgramFacts::new(&p).unwrap();
    assert_eq!(vf_bpf::opt::window::runs(&p, &f), vec![(0, 5)]);
    let ws: Vec<(usize, usize)> = vf_bpf::opt::window::windows(&p, &f, 1, 0).iter().map(|w| (w.start, w.end)).collect();
    assert_eq!(ws, vec![(0, 1), (4, 5)], "the map load and the call alone are not windows");
    let ws: Vec<(usize, usize)> = vf_bpf::opt::window::windows(&p, &f, 4, 0).iter().map(|w| (w.start, w.end)).collect();
    assert_eq!(ws, vec![(0, 4), (4, 5)]);
    // a helper that writes memory still ends a run
    let mut q = vec![Insn::mov64_imm(2, 0)];
    q.extend(Insn::ld_map_fd(1, 0));
    q.extend([Insn::call(2), Insn::mov64_imm(0, 0), Insn::exit()]);
    let f = vf_bpf::opt::window::ProgramFacts::new(&q).unwrap();
    assert_eq!(vf_bpf::opt::window::runs(&q, &f), vec![(0, 3), (4, 5)]);
}

/// Registers a call clobbered on both sides are NOT_INIT for the verifier, so they are not
/// compared even when liveness (conservative across bpf-to-bpf calls) says they are live;
/// a register clobbered on one side only is still compared.
#[test]
fn registers_clobbered_by_the_call_on_both_sides_are_not_compared() {
    let cm = maps();
    let r2_r3: u16 = (1 << 2) | (1 << 3);
    let orig = lookup(0, 7, true);
    let cand = lookup(0, 7, false);
    let q = query(&orig, &cand, R0 | R10 | r2_r3, Some(analysis::entry_regions()), &cm);
    assert!(matches!(prove_window(&q, &z3(), T), WindowVerdict::Equivalent));
    let mut cand_sets_r2 = cand.clone();
    cand_sets_r2.push(Insn::mov64_imm(2, 1));
    let mut orig_padded = orig.clone();
    orig_padded.push(Insn::nop());
    let q = query(&orig_padded, &cand_sets_r2, R0 | R10 | r2_r3, Some(analysis::entry_regions()), &cm);
    assert!(!matches!(prove_window(&q, &z3(), T), WindowVerdict::Equivalent));
}
