//! Measurement of field functions: throughput (independent repeated calls) and chained latency
//! (each output is the next call's input), adaptive batch sizes, randomized order across
//! implementations, medians with p10/p90.
//!
//! The clock is behind a trait. Hardware cycle counters via `perf_event_open` are used when the
//! kernel offers them (probed at start-up); otherwise a monotonic-clock fallback is used and every
//! report says so (this VM has no PMC: `perf stat -e cycles` reports <not supported>).

use crate::guard::{run_guarded, GuardedBuf};
use crate::jit::FieldFn;
use rand::seq::SliceRandom;
use rand::Rng;
use std::time::Instant;

/// A counter of elapsed "ticks" around a batch of calls.
pub trait Clock {
    /// What one tick is, for reports: "cycles (PMC)" or "ns (clock_gettime fallback, no PMC)".
    fn unit(&self) -> &'static str;
    fn now(&mut self) -> u64;
}

/// CPU cycles of this thread from a hardware performance counter.
pub struct PmcClock {
    fd: i32,
}

#[repr(C)]
#[derive(Default)]
struct PerfEventAttr {
    type_: u32,
    size: u32,
    config: u64,
    sample_period: u64,
    sample_type: u64,
    read_format: u64,
    flags: u64,
    wakeup_events: u32,
    bp_type: u32,
    config1: u64,
    config2: u64,
    branch_sample_type: u64,
    sample_regs_user: u64,
    sample_stack_user: u32,
    clockid: i32,
    sample_regs_intr: u64,
    aux_watermark: u32,
    sample_max_stack: u16,
    reserved: u16,
}

impl PmcClock {
    /// Opens PERF_COUNT_HW_CPU_CYCLES for the calling thread (user space only); `None` if unsupported.
    pub fn probe() -> Option<PmcClock> {
        let mut attr = PerfEventAttr { size: std::mem::size_of::<PerfEventAttr>() as u32, ..Default::default() };
        attr.type_ = 0; // PERF_TYPE_HARDWARE
        attr.config = 0; // PERF_COUNT_HW_CPU_CYCLES
        attr.flags = 1 << 5 | 1 << 6; // exclude_kernel | exclude_hv
        let fd = unsafe { libc::syscall(libc::SYS_perf_event_open, &attr as *const PerfEventAttr, 0, -1, -1, 0) } as i32;
        if fd < 0 {
            return None;
        }
        let mut c = PmcClock { fd };
        // Some hypervisors open the event but never count: require progress.
        let a = c.now();
        let mut x = 0u64;
        for i in 0..100_000u64 {
            x = x.wrapping_add(i * i);
        }
        std::hint::black_box(x);
        if c.now() <= a {
            return None;
        }
        Some(c)
    }
}

impl Drop for PmcClock {
    fn drop(&mut self) {
        unsafe {
            libc::close(self.fd);
        }
    }
}

impl Clock for PmcClock {
    fn unit(&self) -> &'static str {
        "cycles (PMC)"
    }
    fn now(&mut self) -> u64 {
        let mut v = 0u64;
        unsafe {
            libc::read(self.fd, &mut v as *mut u64 as *mut libc::c_void, 8);
        }
        v
    }
}

/// Monotonic wall clock in nanoseconds (the fallback when no PMC exists).
pub struct WallClock {
    start: Instant,
}

impl Clock for WallClock {
    fn unit(&self) -> &'static str {
        "ns (clock_gettime fallback, no PMC)"
    }
    fn now(&mut self) -> u64 {
        self.start.elapsed().as_nanos() as u64
    }
}

