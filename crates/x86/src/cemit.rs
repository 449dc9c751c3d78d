//! Emits portable C (with `unsigned __int128`) from the IR, so that any IR, including our own
//! fixtures, has a gcc/clang baseline. For the shared Fiat functions the benchmark uses Fiat's C.

use crate::ir::{Arg, Function, Op};
use std::fmt::Write;

fn ty(w: u32) -> &'static str {
    if w > 64 {
        "unsigned __int128"
    } else {
        "uint64_t"
    }
}

fn mask(w: u32) -> String {
    match w {
        64 | 128 => String::new(),
        w if w > 64 => format!(" & ((((unsigned __int128)1) << {w}) - 1)"),
        w => format!(" & 0x{:x}ULL", (1u64 << w) - 1),
    }
}

fn arg(a: Arg) -> String {
    match a {
        Arg::Var(v) => format!("v{v}"),
        Arg::Const(c) if c > u64::MAX as u128 => format!("((((unsigned __int128)0x{:x}ULL) << 64) | 0x{:x}ULL)", (c >> 64) as u64, c as u64),
        Arg::Const(c) => format!("((uint64_t)0x{:x}ULL)", c as u64),
        Arg::Input(k, i) => format!("arg{}[{i}]", k + 1),
    }
}

/// A C translation unit defining `void <name>(uint64_t *out1, const uint64_t *arg1[, arg2])`.
pub fn emit(f: &Function) -> String {
    let mut s = String::from("#include <stdint.h>\n");
    let args: Vec<String> = (1..=f.args.len()).map(|i| format!("const uint64_t *arg{i}")).collect();
    let _ = writeln!(s, "void {}(uint64_t *out1, {}) {{", f.name, args.join(", "));
    for st in &f.stmts {
        let a: Vec<String> = st.args.iter().map(|&x| arg(x)).collect();
        let w = st.width;
        let out = |i: usize| st.outs[i].map(|v| format!("v{v}"));
        let decl = |i: usize, width: u32, e: String| match out(i) {
            Some(o) => format!("  {} {o} = {e};\n", ty(width)),
            None => String::new(),
        };
        let t = ty(w);
        let line = match st.op {
            Op::Cast => decl(0, w, format!("(({t})({})){}", a[0], mask(w))),
            Op::Add => decl(0, w, format!("(({t})(({t}){} + ({t}){})){}", a[0], a[1], mask(w))),
            Op::Sub => decl(0, w, format!("(({t})(({t}){} - ({t}){})){}", a[0], a[1], mask(w))),
            Op::Mul => decl(0, w, format!("(({t})(({t}){} * ({t}){})){}", a[0], a[1], mask(w))),
            Op::Shr => decl(0, w, format!("(({t})((unsigned __int128){} >> {})){}", a[0], a[1], mask(w))),
            Op::Shl => decl(0, w, format!("(({t})(({t}){} << {})){}", a[0], a[1], mask(w))),
            Op::And => decl(0, w, format!("(({t})({} & {})){}", a[0], a[1], mask(w))),
            Op::Or => decl(0, w, format!("(({t})({} | {})){}", a[0], a[1], mask(w))),
            Op::Not => decl(0, w, format!("(({t})(~({t}){})){}", a[0], mask(w))),
            Op::LNot => decl(0, w, format!("(({t})!{})", a[0])),
            Op::Mulx(k) => {
                let p = format!("((unsigned __int128)({}{}) * ({}{}))", a[0], mask(k), a[1], mask(k));
                decl(0, k, format!("((uint64_t){p}){}", mask(k))) + &decl(1, k, format!("((uint64_t)({p} >> {k}))"))
            }
            Op::AddCarry(k) => {
                let p = format!("((unsigned __int128)({} & 1) + ({}{}) + ({}{}))", a[0], a[1], mask(k), a[2], mask(k));
                decl(0, k, format!("((uint64_t){p}){}", mask(k))) + &decl(1, 1, format!("((uint64_t)({p} >> {k}))"))
            }
            Op::SubBorrow(k) => {
                let p = format!("((unsigned __int128)({}{}) - ({}{}) - ({} & 1))", a[1], mask(k), a[2], mask(k), a[0]);
                decl(0, k, format!("((uint64_t){p}){}", mask(k))) + &decl(1, 1, format!("((uint64_t)({p} >> 127))"))
            }
            Op::Cmovznz => decl(0, w, format!("(({} == 0) ? ({t}){} : ({t}){}){}", a[0], a[1], a[2], mask(w))),
        };
        s.push_str(&line);
    }
    for (i, &o) in f.outputs.iter().enumerate() {
        let _ = writeln!(s, "  out1[{i}] = (uint64_t)({});", arg(o));
    }
    s.push_str("}\n");
    s
}
