//! The reference interpreter: the semantics every other component is tested against.
//!
//! Memory is a set of regions (context, packet, stack frames, one per map's values, map
//! handles). A pointer is `region_base(tag) + offset` where the tag sits in bits 40..48, so
//! pointer arithmetic works on plain `u64`s and every access is bounds-checked against its
//! region. Out-of-bounds, null or forged pointers stop the run with a [`Fault`] (the kernel
//! verifier rejects such programs; the interpreter reports rather than guesses).
//!
//! [`Vm`] owns all buffers; [`Vm::run`] resets them from an [`Input`] and executes without
//! allocating (helpers that record effects push into a reused vector). [`Vm::output`] copies
//! the observable final state into an [`Output`] that can be compared between programs.

mod helpers;
mod input;
mod maps;

pub use input::{Input, InputGen};
pub use maps::MapStore;

use crate::isa::*;
use crate::program::{ProgType, Program};

/// Region tags (bits 40..48 of a pointer).
pub const TAG_CTX: u64 = 1;
pub const TAG_PKT: u64 = 2;
pub const TAG_STACK: u64 = 3;
pub const TAG_MAP_HANDLE: u64 = 4;
/// Map values of map `i` use tag `TAG_MAP_VALUE + i`.
pub const TAG_MAP_VALUE: u64 = 0x10;
const REGION_BIAS: u64 = 1 << 32;

/// Address of byte `off` of region `tag`.
pub const fn region_addr(tag: u64, off: i64) -> u64 {
    ((tag << 40) + REGION_BIAS).wrapping_add(off as u64)
}
/// (tag, offset) of an address.
pub const fn region_of(addr: u64) -> (u64, i64) {
    let tag = addr.wrapping_sub(REGION_BIAS / 2) >> 40;
    (tag, addr.wrapping_sub((tag << 40) + REGION_BIAS) as i64)
}

/// Maximum bpf-to-bpf call depth (kernel: 8 frames).
pub const MAX_FRAMES: usize = 8;
/// Bytes of headroom before packet data (kernel `XDP_PACKET_HEADROOM`).
pub const PKT_HEADROOM: usize = 256;
/// `sizeof(struct xdp_frame)` kept at the start of the headroom.
pub const XDP_FRAME_SIZE: usize = 40;
/// Ethernet header the kernel's skb test-run pulls before socket filters run.
pub const ETH_HLEN: usize = 14;

/// Why a run stopped abnormally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    OutOfBounds { pc: usize, addr: u64, size: usize },
    ReadOnly { pc: usize, addr: u64 },
    StepLimit { steps: u64 },
    CallDepth { pc: usize },
    UnsupportedHelper { pc: usize, id: i32 },
    BadHelperArg { pc: usize, id: i32, msg: &'static str },
    InvalidInsn { pc: usize },
    /// A table for a hash map is full at our capacity (smaller than `max_entries`).
    Capacity { pc: usize, map: usize },
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Fault::OutOfBounds { pc, addr, size } => write!(f, "insn {pc}: invalid {size}-byte access at {addr:#x}"),
            Fault::ReadOnly { pc, addr } => write!(f, "insn {pc}: write to read-only memory at {addr:#x}"),
            Fault::StepLimit { steps } => write!(f, "step limit reached after {steps} instructions"),
            Fault::CallDepth { pc } => write!(f, "insn {pc}: call depth exceeds {MAX_FRAMES}"),
            Fault::UnsupportedHelper { pc, id } => write!(f, "insn {pc}: helper {} not modelled", helper_name(*id)),
            Fault::BadHelperArg { pc, id, msg } => write!(f, "insn {pc}: {}: {msg}", helper_name(*id)),
            Fault::InvalidInsn { pc } => write!(f, "insn {pc}: invalid instruction"),
            Fault::Capacity { pc, map } => write!(f, "insn {pc}: map {map} exceeds the interpreter's table capacity"),
        }
    }
}

/// A side effect visible outside the program (besides packet, ctx and maps).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Effect {
    pub helper: i32,
    /// Scalar arguments that matter (e.g. ifindex, flags, map index, key).
    pub args: [u64; 3],
    /// Bytes the helper consumed (format string, event data).
    pub data: Vec<u8>,
}

