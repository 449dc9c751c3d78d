//! The latency objective (K2's `--st_perf`): a per-opcode cost table measured with
//! `BPF_PROG_TEST_RUN` and the static cost of a program under it.
//!
//! Calibration: for each opcode a program is built whose body is `copies` back-to-back
//! instances of one instruction of that opcode (registers and stack slots set up so the
//! verifier accepts it), plus a baseline program with an empty body. Each is loaded as XDP
//! and run by the kernel with `repeat` runs per `BPF_PROG_TEST_RUN` (the kernel reports the
//! mean ns per run), `samples` times; the opcode's cost is
//! `(median(body) - median(baseline)) / copies` ns, floored at 0.01 ns. The JIT turns most
//! instructions into one or two machine instructions, so the numbers are a fraction of a
//! nanosecond each and only their ratios matter to the search.
//!
//! Objective: the cost of a program is Σ over its instructions (deleted `ja +0` slots and
//! the second slot of an LDDW excluded) of `ns(opcode) / default_ns`, where `default_ns` is
//! the median over the calibrated opcodes: a typical instruction costs 1, so the size and
//! latency objectives have the same scale against the search's test-error term. Opcodes missing from the table cost
//! the table's `default_ns`; helper calls cost their id's entry or `default_call_ns`.
//! Static, as K2's: branches are not weighted by how often they are taken.

use crate::interp::Input;
use crate::isa::{self, Insn};
use crate::program::{ProgType, Program};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The table checked in with the repository (`crates/bpf/data/latency-table.json`).
pub const DEFAULT_TABLE_JSON: &str = include_str!("../../data/latency-table.json");

/// Measured ns per instruction, by opcode byte (as `0x07` strings in JSON).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct CostTable {
    /// How and where the numbers were measured (free text).
    pub measured: String,
    pub repeat: u32,
    pub samples: usize,
    pub copies: usize,
    /// Opcode (`"0x07"`) -> (name, ns per instruction).
    pub opcodes: BTreeMap<String, (String, f64)>,
    /// Helper id -> ns per call.
    pub helpers: BTreeMap<String, f64>,
    pub default_ns: f64,
    pub default_call_ns: f64,
}

impl CostTable {
    pub fn default_table() -> CostTable {
        serde_json::from_str(DEFAULT_TABLE_JSON).expect("checked-in latency table parses")
    }

    /// Parses a table file; errors name the problem (for `file: problem` messages).
    pub fn parse(text: &str) -> Result<CostTable, String> {
        let t: CostTable = serde_json::from_str(text)
            .map_err(|e| format!("line {}:{}: {e}", e.line(), e.column()))?;
        for (k, (_, ns)) in &t.opcodes {
            let ok = k
                .strip_prefix("0x")
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .is_some();
            if !ok {
                return Err(format!("opcode key `{k}` is not a byte like 0x07"));
            }
            if !(ns.is_finite() && *ns > 0.0) {
                return Err(format!("opcode {k}: cost {ns} is not a positive number"));
            }
        }
        for (k, ns) in &t.helpers {
            if k.parse::<i32>().is_err() || !(ns.is_finite() && *ns > 0.0) {
                return Err(format!("helper `{k}`: bad id or cost {ns}"));
            }
        }
        if !(t.default_ns > 0.0 && t.default_call_ns > 0.0) {
            return Err("default_ns and default_call_ns must be positive".into());
        }
        Ok(t)
    }

    pub fn ns_of_opcode(&self, code: u8) -> Option<f64> {
        self.opcodes.get(&format!("0x{code:02x}")).map(|e| e.1)
    }
}

/// Relative costs per opcode, ready for the search (the table's median opcode = 1).
#[derive(Clone, Debug)]
pub struct CostModel {
    weights: [f64; 256],
    helpers: BTreeMap<i32, f64>,
    call_default: f64,
    /// ns of the unit (the table's `default_ns`, its median opcode).
    pub unit_ns: f64,
}

