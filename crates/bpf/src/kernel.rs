//! The kernel as an oracle, through raw `bpf(2)` system calls: create the program's maps
//! (`BPF_MAP_CREATE`), patch their fds into the map loads, load (`BPF_PROG_LOAD`, verifier log
//! captured on rejection) and execute (`BPF_PROG_TEST_RUN`) with map contents set and read
//! back through `BPF_MAP_*_ELEM`. Needs root (or CAP_BPF) on Linux.

use crate::interp::{Input, ETH_HLEN};
use crate::isa::{Insn, BPF_PSEUDO_MAP_FD, BPF_PSEUDO_MAP_VALUE};
use crate::program::{map_types, MapDef, ProgType, Program};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};

const BPF_MAP_CREATE: i64 = 0;
const BPF_MAP_LOOKUP_ELEM: i64 = 1;
const BPF_MAP_UPDATE_ELEM: i64 = 2;
const BPF_MAP_DELETE_ELEM: i64 = 3;
const BPF_MAP_GET_NEXT_KEY: i64 = 4;
const BPF_PROG_LOAD: i64 = 5;
const BPF_PROG_TEST_RUN: i64 = 10;
const BPF_MAP_LOOKUP_BATCH: i64 = 24;
/// Array entries read per `BPF_MAP_LOOKUP_BATCH` call.
const BATCH: usize = 1 << 14;
const ATTR_SIZE: usize = 144;

#[repr(C, align(8))]
struct Attr([u8; ATTR_SIZE]);

impl Attr {
    fn new() -> Self {
        Attr([0; ATTR_SIZE])
    }
    fn u32(&mut self, off: usize, v: u32) -> &mut Self {
        self.0[off..off + 4].copy_from_slice(&v.to_le_bytes());
        self
    }
    fn u64(&mut self, off: usize, v: u64) -> &mut Self {
        self.0[off..off + 8].copy_from_slice(&v.to_le_bytes());
        self
    }
    fn get_u32(&self, off: usize) -> u32 {
        u32::from_le_bytes(self.0[off..off + 4].try_into().unwrap())
    }
}

fn sys_bpf(cmd: i64, attr: &mut Attr) -> Result<i64, i32> {
    // SAFETY: attr is a valid, zero-padded bpf_attr buffer of ATTR_SIZE bytes; pointers inside
    // it refer to buffers that outlive the call.
    let r = unsafe { libc::syscall(libc::SYS_bpf, cmd, attr.0.as_mut_ptr(), ATTR_SIZE as u32) };
    if r < 0 {
        Err(std::io::Error::last_os_error().raw_os_error().unwrap_or(0))
    } else {
        Ok(r)
    }
}

fn errno_name(e: i32) -> String {
    format!("{} (errno {e})", std::io::Error::from_raw_os_error(e))
}

/// A map created in the kernel.
pub struct KernelMap {
    pub fd: OwnedFd,
    pub def: MapDef,
    /// Per-CPU maps store `round_up(value_size, 8) * ncpus` bytes per entry.
    percpu: bool,
    /// Plain (not per-CPU) arrays: keys that may hold a non-zero value (set by an update or non-zero at the last
    /// snapshot), so `clear` rewrites only those instead of every entry (Katran's arrays have
    /// up to 33 M entries). Everything else is zero: a fresh map is, and every test run ends
    /// with a full snapshot.
    maybe_nonzero: std::sync::Mutex<Vec<Vec<u8>>>,
    /// Large plain arrays created for test runs with `BPF_F_MMAPABLE`: their values mapped
    /// read-only here, so a snapshot scans memory instead of making millions of syscalls.
    mapped: Option<Mapped>,
}

/// A read-only shared mapping of an array map's values (`round_up(value_size, 8)` per entry).
pub struct Mapped {
    ptr: *const u8,
    len: usize,
}

// SAFETY: the mapping is read-only for us and lives as long as the `Mapped`; the kernel writes
// it only while a test run executes, which is not concurrent with our reads (same thread).
unsafe impl Send for Mapped {}
unsafe impl Sync for Mapped {}

impl Drop for Mapped {
    fn drop(&mut self) {
        // SAFETY: `ptr`/`len` come from a successful mmap that nothing else unmaps.
        unsafe {
            libc::munmap(self.ptr as *mut libc::c_void, self.len);
        }
    }
}