/// Observable final state of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// r0 at exit, or the fault.
    pub result: Result<u64, Fault>,
    /// Packet bytes from data to data_end after the run (for socket filters: skb data).
    pub packet: Vec<u8>,
    /// Bytes before `data` that belong to the packet metadata (XDP `data_meta`).
    pub meta: Vec<u8>,
    /// Context bytes after the run (only writable contexts can differ from the input).
    pub ctx: Vec<u8>,
    /// Per map: present entries `(key, value)` sorted by key (array entries that are all zero omitted).
    pub maps: Vec<Vec<(Vec<u8>, Vec<u8>)>>,
    pub effects: Vec<Effect>,
    /// When the run stopped at a helper the interpreter does not model: the call as the
    /// helper would have seen it (id, argument registers, bytes behind readable arguments).
    pub unmodelled_call: Option<HelperCall>,
}

/// A call of an unmodelled helper: what the helper would receive. Two programs that reach
/// such calls with equal `HelperCall`s and equal observable state so far behave alike up to
/// that point, wherever the call sits in their instruction streams.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelperCall {
    pub id: i32,
    /// r1.. up to the helper's arity (all of r1..r5 when the arity is unknown).
    pub args: Vec<u64>,
    /// For each readable memory argument with a size argument: the bytes behind it.
    pub mem: Vec<Vec<u8>>,
}

impl Output {
    /// Equal results: equal r0, or equal faults, where two stops at an unmodelled helper are
    /// equal when the calls are (same helper, arguments and argument memory), not the pcs.
    pub fn same_result(&self, other: &Output) -> bool {
        match (&self.result, &other.result) {
            (Err(Fault::UnsupportedHelper { id: a, .. }), Err(Fault::UnsupportedHelper { id: b, .. })) => {
                a == b && self.unmodelled_call.is_some() && self.unmodelled_call == other.unmodelled_call
            }
            (a, b) => a == b,
        }
    }

    /// Same observable behaviour: equal r0 (or both faulted, wherever), packet, metadata, ctx,
    /// maps and effects. This is the comparison between two programs on one input.
    pub fn same_behaviour(&self, other: &Output) -> bool {
        let r = match (&self.result, &other.result) {
            (Ok(a), Ok(b)) => a == b,
            (Err(_), Err(_)) => true,
            _ => false,
        };
        r && self.packet == other.packet && self.meta == other.meta && self.ctx == other.ctx && self.maps == other.maps && self.effects == other.effects
    }
}

/// Configuration of the interpreter.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_steps: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_steps: 1_000_000 }
    }
}

#[derive(Clone, Copy, Default)]
struct Frame {
    ret_pc: usize,
    saved: [u64; 4],
}

/// Interpreter state for one program; reuse it across inputs.
pub struct Vm {
    pub prog_type: ProgType,
    pub limits: Limits,
    pub(crate) regs: [u64; NUM_REGS],
    pub(crate) ctx: Vec<u8>,
    pub(crate) ctx_writable: bool,
    pub(crate) pkt: Vec<u8>,
    /// Offsets into `pkt` of data_meta, data and data_end.
    pub(crate) meta: usize,
    pub(crate) data: usize,
    pub(crate) data_end: usize,
    pub(crate) stack: Vec<u8>,
    /// Lowest stack byte written since the last reset (reset zeroes only from here).
    stack_lo: usize,
    pub(crate) maps: MapStore,
    pub(crate) effects: Vec<Effect>,
    /// Set when the last run stopped at an unmodelled helper.
    pub(crate) unmodelled_call: Option<HelperCall>,
    pub(crate) ktime: (usize, u64),
    pub(crate) prandom: usize,
    frames: [Frame; MAX_FRAMES],
    pub(crate) depth: usize,
    steps: u64,
    /// Scalars and helper streams copied from the current input (buffers reused across runs).
    pub(crate) env: Env,
}

