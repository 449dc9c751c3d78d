//! Program inputs: packet, context bytes, initial map contents and helper return streams.

use crate::program::{ProgType, Program};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Everything a run depends on. Helper "streams" give the k-th call's return value; past the
/// end of a stream the last value repeats (ktime advances by 1000 ns per extra call).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Input {
    /// Full frame as given to `BPF_PROG_TEST_RUN` (socket filters see it after the 14-byte Ethernet header).
    pub packet: Vec<u8>,
    /// Context bytes for raw/tracepoint/kprobe programs; for skb programs the writable
    /// `__sk_buff` fields mark (8), priority (32) and cb[] (48..68) are taken from here.
    pub ctx: Vec<u8>,
    /// Initial entries per map index: (key, value).
    pub maps: Vec<Vec<(Vec<u8>, Vec<u8>)>>,
    pub ktime_ns: Vec<u64>,
    pub prandom: Vec<u32>,
    pub smp_processor_id: u32,
    pub pid_tgid: u64,
    /// XDP `xdp_md` fields (kernel test-run defaults: loopback ifindex 1, queue 0).
    pub ingress_ifindex: u32,
    pub rx_queue_index: u32,
}

impl Input {
    /// An input carrying just a packet (for skb/XDP programs) with kernel defaults elsewhere.
    pub fn with_packet(packet: Vec<u8>) -> Input {
        Input { packet, ingress_ifindex: 1, ..Default::default() }
    }

    /// Deterministic random input for `prog` from `seed` (see [`InputGen`]).
    pub fn random(prog: &Program, seed: u64) -> Input {
        InputGen::new(prog).generate(&mut ChaCha8Rng::seed_from_u64(seed))
    }
}

/// Random input generator shaped by the program: packets are often well-formed
/// Ethernet/IPv4/IPv6 headers so that parsing branches get covered; map keys are small
/// so lookups hit.
#[derive(Clone, Debug)]
pub struct InputGen {
    pub prog_type: ProgType,
    pub max_pkt: usize,
    pub ctx_size: usize,
    /// (key_size, value_size, max_entries, is_array, has_values) per map.
    pub maps: Vec<(usize, usize, u32, bool, bool)>,
    /// Whether to fill maps with random entries.
    pub fill_maps: bool,
    /// Per map: an LPM trie (keys get a valid prefix length).
    pub lpm: Vec<bool>,
}

impl InputGen {
    pub fn new(prog: &Program) -> InputGen {
        InputGen {
            prog_type: prog.prog_type,
            max_pkt: prog.max_pkt_sz.max(14),
            ctx_size: prog.ctx_size,
            maps: prog
                .maps
                .iter()
                .map(|m| (m.key_size as usize, m.value_size as usize, m.max_entries, m.is_array(), m.has_program_values()))
                .collect(),
            fill_maps: true,
            lpm: prog.maps.iter().map(|m| m.is_lpm()).collect(),
        }
    }

