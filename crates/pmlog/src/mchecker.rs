//! Crash-consistency checker for the multilog ([`crate::multilog`]).
//!
//! Same crash model and enumeration as [`crate::checker`] (a recording [`SimRegion`], the
//! [`PersistTracker`] with 8- or 64-byte atomic units, every crash point, every crash image), on
//! operation sequences over several logs. At every crash state it checks:
//! 1. recovery succeeds and yields, for **every** log at once, the committed state before the
//!    operation in flight or after it (after it returned: only after it). A state where one log has
//!    the new commit and another the old one is a failure: that is the atomicity claim.
//! 2. probes: on the recovered multilog, re-append every log's in-flight bytes without committing
//!    (the second probe first advances one log's head by a byte, durably), persist every store,
//!    recover again: the state must be the recovered one (uncommitted data never becomes visible,
//!    new appends never overwrite committed bytes).
//! 3. second crash: for one crash image per crash point inside a commit or head advance, reopen it
//!    on a recording region, re-append the in-flight bytes, commit, and check every crash state of
//!    that run (exhaustive up to 4,096 images per point, else 64 random ones): the recovered state,
//!    or once the commit started also the new one, after it returned only the new one.
//!
//! Plus a corruption check on the final image: every single-bit flip in the header, the selector
//! word and the active metadata copy must make recovery fail or leave the state unchanged (never
//! a different state). That is what the CRCs are for; crashes alone never tear the selector.