/// The parts of an [`Input`] helpers and ctx loads read during a run.
#[derive(Default)]
pub(crate) struct Env {
    pub ktime_ns: Vec<u64>,
    pub prandom: Vec<u32>,
    pub smp_processor_id: u32,
    pub pid_tgid: u64,
    pub ingress_ifindex: u32,
    pub rx_queue_index: u32,
}

impl Vm {
    /// Builds buffers for `prog` (map tables sized from the map definitions).
    pub fn new(prog: &Program) -> Result<Vm, String> {
        let pkt_cap = PKT_HEADROOM + prog.max_pkt_sz.max(ETH_HLEN) + 64;
        Ok(Vm {
            prog_type: prog.prog_type,
            limits: Limits::default(),
            regs: [0; NUM_REGS],
            ctx: vec![0; if matches!(prog.prog_type, ProgType::RawCtx | ProgType::Tracepoint | ProgType::Kprobe) { prog.ctx_size } else { prog.prog_type.default_ctx_size() }],
            ctx_writable: matches!(prog.prog_type, ProgType::RawCtx),
            pkt: vec![0; pkt_cap],
            meta: 0,
            data: 0,
            data_end: 0,
            stack: vec![0; STACK_SIZE * MAX_FRAMES],
            stack_lo: 0,
            maps: MapStore::new(&prog.maps)?,
            effects: Vec::with_capacity(16),
            unmodelled_call: None,
            ktime: (0, 0),
            prandom: 0,
            frames: [Frame::default(); MAX_FRAMES],
            depth: 0,
            steps: 0,
            env: Env::default(),
        })
    }

    fn load_env(&mut self, input: &Input) {
        let e = &mut self.env;
        e.ktime_ns.clear();
        e.ktime_ns.extend_from_slice(&input.ktime_ns);
        e.prandom.clear();
        e.prandom.extend_from_slice(&input.prandom);
        e.smp_processor_id = input.smp_processor_id;
        e.pid_tgid = input.pid_tgid;
        e.ingress_ifindex = input.ingress_ifindex;
        e.rx_queue_index = input.rx_queue_index;
    }

    fn reset(&mut self, input: &Input) {
        self.regs = [0; NUM_REGS];
        self.effects.clear();
        self.unmodelled_call = None;
        self.ktime = (0, 0);
        self.prandom = 0;
        self.depth = 0;
        self.steps = 0;
        self.stack[self.stack_lo..].fill(0);
        self.stack_lo = self.stack.len();
        self.maps.reset(&input.maps);
        // Packet: headroom, then data.
        let len = input.packet.len().min(self.pkt.len() - PKT_HEADROOM);
        self.pkt.fill(0);
        self.data = PKT_HEADROOM;
        self.meta = PKT_HEADROOM;
        self.pkt[PKT_HEADROOM..PKT_HEADROOM + len].copy_from_slice(&input.packet[..len]);
        self.data_end = PKT_HEADROOM + len;
        self.ctx.fill(0);
        match self.prog_type {
            ProgType::SocketFilter | ProgType::SchedCls => self.init_skb(input),
            ProgType::Xdp => {}
            _ => {
                let n = input.ctx.len().min(self.ctx.len());
                self.ctx[..n].copy_from_slice(&input.ctx[..n]);
            }
        }
    }