/// Arrays at least this large (value bytes) are mmapped for test runs.
const MMAP_ARRAY_BYTES: usize = 1 << 20;
const BPF_F_MMAPABLE: u32 = 1 << 10;

/// Verifier rejection: errno and the verifier log.
#[derive(Clone, Debug)]
pub struct Rejection {
    pub errno: i32,
    pub log: String,
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let last = self.log.lines().rev().find(|l| !l.trim().is_empty() && !l.starts_with("processed")).unwrap_or("");
        write!(f, "kernel rejected the program: {}: {}", errno_name(self.errno), last)
    }
}

/// A program loaded in the kernel with its maps.
pub struct KernelProg {
    pub fd: OwnedFd,
    pub maps: Vec<KernelMap>,
    pub prog_type: ProgType,
    /// Summary line of the verifier ("processed N insns ...").
    pub verifier_summary: String,
}

/// Result of one `BPF_PROG_TEST_RUN`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelRun {
    pub retval: u32,
    /// Packet as the kernel returns it (socket filters: with the Ethernet header re-added and zeroed).
    pub data_out: Vec<u8>,
    /// Map contents after the run, in the interpreter's `Output::maps` shape.
    pub maps: Vec<Vec<(Vec<u8>, Vec<u8>)>>,
}

/// The kernel's `num_possible_cpus()`: per-CPU map values are that many copies, and the kernel
/// writes all of them into the buffer of a lookup, so guessing low would overflow our buffer.
/// Read once per process: it is asked on every map access of every kernel run (the differential
/// suites make tens of thousands), and the set of possible CPUs is fixed at boot.
fn possible_cpus() -> Option<usize> {
    static CPUS: std::sync::OnceLock<Option<usize>> = std::sync::OnceLock::new();
    *CPUS.get_or_init(|| {
        let s = std::fs::read_to_string("/sys/devices/system/cpu/possible").ok()?;
        let last = s.trim().rsplit(['-', ',']).next()?.parse::<usize>().ok()?;
        Some(last + 1)
    })
}

fn is_percpu(t: u32) -> bool {
    matches!(t, map_types::PERCPU_HASH | map_types::PERCPU_ARRAY | map_types::LRU_PERCPU_HASH)
}

/// Whether we can load programs here: tries a two-instruction socket filter.
pub fn available() -> Result<(), String> {
    let p = Program::new("probe", vec![Insn::mov64_imm(0, 0), Insn::exit()], ProgType::SocketFilter);
    load(&p).map(|_| ()).map_err(|e| format!("kernel BPF syscall unavailable: {}", errno_name(e.errno)))
}

pub fn create_map(def: &MapDef) -> Result<KernelMap, String> {
    create_map_with(def, false)
}

/// `mmap_large`: create big plain arrays with `BPF_F_MMAPABLE` and map their values (test runs
/// only; the flag does not change what the verifier accepts of a program using the map).
fn create_map_with(def: &MapDef, mmap_large: bool) -> Result<KernelMap, String> {
    let stride = (def.value_size as usize).div_ceil(8) * 8;
    let mmap = mmap_large && def.map_type == map_types::ARRAY && def.max_entries as usize * stride >= MMAP_ARRAY_BYTES;
    let flags = if mmap { def.flags | BPF_F_MMAPABLE } else { def.flags };
    let mut a = Attr::new();
    a.u32(0, def.map_type).u32(4, def.key_size).u32(8, def.value_size).u32(12, def.max_entries).u32(16, flags);
    // Map-in-map: the kernel takes the inner map's shape from a template map's fd (it keeps a
    // copy of the metadata, so the template can be closed right after).
    let _template = match (&def.inner, def.is_map_in_map()) {
        (Some(t), true) => {
            let t = create_map(t).map_err(|e| format!("inner map template of '{}': {e}", def.name))?;
            a.u32(20, t.fd.as_raw_fd() as u32);
            Some(t)
        }
        (None, true) => return Err(format!("BPF_MAP_CREATE '{}': map-in-map without an inner map template", def.name)),
        _ => None,
    };
    let name: Vec<u8> = def.name.bytes().filter(|b| b.is_ascii_alphanumeric() || *b == b'_').take(15).collect();
    a.0[28..28 + name.len()].copy_from_slice(&name);
    if is_percpu(def.map_type) && possible_cpus().is_none() {
        return Err(format!("per-CPU map '{}': cannot read /sys/devices/system/cpu/possible to size its values", def.name));
    }
    let fd = sys_bpf(BPF_MAP_CREATE, &mut a).map_err(|e| format!("BPF_MAP_CREATE '{}': {}", def.name, errno_name(e)))?;
    // SAFETY: the kernel returned a fresh file descriptor we now own.
    let fd = unsafe { OwnedFd::from_raw_fd(fd as i32) };
    let mapped = if mmap {
        let len = (def.max_entries as usize * stride).div_ceil(4096) * 4096;
        // SAFETY: mapping a fresh map fd read-only and shared; checked for MAP_FAILED.
        let p = unsafe { libc::mmap(std::ptr::null_mut(), len, libc::PROT_READ, libc::MAP_SHARED, fd.as_raw_fd(), 0) };
        if p == libc::MAP_FAILED {
            return Err(format!("mmap of array map '{}': {}", def.name, std::io::Error::last_os_error()));
        }
        Some(Mapped { ptr: p as *const u8, len })
    } else {
        None
    };
    Ok(KernelMap { fd, def: def.clone(), percpu: is_percpu(def.map_type), maybe_nonzero: Default::default(), mapped })
}

