use super::*;
use crate::formats::k2;
use crate::program::MapDef;

fn prog(text: &str, t: ProgType) -> Program {
    let mut p = Program::new("t", k2::parse("t.k2", text).unwrap(), t);
    p.maps = vec![MapDef { name: "m".into(), map_type: 1, key_size: 4, value_size: 8, max_entries: 16, flags: 0, fd: 0, inner: None }];
    p
}

fn rejects(text: &str, t: ProgType, why: &str) {
    let e = check(&prog(text, t)).expect_err(text);
    assert!(e.msg.contains(why), "expected '{why}', got '{e}' for\n{text}");
}

const XDP_OK: &str = "LDXW 2 1 0\nLDXW 3 1 4\nMOV64XY 4 2\nADD64XC 4 14\nJGTXY 4 3 2\nLDXB 0 2 13\nEXIT\nMOV64XC 0 1\nEXIT";

#[test]
fn accepts_bounds_checked_packet_access() {
    check(&prog(XDP_OK, ProgType::Xdp)).unwrap();
}

#[test]
fn rejects_packet_access_past_checked_range() {
    rejects(&XDP_OK.replace("LDXB 0 2 13", "LDXB 0 2 14"), ProgType::Xdp, "invalid access to packet");
    rejects(&XDP_OK.replace("ADD64XC 4 14", "ADD64XC 4 13"), ProgType::Xdp, "invalid access to packet");
}

#[test]
fn map_lookup_needs_null_check() {
    let base = "STW 10 -4 0\nLDMAPID 1 0\nMOV64XY 2 10\nADD64XC 2 -4\nCALL 1\nJEQXC 0 0 1\nLDXDW 0 0 0\nEXIT";
    check(&prog(base, ProgType::Xdp)).unwrap();
    rejects(&base.replace("JEQXC 0 0 1", "NOP"), ProgType::Xdp, "map_value_or_null");
    rejects(&base.replace("LDXDW 0 0 0", "LDXDW 0 0 4"), ProgType::Xdp, "invalid access to map value");
    rejects(&base.replace("STW 10 -4 0", "NOP"), ProgType::Xdp, "invalid indirect read from stack");
}

#[test]
fn register_and_stack_rules() {
    rejects("MOV64XY 0 3\nEXIT", ProgType::Xdp, "R3 !read_ok");
    rejects("EXIT", ProgType::Xdp, "R0 !read_ok");
    rejects("LDXDW 0 10 -8\nEXIT", ProgType::Xdp, "uninitialized");
    rejects("STDW 10 -12 0\nMOV64XC 0 0\nEXIT", ProgType::Xdp, "misaligned");
    rejects("STDW 10 -520 0\nMOV64XC 0 0\nEXIT", ProgType::Xdp, "invalid stack access");
    rejects("MOV64XY 0 10\nEXIT", ProgType::Xdp, "not a scalar");
    rejects("MOV64XC 0 1\nDIV64XC 0 0\nEXIT", ProgType::Xdp, "division by zero");
    check(&prog("STDW 10 -8 7\nLDXDW 0 10 -8\nEXIT", ProgType::Xdp)).unwrap();
}

#[test]
fn cfg_rules() {
    rejects("MOV64XC 0 0\nJA -2\nEXIT", ProgType::Xdp, "unreachable");
    rejects("MOV64XC 0 0\nEXIT\nMOV64XC 0 1\nEXIT", ProgType::Xdp, "unreachable");
}

#[test]
fn ctx_rules_per_type() {
    rejects("STW 1 0 1\nMOV64XC 0 0\nEXIT", ProgType::Xdp, "invalid bpf_context access");
    rejects("LDXDW 0 1 0\nEXIT", ProgType::Tracepoint, "invalid bpf_context access");
    let mut p = prog("LDXDW 0 1 16\nEXIT", ProgType::Tracepoint);
    p.ctx_size = 64;
    check(&p).unwrap();
    rejects("LDXW 2 1 0\nLDXB 0 2 0\nEXIT", ProgType::Xdp, "invalid access to packet");
}