    /// `struct __sk_buff` as the kernel's skb test-run builds it from the frame.
    fn init_skb(&mut self, input: &Input) {
        let frame = &self.pkt[self.data..self.data_end];
        let (proto, pkt_type) = if frame.len() >= ETH_HLEN {
            let et = u16::from_be_bytes([frame[12], frame[13]]);
            let dst = &frame[0..6];
            let pkt_type = if dst.iter().all(|&b| b == 0) {
                0
            } else if dst.iter().all(|&b| b == 0xff) {
                1
            } else if dst[0] & 1 == 1 {
                2
            } else {
                3
            };
            // eth_type_trans: >= 0x600 is an ethertype; else 802.2/802.3 (ETH_P_802_2 = 4 or raw 802.3 = 1).
            let p = if et >= 0x600 { et } else if frame.len() >= 16 && frame[14] == 0xff && frame[15] == 0xff { 1 } else { 4 };
            (p.to_be() as u32, pkt_type)
        } else {
            (0, 0)
        };
        if self.prog_type == ProgType::SocketFilter {
            // skb->data points after the Ethernet header.
            self.data = (self.data + ETH_HLEN).min(self.data_end);
            self.meta = self.data;
        }
        let len = (self.data_end - self.data) as u32;
        let put = |ctx: &mut [u8], off: usize, v: u32| ctx[off..off + 4].copy_from_slice(&v.to_le_bytes());
        put(&mut self.ctx, 0, len);
        put(&mut self.ctx, 4, pkt_type);
        put(&mut self.ctx, 16, proto);
        put(&mut self.ctx, 40, 1); // ifindex: loopback
        // mark (8), priority (32), cb[0..5] (48..68) come from the input's ctx bytes.
        for (off, n) in [(8usize, 4usize), (32, 4), (48, 20)] {
            if input.ctx.len() >= off + n {
                self.ctx[off..off + n].copy_from_slice(&input.ctx[off..off + n]);
            }
        }
    }

    /// Runs `insns` on `input`; returns r0 or the fault. Allocation-free apart from effects.
    pub fn run(&mut self, insns: &[Insn], input: &Input) -> Result<u64, Fault> {
        self.load_env(input);
        self.reset(input);
        self.regs[1] = region_addr(TAG_CTX, 0);
        self.regs[10] = region_addr(TAG_STACK, (STACK_SIZE * MAX_FRAMES) as i64);
        self.exec(insns)
    }

    /// Observable state after the last [`Vm::run`].
    pub fn output(&self, result: Result<u64, Fault>) -> Output {
        let stopped_at_helper = matches!(result, Err(Fault::UnsupportedHelper { .. }));
        Output {
            result,
            packet: self.pkt[self.data..self.data_end].to_vec(),
            meta: self.pkt[self.meta..self.data].to_vec(),
            ctx: if self.ctx_writable || matches!(self.prog_type, ProgType::SocketFilter | ProgType::SchedCls) {
                self.ctx.clone()
            } else {
                Vec::new()
            },
            maps: self.maps.snapshot(),
            effects: self.effects.clone(),
            unmodelled_call: if stopped_at_helper { self.unmodelled_call.clone() } else { None },
        }
    }

    /// Number of instructions executed by the last run.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Current packet bytes (data..data_end).
    pub fn packet(&self) -> &[u8] {
        &self.pkt[self.data..self.data_end]
    }

    /// Resolves `[addr, addr+size)` to a byte range in a region buffer.
    #[inline]
    pub(crate) fn mem(&mut self, pc: usize, addr: u64, size: usize, write: bool) -> Result<&mut [u8], Fault> {
        let oob = Fault::OutOfBounds { pc, addr, size };
        let (tag, off) = region_of(addr);
        if off < 0 {
            return Err(oob);
        }
        let off = off as usize;
        let end = off.checked_add(size).ok_or(oob.clone())?;
        match tag {
            TAG_STACK => {
                if end > self.stack.len() {
                    return Err(oob);
                }
                if write {
                    self.stack_lo = self.stack_lo.min(off);
                }
                Ok(&mut self.stack[off..end])
            }
            TAG_PKT => {
                if off < self.meta || end > self.data_end {
                    return Err(oob);
                }
                Ok(&mut self.pkt[off..end])
            }
            TAG_CTX => {
                if end > self.ctx.len() {
                    return Err(oob);
                }
                if write && !self.ctx_write_ok(off, end) {
                    return Err(Fault::ReadOnly { pc, addr });
                }
                Ok(&mut self.ctx[off..end])
            }
            t if t >= TAG_MAP_VALUE && ((t - TAG_MAP_VALUE) as usize) < self.maps.len() => {
                let m = (t - TAG_MAP_VALUE) as usize;
                self.maps.value_bytes(m, off, end).ok_or(oob)
            }
            _ => Err(oob),
        }
    }

