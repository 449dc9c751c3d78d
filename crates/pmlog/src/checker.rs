//! Crash-consistency checker.
//!
//! Runs an operation sequence against the log on a recording [`SimRegion`] and against an
//! abstract model (the committed byte sequence). Then, for every crash point (after each recorded
//! store/flush/fence, i.e. inside and between all operations, so every prefix of the sequence)
//! and every crash image the model of `crate::sim` allows there (all of them, or a random sample
//! on large configurations), it recovers and checks:
//! 1. recovery succeeds and yields exactly the last committed state, or the state of the
//!    operation in flight if that operation had not returned yet (its commit point may have been
//!    reached); once an operation returned, only its result is allowed;
//! 2. (probe) after that recovery, re-appending the in-flight bytes without committing and
//!    crashing with all of them persisted still recovers the same state: a rejected commit record
//!    can never come back to life.

use crate::layout::DATA_OFFSET;
use crate::log::{PmLog, Protocol, SumKind, Tuning};
use crate::region::PmRegion;
use crate::sim::{PersistTracker, SimRegion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    Append(Vec<u8>),
    Commit,
    /// `PmLog::append`: append and commit in one call (its fast path when nothing is pending).
    AppendCommit(Vec<u8>),
    /// Advance the head to this absolute logical position.
    AdvanceHead(u64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every crash image; a point with more than `max_per_point` images is reported as a failure
    /// (never silently sampled).
    Exhaustive { max_per_point: u128 },
    /// `per_point` random images per crash point plus the two extremes (nothing / everything
    /// unflushed persisted).
    Sampled { per_point: usize, seed: u64 },
}

#[derive(Clone, Debug)]
pub struct Config {
    pub name: String,
    pub capacity: usize,
    pub ops: Vec<Op>,
    pub protocol: Protocol,
    pub tuning: Tuning,
    /// Atomic unit of the crash model: 8 (aligned words) or 64 (cache lines).
    pub unit: usize,
    pub mode: Mode,
}

#[derive(Clone, Debug, Default)]
pub struct Report {
    pub name: String,
    pub crash_points: u64,
    pub crash_states: u64,
    /// States of a second crash, checked after recoveries that rolled a commit back (see
    /// `second_crash`).
    pub second_crash_states: u64,
    /// Single-bit corruptions of the metadata checked (multilog checker only).
    pub bit_flips: u64,
    pub failures: u64,
    pub first_failure: Option<String>,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.failures == 0
    }
}

/// The abstract state: committed bytes `[head, tail)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Committed {
    pub head: u64,
    pub tail: u64,
    pub bytes: Vec<u8>,
}

/// Abstract model of the log (the specification the checker compares against).
#[derive(Clone, Debug)]
struct Spec {
    committed: Committed,
    pending: Vec<u8>,
}

impl Spec {
    fn apply(&mut self, op: &Op) {
        match op {
            Op::Append(d) => self.pending.extend_from_slice(d),
            Op::Commit => {
                self.committed.tail += self.pending.len() as u64;
                self.committed.bytes.append(&mut self.pending);
            }
            Op::AppendCommit(d) => {
                self.apply(&Op::Append(d.clone()));
                self.apply(&Op::Commit);
            }
            Op::AdvanceHead(to) => {
                let n = (to - self.committed.head) as usize;
                self.committed.bytes.drain(..n);
                self.committed.head = *to;
            }
        }
    }
}

/// What one operation did: trace range and the committed states around it.
struct OpRecord {
    end: usize,
    before: Committed,
    after: Committed,
    in_flight: Vec<u8>,
}

pub fn run(cfg: &Config) -> Report {
    let mut report = Report {
        name: cfg.name.clone(),
        ..Default::default()
    };
    let (base, trace, ops) = match record(cfg) {
        Ok(x) => x,
        Err(e) => {
            fail(
                &mut report,
                format!("{}: workload failed on the log itself: {e}", cfg.name),
            );
            return report;
        }
    };
    let mut tracker = PersistTracker::new(base, cfg.unit);
    let mut rng = ChaCha8Rng::seed_from_u64(match cfg.mode {
        Mode::Sampled { seed, .. } => seed,
        Mode::Exhaustive { .. } => 0,
    });
    let initial = ops.first().map(|o| o.before.clone()).unwrap_or(Committed {
        head: 0,
        tail: 0,
        bytes: vec![],
    });
    check_point(cfg, &tracker, 0, &[initial], &[], &mut rng, &mut report);
    let mut k = 0;
    for (i, ev) in trace.iter().enumerate() {
        tracker.apply(ev);
        let p = i + 1;
        while ops[k].end < p {
            k += 1;
        }
        let op = &ops[k];
        let allowed: Vec<Committed> = if p == op.end {
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
            &mut rng,
            &mut report,
        );
        if report.failures > 0 {
            break; // one counterexample is enough; the rest would repeat it
        }
    }
    report
}

