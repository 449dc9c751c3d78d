//! A program with its environment: instructions, maps, program type and packet model.

use crate::isa::{self, Insn, IsaError, Kind};

/// Kernel program types we model. `RawCtx` is K2's `pgm_input_type = 1`: r1 points at a
/// plain byte buffer (`ctx_size` = `max_pkt_sz` bytes). It is loaded into the kernel as a kprobe
/// program, whose verifier allows reads of any size at aligned offsets below
/// `sizeof(struct pt_regs)` and no writes; the safety checker applies the same rule, bounded by
/// `ctx_size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProgType {
    SocketFilter,
    Kprobe,
    SchedCls,
    Tracepoint,
    Xdp,
    RawCtx,
}

impl ProgType {
    /// `enum bpf_prog_type` value used for `BPF_PROG_LOAD`.
    pub fn kernel_type(self) -> u32 {
        match self {
            ProgType::SocketFilter => 1,
            // K2's raw context is read-only bytes at any aligned offset: the kprobe rules.
            ProgType::Kprobe | ProgType::RawCtx => 2,
            ProgType::SchedCls => 3,
            ProgType::Tracepoint => 5,
            ProgType::Xdp => 6,
        }
    }
    /// libbpf's section-name convention.
    pub fn from_section(name: &str) -> Option<ProgType> {
        let n = name;
        if n.starts_with("xdp") {
            Some(ProgType::Xdp)
        } else if n.starts_with("socket") {
            Some(ProgType::SocketFilter)
        } else if n.starts_with("tracepoint/") || n.starts_with("tp/") || n.starts_with("raw_tracepoint/") {
            Some(ProgType::Tracepoint)
        } else if n.starts_with("kprobe/") || n.starts_with("kretprobe/") {
            Some(ProgType::Kprobe)
        } else if n.starts_with("classifier") || n == "tc" || n.starts_with("tc/") {
            Some(ProgType::SchedCls)
        } else {
            None
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            ProgType::SocketFilter => "socket_filter",
            ProgType::Kprobe => "kprobe",
            ProgType::SchedCls => "sched_cls",
            ProgType::Tracepoint => "tracepoint",
            ProgType::Xdp => "xdp",
            ProgType::RawCtx => "raw_ctx",
        }
    }
    pub fn parse(s: &str) -> Option<ProgType> {
        [ProgType::SocketFilter, ProgType::Kprobe, ProgType::SchedCls, ProgType::Tracepoint, ProgType::Xdp, ProgType::RawCtx]
            .into_iter()
            .find(|t| t.name() == s || (s == "socket" && *t == ProgType::SocketFilter))
    }
    /// Whether the kernel's `BPF_PROG_TEST_RUN` can execute this type.
    pub fn kernel_test_runnable(self) -> bool {
        matches!(self, ProgType::Xdp | ProgType::SocketFilter | ProgType::SchedCls)
    }
    /// Size of the context structure the program sees through r1.
    pub fn default_ctx_size(self) -> usize {
        match self {
            ProgType::Xdp => 24,                                // struct xdp_md
            ProgType::SocketFilter | ProgType::SchedCls => 192, // struct __sk_buff
            ProgType::Kprobe => 168,                            // struct pt_regs (x86-64)
            ProgType::Tracepoint | ProgType::RawCtx => 64,
        }
    }
}

/// One map, as in K2's `.maps` line or an ELF map definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapDef {
    pub name: String,
    /// Kernel `bpf_map_type` (1 hash, 2 array, 3 prog_array, 5 percpu_hash, 6 percpu_array, ...).
    pub map_type: u32,
    pub key_size: u32,
    pub value_size: u32,
    pub max_entries: u32,
    pub flags: u32,
    /// The number `LDDW src=BPF_PSEUDO_MAP_FD` instructions use in `imm` to name this map.
    pub fd: i32,
    /// Map-in-map (`ARRAY_OF_MAPS`/`HASH_OF_MAPS`): the inner map template, i.e. the shape every
    /// map stored in it has (the kernel's `inner_map_fd` at `BPF_MAP_CREATE`; the verifier types
    /// a lookup result as a pointer to such a map). See [`crate::mapinmap`].
    pub inner: Option<Box<MapDef>>,
}

pub mod map_types {
    pub const HASH: u32 = 1;
    pub const ARRAY: u32 = 2;
    pub const PROG_ARRAY: u32 = 3;
    pub const PERF_EVENT_ARRAY: u32 = 4;
    pub const PERCPU_HASH: u32 = 5;
    pub const PERCPU_ARRAY: u32 = 6;
    pub const LRU_HASH: u32 = 9;
    pub const LRU_PERCPU_HASH: u32 = 10;
    pub const LPM_TRIE: u32 = 11;
    pub const ARRAY_OF_MAPS: u32 = 12;
    pub const HASH_OF_MAPS: u32 = 13;
    pub const DEVMAP: u32 = 14;
    pub const CPUMAP: u32 = 16;
    pub const XSKMAP: u32 = 17;
    pub const DEVMAP_HASH: u32 = 25;
}