    fn ctx_write_ok(&self, off: usize, end: usize) -> bool {
        match self.prog_type {
            ProgType::RawCtx => true,
            // __sk_buff: mark, priority, cb[] are writable for tc; only cb[] for socket filters.
            ProgType::SocketFilter => off >= 48 && end <= 68,
            ProgType::SchedCls => (off >= 48 && end <= 68) || (off >= 8 && end <= 12) || (off >= 32 && end <= 36),
            _ => false,
        }
    }

    /// Loads from the context, synthesizing the pointer fields the kernel rewrites.
    fn load_ctx(&mut self, pc: usize, off: i64, size: usize) -> Result<u64, Fault> {
        let field_ptr = match (self.prog_type, off, size) {
            (ProgType::Xdp, 0, 4) => Some(region_addr(TAG_PKT, self.data as i64)),
            (ProgType::Xdp, 4, 4) => Some(region_addr(TAG_PKT, self.data_end as i64)),
            (ProgType::Xdp, 8, 4) => Some(region_addr(TAG_PKT, self.meta as i64)),
            (ProgType::Xdp, 12, 4) => Some(self.env.ingress_ifindex as u64),
            (ProgType::Xdp, 16, 4) => Some(self.env.rx_queue_index as u64),
            (ProgType::Xdp, 20, 4) => Some(0),
            (ProgType::Xdp, _, _) => return Err(Fault::OutOfBounds { pc, addr: region_addr(TAG_CTX, off), size }),
            (ProgType::SchedCls, 76, 4) => Some(region_addr(TAG_PKT, self.data as i64)),
            (ProgType::SchedCls, 80, 4) => Some(region_addr(TAG_PKT, self.data_end as i64)),
            (ProgType::SchedCls, 140, 4) => Some(region_addr(TAG_PKT, self.meta as i64)),
            _ => None,
        };
        if let Some(v) = field_ptr {
            return Ok(v);
        }
        let b = self.mem(pc, region_addr(TAG_CTX, off), size, false)?;
        Ok(read_le(b))
    }

    #[inline]
    fn load(&mut self, pc: usize, addr: u64, size: usize) -> Result<u64, Fault> {
        let (tag, off) = region_of(addr);
        if tag == TAG_CTX && !matches!(self.prog_type, ProgType::RawCtx | ProgType::Tracepoint | ProgType::Kprobe) {
            return self.load_ctx(pc, off, size);
        }
        let b = self.mem(pc, addr, size, false)?;
        Ok(read_le(b))
    }

    #[inline]
    fn store(&mut self, pc: usize, addr: u64, size: usize, v: u64) -> Result<(), Fault> {
        let b = self.mem(pc, addr, size, true)?;
        b.copy_from_slice(&v.to_le_bytes()[..size]);
        Ok(())
    }

    /// LD_ABS/LD_IND: big-endian read from skb data; out of range ends the program with r0 = 0.
    fn load_abs(&mut self, off: i64, size: usize) -> Option<u64> {
        if off < 0 {
            return None;
        }
        let start = self.data.checked_add(off as usize)?;
        let end = start.checked_add(size)?;
        if end > self.data_end {
            return None;
        }
        let b = &self.pkt[start..end];
        Some(b.iter().fold(0u64, |acc, &x| (acc << 8) | x as u64))
    }

