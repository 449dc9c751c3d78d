//! Program-type inference for formats that carry no type (`.insns`, `.k2`, `.bpf`).
//!
//! Those formats load as K2's raw context (`pgm_input_type = 1`) unless `--prog-type` says
//! otherwise. When the safety checker refuses the program as `raw_ctx`, the refusal is
//! evidence about what the program expects of its context (an `LD_ABS`/`LD_IND` packet load,
//! a context write, a context field beyond the raw bytes, a helper only some types may call):
//! we then re-check the program under every other type and take the one(s) that accept it.
//!
//! - `LD_ABS`/`LD_IND` only exist for skb programs: socket filter, or tc (`sched_cls`) when
//!   only tc accepts the program.
//! - Otherwise exactly one accepting type is taken; when all accepting types are skb types,
//!   the socket filter is taken (tc only when it alone accepts, e.g. writes to `mark`).
//! - None or several unrelated accepting types: the program stays `raw_ctx` (the current
//!   behaviour) and the outcome says why, so the caller can suggest `--prog-type`.

use crate::isa::{self, Kind};
use crate::program::{ProgType, Program};
use crate::safety;

/// What [`infer`] decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inference {
    /// The program is accepted as `raw_ctx`: nothing to infer.
    RawCtxAccepted,
    /// `ty` was chosen; `why` is a one-line reason naming the evidence.
    Inferred { ty: ProgType, why: String },
    /// No unique type fits; the program stays `raw_ctx`. `why` explains.
    Ambiguous { why: String },
}

/// Types tried when `raw_ctx` is refused, in order of preference.
const CANDIDATES: [ProgType; 5] = [ProgType::SocketFilter, ProgType::SchedCls, ProgType::Xdp, ProgType::Kprobe, ProgType::Tracepoint];

fn is_skb(t: ProgType) -> bool {
    matches!(t, ProgType::SocketFilter | ProgType::SchedCls)
}

/// `prog` with type `t` (context size as that type defines it; packet model kept).
pub fn with_type(prog: &Program, t: ProgType) -> Program {
    let mut p = prog.clone();
    p.prog_type = t;
    p.ctx_size = if t == ProgType::RawCtx { p.max_pkt_sz } else { t.default_ctx_size() };
    p
}

/// Infers the type of a `raw_ctx` program (see the module docs). Programs of any other type
/// are returned as [`Inference::RawCtxAccepted`] untouched: the type was given.
pub fn infer(prog: &Program) -> Inference {
    if prog.prog_type != ProgType::RawCtx {
        return Inference::RawCtxAccepted;
    }
    let refusal = match safety::check(prog) {
        Ok(_) => return Inference::RawCtxAccepted,
        Err(e) => e,
    };
    let kinds = isa::validate(&prog.insns).unwrap_or_default();
    let ld_abs = kinds.iter().position(|k| matches!(k, Kind::LdAbs { .. } | Kind::LdInd { .. }));
    let candidates: Vec<ProgType> = match ld_abs {
        Some(_) => CANDIDATES.into_iter().filter(|t| is_skb(*t)).collect(),
        None => CANDIDATES.to_vec(),
    };
    let accepted: Vec<ProgType> = candidates.into_iter().filter(|t| safety::check(&with_type(prog, *t)).is_ok()).collect();
    let evidence = match ld_abs {
        Some(pc) => format!("LD_ABS/LD_IND at insn {pc} (packet loads only socket filters and tc programs have)"),
        None => format!("raw_ctx refuses insn {}: {}", refusal.pc, refusal.msg),
    };
    let names = |ts: &[ProgType]| ts.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ");
    match accepted.as_slice() {
        [] => Inference::Ambiguous { why: format!("{evidence}; no program type's safety rules accept it") },
        [t] => Inference::Inferred { ty: *t, why: format!("{evidence}; only {} accepts it", t.name()) },
        [t, ..] if accepted.iter().all(|t| is_skb(*t)) => Inference::Inferred {
            ty: *t,
            why: format!("{evidence}; {} accept it, the socket filter is the narrower", names(&accepted)),
        },
        _ => Inference::Ambiguous { why: format!("{evidence}; several unrelated types accept it ({})", names(&accepted)) },
    }
}