/// Creates the maps, patches map fds into LDDW and loads. `Err` carries the verifier log.
pub fn load(prog: &Program) -> Result<KernelProg, Rejection> {
    load_with(prog, false)
}

/// [`load`] for `BPF_PROG_TEST_RUN` comparisons: big arrays are mmapped so that reading them
/// back after every run stays cheap (Katran's have 16 M and 33 M entries).
pub fn load_for_test_runs(prog: &Program) -> Result<KernelProg, Rejection> {
    load_with(prog, true)
}

fn load_with(prog: &Program, mmap_large: bool) -> Result<KernelProg, Rejection> {
    let mut maps = Vec::new();
    for m in &prog.maps {
        maps.push(create_map_with(m, mmap_large).map_err(|e| Rejection { errno: libc::EINVAL, log: e })?);
    }
    let insns = patch_map_fds(prog, &maps).map_err(|e| Rejection { errno: libc::EINVAL, log: e })?;
    let fd = prog_load(prog.prog_type, &insns, &prog.name)?;
    Ok(KernelProg { fd: fd.0, maps, prog_type: prog.prog_type, verifier_summary: fd.1 })
}

fn patch_map_fds(prog: &Program, maps: &[KernelMap]) -> Result<Vec<Insn>, String> {
    let mut out = prog.insns.clone();
    for (pc, i) in prog.insns.iter().enumerate() {
        if i.is_lddw() && (i.src == BPF_PSEUDO_MAP_FD || i.src == BPF_PSEUDO_MAP_VALUE) {
            let idx = prog.map_index(i.imm).ok_or_else(|| format!("insn {pc}: unknown map fd {}", i.imm))?;
            out[pc].imm = maps[idx].fd.as_raw_fd();
        }
    }
    Ok(out)
}

/// `BPF_PROG_LOAD` of already-patched instructions. Returns (fd, verifier summary).
pub fn prog_load(t: ProgType, insns: &[Insn], name: &str) -> Result<(OwnedFd, String), Rejection> {
    let bytes = crate::isa::encode_all(insns);
    let license = b"GPL\0";
    let attempt = |log: &mut Vec<u8>, level: u32| -> Result<i64, i32> {
        let mut a = Attr::new();
        a.u32(0, t.kernel_type()).u32(4, insns.len() as u32).u64(8, bytes.as_ptr() as u64).u64(16, license.as_ptr() as u64);
        if level > 0 {
            a.u32(24, level).u32(28, log.len() as u32).u64(32, log.as_mut_ptr() as u64);
        }
        let nm: Vec<u8> = name.bytes().filter(|b| b.is_ascii_alphanumeric() || *b == b'_').take(15).collect();
        a.0[48..48 + nm.len()].copy_from_slice(&nm);
        sys_bpf(BPF_PROG_LOAD, &mut a)
    };
    let mut log = vec![0u8; 1 << 16];
    match attempt(&mut log, 0) {
        Ok(fd) => {
            // SAFETY: fresh fd from the kernel.
            Ok((unsafe { OwnedFd::from_raw_fd(fd as i32) }, String::new()))
        }
        Err(errno) => {
            let mut big = vec![0u8; 1 << 24];
            let _ = attempt(&mut big, 1);
            let end = big.iter().position(|&b| b == 0).unwrap_or(big.len());
            Err(Rejection { errno, log: String::from_utf8_lossy(&big[..end]).into_owned() })
        }
    }
}