    fn exec(&mut self, insns: &[Insn]) -> Result<u64, Fault> {
        let mut pc = 0usize;
        let n = insns.len();
        loop {
            if pc >= n {
                return Err(Fault::InvalidInsn { pc });
            }
            self.steps += 1;
            if self.steps > self.limits.max_steps {
                return Err(Fault::StepLimit { steps: self.steps - 1 });
            }
            let i = insns[pc];
            let d = i.dst as usize & 0xf;
            let s = i.src as usize & 0xf;
            if d >= NUM_REGS || s >= NUM_REGS {
                return Err(Fault::InvalidInsn { pc });
            }
            match i.class() {
                BPF_ALU64 => {
                    let src = if i.src_is_reg() { self.regs[s] } else { i.imm as i64 as u64 };
                    let dst = self.regs[d];
                    self.regs[d] = match i.op() {
                        BPF_END => bswap(dst, i.imm),
                        op => alu64(op, dst, src, i.off, i.src_is_reg()).ok_or(Fault::InvalidInsn { pc })?,
                    };
                }
                BPF_ALU => {
                    let src = if i.src_is_reg() { self.regs[s] as u32 } else { i.imm as u32 };
                    let dst = self.regs[d];
                    self.regs[d] = match i.op() {
                        BPF_END => {
                            if i.src_is_reg() {
                                bswap(dst, i.imm)
                            } else {
                                truncate(dst, i.imm)
                            }
                        }
                        op => alu32(op, dst as u32, src, i.off, i.src_is_reg()).ok_or(Fault::InvalidInsn { pc })? as u64,
                    };
                }
                BPF_LDX => {
                    let size = i.access_bytes();
                    let addr = self.regs[s].wrapping_add(i.off as i64 as u64);
                    let v = self.load(pc, addr, size)?;
                    self.regs[d] = if i.mode() == BPF_MEMSX { sign_extend(v, size * 8) } else { v };
                }
                BPF_ST => {
                    let addr = self.regs[d].wrapping_add(i.off as i64 as u64);
                    self.store(pc, addr, i.access_bytes(), i.imm as i64 as u64)?;
                }
                BPF_STX => {
                    let addr = self.regs[d].wrapping_add(i.off as i64 as u64);
                    let size = i.access_bytes();
                    if i.mode() == BPF_ATOMIC {
                        self.atomic(pc, addr, size, s, i.imm)?;
                    } else {
                        self.store(pc, addr, size, self.regs[s])?;
                    }
                }
                BPF_LD => {
                    if i.is_lddw() {
                        if pc + 1 >= n {
                            return Err(Fault::InvalidInsn { pc });
                        }
                        self.regs[d] = self.lddw(pc, &i, &insns[pc + 1])?;
                        pc += 2;
                        continue;
                    }
                    let size = i.access_bytes();
                    let off = if i.mode() == BPF_IND { (self.regs[s] as u32 as i32 as i64) + i.imm as i64 } else { i.imm as i64 };
                    match self.load_abs(off, size) {
                        Some(v) => self.regs[0] = v,
                        None => return self.leave(0, &mut pc),
                    }
                }
                BPF_JMP | BPF_JMP32 => match i.op() {
                    BPF_EXIT => {
                        if self.depth == 0 {
                            return Ok(self.regs[0]);
                        }
                        self.depth -= 1;
                        let f = self.frames[self.depth];
                        self.regs[6..10].copy_from_slice(&f.saved);
                        self.regs[10] = self.regs[10].wrapping_add(STACK_SIZE as u64);
                        pc = f.ret_pc;
                        continue;
                    }
                    BPF_CALL => {
                        if i.src == BPF_PSEUDO_CALL {
                            if self.depth + 1 >= MAX_FRAMES {
                                return Err(Fault::CallDepth { pc });
                            }
                            self.frames[self.depth] = Frame { ret_pc: pc + 1, saved: [self.regs[6], self.regs[7], self.regs[8], self.regs[9]] };
                            self.depth += 1;
                            self.regs[10] = self.regs[10].wrapping_sub(STACK_SIZE as u64);
                            pc = (pc as i64 + 1 + i.imm as i64) as usize;
                            continue;
                        }
                        if i.src != 0 {
                            return Err(Fault::UnsupportedHelper { pc, id: i.imm });
                        }
                        if let Some(ret) = self.call_helper(pc, i.imm)? {
                            self.regs[0] = ret;
                        } else {
                            // tail call into an empty slot falls through; a taken one never returns here
                        }
                    }
                    BPF_JA => {
                        pc = (pc as i64 + 1 + i.jump_offset() as i64) as usize;
                        continue;
                    }
                    op => {
                        let a = self.regs[d];
                        let b = if i.src_is_reg() { self.regs[s] } else { i.imm as i64 as u64 };
                        let taken = if i.class() == BPF_JMP {
                            cond64(op, a, b)
                        } else {
                            cond32(op, a as u32, b as u32)
                        }
                        .ok_or(Fault::InvalidInsn { pc })?;
                        if taken {
                            pc = (pc as i64 + 1 + i.off as i64) as usize;
                            continue;
                        }
                    }
                },
                _ => return Err(Fault::InvalidInsn { pc }),
            }
            pc += 1;
        }
    }