impl CostModel {
    pub fn new(t: &CostTable) -> CostModel {
        let unit_ns = t.default_ns.max(1e-3);
        let mut weights = [t.default_ns / unit_ns; 256];
        for (code, w) in weights.iter_mut().enumerate() {
            if let Some(ns) = t.ns_of_opcode(code as u8) {
                *w = ns / unit_ns;
            }
        }
        let helpers = t
            .helpers
            .iter()
            .filter_map(|(k, ns)| Some((k.parse::<i32>().ok()?, ns / unit_ns)))
            .collect();
        CostModel {
            weights,
            helpers,
            call_default: t.default_call_ns / unit_ns,
            unit_ns,
        }
    }

    /// Relative cost of one slot (`prev_is_lddw`: this is the second slot of an LDDW).
    pub fn insn_cost(&self, i: &Insn, prev_is_lddw: bool) -> f64 {
        if prev_is_lddw || i.is_nop() {
            0.0
        } else if i.is_helper_call() {
            self.helpers
                .get(&i.imm)
                .copied()
                .unwrap_or(self.call_default)
        } else {
            self.weights[i.code as usize]
        }
    }

    /// Static cost of a program (with `ja +0` slots), in units of the median opcode.
    pub fn program_cost(&self, insns: &[Insn]) -> f64 {
        let mut sum = 0.0;
        let mut prev_lddw = false;
        for i in insns {
            sum += self.insn_cost(i, prev_lddw);
            prev_lddw = !prev_lddw && i.is_lddw();
        }
        sum
    }
}

/// What the search minimizes.
#[derive(Clone, Debug, Default)]
pub enum Objective {
    /// K2's instruction count (`ja +0` not counted).
    #[default]
    Size,
    /// Static latency under a measured per-opcode table.
    Latency(std::sync::Arc<CostModel>),
}

impl Objective {
    pub fn cost(&self, insns: &[Insn]) -> f64 {
        match self {
            Objective::Size => isa::count_real(insns) as f64,
            Objective::Latency(m) => m.program_cost(insns),
        }
    }
    pub fn name(&self) -> &'static str {
        match self {
            Objective::Size => "size",
            Objective::Latency(_) => "latency",
        }
    }
}

/// One opcode to calibrate: its name and one instance that is valid after [`PROLOGUE`].
pub struct CalibrationCase {
    pub code: u8,
    pub name: String,
    pub insn: Vec<Insn>,
}

/// Set-up shared by every calibration program: r1 = 0x1234567, r2 = 3, stack slots
/// -8/-16 initialized (stores and loads go there).
fn prologue() -> Vec<Insn> {
    vec![
        Insn::mov64_imm(1, 0x1234567),
        Insn::mov64_imm(2, 3),
        Insn::mov64_imm(0, 0),
        Insn::stx(isa::BPF_DW, 10, 1, -8),
        Insn::stx(isa::BPF_DW, 10, 1, -16),
    ]
}