#[test]
fn bounded_variable_offset_into_map_value() {
    // r0 = lookup; if null exit; r1 = *(u64*)r0; r1 &= 7; r0 += r1; r0 = *(u8*)r0
    let text = "STW 10 -4 0\nLDMAPID 1 0\nMOV64XY 2 10\nADD64XC 2 -4\nCALL 1\nJEQXC 0 0 4\nLDXDW 1 0 0\nAND64XC 1 7\nADD64XY 0 1\nLDXB 0 0 0\nEXIT";
    check(&prog(text, ProgType::Xdp)).unwrap();
    rejects(&text.replace("AND64XC 1 7", "AND64XC 1 15"), ProgType::Xdp, "invalid access to map value");
}

#[test]
fn branch_refinement_bounds_scalars() {
    // r1 = *(u64*)map; if r1 > 7 exit; r0 += r1 (shared id via copy) ...
    let text = "STW 10 -4 0\nLDMAPID 1 0\nMOV64XY 2 10\nADD64XC 2 -4\nCALL 1\nJEQXC 0 0 5\nLDXDW 1 0 0\nMOV64XY 3 1\nJGTXC 3 7 2\nADD64XY 0 1\nLDXB 0 0 0\nMOV64XC 0 0\nEXIT";
    check(&prog(text, ProgType::Xdp)).unwrap();
}

#[test]
fn jmp32_unsigned_refinement_on_32_bit_values() {
    // r1 = u8 from map value; if w1 > 7 exit; r0 += r1; read u8 -> in bounds
    let text = "STW 10 -4 0\nLDMAPID 1 0\nMOV64XY 2 10\nADD64XC 2 -4\nCALL 1\nJEQXC 0 0 4\nLDXB 1 0 0\nJGT32XC 1 7 2\nADD64XY 0 1\nLDXB 0 0 0\nMOV64XC 0 0\nEXIT";
    check(&prog(text, ProgType::Xdp)).unwrap();
    // A 64-bit value does not get refined by a 32-bit compare.
    rejects(&text.replace("LDXB 1 0 0", "LDXDW 1 0 0"), ProgType::Xdp, "unbounded min value");
}

#[test]
fn devmap_values_are_read_only_from_xdp() {
    let mut p = prog("STW 10 -4 0\nLDMAPID 1 0\nMOV64XY 2 10\nADD64XC 2 -4\nCALL 1\nJEQXC 0 0 1\nLDXW 0 0 0\nEXIT", ProgType::Xdp);
    p.maps[0] = MapDef { name: "tx".into(), map_type: 14, key_size: 4, value_size: 4, max_entries: 8, flags: 0, fd: 0, inner: None };
    check(&p).unwrap();
    let mut w = p.clone();
    w.insns[7] = crate::isa::Insn::st(crate::isa::BPF_W, 0, 0, 1);
    w.insns.insert(8, crate::isa::Insn::mov64_imm(0, 0));
    let e = check(&w).unwrap_err();
    assert!(e.msg.contains("read-only"), "{e}");
    // Not from a socket filter.
    let mut s = p.clone();
    s.prog_type = ProgType::SocketFilter;
    assert!(check(&s).unwrap_err().msg.contains("cannot pass map_type 14"));
}

#[test]
fn scalar_vs_scalar_refinement_bounds_both_registers() {
    // r3 = u32 from value; r4 = u8 from value & 7; if r3 > r4 exit; r0 += r3; read u8 -> in bounds
    let text = "STW 10 -4 0\nLDMAPID 1 0\nMOV64XY 2 10\nADD64XC 2 -4\nCALL 1\nJEQXC 0 0 6\nLDXW 3 0 0\nLDXB 4 0 4\nAND64XC 4 7\nJGTXY 3 4 2\nADD64XY 0 3\nLDXB 0 0 0\nMOV64XC 0 0\nEXIT";
    check(&prog(text, ProgType::Xdp)).unwrap();
    // Without the bound on r4 the access may leave the value.
    rejects(&text.replace("AND64XC 4 7", "AND64XC 4 15"), ProgType::Xdp, "invalid access to map value");
}