impl KernelMap {
    fn stride(&self) -> usize {
        if self.percpu {
            (self.def.value_size as usize).div_ceil(8) * 8
        } else {
            self.def.value_size as usize
        }
    }
    fn value_buf_len(&self) -> usize {
        if self.percpu {
            // create_map refused per-CPU maps when the count is unknown
            self.stride() * possible_cpus().expect("possible CPUs checked at map creation")
        } else {
            self.def.value_size as usize
        }
    }
    fn elem(&self, cmd: i64, key: &[u8], value: Option<&mut [u8]>, flags: u64) -> Result<(), i32> {
        // The kernel reads `key_size` bytes at `key` and reads or writes `value_buf_len` bytes
        // at `value`: shorter buffers would let it touch memory that is not ours.
        if key.len() < self.def.key_size as usize || value.as_ref().is_some_and(|v| v.len() < self.value_buf_len()) {
            return Err(libc::EINVAL);
        }
        let mut a = Attr::new();
        a.u32(0, self.fd.as_raw_fd() as u32).u64(8, key.as_ptr() as u64);
        if let Some(v) = value {
            a.u64(16, v.as_mut_ptr() as u64);
        }
        a.u64(24, flags);
        sys_bpf(cmd, &mut a).map(|_| ())
    }
    pub fn update(&self, key: &[u8], value: &[u8]) -> Result<(), String> {
        let mut buf = vec![0u8; self.value_buf_len()];
        if value.len() > self.def.value_size as usize {
            return Err(format!("map update: value of {} bytes for a map with {}-byte values", value.len(), self.def.value_size));
        }
        for c in 0..buf.len() / self.stride().max(1) {
            let o = c * self.stride();
            buf[o..o + value.len()].copy_from_slice(value);
        }
        if self.is_array() {
            self.maybe_nonzero.lock().unwrap().push(key.to_vec());
        }
        self.elem(BPF_MAP_UPDATE_ELEM, key, Some(&mut buf), 0).map_err(|e| format!("map update: {}", errno_name(e)))
    }
    /// Per-CPU maps: the copy that differs from `initial` (the CPU that ran), else CPU 0's.
    pub fn lookup(&self, key: &[u8], initial: Option<&[u8]>) -> Option<Vec<u8>> {
        let mut buf = vec![0u8; self.value_buf_len()];
        self.elem(BPF_MAP_LOOKUP_ELEM, key, Some(&mut buf), 0).ok()?;
        Some(self.pick_copy(&buf, initial))
    }
    fn pick_copy(&self, buf: &[u8], initial: Option<&[u8]>) -> Vec<u8> {
        let vs = self.def.value_size as usize;
        let copies: Vec<&[u8]> = (0..buf.len() / self.stride().max(1)).map(|c| &buf[c * self.stride()..c * self.stride() + vs]).collect();
        let zero = vec![0u8; vs];
        let init = initial.unwrap_or(&zero);
        copies.iter().find(|c| **c != init).unwrap_or(&copies[0]).to_vec()
    }
    /// The entries of an array map that are not all-zero, `BATCH` entries per
    /// `BPF_MAP_LOOKUP_BATCH` call, as (key, value after [`Self::pick_copy`]). `None` if the
    /// kernel refuses batch lookups.
    fn array_entries(&self, initial: &[(Vec<u8>, Vec<u8>)]) -> Option<Vec<(Vec<u8>, Vec<u8>)>> {
        let ks = self.def.key_size as usize;
        let vl = self.value_buf_len();
        let mut keys = vec![0u8; BATCH * ks];
        let mut vals = vec![0u8; BATCH * vl];
        let mut out_batch = vec![0u8; ks.max(8)];
        let mut in_batch: Option<Vec<u8>> = None;
        let mut out = Vec::new();
        loop {
            let mut a = Attr::new();
            if let Some(b) = &in_batch {
                a.u64(0, b.as_ptr() as u64);
            }
            a.u64(8, out_batch.as_mut_ptr() as u64).u64(16, keys.as_mut_ptr() as u64).u64(24, vals.as_mut_ptr() as u64);
            a.u32(32, BATCH as u32).u32(36, self.fd.as_raw_fd() as u32);
            let r = sys_bpf(BPF_MAP_LOOKUP_BATCH, &mut a);
            let done = match r {
                Ok(_) => false,
                Err(e) if e == libc::ENOENT => true,
                Err(_) => return None,
            };
            let n = (a.get_u32(32) as usize).min(BATCH);
            for k in 0..n {
                let key = &keys[k * ks..(k + 1) * ks];
                let val = &vals[k * vl..(k + 1) * vl];
                if val.iter().all(|&b| b == 0) {
                    continue; // every copy zero
                }
                let init = initial.iter().rev().find(|(ik, _)| ik == key).map(|(_, v)| v.as_slice());
                out.push((key.to_vec(), self.pick_copy(val, init)));
            }
            if done || n == 0 {
                return Some(out);
            }
            in_batch = Some(out_batch.clone());
        }
    }
    pub fn keys(&self) -> Vec<Vec<u8>> {
        let ks = self.def.key_size as usize;
        let mut out = Vec::new();
        let mut cur: Option<Vec<u8>> = None;
        loop {
            let mut next = vec![0u8; ks];
            let mut a = Attr::new();
            a.u32(0, self.fd.as_raw_fd() as u32);
            if let Some(c) = &cur {
                a.u64(8, c.as_ptr() as u64);
            }
            a.u64(16, next.as_mut_ptr() as u64);
            if sys_bpf(BPF_MAP_GET_NEXT_KEY, &mut a).is_err() || out.len() > 100_000 {
                return out;
            }
            out.push(next.clone());
            cur = Some(next);
        }
    }
    fn is_array(&self) -> bool {
        self.def.is_array() && self.def.has_program_values()
    }
    /// Empties the map (arrays: zero every entry that may be non-zero).
    pub fn clear(&self) -> Result<(), String> {
        if self.is_array() && self.percpu {
            // Per-CPU arrays: every entry (another CPU's copy may hold an earlier run's write).
            let zero = vec![0u8; self.def.value_size as usize];
            for i in 0..self.def.max_entries {
                self.update(&i.to_le_bytes()[..self.def.key_size as usize], &zero)?;
            }
            self.maybe_nonzero.lock().unwrap().clear();
        } else if self.is_array() {
            let zero = vec![0u8; self.def.value_size as usize];
            let keys = std::mem::take(&mut *self.maybe_nonzero.lock().unwrap());
            for k in keys {
                self.update(&k, &zero)?;
            }
            self.maybe_nonzero.lock().unwrap().clear();
        } else {
            for k in self.keys() {
                let _ = self.elem(BPF_MAP_DELETE_ELEM, &k, None, 0);
            }
        }
        Ok(())
    }
    /// Entries in the interpreter's canonical shape (arrays: non-zero entries only).
    pub fn snapshot(&self, initial: &[(Vec<u8>, Vec<u8>)]) -> Vec<(Vec<u8>, Vec<u8>)> {
        if let Some(m) = &self.mapped {
            let (vs, stride) = (self.def.value_size as usize, (self.def.value_size as usize).div_ceil(8) * 8);
            // SAFETY: `ptr` maps `len` readable bytes (see `create_map_with`).
            let bytes = unsafe { std::slice::from_raw_parts(m.ptr, m.len) };
            let ks = self.def.key_size as usize;
            let mut out = Vec::new();
            for i in 0..self.def.max_entries as usize {
                let v = &bytes[i * stride..i * stride + vs];
                if v.iter().any(|&b| b != 0) {
                    out.push(((i as u32).to_le_bytes()[..ks.min(4)].to_vec(), v.to_vec()));
                }
            }
            let mut nz = self.maybe_nonzero.lock().unwrap();
            nz.extend(out.iter().map(|(k, _)| k.clone()));
            nz.extend(initial.iter().map(|(k, _)| k.clone()));
            return out;
        }
        if self.is_array() && !self.percpu {
            let all = self.array_entries(initial).unwrap_or_else(|| {
                // no batch support: one lookup per index
                (0..self.def.max_entries)
                    .filter_map(|i| {
                        let k = i.to_le_bytes()[..self.def.key_size as usize].to_vec();
                        let init = initial.iter().rev().find(|(ik, _)| *ik == k).map(|(_, v)| v.as_slice());
                        self.lookup(&k, init).map(|v| (k, v))
                    })
                    .collect()
            });
            let mut out: Vec<(Vec<u8>, Vec<u8>)> = all.into_iter().filter(|(_, v)| v.iter().any(|&b| b != 0)).collect();
            // Per-CPU arrays: another CPU's copy may be non-zero too; zero all input keys as well.
            let mut nz = self.maybe_nonzero.lock().unwrap();
            nz.extend(out.iter().map(|(k, _)| k.clone()));
            nz.extend(initial.iter().map(|(k, _)| k.clone()));
            out.sort();
            return out;
        }
        let mut out: Vec<(Vec<u8>, Vec<u8>)> = self
            .keys()
            .into_iter()
            .filter_map(|k| {
                // Later entries for the same key overwrite earlier ones.
                let init = initial.iter().rev().find(|(ik, _)| *ik == k).map(|(_, v)| v.as_slice());
                self.lookup(&k, init).map(|v| (k, v))
            })
            .filter(|(_, v)| !self.is_array() || v.iter().any(|&b| b != 0))
            .collect();
        out.sort();
        out
    }
}

