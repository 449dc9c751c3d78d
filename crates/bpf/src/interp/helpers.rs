//! Helper functions modelled by the interpreter. Anything else stops the run with
//! [`Fault::UnsupportedHelper`] rather than guessing.

use super::*;
use crate::isa::helpers as h;
use crate::program::map_types;

const EFAULT: i64 = -14;
const XDP_ABORTED: u64 = 0;
const XDP_REDIRECT: u64 = 4;
const TC_ACT_SHOT: u64 = 2;
const TC_ACT_REDIRECT: u64 = 7;

impl Vm {
    fn map_arg(&self, pc: usize, id: i32, v: u64) -> Result<usize, Fault> {
        let (tag, off) = region_of(v);
        if tag != TAG_MAP_HANDLE || off < 0 || off as usize >= self.maps.len() {
            return Err(Fault::BadHelperArg { pc, id, msg: "argument is not a map" });
        }
        Ok(off as usize)
    }

    /// Copies `len` bytes at `addr` into `buf` (which must be large enough).
    fn read_into(&mut self, pc: usize, addr: u64, len: usize, buf: &mut [u8]) -> Result<(), Fault> {
        let b = self.mem(pc, addr, len, false)?;
        buf[..len].copy_from_slice(b);
        Ok(())
    }

    /// Runs helper `id`; `Ok(None)` leaves r0 untouched (failed tail call).
    pub(crate) fn call_helper(&mut self, pc: usize, id: i32) -> Result<Option<u64>, Fault> {
        let r = self.regs;
        let (r1, r2, r3, r4, r5) = (r[1], r[2], r[3], r[4], r[5]);
        let ret = match id {
            h::MAP_LOOKUP_ELEM => {
                let m = self.map_arg(pc, id, r1)?;
                let ks = self.maps.table(m).def.key_size as usize;
                let mut key = [0u8; 512];
                self.read_into(pc, r2, ks, &mut key)?;
                let t = self.maps.table_mut(m);
                match t.lookup_slot(&key[..ks]).map_err(|()| Fault::Capacity { pc, map: m })? {
                    Some(slot) => {
                        t.touch(slot);
                        region_addr(TAG_MAP_VALUE + m as u64, t.value_range(slot).start as i64)
                    }
                    None => 0,
                }
            }
            h::MAP_UPDATE_ELEM => {
                let m = self.map_arg(pc, id, r1)?;
                let (ks, vs) = (self.maps.table(m).def.key_size as usize, self.maps.table(m).def.value_size as usize);
                if vs > 4096 {
                    return Err(Fault::BadHelperArg { pc, id, msg: "value too large to model" });
                }
                let mut key = [0u8; 512];
                let mut val = [0u8; 4096];
                self.read_into(pc, r2, ks, &mut key)?;
                self.read_into(pc, r3, vs, &mut val)?;
                match self.maps.table_mut(m).update(&key[..ks], &val[..vs], r4) {
                    Ok(v) => v as u64,
                    Err(()) => return Err(Fault::Capacity { pc, map: m }),
                }
            }
            h::MAP_DELETE_ELEM => {
                let m = self.map_arg(pc, id, r1)?;
                let ks = self.maps.table(m).def.key_size as usize;
                let mut key = [0u8; 512];
                self.read_into(pc, r2, ks, &mut key)?;
                self.maps.table_mut(m).delete(&key[..ks]) as u64
            }
            h::KTIME_GET_NS => {
                let inp = &self.env;
                let (k, _) = self.ktime;
                let v = match inp.ktime_ns.get(k) {
                    Some(&v) => v,
                    None => inp.ktime_ns.last().copied().unwrap_or(0) + 1000 * (k + 1 - inp.ktime_ns.len()) as u64,
                };
                self.ktime = (k + 1, v);
                v
            }
            h::GET_PRANDOM_U32 => {
                let inp = &self.env;
                let v = inp.prandom.get(self.prandom).or(inp.prandom.last()).copied().unwrap_or(0);
                self.prandom += 1;
                v as u64
            }
            h::GET_SMP_PROCESSOR_ID => self.env.smp_processor_id as u64,
            h::GET_CURRENT_PID_TGID => self.env.pid_tgid,
            h::TRACE_PRINTK => {
                let n = (r2 as usize).min(512);
                let mut fmt = [0u8; 512];
                self.read_into(pc, r1, n, &mut fmt)?;
                self.effects.push(Effect { helper: id, args: [r3, r4, r5], data: fmt[..n].to_vec() });
                0
            }
            h::TAIL_CALL => {
                let m = self.map_arg(pc, id, r2)?;
                // Prog arrays are empty in our model: the call fails and execution continues.
                self.effects.push(Effect { helper: id, args: [m as u64, r3 as u32 as u64, 0], data: Vec::new() });
                return Ok(None);
            }
            h::PERF_EVENT_OUTPUT => {
                let m = self.map_arg(pc, id, r2)?;
                let n = r5 as usize;
                if n > 4096 {
                    return Err(Fault::BadHelperArg { pc, id, msg: "event too large" });
                }
                let mut data = vec![0u8; n];
                self.read_into(pc, r4, n, &mut data)?;
                self.effects.push(Effect { helper: id, args: [m as u64, r3, 0], data });
                0
            }
            h::REDIRECT => {
                self.effects.push(Effect { helper: id, args: [r1 as u32 as u64, r2, 0], data: Vec::new() });
                match self.prog_type {
                    ProgType::Xdp => if r2 != 0 { XDP_ABORTED } else { XDP_REDIRECT },
                    _ => if r2 & !1 != 0 { TC_ACT_SHOT } else { TC_ACT_REDIRECT },
                }
            }
            h::REDIRECT_MAP => {
                let m = self.map_arg(pc, id, r1)?;
                let key = (r2 as u32).to_le_bytes();
                let t = self.maps.table(m);
                let ks = (t.def.key_size as usize).min(4);
                let ok_type = matches!(t.def.map_type, map_types::DEVMAP | map_types::DEVMAP_HASH | map_types::CPUMAP | map_types::XSKMAP);
                if !ok_type {
                    return Err(Fault::BadHelperArg { pc, id, msg: "map type cannot redirect" });
                }
                if t.find(&key[..ks]).is_some() {
                    self.effects.push(Effect { helper: id, args: [m as u64, r2 as u32 as u64, r3], data: Vec::new() });
                    XDP_REDIRECT
                } else {
                    r3 & 3
                }
            }
            h::SKB_LOAD_BYTES => {
                let (off, len) = (r2 as u32 as i32 as i64, r4 as u32 as usize);
                if len == 0 {
                    return Err(Fault::BadHelperArg { pc, id, msg: "zero length" });
                }
                let avail = self.data_end - self.data;
                if off < 0 || off as usize + len > avail {
                    let b = self.mem(pc, r3, len, true)?;
                    b.fill(0);
                    EFAULT as u64
                } else {
                    let start = self.data + off as usize;
                    let mut tmp = [0u8; 512];
                    let n = len.min(512);
                    tmp[..n].copy_from_slice(&self.pkt[start..start + n]);
                    let b = self.mem(pc, r3, n, true)?;
                    b.copy_from_slice(&tmp[..n]);
                    0
                }
            }
            h::CSUM_DIFF => self.csum_diff(pc, r1, r2 as u32 as usize, r3, r4 as u32 as usize, r5 as u32)?,
            h::XDP_ADJUST_HEAD => self.adjust_head(r2 as u32 as i32 as i64),
            h::XDP_ADJUST_META => self.adjust_meta(r2 as u32 as i32 as i64),
            h::XDP_ADJUST_TAIL => {
                let delta = r2 as u32 as i32 as i64;
                let new_end = self.data_end as i64 + delta;
                if delta > 0 {
                    return Err(Fault::BadHelperArg { pc, id, msg: "growing the tail is not modelled" });
                }
                if new_end < (self.data + ETH_HLEN) as i64 {
                    EINVAL as u64
                } else {
                    self.data_end = new_end as usize;
                    0
                }
            }
            _ => {
                self.unmodelled_call = Some(self.capture_call(id));
                return Err(Fault::UnsupportedHelper { pc, id });
            }
        };
        Ok(Some(ret))
    }