    pub fn generate(&self, rng: &mut impl RngCore) -> Input {
        let skb_or_xdp = matches!(self.prog_type, ProgType::Xdp | ProgType::SocketFilter | ProgType::SchedCls);
        let mut packet = if skb_or_xdp { random_packet(rng, self.max_pkt) } else { Vec::new() };
        if matches!(self.prog_type, ProgType::SocketFilter | ProgType::SchedCls) {
            // The kernel's skb test-run refuses IPv4/IPv6 frames shorter than their header.
            let et = u16::from_be_bytes([packet[12], packet[13]]);
            if (et == 0x0800 && packet.len() < 34) || (et == 0x86dd && packet.len() < 54) {
                packet[12..14].copy_from_slice(&0x0806u16.to_be_bytes());
            }
        }
        let mut ctx = vec![0u8; self.ctx_size];
        match self.prog_type {
            ProgType::SocketFilter | ProgType::SchedCls => {
                if ctx.len() >= 68 {
                    if rng.gen_bool(0.5) {
                        rng.fill_bytes(&mut ctx[48..68]);
                    }
                    if rng.gen_bool(0.3) {
                        ctx[8] = rng.gen_range(0..4);
                    }
                }
            }
            ProgType::Xdp => {}
            _ => fill_biased(rng, &mut ctx),
        }
        let maps = self
            .maps
            .iter()
            .enumerate()
            .map(|(mi, &(ks, vs, max, is_array, has_values))| {
                if !self.fill_maps || !has_values || rng.gen_bool(0.3) {
                    return Vec::new();
                }
                let n = rng.gen_range(1..=3);
                let mut entries: Vec<(Vec<u8>, Vec<u8>)> = (0..n)
                    .map(|_| {
                        let mut key = vec![0u8; ks];
                        if is_array {
                            let idx: u32 = rng.gen_range(0..max.clamp(1, 8));
                            key[..4.min(ks)].copy_from_slice(&idx.to_le_bytes()[..4.min(ks)]);
                        } else {
                            fill_biased(rng, &mut key);
                        }
                        if self.lpm.get(mi) == Some(&true) && ks >= 4 {
                            // prefix lengths 0..=data bits, biased to whole bytes
                            let bits = 8 * (ks - 4) as u32;
                            let l = if rng.gen_bool(0.5) { 8 * rng.gen_range(0..=(ks - 4) as u32) } else { rng.gen_range(0..=bits) };
                            key[..4].copy_from_slice(&l.to_le_bytes());
                        }
                        let mut value = vec![0u8; vs];
                        fill_biased(rng, &mut value);
                        (key, value)
                    })
                    .collect();
                // One entry per key (the kernel and the interpreter both keep the last write).
                let mut seen = std::collections::HashSet::new();
                entries.reverse();
                entries.retain(|(k, _)| seen.insert(k.clone()));
                entries.reverse();
                entries
            })
            .collect();
        let t0 = rng.gen_range(1_000_000u64..1_000_000_000_000);
        Input {
            packet,
            ctx,
            maps,
            ktime_ns: (0..4).map(|k| t0 + k * rng.gen_range(1..100_000)).collect(),
            prandom: (0..4).map(|_| rng.next_u32()).collect(),
            smp_processor_id: 0,
            pid_tgid: rng.next_u64(),
            ingress_ifindex: 1,
            rx_queue_index: 0,
        }
    }
}

/// Mostly small values (0, 1, small ints) with some fully random bytes.
fn fill_biased(rng: &mut impl RngCore, buf: &mut [u8]) {
    match rng.gen_range(0..4) {
        0 => buf.fill(0),
        1 => {
            buf.fill(0);
            if !buf.is_empty() {
                buf[0] = rng.gen_range(0..4);
            }
        }
        _ => rng.fill_bytes(buf),
    }
}

/// A frame of 14..=max bytes: half the time Ethernet + IPv4/IPv6 + TCP/UDP headers.
pub fn random_packet(rng: &mut impl RngCore, max: usize) -> Vec<u8> {
    let max = max.max(14);
    let len = if rng.gen_bool(0.5) { max } else { rng.gen_range(14..=max) };
    let mut p = vec![0u8; len];
    rng.fill_bytes(&mut p);
    if rng.gen_bool(0.6) {
        let ethertype: u16 = match rng.gen_range(0..6) {
            0..=2 => 0x0800,
            3 => 0x86dd,
            4 => 0x8100,
            _ => rng.next_u32() as u16,
        };
        p[12..14].copy_from_slice(&ethertype.to_be_bytes());
        if rng.gen_bool(0.3) {
            p[0..6].fill(0);
        }
        let l3 = 14;
        if ethertype == 0x0800 && len >= l3 + 20 {
            p[l3] = 0x45;
            p[l3 + 9] = [6u8, 17, 1, 47][rng.gen_range(0..4)];
            p[l3 + 6] &= 0x1f; // mostly unfragmented
        } else if ethertype == 0x86dd && len >= l3 + 40 {
            p[l3] = 0x60;
            p[l3 + 6] = [6u8, 17, 58, 0][rng.gen_range(0..4)];
        }
    }
    p
}