impl KernelProg {
    /// Sets maps from `input`, runs once, reads everything back.
    pub fn test_run(&self, input: &Input) -> Result<KernelRun, String> {
        if !self.prog_type.kernel_test_runnable() {
            return Err(format!("{} programs cannot be test-run by the kernel", self.prog_type.name()));
        }
        for (i, m) in self.maps.iter().enumerate() {
            m.clear()?;
            for (k, v) in input.maps.get(i).map(|v| v.as_slice()).unwrap_or(&[]) {
                m.update(k, v)?;
            }
        }
        let mut out = vec![0u8; input.packet.len() + 4096];
        let ctx_in = self.ctx_in(input);
        let mut a = Attr::new();
        a.u32(0, self.fd.as_raw_fd() as u32)
            .u32(8, input.packet.len() as u32)
            .u32(12, out.len() as u32)
            .u64(16, input.packet.as_ptr() as u64)
            .u64(24, out.as_mut_ptr() as u64)
            .u32(32, 1);
        if let Some(c) = &ctx_in {
            a.u32(40, c.len() as u32).u64(48, c.as_ptr() as u64);
        }
        sys_bpf(BPF_PROG_TEST_RUN, &mut a).map_err(|e| format!("BPF_PROG_TEST_RUN: {}", errno_name(e)))?;
        let retval = a.get_u32(4);
        let n = (a.get_u32(12) as usize).min(out.len());
        out.truncate(n);
        let maps = self
            .maps
            .iter()
            .enumerate()
            .map(|(i, m)| m.snapshot(input.maps.get(i).map(|v| v.as_slice()).unwrap_or(&[])))
            .collect();
        Ok(KernelRun { retval, data_out: out, maps })
    }