    /// What an unmodelled helper `id` would receive: argument registers up to its arity and
    /// the bytes behind its readable (pointer, size) argument pairs. Arity and pairs come from
    /// the safety checker's prototypes; unknown helpers compare all of r1..r5 and no memory
    /// (stricter, never looser). Unreadable memory is recorded as empty.
    fn capture_call(&mut self, id: i32) -> HelperCall {
        let (arity, pairs) = crate::safety::helper_call_shape(id, self.prog_type).unwrap_or((5, Vec::new()));
        let args: Vec<u64> = self.regs[1..=arity].to_vec();
        let mut mem = Vec::new();
        for (p, n) in pairs {
            let (addr, size) = (self.regs[1 + p], self.regs[1 + n] as u32 as usize);
            let bytes = if size <= 1 << 16 { self.mem(0, addr, size, false).map(|b| b.to_vec()).unwrap_or_default() } else { Vec::new() };
            mem.push(bytes);
        }
        HelperCall { id, args, mem }
    }

    /// `bpf_csum_diff`: one's-complement sum of ~from words and to words, seeded; folded to 32 bits.
    fn csum_diff(&mut self, pc: usize, from: u64, from_size: usize, to: u64, to_size: usize, seed: u32) -> Result<u64, Fault> {
        if from_size % 4 != 0 || to_size % 4 != 0 || from_size + to_size > 512 {
            return Ok(EINVAL as u64);
        }
        let mut buf = [0u8; 512];
        let mut sum: u64 = seed as u64;
        if from_size > 0 {
            self.read_into(pc, from, from_size, &mut buf)?;
            for w in buf[..from_size].chunks_exact(4) {
                sum += !u32::from_le_bytes(w.try_into().unwrap()) as u64;
            }
        }
        if to_size > 0 {
            self.read_into(pc, to, to_size, &mut buf)?;
            for w in buf[..to_size].chunks_exact(4) {
                sum += u32::from_le_bytes(w.try_into().unwrap()) as u64;
            }
        }
        while sum >> 32 != 0 {
            sum = (sum & 0xffff_ffff) + (sum >> 32);
        }
        // The kernel (6.12+, "bpf: fix bpf_csum_diff's return value") folds the 32-bit sum to
        // 16 bits with end-around carry, the same on every architecture.
        while sum >> 16 != 0 {
            sum = (sum & 0xffff) + (sum >> 16);
        }
        Ok(sum)
    }

    /// `bpf_xdp_adjust_head` with the kernel's limits (room for `struct xdp_frame` and metadata).
    fn adjust_head(&mut self, delta: i64) -> u64 {
        let metalen = self.data - self.meta;
        let data_start = XDP_FRAME_SIZE + metalen;
        let new_data = self.data as i64 + delta;
        if new_data < data_start as i64 || new_data > (self.data_end - ETH_HLEN.min(self.data_end)) as i64 {
            return EINVAL as u64;
        }
        let new_data = new_data as usize;
        if metalen > 0 {
            self.pkt.copy_within(self.meta..self.data, new_data - metalen);
        }
        self.meta = new_data - metalen;
        self.data = new_data;
        0
    }

    fn adjust_meta(&mut self, delta: i64) -> u64 {
        let new_meta = self.meta as i64 + delta;
        if new_meta > self.data as i64 || new_meta < XDP_FRAME_SIZE as i64 {
            return EINVAL as u64;
        }
        let metalen = self.data - new_meta as usize;
        if metalen > 32 {
            return EINVAL as u64;
        }
        if metalen % 4 != 0 {
            return (-13i64) as u64; // -EACCES
        }
        self.meta = new_meta as usize;
        0
    }
}

use super::maps::EINVAL;