/// The opcodes the window mutator can produce, plus the jumps and helpers programs use.
pub fn calibration_cases() -> Vec<CalibrationCase> {
    use isa::*;
    let mut out = Vec::new();
    let mut push = |insn: Vec<Insn>, name: String| {
        out.push(CalibrationCase {
            code: insn[0].code,
            name,
            insn,
        })
    };
    let alu_ops = [
        (BPF_ADD, "add"),
        (BPF_SUB, "sub"),
        (BPF_MUL, "mul"),
        (BPF_DIV, "div"),
        (BPF_OR, "or"),
        (BPF_AND, "and"),
        (BPF_LSH, "lsh"),
        (BPF_RSH, "rsh"),
        (BPF_MOD, "mod"),
        (BPF_XOR, "xor"),
        (BPF_MOV, "mov"),
        (BPF_ARSH, "arsh"),
    ];
    for (class, cname) in [(BPF_ALU64, "alu64"), (BPF_ALU, "alu32")] {
        for &(op, oname) in &alu_ops {
            push(
                vec![Insn::new(class | op | BPF_K, 1, 0, 0, 3)],
                format!("{cname} {oname} imm"),
            );
            // `mov r1, r2` would make every later instance a constant: still one instruction
            push(
                vec![Insn::new(class | op | BPF_X, 1, 2, 0, 0)],
                format!("{cname} {oname} reg"),
            );
        }
        push(
            vec![Insn::new(class | BPF_NEG, 1, 0, 0, 0)],
            format!("{cname} neg"),
        );
    }
    push(
        vec![Insn::new(BPF_ALU | BPF_END | BPF_TO_BE, 1, 0, 0, 32)],
        "be32".into(),
    );
    push(
        vec![Insn::new(BPF_ALU | BPF_END | BPF_TO_LE, 1, 0, 0, 32)],
        "le32".into(),
    );
    for (size, sname) in [
        (BPF_B, "u8"),
        (BPF_H, "u16"),
        (BPF_W, "u32"),
        (BPF_DW, "u64"),
    ] {
        push(vec![Insn::ldx(size, 1, 10, -8)], format!("ldx {sname}"));
        push(vec![Insn::stx(size, 10, 1, -8)], format!("stx {sname}"));
        push(vec![Insn::st(size, 10, -8, 7)], format!("st {sname}"));
    }
    push(
        vec![Insn::new(
            BPF_STX | BPF_ATOMIC | BPF_DW,
            10,
            1,
            -16,
            BPF_ADD as i32,
        )],
        "atomic add u64".into(),
    );
    push(
        Insn::lddw(1, 0, 0x1_2345_6789).to_vec(),
        "lddw imm64".into(),
    );
    let conds = [
        (BPF_JEQ, "jeq"),
        (BPF_JNE, "jne"),
        (BPF_JGT, "jgt"),
        (BPF_JSGT, "jsgt"),
        (BPF_JSET, "jset"),
    ];
    for (class, cname) in [(BPF_JMP, "jmp"), (BPF_JMP32, "jmp32")] {
        for &(op, oname) in &conds {
            push(
                vec![Insn::new(class | op | BPF_K, 1, 0, 0, 5)],
                format!("{cname} {oname} imm"),
            );
            push(
                vec![Insn::new(class | op | BPF_X, 1, 2, 0, 0)],
                format!("{cname} {oname} reg"),
            );
        }
    }
    out
}

/// Helpers timed by [`calibrate`] (no arguments needed): ktime_get_ns, get_prandom_u32,
/// get_smp_processor_id.
pub const CALIBRATED_HELPERS: [i32; 3] = [5, 7, 8];

/// An XDP program running `copies` instances of `body` after the prologue; returns XDP_PASS.
pub fn calibration_program(body: &[Insn], copies: usize) -> Program {
    let mut insns = prologue();
    for _ in 0..copies {
        insns.extend_from_slice(body);
    }
    insns.push(Insn::mov64_imm(0, 2));
    insns.push(Insn::exit());
    Program::new("vf_calib", insns, ProgType::Xdp)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    if v.is_empty() {
        return f64::NAN;
    }
    let m = v.len() / 2;
    if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    }
}

/// Median over `samples` of the kernel's mean ns per run (`repeat` runs each) of `prog` on
/// `inputs` (each sample runs every input once; its value is the mean over the inputs).
pub fn measure_ns(
    prog: &Program,
    inputs: &[Input],
    repeat: u32,
    samples: usize,
) -> Result<(f64, Vec<f64>), String> {
    let k = crate::kernel::load_for_test_runs(prog).map_err(|r| r.to_string())?;
    let mut per_sample = Vec::with_capacity(samples);
    for _ in 0..samples.max(1) {
        let mut sum = 0.0;
        for input in inputs {
            sum += k.time_runs(input, repeat)?.1 as f64;
        }
        per_sample.push(sum / inputs.len().max(1) as f64);
    }
    let raw = per_sample.clone();
    Ok((median(&mut per_sample), raw))
}