    /// Timing: sets maps from `input` once, then one `BPF_PROG_TEST_RUN` with `repeat` runs
    /// of the same input. Returns (retval of the last run, the kernel's mean ns per run).
    /// Maps are not read back (a program that changes them sees its own writes in later
    /// repeats, as it would in production).
    pub fn time_runs(&self, input: &Input, repeat: u32) -> Result<(u32, u32), String> {
        if !self.prog_type.kernel_test_runnable() {
            return Err(format!("{} programs cannot be test-run by the kernel", self.prog_type.name()));
        }
        for (i, m) in self.maps.iter().enumerate() {
            m.clear()?;
            for (k, v) in input.maps.get(i).map(|v| v.as_slice()).unwrap_or(&[]) {
                m.update(k, v)?;
            }
        }
        let mut out = vec![0u8; input.packet.len() + 4096];
        let ctx_in = self.ctx_in(input);
        let mut a = Attr::new();
        a.u32(0, self.fd.as_raw_fd() as u32)
            .u32(8, input.packet.len() as u32)
            .u32(12, out.len() as u32)
            .u64(16, input.packet.as_ptr() as u64)
            .u64(24, out.as_mut_ptr() as u64)
            .u32(32, repeat.max(1));
        if let Some(c) = &ctx_in {
            a.u32(40, c.len() as u32).u64(48, c.as_ptr() as u64);
        }
        sys_bpf(BPF_PROG_TEST_RUN, &mut a).map_err(|e| format!("BPF_PROG_TEST_RUN: {}", errno_name(e)))?;
        Ok((a.get_u32(4), a.get_u32(36)))
    }