type Recorded = (Vec<u8>, Vec<crate::sim::Event>, Vec<OpRecord>);

/// Formats a log, then runs the ops on a recording region and on the model.
fn record(cfg: &Config) -> Result<Recorded, String> {
    let fresh = SimRegion::new(DATA_OFFSET + cfg.capacity);
    let log = PmLog::create_with(fresh, 0x5EED_F00D, cfg.protocol, cfg.tuning)
        .map_err(|e| e.to_string())?;
    let base = log.into_region().into_image();
    let mut log = PmLog::open_with(SimRegion::recording(base.clone()), cfg.protocol, cfg.tuning)
        .map_err(|e| e.to_string())?;
    let mut spec = Spec {
        committed: Committed {
            head: 0,
            tail: 0,
            bytes: vec![],
        },
        pending: vec![],
    };
    let mut ops = Vec::new();
    for (i, op) in cfg.ops.iter().enumerate() {
        let before = spec.committed.clone();
        let mut in_flight = spec.pending.clone();
        if let Op::Append(d) | Op::AppendCommit(d) = op {
            in_flight.extend_from_slice(d);
        }
        let r = match op {
            Op::Append(d) => log.tentatively_append(d).map(|_| ()),
            Op::Commit => log.commit(),
            Op::AppendCommit(d) => log.append(d).map(|_| ()),
            Op::AdvanceHead(to) => log.advance_head(*to),
        };
        r.map_err(|e| format!("op {i} {op:?}: {e}"))?;
        spec.apply(op);
        ops.push(OpRecord {
            end: log.region().trace_len(),
            before,
            after: spec.committed.clone(),
            in_flight,
        });
    }
    let trace = log.region().trace().to_vec();
    if ops.last().map(|o| o.end) != Some(trace.len()) && !trace.is_empty() {
        return Err("trace does not end with the last op".into());
    }
    Ok((base, trace, ops))
}