/// Runs [`infer`] and applies an inferred type to `prog`.
pub fn infer_and_apply(prog: &mut Program) -> Inference {
    let inf = infer(prog);
    if let Inference::Inferred { ty, .. } = &inf {
        *prog = with_type(prog, *ty);
    }
    inf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{self, insns, LoadOptions};
    use crate::isa::encode_all;
    use crate::formats::k2;

    fn raw(text: &str) -> Program {
        let mut p = Program::new("t", k2::parse("t.k2", text).unwrap(), ProgType::RawCtx);
        p.apply_desc(&crate::program::Desc { pgm_input_type: 1, max_pkt_sz: 64 });
        p
    }

    /// A socket filter: keep IPv4 packets (ethertype 0x0800), drop the rest.
    const SOCKET_LD_ABS: &str = "MOV64XY 6 1\nLDABSH 12\nJEQXC 0 0x0800 2\nMOV64XC 0 0\nEXIT\nMOV64XC 0 -1\nEXIT";

    #[test]
    fn ld_abs_means_socket_filter() {
        let mut p = raw(SOCKET_LD_ABS);
        assert!(safety::check(&p).is_err(), "raw_ctx must refuse LD_ABS for this test to mean anything");
        match infer_and_apply(&mut p) {
            Inference::Inferred { ty: ProgType::SocketFilter, why } => assert!(why.contains("LD_ABS/LD_IND at insn 1"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(p.prog_type, ProgType::SocketFilter);
        assert_eq!(p.ctx_size, ProgType::SocketFilter.default_ctx_size());
        assert_eq!(p.max_pkt_sz, 64);
        safety::check(&p).unwrap();
    }

    #[test]
    fn tc_only_context_write_means_sched_cls() {
        // skb->mark = 1 (offset 8) is writable only for tc programs
        let mut p = raw("MOV64XC 2 1\nSTXW 1 8 2\nMOV64XC 0 0\nEXIT");
        match infer_and_apply(&mut p) {
            Inference::Inferred { ty: ProgType::SchedCls, why } => assert!(why.contains("only sched_cls"), "{why}"),
            other => panic!("{other:?}"),
        }
        // with LD_ABS as well it is still tc: the socket filter refuses the write
        let mut p = raw("MOV64XY 6 1\nLDABSB 0\nMOV64XC 2 1\nSTXW 6 8 2\nMOV64XC 0 0\nEXIT");
        assert!(matches!(infer_and_apply(&mut p), Inference::Inferred { ty: ProgType::SchedCls, .. }));
    }

    #[test]
    fn xdp_like_packet_pointers_mean_xdp() {
        // data = ctx->data, data_end = ctx->data_end; bounds check; read one byte
        let text = "LDXW 2 1 0\nLDXW 3 1 4\nMOV64XY 4 2\nADD64XC 4 14\nJGTXY 4 3 2\nLDXB 0 2 13\nEXIT\nMOV64XC 0 2\nEXIT";
        let mut p = raw(text);
        match infer_and_apply(&mut p) {
            Inference::Inferred { ty: ProgType::Xdp, why } => assert!(why.starts_with("raw_ctx refuses insn"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(p.ctx_size, ProgType::Xdp.default_ctx_size());
    }

    #[test]
    fn plain_raw_ctx_programs_are_kept() {
        let mut p = raw("LDXB 0 1 3\nEXIT");
        assert_eq!(infer_and_apply(&mut p), Inference::RawCtxAccepted);
        assert_eq!(p.prog_type, ProgType::RawCtx);
        // a given type is never second-guessed
        let mut q = raw(SOCKET_LD_ABS);
        q.prog_type = ProgType::Xdp;
        assert_eq!(infer(&q), Inference::RawCtxAccepted);
    }

    #[test]
    fn ambiguous_or_hopeless_programs_stay_raw_ctx_with_a_reason() {
        // a read at ctx offset 64, size 4: beyond 64 raw bytes; socket filter (u32 field at 64)
        // and kprobe (inside pt_regs) both accept: unrelated types, no choice
        let mut p = raw("LDXW 0 1 64\nEXIT");
        match infer_and_apply(&mut p) {
            Inference::Ambiguous { why } => assert!(why.contains("several unrelated types") && why.contains("kprobe"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(p.prog_type, ProgType::RawCtx);
        // a loop: no type's rules accept it
        let mut p = raw("MOV64XC 0 0\nJA -2\nEXIT");
        match infer_and_apply(&mut p) {
            Inference::Ambiguous { why } => assert!(why.contains("no program type"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(p.prog_type, ProgType::RawCtx);
    }

    #[test]
    fn insns_file_with_desc_type_1_and_ld_abs_loads_as_socket_filter() {
        let dir = std::env::temp_dir().join(format!("vf-infer-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("filter.insns");
        std::fs::write(&path, encode_all(&k2::parse("t.k2", SOCKET_LD_ABS).unwrap())).unwrap();
        let desc = dir.join("filter.desc");
        std::fs::write(&desc, "{ pgm_input_type = 1, max_pkt_sz = 128, }\n").unwrap();
        let d = insns::parse_desc("filter.desc", &std::fs::read_to_string(&desc).unwrap()).unwrap();
        assert_eq!(d.pgm_input_type, 1);
        let mut loaded = formats::load(&path, &LoadOptions { desc: Some(&desc), ..Default::default() }).unwrap();
        assert_eq!(loaded.program.prog_type, ProgType::RawCtx);
        assert!(matches!(infer_and_apply(&mut loaded.program), Inference::Inferred { ty: ProgType::SocketFilter, .. }));
        assert_eq!(loaded.program.max_pkt_sz, 128);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