#[test]
fn bounded_loops_are_unrolled() {
    // r1 = 0..9, r0 += r1: a constant-bound loop (back-edge pc 4 -> 2).
    let text = "MOV64XC 0 0\nMOV64XC 1 0\nADD64XY 0 1\nADD64XC 1 1\nJLTXC 1 10 -3\nEXIT";
    let st = check(&prog(text, ProgType::Xdp)).unwrap();
    assert!(st.insns_processed >= 30, "loop body unrolled 10 times: {st:?}");
    // Bound from the context: r2 = rx_queue_index & 7; count r0 up to r2.
    let text = "LDXW 2 1 16\nAND64XC 2 7\nMOV64XC 0 0\nADD64XC 0 1\nJGTXY 2 0 -2\nEXIT";
    check(&prog(text, ProgType::Xdp)).unwrap();
    // The loop body must still be safe in every iteration: the 9th iteration reads past 64 bytes of stack.
    let text = "STDW 10 -8 0\nMOV64XY 3 10\nMOV64XC 1 0\nADD64XC 3 -8\nLDXDW 0 3 0\nADD64XC 1 1\nJLTXC 1 70 -4\nEXIT";
    rejects(text, ProgType::Xdp, "stack");
}

#[test]
fn infinite_and_unbounded_loops_are_rejected() {
    // The same state returns to the loop head.
    rejects("MOV64XC 0 0\nJEQXC 0 1 1\nJA -3\nEXIT", ProgType::Xdp, "infinite loop");
    rejects("MOV64XC 0 0\nJEQXC 0 0 -1\nEXIT", ProgType::Xdp, "infinite loop");
    // An unknown 32-bit value counted up until it wraps to zero: no state repeats, the budget ends it.
    let p = prog("LDXW 2 1 16\nMOV64XC 0 0\nADD64XC 2 1\nJNEXC 2 0 -2\nEXIT", ProgType::Xdp);
    let e = check_with(&p, CheckLimits { max_insns_processed: 20_000, ..CheckLimits::default() }).unwrap_err();
    assert!(e.msg.contains("too complex"), "{e}");
}

/// Found on a new tc NAT program: `bpf_l3_csum_replace`/`bpf_l4_csum_replace`/`bpf_skb_store_bytes`
/// were unknown to the checker, so only the kernel could judge candidates. They are tc helpers
/// that may rewrite the packet: packet pointers taken before the call are invalid after it.
#[test]
fn tc_packet_rewriting_helpers_invalidate_packet_pointers() {
    // r6 = ctx; r2 = data; r3 = data_end; if data + 14 > end goto out; r7 = data;
    // csum helper(ctx, 24, 0, 1, 2); r0 = *(u8 *)r7 (stale) ; exit; out: r0 = 0; exit
    let t = "MOV64XY 6 1\nLDXW 2 6 76\nLDXW 3 6 80\nMOV64XY 4 2\nADD64XC 4 14\nJGTXY 4 3 9\nMOV64XY 7 2\n\
             MOV64XY 1 6\nMOV64XC 2 24\nMOV64XC 3 0\nMOV64XC 4 1\nMOV64XC 5 2\nCALL 10\nLDXB 0 7 0\nEXIT\nMOV64XC 0 0\nEXIT";
    for id in ["CALL 10", "CALL 11"] {
        let text = t.replace("CALL 10", id);
        check(&prog(&text.replace("LDXB 0 7 0", "MOV64XC 0 0"), ProgType::SchedCls)).unwrap();
        rejects(&text, ProgType::SchedCls, "R7");
        let no_pkt = format!("MOV64XC 2 24\nMOV64XC 3 0\nMOV64XC 4 1\nMOV64XC 5 2\n{id}\nMOV64XC 0 0\nEXIT");
        check(&prog(&no_pkt, ProgType::SchedCls)).unwrap();
        rejects(&no_pkt, ProgType::SocketFilter, "not available");
    }
    // skb_store_bytes(ctx, 30, r10-8, 4, 0): the source must be initialized stack of that size
    let store = "MOV64XY 6 1\nSTW 10 -8 7\nMOV64XY 1 6\nMOV64XC 2 30\nMOV64XY 3 10\nADD64XC 3 -8\nMOV64XC 4 4\nMOV64XC 5 0\nCALL 9\nMOV64XC 0 0\nEXIT";
    check(&prog(store, ProgType::SchedCls)).unwrap();
    rejects(&store.replace("MOV64XC 4 4", "MOV64XC 4 12"), ProgType::SchedCls, "stack");
    rejects(store, ProgType::Xdp, "not available");
}