use crate::checker::{next_pick, Committed, Mode, Report};
use crate::multilog::{recover_multi, MultiLog, MultiProtocol};
use crate::region::PmRegion;
use crate::sim::{Event, PersistTracker, SimRegion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use crate::checker::pattern;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MOp {
    /// Tentatively append to log `.0`.
    Append(usize, Vec<u8>),
    /// One commit of every log's pending appends.
    Commit,
    /// Advance log `.0`'s head to this absolute logical position.
    AdvanceHead(usize, u64),
}

#[derive(Clone, Debug)]
pub struct MConfig {
    pub name: String,
    pub capacities: Vec<u64>,
    pub ops: Vec<MOp>,
    pub protocol: MultiProtocol,
    /// Atomic unit of the crash model: 8 (aligned words) or 64 (cache lines).
    pub unit: usize,
    pub mode: Mode,
}

/// Every log's committed state.
type MState = Vec<Committed>;

#[derive(Clone, Debug)]
struct Spec {
    committed: MState,
    pending: Vec<Vec<u8>>,
}

impl Spec {
    fn new(n: usize) -> Spec {
        Spec {
            committed: vec![
                Committed {
                    head: 0,
                    tail: 0,
                    bytes: vec![]
                };
                n
            ],
            pending: vec![vec![]; n],
        }
    }

    fn apply(&mut self, op: &MOp) {
        match op {
            MOp::Append(i, d) => self.pending[*i].extend_from_slice(d),
            MOp::Commit => {
                for (c, p) in self.committed.iter_mut().zip(&mut self.pending) {
                    c.tail += p.len() as u64;
                    c.bytes.append(p);
                }
            }
            MOp::AdvanceHead(i, to) => {
                let c = &mut self.committed[*i];
                let n = (to - c.head) as usize;
                c.bytes.drain(..n);
                c.head = *to;
            }
        }
    }
}

struct OpRecord {
    end: usize,
    before: MState,
    after: MState,
    /// Every log's uncommitted bytes while this op runs.
    in_flight: Vec<Vec<u8>>,
    /// The op publishes a new durable state (commit or head advance).
    publishes: bool,
}

const LOG_ID: u64 = 0x3A17_106D;

fn open(img: Vec<u8>, p: MultiProtocol) -> Result<MultiLog<SimRegion>, String> {
    MultiLog::open_with(SimRegion::from_image(img), p).map_err(|e| e.to_string())
}

pub fn run(cfg: &MConfig) -> Report {
    let mut report = Report {
        name: cfg.name.clone(),
        ..Default::default()
    };
    let (base, trace, ops, final_img) = match record(cfg) {
        Ok(x) => x,
        Err(e) => {
            fail(
                &mut report,
                format!("{}: workload failed on the multilog itself: {e}", cfg.name),
            );
            return report;
        }
    };
    let mut tracker = PersistTracker::new(base, cfg.unit);
    let mut rng = ChaCha8Rng::seed_from_u64(match cfg.mode {
        Mode::Sampled { seed, .. } => seed,
        Mode::Exhaustive { .. } => 0,
    });
    let initial = Spec::new(cfg.capacities.len()).committed;
    let none = vec![vec![]; cfg.capacities.len()];
    check_point(
        cfg,
        &tracker,
        0,
        &[initial],
        &none,
        false,
        &mut rng,
        &mut report,
    );
    let mut k = 0;
    for (i, ev) in trace.iter().enumerate() {
        tracker.apply(ev);
        let p = i + 1;
        while ops[k].end < p {
            k += 1;
        }
        let op = &ops[k];
        let allowed = if p == op.end {
            vec![op.after.clone()]
        } else {
            vec![op.before.clone(), op.after.clone()]
        };
        check_point(
            cfg,
            &tracker,
            p,
            &allowed,
            &op.in_flight,
            op.publishes,
            &mut rng,
            &mut report,
        );
        if report.failures > 0 {
            return report;
        }
    }
    if let Some(last) = ops.last() {
        corruption_check(cfg, &final_img, &last.after, &mut report);
    }
    report
}

type Recorded = (Vec<u8>, Vec<Event>, Vec<OpRecord>, Vec<u8>);

fn record(cfg: &MConfig) -> Result<Recorded, String> {
    let len = MultiLog::<SimRegion>::region_len_for(&cfg.capacities).ok_or("bad capacities")?;
    let m = MultiLog::create_with(SimRegion::new(len), &cfg.capacities, LOG_ID, cfg.protocol)
        .map_err(|e| e.to_string())?;
    let base = m.into_region().into_image();
    let mut m = MultiLog::open_with(SimRegion::recording(base.clone()), cfg.protocol)
        .map_err(|e| e.to_string())?;
    let mut spec = Spec::new(cfg.capacities.len());
    let mut ops = Vec::new();
    for (i, op) in cfg.ops.iter().enumerate() {
        let before = spec.committed.clone();
        // The bytes this op may make durable or leave pending: every log's pending appends,
        // including this op's own.
        let mut in_flight = spec.pending.clone();
        if let MOp::Append(l, d) = op {
            in_flight[*l].extend_from_slice(d);
        }
        let r = match op {
            MOp::Append(l, d) => m.tentatively_append(*l, d).map(|_| ()),
            MOp::Commit => m.commit(),
            MOp::AdvanceHead(l, to) => m.advance_head(*l, *to),
        };
        r.map_err(|e| format!("op {i} {op:?}: {e}"))?;
        spec.apply(op);
        ops.push(OpRecord {
            end: m.region().trace_len(),
            before,
            after: spec.committed.clone(),
            in_flight,
            publishes: !matches!(op, MOp::Append(..)),
        });
    }
    let trace = m.region().trace().to_vec();
    if !trace.is_empty() && ops.last().map(|o| o.end) != Some(trace.len()) {
        return Err("trace does not end with the last op".into());
    }
    let final_img = m.region().bytes().to_vec();
    Ok((base, trace, ops, final_img))
}

#[allow(clippy::too_many_arguments)]
fn check_point(
    cfg: &MConfig,
    tracker: &PersistTracker,
    point: usize,
    allowed: &[MState],
    in_flight: &[Vec<u8>],
    publishes: bool,
    rng: &mut ChaCha8Rng,
    report: &mut Report,
) {
    report.crash_points += 1;
    let choices = tracker.choices();
    let mut nested_left = usize::from(publishes);
    let mut check = |pick: &[usize], report: &mut Report| {
        report.crash_states += 1;
        let img = tracker.image(&choices, pick);
        let result = check_image(cfg, img.clone(), allowed, in_flight).and_then(|got| {
            if nested_left > 0 {
                nested_left -= 1;
                report.second_crash_states += second_crash(cfg, img, &got, in_flight)?;
            }
            Ok(())
        });
        if let Err(why) = result {
            fail(
                report,
                format!(
                    "{}: crash point {point}, unit choice {pick:?} of {choices:?}: {why}",
                    cfg.name
                ),
            );
        }
    };
    match cfg.mode {
        Mode::Exhaustive { max_per_point } => {
            let total = tracker.state_count();
            if total > max_per_point {
                fail(
                    report,
                    format!(
                        "{}: crash point {point} has {total} states, over the exhaustive limit",
                        cfg.name
                    ),
                );
                return;
            }
            // The all-persisted image first: it is the one that gets the second-crash check.
            let all: Vec<usize> = choices.iter().map(|c| c.1 - 1).collect();
            check(&all, report);
            let mut pick = vec![0usize; choices.len()];
            loop {
                if pick != all {
                    check(&pick, report);
                }
                if report.failures > 0 {
                    return;
                }
                if !next_pick(&mut pick, &choices) {
                    break;
                }
            }
        }
        Mode::Sampled { per_point, .. } => {
            let all: Vec<usize> = choices.iter().map(|c| c.1 - 1).collect();
            check(&all, report);
            if choices.is_empty() {
                return;
            }
            check(&vec![0; choices.len()], report);
            for _ in 0..per_point {
                let pick: Vec<usize> = choices.iter().map(|c| rng.gen_range(0..c.1)).collect();
                check(&pick, report);
            }
        }
    }
}

fn check_image(
    cfg: &MConfig,
    img: Vec<u8>,
    allowed: &[MState],
    in_flight: &[Vec<u8>],
) -> Result<MState, String> {
    let m = open(img, cfg.protocol).map_err(|e| format!("recovery failed: {e}"))?;
    let got = state_of(&m)?;
    if !allowed.contains(&got) {
        return Err(format!(
            "recovered {} but allowed {}",
            show(&got),
            allowed
                .iter()
                .map(|s| show(s))
                .collect::<Vec<_>>()
                .join(" or ")
        ));
    }
    if in_flight.iter().all(|b| b.is_empty()) {
        return Ok(got);
    }
    let img = m.into_region().into_image();
    probe(cfg, img.clone(), &got, in_flight, false)?;
    probe(cfg, img, &got, in_flight, true)?;
    Ok(got)
}

/// Re-append the in-flight bytes (uncommitted) on the recovered multilog, persist everything,
/// recover again: nothing may change (with `advance`, one log's head first moves by one byte).
fn probe(
    cfg: &MConfig,
    img: Vec<u8>,
    got: &MState,
    in_flight: &[Vec<u8>],
    advance: bool,
) -> Result<(), String> {
    let mut m = open(img, cfg.protocol).map_err(|e| format!("probe: reopen failed: {e}"))?;
    let mut want = got.clone();
    if advance {
        let Some(i) = got.iter().position(|c| c.tail > c.head) else {
            return Ok(());
        };
        m.advance_head(i, got[i].head + 1)
            .map_err(|e| format!("probe: advance_head: {e}"))?;
        want[i].head += 1;
        want[i].bytes.remove(0);
    }
    for (i, b) in in_flight.iter().enumerate() {
        if !b.is_empty() && m.tentatively_append(i, b).is_err() {
            return Ok(());
        }
    }
    let again = state_of(
        &open(m.into_region().into_image(), cfg.protocol)
            .map_err(|e| format!("probe: second recovery failed: {e}"))?,
    )?;
    if again != want {
        return Err(format!(
            "probe (advance {advance}): expected {} after an uncommitted re-append, recovered {}",
            show(&want),
            show(&again)
        ));
    }
    Ok(())
}

/// A second crash during the first commit after recovering `img` (see the module doc).
fn second_crash(
    cfg: &MConfig,
    img: Vec<u8>,
    got: &MState,
    in_flight: &[Vec<u8>],
) -> Result<u64, String> {
    let mut m = MultiLog::open_with(SimRegion::recording(img.clone()), cfg.protocol)
        .map_err(|e| format!("second crash: reopen failed: {e}"))?;
    let mut after = got.clone();
    for (i, b) in in_flight.iter().enumerate() {
        if b.is_empty() {
            continue;
        }
        if m.tentatively_append(i, b).is_err() {
            return Ok(0);
        }
        after[i].tail += b.len() as u64;
        after[i].bytes.extend_from_slice(b);
    }
    if after == *got {
        return Ok(0);
    }
    let appended = m.region().trace_len();
    m.commit()
        .map_err(|e| format!("second crash: commit: {e}"))?;
    let trace = m.region().trace().to_vec();
    let mut tracker = PersistTracker::new(img, cfg.unit);
    let mut rng = ChaCha8Rng::seed_from_u64(trace.len() as u64);
    let mut states = 0;
    for (i, ev) in trace.iter().enumerate() {
        tracker.apply(ev);
        let p = i + 1;
        let allowed: Vec<MState> = if p < appended {
            vec![got.clone()]
        } else if p < trace.len() {
            vec![got.clone(), after.clone()]
        } else {
            vec![after.clone()]
        };
        let choices = tracker.choices();
        let mut picks: Vec<Vec<usize>> = Vec::new();
        if tracker.state_count() <= 4096 {
            let mut pick = vec![0usize; choices.len()];
            loop {
                picks.push(pick.clone());
                if !next_pick(&mut pick, &choices) {
                    break;
                }
            }
        } else {
            picks.extend((0..64).map(|_| choices.iter().map(|c| rng.gen_range(0..c.1)).collect()));
        }
        for pick in picks {
            states += 1;
            let m2 = open(tracker.image(&choices, &pick), cfg.protocol)
                .map_err(|e| format!("second crash at event {p}: recovery failed: {e}"))?;
            let again = state_of(&m2)?;
            if !allowed.contains(&again) {
                return Err(format!(
                    "second crash at event {p} {pick:?}: recovered {}",
                    show(&again)
                ));
            }
        }
    }
    Ok(states)
}

/// Every single-bit flip of the header, the selector word and the active copy's used bytes must
/// make recovery fail or leave the state `want` unchanged.
fn corruption_check(cfg: &MConfig, img: &[u8], want: &MState, report: &mut Report) {
    let Ok(rec) = recover_multi(img, true) else {
        fail(
            report,
            format!("{}: final image does not recover", cfg.name),
        );
        return;
    };
    let l = &rec.layout;
    let used = 12 + 16 * l.n_logs();
    let ranges = [
        (0, l.header_len),
        (l.selector_off, l.selector_off + 8),
        (l.copy_offs[rec.active], l.copy_offs[rec.active] + used),
    ];
    let mut bad = img.to_vec();
    for (lo, hi) in ranges {
        for byte in lo..hi {
            for bit in 0..8 {
                bad[byte] ^= 1 << bit;
                report.bit_flips += 1;
                if let Ok(m) = open(bad.clone(), cfg.protocol) {
                    match state_of(&m) {
                        Ok(s) if s == *want => {}
                        Ok(s) => fail(
                            report,
                            format!(
                                "{}: bit {bit} of byte {byte} flipped: recovered {} instead of an error",
                                cfg.name,
                                show(&s)
                            ),
                        ),
                        Err(e) => fail(report, format!("{}: flip at {byte}: {e}", cfg.name)),
                    }
                }
                bad[byte] ^= 1 << bit;
                if report.failures > 0 {
                    return;
                }
            }
        }
    }
}

fn state_of(m: &MultiLog<SimRegion>) -> Result<MState, String> {
    (0..m.n_logs())
        .map(|i| {
            let bytes = m
                .read(i, m.head(i), m.tail(i) - m.head(i))
                .map_err(|e| format!("read of log {i} after recovery: {e}"))?;
            Ok(Committed {
                head: m.head(i),
                tail: m.tail(i),
                bytes,
            })
        })
        .collect()
}

fn show(s: &[Committed]) -> String {
    s.iter()
        .enumerate()
        .map(|(i, c)| format!("log{i} [{}, {}) {:02x?}", c.head, c.tail, c.bytes))
        .collect::<Vec<_>>()
        .join("; ")
}

fn fail(report: &mut Report, msg: String) {
    report.failures += 1;
    if report.first_failure.is_none() {
        report.first_failure = Some(msg);
    }
}

/// Hand-written workloads over 2 and 3 logs: wraparound on every log, several logs per commit,
/// commits touching only some logs, head advances while other logs have pending appends, the same
/// bytes at the same place on every lap, an empty commit.
pub fn small_workloads() -> Vec<(String, Vec<u64>, Vec<MOp>)> {
    use MOp::*;
    let a = |l: usize, t: u8, n: usize| Append(l, pattern(t, n));
    vec![
        (
            "two-logs-cap32-48".into(),
            vec![32, 48],
            vec![
                a(0, 1, 8),
                a(1, 2, 5),
                Commit,
                a(1, 3, 11),
                a(0, 4, 6),
                a(0, 5, 3),
                Commit,
                AdvanceHead(0, 8),
                a(0, 6, 20),
                Commit,
                AdvanceHead(1, 16),
                a(1, 7, 30),
                AdvanceHead(0, 30),
                a(0, 8, 14),
                Commit,
                Commit,
            ],
        ),
        (
            "three-logs-cap24-40-16".into(),
            vec![24, 40, 16],
            vec![
                a(0, 1, 10),
                a(1, 2, 12),
                a(2, 3, 9),
                Commit,
                a(2, 4, 7),
                Commit,
                AdvanceHead(2, 9),
                a(0, 5, 14),
                a(2, 6, 9),
                a(1, 7, 20),
                Commit,
                AdvanceHead(1, 32),
                AdvanceHead(0, 24),
                a(1, 8, 30),
                a(0, 9, 20),
                Commit,
            ],
        ),
        (
            // The same bytes at the same physical place on every lap of both logs.
            "same-bytes-each-lap-two-logs-cap16".into(),
            vec![16, 16],
            vec![
                a(0, 7, 16),
                a(1, 7, 16),
                Commit,
                AdvanceHead(0, 16),
                AdvanceHead(1, 16),
                a(0, 7, 16),
                a(1, 7, 16),
                Commit,
                AdvanceHead(1, 32),
                a(1, 7, 16),
                Commit,
            ],
        ),
    ]
}

/// Bigger commits: three logs of 64 bytes, 16-24 bytes per log per commit (up to ~20 dirty
/// 8-byte units at the first fence of a commit, i.e. ~10^6 crash images at one point).
pub fn large_workloads() -> Vec<(String, Vec<u64>, Vec<MOp>)> {
    use MOp::*;
    let a = |l: usize, t: u8, n: usize| Append(l, pattern(t, n));
    vec![(
        "three-logs-big-commits-cap64".into(),
        vec![64, 64, 64],
        vec![
            a(0, 1, 24),
            a(1, 2, 16),
            a(2, 3, 20),
            Commit,
            AdvanceHead(0, 20),
            AdvanceHead(2, 20),
            a(0, 4, 16),
            a(1, 5, 24),
            a(2, 6, 24),
            Commit,
            AdvanceHead(1, 40),
            a(2, 7, 20),
            a(0, 8, 20),
            a(1, 9, 20),
            Commit,
        ],
    )]
}

/// Every small workload x crash unit (8 and 64 bytes), exhaustive.
pub fn small_exhaustive_configs(protocol: MultiProtocol) -> Vec<MConfig> {
    let mut out = Vec::new();
    for (w, caps, ops) in small_workloads().into_iter().chain(large_workloads()) {
        for unit in [8, 64] {
            out.push(MConfig {
                name: format!("multilog/{w}/unit{unit}"),
                capacities: caps.clone(),
                ops: ops.clone(),
                protocol,
                unit,
                mode: Mode::Exhaustive {
                    max_per_point: 1 << 22,
                },
            });
        }
    }
    out
}

/// A random valid workload over `caps.len()` logs: appends of 1..=max_len bytes to random logs,
/// commits, head advances; at most `max_pending` uncommitted bytes in all (a commit is forced).
pub fn random_workload(
    seed: u64,
    caps: &[u64],
    n_ops: usize,
    max_len: usize,
    max_pending: usize,
) -> Vec<MOp> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut spec = Spec::new(caps.len());
    let mut ops = Vec::new();
    let mut tag = 0u8;
    while ops.len() < n_ops {
        let pending: usize = spec.pending.iter().map(Vec::len).sum();
        let l = rng.gen_range(0..caps.len());
        let op = match rng.gen_range(0..10) {
            _ if pending >= max_pending => MOp::Commit,
            0..=5 => {
                let used = spec.committed[l].bytes.len() + spec.pending[l].len();
                let free = caps[l] as usize - used;
                if free == 0 {
                    continue;
                }
                tag = tag.wrapping_add(1);
                let n = rng.gen_range(1..=max_len.min(free));
                let mut d = pattern(tag, n);
                d.iter_mut().for_each(|b| *b ^= rng.gen::<u8>() & 0xf0);
                MOp::Append(l, d)
            }
            6..=7 => MOp::Commit,
            _ => {
                let c = &spec.committed[l];
                MOp::AdvanceHead(l, rng.gen_range(c.head..=c.tail))
            }
        };
        spec.apply(&op);
        ops.push(op);
    }
    ops.push(MOp::Commit);
    ops
}