    /// LD_ABS out of range: the whole program returns `r0` (from any frame).
    fn leave(&mut self, r0: u64, _pc: &mut usize) -> Result<u64, Fault> {
        self.regs[0] = r0;
        Ok(r0)
    }

    fn lddw(&mut self, pc: usize, lo: &Insn, hi: &Insn) -> Result<u64, Fault> {
        let imm64 = (hi.imm as u32 as u64) << 32 | lo.imm as u32 as u64;
        match lo.src {
            0 => Ok(imm64),
            BPF_PSEUDO_MAP_FD => {
                let m = self.maps.index_of_fd(lo.imm).ok_or(Fault::InvalidInsn { pc })?;
                Ok(region_addr(TAG_MAP_HANDLE, m as i64))
            }
            BPF_PSEUDO_MAP_VALUE => {
                let m = self.maps.index_of_fd(lo.imm).ok_or(Fault::InvalidInsn { pc })?;
                let t = self.maps.table_mut(m);
                let vs = t.def.value_size.max(1) as usize;
                let off = hi.imm as u32 as usize;
                if !t.is_array() || off >= vs {
                    return Err(Fault::InvalidInsn { pc });
                }
                // Direct value access (global data): index 0, written through the pointer.
                let slot = t.lookup_slot(&[0; 4]).map_err(|()| Fault::Capacity { pc, map: m })?.ok_or(Fault::InvalidInsn { pc })?;
                t.touch(slot);
                Ok(region_addr(TAG_MAP_VALUE + m as u64, (t.value_range(slot).start + off) as i64))
            }
            _ => Err(Fault::InvalidInsn { pc }),
        }
    }

    fn atomic(&mut self, pc: usize, addr: u64, size: usize, s: usize, op: i32) -> Result<(), Fault> {
        let old = self.load(pc, addr, size)?;
        let src = self.regs[s];
        let mask = if size == 8 { u64::MAX } else { u32::MAX as u64 };
        let new = match op & !BPF_FETCH {
            0x00 => old.wrapping_add(src),
            0x40 => old | src,
            0x50 => old & src,
            0xa0 => old ^ src,
            0xe0 => src, // xchg
            0xf0 => {
                // cmpxchg: compare with r0
                if (self.regs[0] & mask) == old {
                    src
                } else {
                    old
                }
            }
            _ => return Err(Fault::InvalidInsn { pc }),
        };
        self.store(pc, addr, size, new & mask)?;
        if op == BPF_CMPXCHG {
            self.regs[0] = old;
        } else if op & BPF_FETCH != 0 {
            self.regs[s] = old;
        }
        Ok(())
    }
}

pub(crate) fn read_le(b: &[u8]) -> u64 {
    let mut x = [0u8; 8];
    x[..b.len()].copy_from_slice(b);
    u64::from_le_bytes(x)
}

pub(crate) fn sign_extend(v: u64, bits: usize) -> u64 {
    let sh = 64 - bits as u32;
    (((v << sh) as i64) >> sh) as u64
}

fn truncate(v: u64, bits: i32) -> u64 {
    match bits {
        16 => v & 0xffff,
        32 => v & 0xffff_ffff,
        _ => v,
    }
}

fn bswap(v: u64, bits: i32) -> u64 {
    match bits {
        16 => (v as u16).swap_bytes() as u64,
        32 => (v as u32).swap_bytes() as u64,
        _ => v.swap_bytes(),
    }
}