/// Measures the table (see the module docs). `progress` gets one line per opcode.
pub fn calibrate(
    repeat: u32,
    samples: usize,
    copies: usize,
    measured: &str,
    progress: &dyn Fn(&str),
) -> Result<CostTable, String> {
    let input = [Input::with_packet(vec![0u8; 64])];
    let base = measure_ns(&calibration_program(&[], 0), &input, repeat, samples)?.0;
    let per = |body: &[Insn]| -> Result<f64, String> {
        let t = measure_ns(&calibration_program(body, copies), &input, repeat, samples)?.0;
        Ok(((t - base) / copies as f64).max(0.01))
    };
    let mut opcodes = BTreeMap::new();
    for case in calibration_cases() {
        let ns = per(&case.insn).map_err(|e| format!("{}: {e}", case.name))?;
        progress(&format!("0x{:02x} {:<18} {ns:.3} ns", case.code, case.name));
        opcodes.insert(format!("0x{:02x}", case.code), (case.name, ns));
    }
    let mut helpers = BTreeMap::new();
    for id in CALIBRATED_HELPERS {
        let ns = per(&[Insn::call(id)]).map_err(|e| format!("helper {id}: {e}"))?;
        progress(&format!("call {id:<3} {ns:.3} ns"));
        helpers.insert(id.to_string(), ns);
    }
    let mut all: Vec<f64> = opcodes.values().map(|e| e.1).collect();
    let default_ns = median(&mut all);
    let mut hs: Vec<f64> = helpers.values().copied().collect();
    let default_call_ns = median(&mut hs);
    Ok(CostTable {
        measured: measured.to_string(),
        repeat,
        samples,
        copies,
        opcodes,
        helpers,
        default_ns,
        default_call_ns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_table_parses_and_covers_every_calibrated_opcode() {
        let t = CostTable::parse(DEFAULT_TABLE_JSON).unwrap();
        for c in calibration_cases() {
            assert!(t.ns_of_opcode(c.code).is_some(), "{} missing", c.name);
        }
        for h in CALIBRATED_HELPERS {
            assert!(t.helpers.contains_key(&h.to_string()));
        }
    }

    #[test]
    fn calibration_programs_pass_the_checker() {
        for c in calibration_cases() {
            let p = calibration_program(&c.insn, 16);
            crate::safety::check(&p).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        }
        for h in CALIBRATED_HELPERS {
            crate::safety::check(&calibration_program(&[Insn::call(h)], 4)).unwrap();
        }
    }

    #[test]
    fn program_cost_weights_opcodes_and_skips_nops_and_lddw_high() {
        let mut t = CostTable::default_table();
        t.default_ns = 0.5;
        t.opcodes.insert("0xb7".into(), ("mov".into(), 0.5));
        t.opcodes.insert("0x3f".into(), ("div".into(), 5.0));
        t.opcodes.insert("0x18".into(), ("lddw".into(), 1.0));
        let m = CostModel::new(&t);
        let div = Insn::alu64_reg(isa::BPF_DIV, 1, 2);
        let mov = Insn::mov64_imm(1, 1);
        assert_eq!(m.program_cost(&[mov, mov]), 2.0);
        assert_eq!(m.program_cost(&[mov, div, Insn::nop()]), 11.0);
        let l = Insn::lddw(1, 0, 5);
        assert_eq!(m.program_cost(&[l[0], l[1], mov]), 3.0);
        // a program with fewer but slower instructions costs more under latency, less under size
        let lat = Objective::Latency(std::sync::Arc::new(m));
        assert!(lat.cost(&[div]) > lat.cost(&[mov, mov, mov]));
        assert!(Objective::Size.cost(&[div]) < Objective::Size.cost(&[mov, mov, mov]));
    }

    #[test]
    fn parse_rejects_bad_tables() {
        assert!(CostTable::parse("{").is_err());
        let mut t = CostTable::default_table();
        t.opcodes.insert("zz".into(), ("x".into(), 1.0));
        assert!(CostTable::parse(&serde_json::to_string(&t).unwrap())
            .unwrap_err()
            .contains("zz"));
        let mut t = CostTable::default_table();
        t.opcodes.insert("0x07".into(), ("x".into(), -1.0));
        assert!(CostTable::parse(&serde_json::to_string(&t).unwrap()).is_err());
    }
}