fn check_point(
    cfg: &Config,
    tracker: &PersistTracker,
    point: usize,
    allowed: &[Committed],
    in_flight: &[u8],
    rng: &mut ChaCha8Rng,
    report: &mut Report,
) {
    report.crash_points += 1;
    let choices = tracker.choices();
    let mut nested_left = 2;
    let mut check = |pick: &[usize], report: &mut Report| {
        report.crash_states += 1;
        let img = tracker.image(&choices, pick);
        let result =
            check_image(cfg, img.clone(), allowed, in_flight).and_then(|(got, rolled_back)| {
                if rolled_back && nested_left > 0 && !in_flight.is_empty() {
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
            let mut pick = vec![0usize; choices.len()];
            loop {
                check(&pick, report);
                if report.failures > 0 {
                    return;
                }
                if !next_pick(&mut pick, &choices) {
                    break;
                }
            }
        }
        Mode::Sampled { per_point, .. } => {
            check(&vec![0; choices.len()], report);
            if choices.is_empty() {
                return;
            }
            let all: Vec<usize> = choices.iter().map(|c| c.1 - 1).collect();
            check(&all, report);
            for _ in 0..per_point {
                let pick: Vec<usize> = choices.iter().map(|c| rng.gen_range(0..c.1)).collect();
                check(&pick, report);
            }
        }
    }
}

/// Odometer over the candidate indices; false when it wrapped around.
pub(crate) fn next_pick(pick: &mut [usize], choices: &[(usize, usize)]) -> bool {
    for (p, c) in pick.iter_mut().zip(choices) {
        *p += 1;
        if *p < c.1 {
            return true;
        }
        *p = 0;
    }
    false
}

/// Recovers one crash image and checks it against the allowed states, then runs the probe.
/// Returns the recovered state and whether recovery left a rejected record to erase.
fn check_image(
    cfg: &Config,
    img: Vec<u8>,
    allowed: &[Committed],
    in_flight: &[u8],
) -> Result<(Committed, bool), String> {
    let log = PmLog::open_with(SimRegion::from_image(img), cfg.protocol, cfg.tuning)
        .map_err(|e| format!("recovery failed: {e}"))?;
    let got = committed_of(&log)?;
    let rolled_back = log.has_pending_erase();
    if !allowed.contains(&got) {
        return Err(format!(
            "recovered {} but allowed {}",
            show(&got),
            allowed.iter().map(show).collect::<Vec<_>>().join(" or ")
        ));
    }
    if in_flight.is_empty() {
        return Ok((got, rolled_back));
    }
    probe(cfg, log.region().bytes().to_vec(), &got, in_flight, false)?;
    probe(cfg, log.into_region().into_image(), &got, in_flight, true)?;
    Ok((got, rolled_back))
}

/// A second crash after a recovery that rolled a commit back: on the crash image `img`, reopen,
/// re-append the in-flight bytes and commit them on a recording region, then check every crash
/// state of that run (the erase of the rejected record, the data, the commit) exhaustively, or 64
/// random images at a point with more than 4096. Before the commit starts only the recovered state
/// is allowed; during it also the new one; after it only the new one.
fn second_crash(
    cfg: &Config,
    img: Vec<u8>,
    got: &Committed,
    in_flight: &[u8],
) -> Result<u64, String> {
    let mut log = PmLog::open_with(SimRegion::recording(img.clone()), cfg.protocol, cfg.tuning)
        .map_err(|e| format!("second crash: reopen failed: {e}"))?;
    if log.tentatively_append(in_flight).is_err() {
        return Ok(0);
    }
    let appended = log.region().trace_len();
    log.commit()
        .map_err(|e| format!("second crash: commit: {e}"))?;
    let trace = log.region().trace().to_vec();
    let mut after = got.clone();
    after.tail += in_flight.len() as u64;
    after.bytes.extend_from_slice(in_flight);
    let mut tracker = PersistTracker::new(img, cfg.unit);
    let mut rng = ChaCha8Rng::seed_from_u64(trace.len() as u64);
    let mut states = 0;
    for (i, ev) in trace.iter().enumerate() {
        tracker.apply(ev);
        let p = i + 1;
        let allowed: Vec<Committed> = if p < appended {
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
            let log2 = PmLog::open_with(
                SimRegion::from_image(tracker.image(&choices, &pick)),
                cfg.protocol,
                cfg.tuning,
            )
            .map_err(|e| format!("second crash at event {p}: recovery failed: {e}"))?;
            let again = committed_of(&log2)?;
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

/// After recovery: optionally advance the head by one byte (a durable operation), then re-append
/// the in-flight bytes without committing, persist every store, recover again. The state must be
/// the recovered one (with the advanced head): no rejected record revives, nothing durable is lost.
fn probe(
    cfg: &Config,
    img: Vec<u8>,
    got: &Committed,
    in_flight: &[u8],
    advance: bool,
) -> Result<(), String> {
    let mut log = PmLog::open_with(SimRegion::from_image(img), cfg.protocol, cfg.tuning)
        .map_err(|e| format!("probe: reopen failed: {e}"))?;
    let mut want = got.clone();
    if advance {
        if got.tail == got.head {
            return Ok(());
        }
        log.advance_head(got.head + 1)
            .map_err(|e| format!("probe: advance_head: {e}"))?;
        want.head += 1;
        want.bytes.remove(0);
    }
    if log.tentatively_append(in_flight).is_err() {
        return Ok(());
    }
    let after = log.into_region().into_image();
    let log2 = PmLog::open_with(SimRegion::from_image(after), cfg.protocol, cfg.tuning)
        .map_err(|e| format!("probe: second recovery failed: {e}"))?;
    let again = committed_of(&log2)?;
    if again != want {
        return Err(format!(
            "probe (advance {advance}): expected {} after an uncommitted re-append, recovered {}",
            show(&want),
            show(&again)
        ));
    }
    Ok(())
}

fn committed_of(log: &PmLog<SimRegion>) -> Result<Committed, String> {
    let bytes = log
        .read(log.head(), log.tail() - log.head())
        .map_err(|e| format!("read after recovery: {e}"))?;
    Ok(Committed {
        head: log.head(),
        tail: log.tail(),
        bytes,
    })
}

fn show(c: &Committed) -> String {
    format!("[{}, {}) {:02x?}", c.head, c.tail, c.bytes)
}

fn fail(report: &mut Report, msg: String) {
    report.failures += 1;
    if report.first_failure.is_none() {
        report.first_failure = Some(msg);
    }
}

/// `n` bytes that differ from every other append in a workload (so lost or stale bytes show).
pub fn pattern(tag: u8, n: usize) -> Vec<u8> {
    (0..n)
        .map(|i| tag.wrapping_mul(37).wrapping_add(i as u8).wrapping_add(1) | 1)
        .collect()
}

/// The small workloads checked exhaustively (capacity small enough to wrap several times).
pub fn small_workloads() -> Vec<(String, usize, Vec<Op>)> {
    use Op::*;
    let a = |t: u8, n: usize| Append(pattern(t, n));
    let ac = |t: u8, n: usize| AppendCommit(pattern(t, n));
    vec![
        (
            "wrap-cap64".into(),
            64,
            vec![
                a(1, 8),
                Commit,
                a(2, 5),
                a(3, 11),
                Commit,
                AdvanceHead(8),
                a(4, 24),
                Commit,
                AdvanceHead(48),
                a(5, 30),
                Commit,
                Commit,
            ],
        ),
        (
            "fill-and-drain-cap48".into(),
            48,
            vec![
                a(1, 48),
                Commit,
                AdvanceHead(16),
                a(2, 16),
                Commit,
                AdvanceHead(64),
                a(3, 12),
                a(4, 4),
                Commit,
                AdvanceHead(80),
            ],
        ),
        (
            // `PmLog::append`: its fast path (nothing pending, no wrap, up to exactly the end of
            // the data area, a full-capacity entry) and its fallbacks (pending bytes, a wrapping
            // entry, an empty one; `2fence`/`mixed16`/`clmul` tunings) in one run.
            "append-commit-cap64".into(),
            64,
            vec![
                ac(1, 16),
                ac(2, 20),
                a(3, 5),
                ac(4, 7),
                AdvanceHead(30),
                ac(5, 24),
                AdvanceHead(72),
                ac(6, 56),
                ac(7, 0),
                AdvanceHead(128),
                ac(8, 64),
                Commit,
            ],
        ),
        (
            // Same bytes at the same physical place on every lap: CRCs cannot tell laps apart,
            // so this checks that position bookkeeping alone keeps states right.
            "same-bytes-each-lap-cap32".into(),
            32,
            vec![
                a(7, 16),
                Commit,
                AdvanceHead(16),
                a(7, 16),
                Commit,
                AdvanceHead(32),
                a(7, 16),
                Commit,
            ],
        ),
    ]
}

/// Tunings covering both commit paths, a mix, and both one-fence data checksums.
pub fn tunings() -> Vec<(&'static str, Tuning)> {
    let t = |one_fence_max, sum| Tuning { one_fence_max, sum };
    vec![
        ("1fence", t(u64::MAX, SumKind::Crc3)),
        ("2fence", t(0, SumKind::Crc3)),
        ("mixed16", t(16, SumKind::Crc3)),
        ("1fence-clmul", t(u64::MAX, SumKind::Clmul)),
    ]
}

/// The default exhaustive suite: every small workload x tuning x crash unit (8 and 64 bytes).
pub fn small_exhaustive_configs(protocol: Protocol) -> Vec<Config> {
    let mut out = Vec::new();
    for (w, cap, ops) in small_workloads() {
        for (t, tuning) in tunings() {
            for unit in [8, 64] {
                out.push(Config {
                    name: format!("{w}/{t}/unit{unit}"),
                    capacity: cap,
                    ops: ops.clone(),
                    protocol,
                    tuning,
                    unit,
                    mode: Mode::Exhaustive {
                        max_per_point: 1 << 22,
                    },
                });
            }
        }
    }
    out
}

/// A random valid workload: appends of 1..=max_len bytes, commits, head advances.
/// At most `max_pending` uncommitted bytes accumulate (a commit is forced first).
pub fn random_workload(
    seed: u64,
    capacity: usize,
    n_ops: usize,
    max_len: usize,
    max_pending: usize,
) -> Vec<Op> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut spec = Spec {
        committed: Committed {
            head: 0,
            tail: 0,
            bytes: vec![],
        },
        pending: vec![],
    };
    let mut ops = Vec::new();
    let mut tag = 0u8;
    while ops.len() < n_ops {
        let used = spec.committed.bytes.len() + spec.pending.len();
        let op = match rng.gen_range(0..10) {
            _ if spec.pending.len() >= max_pending => Op::Commit,
            0..=4 => {
                let free = capacity - used;
                if free == 0 {
                    continue;
                }
                tag = tag.wrapping_add(1);
                let n = rng.gen_range(1..=max_len.min(free));
                let mut d = pattern(tag, n);
                d.iter_mut().for_each(|b| *b ^= rng.gen::<u8>() & 0xf0);
                Op::Append(d)
            }
            5..=7 => Op::Commit,
            _ => {
                let c = &spec.committed;
                Op::AdvanceHead(rng.gen_range(c.head..=c.tail))
            }
        };
        spec.apply(&op);
        ops.push(op);
    }
    ops.push(Op::Commit);
    ops
}

/// Larger random configurations, sampled.
pub fn sampled_configs(protocol: Protocol, count: u64, per_point: usize) -> Vec<Config> {
    (0..count)
        .map(|s| {
            let cap = [200usize, 512, 1000][s as usize % 3];
            let (tname, tuning) = tunings()[s as usize % 4];
            Config {
                name: format!("random-seed{s}-cap{cap}/{tname}/unit8"),
                capacity: cap,
                ops: random_workload(s, cap, 40, cap / 3, usize::MAX),
                protocol,
                tuning,
                unit: 8,
                mode: Mode::Sampled { per_point, seed: s },
            }
        })
        .collect()
}

/// Larger workloads, still checked exhaustively (`crashcheck --exhaustive`): more appends per
/// commit, appends straddling cache lines and the wrap point, three laps of a 128-byte log.
pub fn large_workloads() -> Vec<(String, usize, Vec<Op>)> {
    use Op::*;
    let a = |t: u8, n: usize| Append(pattern(t, n));
    vec![
        (
            "three-laps-cap128".into(),
            128,
            vec![
                a(1, 40),
                a(2, 23),
                Commit,
                a(3, 50),
                Commit,
                AdvanceHead(63),
                a(4, 60),
                a(5, 17),
                Commit,
                AdvanceHead(150),
                a(6, 64),
                Commit,
                AdvanceHead(214),
                a(7, 72),
                a(8, 3),
                Commit,
                AdvanceHead(289),
                a(9, 80),
                Commit,
            ],
        ),
        (
            "many-small-per-commit-cap96".into(),
            96,
            vec![
                a(1, 3),
                a(2, 9),
                a(3, 1),
                a(4, 14),
                a(5, 7),
                Commit,
                AdvanceHead(20),
                a(6, 30),
                a(7, 30),
                Commit,
                AdvanceHead(94),
                a(8, 90),
                Commit,
            ],
        ),
    ]
}

pub fn large_exhaustive_configs(protocol: Protocol) -> Vec<Config> {
    let mut out = Vec::new();
    for (w, cap, ops) in large_workloads() {
        for (t, tuning) in tunings() {
            for unit in [8, 64] {
                out.push(Config {
                    name: format!("{w}/{t}/unit{unit}"),
                    capacity: cap,
                    ops: ops.clone(),
                    protocol,
                    tuning,
                    unit,
                    mode: Mode::Exhaustive {
                        max_per_point: 1 << 24,
                    },
                });
            }
        }
    }
    out
}

/// Random workloads checked exhaustively (`crashcheck --exhaustive`): capacity 200, 30
/// operations, appends up to 32 bytes, at most 40 bytes per commit, each tuning, 8-byte units.
pub fn random_exhaustive_configs(protocol: Protocol, count: u64) -> Vec<Config> {
    (0..count)
        .map(|s| {
            let (tname, tuning) = tunings()[s as usize % 4];
            Config {
                name: format!("random-seed{}-cap200/{tname}/unit8", 100 + s),
                capacity: 200,
                ops: random_workload(100 + s, 200, 30, 32, 40),
                protocol,
                tuning,
                unit: 8,
                mode: Mode::Exhaustive {
                    max_per_point: 1 << 24,
                },
            }
        })
        .collect()
}