/// 64-bit ALU semantics (kernel interpreter): div/mod by zero give 0 / keep dst; shifts masked.
#[inline]
pub fn alu64(op: u8, dst: u64, src: u64, off: i16, src_reg: bool) -> Option<u64> {
    Some(match op {
        BPF_ADD => dst.wrapping_add(src),
        BPF_SUB => dst.wrapping_sub(src),
        BPF_MUL => dst.wrapping_mul(src),
        BPF_DIV if off == 1 => {
            if src == 0 { 0 } else { (dst as i64).wrapping_div(src as i64) as u64 }
        }
        BPF_DIV => dst.checked_div(src).unwrap_or(0),
        BPF_MOD if off == 1 => {
            if src == 0 { dst } else { (dst as i64).wrapping_rem(src as i64) as u64 }
        }
        BPF_MOD => if src == 0 { dst } else { dst % src },
        BPF_OR => dst | src,
        BPF_AND => dst & src,
        BPF_LSH => dst << (src & 63),
        BPF_RSH => dst >> (src & 63),
        BPF_ARSH => ((dst as i64) >> (src & 63)) as u64,
        BPF_XOR => dst ^ src,
        BPF_NEG => (dst as i64).wrapping_neg() as u64,
        BPF_MOV if src_reg && off != 0 => sign_extend(src, off as usize),
        BPF_MOV => src,
        _ => return None,
    })
}

/// 32-bit ALU semantics; the caller zero-extends the result.
#[inline]
pub fn alu32(op: u8, dst: u32, src: u32, off: i16, src_reg: bool) -> Option<u32> {
    Some(match op {
        BPF_ADD => dst.wrapping_add(src),
        BPF_SUB => dst.wrapping_sub(src),
        BPF_MUL => dst.wrapping_mul(src),
        BPF_DIV if off == 1 => {
            if src == 0 { 0 } else { (dst as i32).wrapping_div(src as i32) as u32 }
        }
        BPF_DIV => dst.checked_div(src).unwrap_or(0),
        BPF_MOD if off == 1 => {
            if src == 0 { dst } else { (dst as i32).wrapping_rem(src as i32) as u32 }
        }
        BPF_MOD => if src == 0 { dst } else { dst % src },
        BPF_OR => dst | src,
        BPF_AND => dst & src,
        BPF_LSH => dst << (src & 31),
        BPF_RSH => dst >> (src & 31),
        BPF_ARSH => ((dst as i32) >> (src & 31)) as u32,
        BPF_XOR => dst ^ src,
        BPF_NEG => (dst as i32).wrapping_neg() as u32,
        BPF_MOV if src_reg && off != 0 => sign_extend(src as u64, off as usize) as u32,
        BPF_MOV => src,
        _ => return None,
    })
}

#[inline]
pub fn cond64(op: u8, a: u64, b: u64) -> Option<bool> {
    Some(match op {
        BPF_JEQ => a == b,
        BPF_JNE => a != b,
        BPF_JGT => a > b,
        BPF_JGE => a >= b,
        BPF_JLT => a < b,
        BPF_JLE => a <= b,
        BPF_JSET => a & b != 0,
        BPF_JSGT => (a as i64) > (b as i64),
        BPF_JSGE => (a as i64) >= (b as i64),
        BPF_JSLT => (a as i64) < (b as i64),
        BPF_JSLE => (a as i64) <= (b as i64),
        _ => return None,
    })
}

#[inline]
pub fn cond32(op: u8, a: u32, b: u32) -> Option<bool> {
    Some(match op {
        BPF_JEQ => a == b,
        BPF_JNE => a != b,
        BPF_JGT => a > b,
        BPF_JGE => a >= b,
        BPF_JLT => a < b,
        BPF_JLE => a <= b,
        BPF_JSET => a & b != 0,
        BPF_JSGT => (a as i32) > (b as i32),
        BPF_JSGE => (a as i32) >= (b as i32),
        BPF_JSLT => (a as i32) < (b as i32),
        BPF_JSLE => (a as i32) <= (b as i32),
        _ => return None,
    })
}

/// Convenience: build a [`Vm`], run once, return the full [`Output`].
pub fn run_program(prog: &Program, input: &Input) -> Result<Output, String> {
    let mut vm = Vm::new(prog)?;
    let r = vm.run(&prog.insns, input);
    Ok(vm.output(r))
}

#[cfg(test)]
mod tests;