/// Random workloads over 2 or 3 logs of capacity 40-64, checked exhaustively with 8-byte units
/// (`crashcheck --exhaustive` runs 100 of them).
pub fn random_exhaustive_configs(protocol: MultiProtocol, count: u64) -> Vec<MConfig> {
    (0..count)
        .map(|s| {
            let caps: Vec<u64> = if s % 2 == 0 {
                vec![64, 40]
            } else {
                vec![48, 40, 56]
            };
            MConfig {
                name: format!("multilog/random-seed{}-{}logs/unit8", 500 + s, caps.len()),
                ops: random_workload(500 + s, &caps, 24, 16, 24),
                capacities: caps,
                protocol,
                unit: 8,
                mode: Mode::Exhaustive {
                    max_per_point: 1 << 22,
                },
            }
        })
        .collect()
}

/// Larger random configurations (3 logs of 200-1000 bytes, 40 ops), sampled.
pub fn sampled_configs(protocol: MultiProtocol, count: u64, per_point: usize) -> Vec<MConfig> {
    (0..count)
        .map(|s| {
            let caps = vec![200, 512, 1000];
            MConfig {
                name: format!("multilog/random-seed{s}-3logs/unit8"),
                ops: random_workload(900 + s, &caps, 40, 120, usize::MAX),
                capacities: caps,
                protocol,
                unit: 8,
                mode: Mode::Sampled { per_point, seed: s },
            }
        })
        .collect()
}