    /// skb programs: `__sk_buff` with mark, priority and cb[] from the input when any is set.
    fn ctx_in(&self, input: &Input) -> Option<Vec<u8>> {
        if !matches!(self.prog_type, ProgType::SocketFilter | ProgType::SchedCls) || input.ctx.len() < 68 {
            return None;
        }
        let mut c = vec![0u8; 192];
        for (o, n) in [(8usize, 4usize), (32, 4), (48, 20)] {
            c[o..o + n].copy_from_slice(&input.ctx[o..o + n]);
        }
        c.iter().any(|&b| b != 0).then_some(c)
    }
}

/// The part of the kernel's output packet comparable with the interpreter's `Output::packet`.
pub fn comparable_packet(t: ProgType, data_out: &[u8]) -> &[u8] {
    match t {
        ProgType::SocketFilter => data_out.get(ETH_HLEN..).unwrap_or(&[]),
        _ => data_out,
    }
}

/// What the kernel reports for a program loaded from an object file by libbpf (`bpftool`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectLoad {
    /// Instructions after the verifier's rewrites (`bytes_xlated / 8` of `bpftool prog show`).
    pub xlated_insns: usize,
    /// Whether the kernel accepted BTF for it (func/line info checked by the verifier).
    pub has_btf: bool,
}

/// `bpftool`'s name for a program type (`bpftool prog load ... type T`).
fn bpftool_type(t: ProgType) -> &'static str {
    match t {
        ProgType::SocketFilter => "socket",
        ProgType::Kprobe | ProgType::RawCtx => "kprobe",
        ProgType::SchedCls => "classifier",
        ProgType::Tracepoint => "tracepoint",
        ProgType::Xdp => "xdp",
    }
}

/// Loads the (single-program) object `obj` the way users do, through libbpf: `bpftool prog load
/// OBJ PIN type T`, then reads `bpftool prog show pinned PIN` and removes the pin.
/// `Err` carries bpftool's last error line (program rejected, bpftool missing, not root, ...).
pub fn bpftool_load_object(obj: &std::path::Path, t: ProgType) -> Result<ObjectLoad, String> {
    use std::process::Command;
    use std::sync::atomic::{AtomicUsize, Ordering};
    static SEQ: AtomicUsize = AtomicUsize::new(0);
    let pin = format!("/sys/fs/bpf/veriforge-{}-{}", std::process::id(), SEQ.fetch_add(1, Ordering::Relaxed));
    let last_line = |o: &std::process::Output| {
        let text = String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout);
        text.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no output").to_string()
    };
    let load = Command::new("bpftool")
        .args(["prog", "load"])
        .arg(obj)
        .args([&pin, "type", bpftool_type(t)])
        .output()
        .map_err(|e| format!("cannot run bpftool: {e}"))?;
    if !load.status.success() {
        let _ = std::fs::remove_file(&pin);
        return Err(format!("bpftool prog load {}: {}", obj.display(), last_line(&load)));
    }
    let show = Command::new("bpftool").args(["-j", "prog", "show", "pinned", &pin]).output();
    let _ = std::fs::remove_file(&pin);
    let show = show.map_err(|e| format!("cannot run bpftool: {e}"))?;
    let v: serde_json::Value = serde_json::from_slice(&show.stdout).map_err(|e| format!("bpftool prog show: {e}: {}", last_line(&show)))?;
    let xlated = v["bytes_xlated"].as_u64().ok_or_else(|| format!("bpftool prog show: no bytes_xlated in {v}"))?;
    Ok(ObjectLoad { xlated_insns: xlated as usize / 8, has_btf: v.get("btf_id").is_some() })
}