/// The best clock available: PMC cycles if they work, else the wall clock.
pub fn best_clock() -> Box<dyn Clock + Send> {
    match PmcClock::probe() {
        Some(c) => Box::new(c),
        None => Box::new(WallClock { start: Instant::now() }),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Throughput,
    Latency,
}

/// Summary of one implementation in one mode: ticks per call.
#[derive(Clone, Debug)]
pub struct Stats {
    pub median: f64,
    pub p10: f64,
    pub p90: f64,
    pub samples: usize,
}

pub fn stats(mut xs: Vec<f64>) -> Stats {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let q = |p: f64| xs[((xs.len() - 1) as f64 * p).round() as usize];
    Stats { median: q(0.5), p10: q(0.1), p90: q(0.9), samples: xs.len() }
}

/// Inputs and buffers for one measured function. Every buffer is sized from the declared shape
/// and placed against a guard page (`guard`): the two chained buffers are each the first
/// argument of one call and the output of the other, so each holds max(argument length, output
/// length) limbs (a function whose output is longer than its input, like dbl2, used to write
/// past a buffer sized for the input here).
pub struct Bench {
    pub f: FieldFn,
    pub limbs: usize,
    bufs: [GuardedBuf; 2],
    arg2: GuardedBuf,
}

impl Bench {
    /// `inputs[k]` has argument `k`'s declared length; `limbs` is the output's. For latency,
    /// each output is the next call's first argument: meaningful timing needs outputs that are
    /// valid inputs again (true for Fiat mul/square), memory safety does not.
    pub fn new(f: FieldFn, limbs: usize, inputs: &[Vec<u64>]) -> Bench {
        let a1 = &inputs[0];
        let both = a1.len().max(limbs);
        let a2 = inputs.get(1).unwrap_or(a1);
        Bench { f, limbs, bufs: [GuardedBuf::with(a1, both), GuardedBuf::new(both)], arg2: GuardedBuf::with(a2, a2.len()) }
    }

    /// Runs `n` calls; returns ticks.
    pub fn batch_ticks(&mut self, clock: &mut dyn Clock, mode: Mode, n: usize) -> u64 {
        let [a, b] = &mut self.bufs;
        let (pa, pb, p2) = (a.as_mut_ptr(), b.as_mut_ptr(), self.arg2.as_ptr());
        let t0 = clock.now();
        // SAFETY: buffers of the declared shapes against guard pages; a fault is reported by
        // `run_guarded` (one line, exit 1), never silent corruption.
        run_guarded(|| unsafe {
            match mode {
                Mode::Throughput => {
                    for _ in 0..n {
                        (self.f)(pb, pa, p2);
                    }
                }
                Mode::Latency => {
                    for _ in 0..n / 2 {
                        (self.f)(pb, pa, p2);
                        (self.f)(pa, pb, p2);
                    }
                }
            }
        });
        let t1 = clock.now();
        std::hint::black_box(self.bufs[0].as_slice());
        t1 - t0
    }
}

/// Measures every bench in both modes: `rounds` rounds, each visiting the benches in a fresh
/// random order; the batch size is fixed per bench so that one batch takes about `target` ticks.
pub fn measure(benches: &mut [Bench], clock: &mut dyn Clock, rounds: usize, target: u64, rng: &mut impl Rng) -> Vec<[Stats; 2]> {
    let modes = [Mode::Throughput, Mode::Latency];
    let mut sizes = vec![[2usize; 2]; benches.len()];
    for (i, b) in benches.iter_mut().enumerate() {
        for (m, &mode) in modes.iter().enumerate() {
            let mut n = 2;
            while n < 1 << 24 && b.batch_ticks(clock, mode, n) < target {
                n *= 2;
            }
            sizes[i][m] = n;
        }
    }
    let mut samples = vec![[Vec::new(), Vec::new()]; benches.len()];
    let mut jobs: Vec<(usize, usize)> = (0..benches.len()).flat_map(|i| [(i, 0), (i, 1)]).collect();
    for _ in 0..rounds {
        jobs.shuffle(rng);
        for &(i, m) in &jobs {
            let n = sizes[i][m];
            let t = benches[i].batch_ticks(clock, modes[m], n);
            samples[i][m].push(t as f64 / n as f64);
        }
    }
    samples.into_iter().map(|[a, b]| [stats(a), stats(b)]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_picks_median_and_deciles() {
        let s = stats((1..=11).map(|x| x as f64).rev().collect());
        assert_eq!((s.median, s.p10, s.p90, s.samples), (6.0, 2.0, 10.0, 11));
    }

    #[test]
    fn wall_clock_advances_over_a_batch() {
        let mut c = WallClock { start: Instant::now() };
        let a = c.now();
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert!(c.now() >= a + 1_000_000);
        assert!(c.unit().contains("no PMC"));
    }
}