/// The kernel's own bounds on map shapes (`MAX_BPF_STACK` for keys, which programs build on the
/// stack; `KMALLOC_MAX_SIZE` on x86-64 for values). Bigger maps cannot be created, and modelling
/// them would only exhaust memory (a 4 GiB value size made `bpf run --seed` hang).
pub const MAX_KEY_SIZE: u32 = 512;
pub const MAX_VALUE_SIZE: u32 = 1 << 22;

impl MapDef {
    /// Checks key and value sizes against the kernel's limits; the message names the field.
    pub fn check_sizes(&self) -> Result<(), String> {
        if self.key_size > MAX_KEY_SIZE {
            return Err(format!("map '{}': key_size {} exceeds the kernel's limit of {MAX_KEY_SIZE} bytes", self.name, self.key_size));
        }
        if self.value_size > MAX_VALUE_SIZE {
            return Err(format!("map '{}': value_size {} exceeds the kernel's limit of {MAX_VALUE_SIZE} bytes", self.name, self.value_size));
        }
        Ok(())
    }

    /// Array-like maps: key is a u32 index, every entry always exists.
    pub fn is_array(&self) -> bool {
        matches!(self.map_type, map_types::ARRAY | map_types::PERCPU_ARRAY | map_types::PROG_ARRAY
            | map_types::PERF_EVENT_ARRAY | map_types::DEVMAP | map_types::CPUMAP | map_types::XSKMAP)
    }
    /// `ARRAY_OF_MAPS`/`HASH_OF_MAPS`: values are (references to) other maps.
    pub fn is_map_in_map(&self) -> bool {
        matches!(self.map_type, map_types::ARRAY_OF_MAPS | map_types::HASH_OF_MAPS)
    }
    /// Maps whose values the program may access through `map_lookup_elem`.
    pub fn has_program_values(&self) -> bool {
        matches!(self.map_type, map_types::HASH | map_types::ARRAY | map_types::PERCPU_HASH | map_types::PERCPU_ARRAY
            | map_types::LRU_HASH | map_types::LRU_PERCPU_HASH | map_types::LPM_TRIE)
    }
    /// LPM trie: keys are `{ u32 prefixlen; u8 data[key_size - 4] }`, lookups find the longest
    /// stored prefix of the key's data.
    pub fn is_lpm(&self) -> bool {
        self.map_type == map_types::LPM_TRIE
    }
}

/// K2's `.desc`: how r1 is set up and how many packet bytes are modelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Desc {
    /// 1: r1 = pointer to packet/ctx bytes; 2: r1 = `xdp_md`-like ctx with 32-bit data/data_end.
    pub pgm_input_type: u32,
    pub max_pkt_sz: u32,
}

impl Default for Desc {
    fn default() -> Self {
        Desc { pgm_input_type: 1, max_pkt_sz: 64 }
    }
}

/// An eBPF program with everything needed to run, check and load it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub name: String,
    /// Raw slots (LDDW = 2).
    pub insns: Vec<Insn>,
    pub maps: Vec<MapDef>,
    pub prog_type: ProgType,
    /// Bytes behind r1 for `RawCtx`/`Tracepoint`/`Kprobe`; fixed struct sizes otherwise.
    pub ctx_size: usize,
    /// Largest packet modelled when generating inputs.
    pub max_pkt_sz: usize,
}

impl Program {
    pub fn new(name: impl Into<String>, insns: Vec<Insn>, prog_type: ProgType) -> Self {
        Program {
            name: name.into(),
            insns,
            maps: Vec::new(),
            prog_type,
            ctx_size: prog_type.default_ctx_size(),
            max_pkt_sz: 64,
        }
    }

    /// Applies a K2 `.desc`: type 2 means XDP; type 1 keeps an explicitly chosen type or
    /// falls back to a raw ctx buffer of `max_pkt_sz` bytes.
    pub fn apply_desc(&mut self, d: &Desc) {
        self.max_pkt_sz = d.max_pkt_sz.max(1) as usize;
        if d.pgm_input_type == 2 {
            self.prog_type = ProgType::Xdp;
            self.ctx_size = ProgType::Xdp.default_ctx_size();
        } else if self.prog_type == ProgType::RawCtx {
            self.ctx_size = self.max_pkt_sz;
        }
    }

    /// Structural validation ([`isa::validate`]) plus: every map-fd load names a known map.
    pub fn validate(&self) -> Result<Vec<Kind>, IsaError> {
        let kinds = isa::validate(&self.insns)?;
        for (pc, (i, k)) in self.insns.iter().zip(&kinds).enumerate() {
            if let Kind::Lddw { pseudo } = k {
                if matches!(*pseudo, isa::BPF_PSEUDO_MAP_FD | isa::BPF_PSEUDO_MAP_VALUE) && self.map_index(i.imm).is_none() {
                    return Err(IsaError::at(pc, format!("map fd {} not declared in the maps", i.imm)));
                }
            }
        }
        Ok(kinds)
    }

    /// Index into `maps` of the map an LDDW names by `fd`.
    pub fn map_index(&self, fd: i32) -> Option<usize> {
        self.maps.iter().position(|m| m.fd == fd)
    }

    /// Instruction count as K2 counts it (slots, `ja +0` not counted).
    pub fn count(&self) -> usize {
        isa::count_real(&self.insns)
    }
}
