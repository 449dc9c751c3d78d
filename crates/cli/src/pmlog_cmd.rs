//! `veriforge pmlog ...`: create/append/inspect a log file, run the crash checker, benchmark.

use crate::failure::Failure;
use crate::Ctx;
use clap::{Args, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use vf_pmlog::bench::{self, Variant};
use vf_pmlog::checker;
use vf_pmlog::layout::{DATA_OFFSET, SLOT_OFFSETS};
use vf_pmlog::mchecker;
use vf_pmlog::multilog::{MAX_LOGS, MULTI_MAGIC};
use vf_pmlog::{LogError, MmapRegion, MultiLog, MultiProtocol, Persistence, PmLog, Protocol, Tuning};

#[derive(Args)]
pub struct PmlogArgs {
    #[command(subcommand)]
    cmd: PmlogCmd,
}

#[derive(Subcommand)]
enum PmlogCmd {
    /// Create a new log file (never overwrites an existing file).
    Create {
        file: PathBuf,
        /// Data capacity in bytes (of each log, with --logs).
        #[arg(long, default_value_t = 1 << 20)]
        capacity: usize,
        /// Create a multilog: this many logs in one file, committed together.
        #[arg(long)]
        logs: Option<usize>,
    },
    /// Append each argument as one entry and commit them together (atomically).
    Append {
        file: PathBuf,
        /// Multilog: the log every entry goes to, or one log per entry (comma-separated); all
        /// entries are committed by one atomic commit.
        #[arg(long, value_delimiter = ',')]
        log: Vec<usize>,
        entries: Vec<String>,
    },
    /// Print committed bytes [pos, pos+len) (read-only; default: the whole log).
    Read {
        file: PathBuf,
        #[arg(long)]
        pos: Option<u64>,
        #[arg(long)]
        len: Option<u64>,
        /// Multilog: which log (default 0).
        #[arg(long)]
        log: Option<usize>,
    },
    /// Print the header, both commit slots, head/tail and checksum status (read-only).
    Inspect { file: PathBuf },
    /// Check every crash state of the small configurations (and with --exhaustive, random ones too).
    Crashcheck {
        /// Also check 300 random 30-operation workloads exhaustively (about 15 s).
        #[arg(long)]
        exhaustive: bool,
        /// Random configurations sampled after the exhaustive ones.
        #[arg(long, default_value_t = 12)]
        sampled: u64,
    },
    /// Append throughput of our log (and the raw copy+flush+fence limit) on a file.
    Bench {
        /// Append sizes in bytes.
        #[arg(long, value_delimiter = ',', default_values_t = [128usize, 4096, 65536])]
        size: Vec<usize>,
        /// Bytes appended per size, in MiB.
        #[arg(long, default_value_t = 256)]
        total_mib: u64,
        /// Log file size in MiB.
        #[arg(long, default_value_t = 64)]
        log_mib: usize,
        #[arg(long, value_enum, default_value_t = BenchVariant::Both)]
        variant: BenchVariant,
        /// Scratch file (created and removed); default under /dev/shm.
        #[arg(long)]
        file: Option<PathBuf>,
        /// Commits up to this many bytes use the one-fence CRC protocol.
        #[arg(long)]
        one_fence_max: Option<u64>,
        /// Data checksum of one-fence commits: crc3 (default) or clmul (keyed carry-less sum).
        #[arg(long, value_enum)]
        sum: Option<BenchSum>,
        /// Multilog throughput instead: this many logs (splitting --log-mib), each commit appends
        /// one entry of --size to every log (ours vs the raw limit: the same copies + one fence).
        #[arg(long)]
        multilog: Option<usize>,
        /// Interleave ours, libpmemlog (loaded at run time) and the raw limit in this many rounds
        /// of --total-mib each, instead of one run of ours/raw.
        #[arg(long)]
        against_libpmemlog_rounds: Option<usize>,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BenchSum {
    Crc3,
    Clmul,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BenchVariant {
    Ours,
    Raw,
    Both,
}

pub fn run(ctx: Ctx, args: PmlogArgs) -> Result<(), Failure> {
    match args.cmd {
        PmlogCmd::Create { file, capacity, logs: Some(n) } => create_multi(ctx, &file, capacity, n),
        PmlogCmd::Create { file, capacity, .. } => create(ctx, &file, capacity),
        PmlogCmd::Append { file, log, entries } => {
            if is_multilog(&file)? {
                append_multi(ctx, &file, &log, &entries)
            } else if log.iter().any(|&l| l != 0) {
                Err(Failure::input(format!("{}: --log: a single log has only log 0", file.display())))
            } else {
                append(ctx, &file, &entries)
            }
        }
        PmlogCmd::Inspect { file } => {
            if is_multilog(&file)? {
                inspect_multi(ctx, &file)
            } else {
                inspect(ctx, &file)
            }
        }
        PmlogCmd::Read { file, pos, len, log } => {
            if is_multilog(&file)? {
                read_multi(ctx, &file, log.unwrap_or(0), pos, len)
            } else if log.is_some_and(|l| l != 0) {
                Err(Failure::input(format!("{}: --log: a single log has only log 0", file.display())))
            } else {
                read(ctx, &file, pos, len)
            }
        }
        PmlogCmd::Crashcheck {
            exhaustive,
            sampled,
        } => crashcheck(ctx, exhaustive, sampled),
        PmlogCmd::Bench {
            size,
            total_mib,
            log_mib,
            variant,
            file,
            one_fence_max,
            against_libpmemlog_rounds,
            multilog,
            sum,
        } => {
            let mut tuning = Tuning::default();
            if let Some(m) = one_fence_max {
                tuning.one_fence_max = m;
            }
            if sum == Some(BenchSum::Clmul) {
                tuning.sum = vf_pmlog::SumKind::Clmul;
            }
            if let Some(n) = multilog {
                return run_multi_bench(ctx, &size, total_mib, log_mib, n, file);
            }
            match against_libpmemlog_rounds {
                Some(rounds) => {
                    run_comparison(ctx, &size, total_mib, log_mib, rounds, file, tuning)
                }
                None => run_bench(ctx, &size, total_mib, log_mib, variant, file, tuning),
            }
        }
    }
}

/// Log errors caused by the file's contents are bad input (exit 2); the message names the file
/// and the byte offset.
fn log_failure(file: &Path, e: LogError) -> Failure {
    match e {
        LogError::Full { .. }
        | LogError::OutOfRange { .. }
        | LogError::BadHead { .. }
        | LogError::NoSuchLog { .. }
        | LogError::PositionOverflow => Failure::input(format!("{}: {e}", file.display())),
        _ => Failure::input(format!("{}:{e}", file.display())),
    }
}

fn io_failure(file: &Path, e: std::io::Error) -> Failure {
    Failure::input(format!("{}: {e}", file.display()))
}

fn create(ctx: Ctx, file: &Path, capacity: usize) -> Result<(), Failure> {
    if capacity == 0 {
        return Err(Failure::input("--capacity: must be at least 1 byte"));
    }
    let region_len = DATA_OFFSET
        .checked_add(capacity)
        .filter(|&n| i64::try_from(n).is_ok())
        .ok_or_else(|| Failure::input(format!("--capacity {capacity}: too large (a log file holds at most {} bytes of data)", i64::MAX as usize - DATA_OFFSET)))?;
    // `MmapRegion::create` refuses an existing file; a file it created is removed again on any
    // failure (too large for the file system or for mmap, ...), so no half-made log is left.
    let existed = file.symlink_metadata().is_ok();
    let made = MmapRegion::create(file, region_len, Persistence::auto())
        .map_err(|e| io_failure(file, e))
        .and_then(|region| PmLog::create(region).map_err(|e| log_failure(file, e)));
    let log = match made {
        Ok(log) => log,
        Err(f) => {
            if !existed {
                let _ = std::fs::remove_file(file);
            }
            return Err(f);
        }
    };
    ctx.info(format!(
        "created {} (capacity {} bytes)",
        file.display(),
        log.capacity()
    ));
    Ok(())
}

fn append(ctx: Ctx, file: &Path, entries: &[String]) -> Result<(), Failure> {
    let region = open_region(file)?;
    let mut log = PmLog::open(region).map_err(|e| log_failure(file, e))?;
    let mut positions = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let at = log.tentative_tail();
        let pos = log.tentatively_append(e.as_bytes()).map_err(|err| match err {
            // where in the file the entry would have gone, and which entry it is
            LogError::Full { .. } => Failure::input(format!(
                "{}: byte {}: {err} (entry {} of {}, at logical position {at}; nothing was committed)",
                file.display(),
                DATA_OFFSET as u64 + at % log.capacity(),
                i + 1,
                entries.len()
            )),
            err => log_failure(file, err),
        })?;
        positions.push(pos);
    }
    log.commit().map_err(|e| log_failure(file, e))?;
    if ctx.json {
        println!(
            "{}",
            serde_json::json!({"positions": positions, "head": log.head(), "tail": log.tail()})
        );
    } else {
        println!(
            "committed {} entries at {:?}; log is [{}, {})",
            entries.len(),
            positions,
            log.head(),
            log.tail()
        );
    }
    Ok(())
}

/// Maps a file read-write, refusing anything that cannot be a log before mapping it.
fn open_region(file: &Path) -> Result<MmapRegion, Failure> {
    let len = std::fs::metadata(file)
        .map_err(|e| io_failure(file, e))?
        .len();
    if len < DATA_OFFSET as u64 {
        let bytes = std::fs::read(file).map_err(|e| io_failure(file, e))?;
        // Reuse the header decoder for the exact message (not a log vs. truncated log).
        let e = vf_pmlog::recover(&bytes, true)
            .err()
            .unwrap_or(LogError::Truncated {
                len,
                expected: DATA_OFFSET as u64,
            });
        return Err(log_failure(file, e));
    }
    MmapRegion::open(file, Persistence::auto()).map_err(|e| io_failure(file, e))
}

/// Reads through a log over an in-memory copy of the file, so reading never writes the file.
fn read(ctx: Ctx, file: &Path, pos: Option<u64>, len: Option<u64>) -> Result<(), Failure> {
    let bytes = std::fs::read(file).map_err(|e| io_failure(file, e))?;
    let log =
        PmLog::open(vf_pmlog::SimRegion::from_image(bytes)).map_err(|e| log_failure(file, e))?;
    let pos = pos.unwrap_or(log.head());
    let len = len.unwrap_or(log.tail().saturating_sub(pos));
    let data = log.read(pos, len).map_err(|e| log_failure(file, e))?;
    if ctx.json {
        println!(
            "{}",
            serde_json::json!({"pos": pos, "len": len, "hex": data.iter().map(|b| format!("{b:02x}")).collect::<String>()})
        );
    } else {
        println!("{}", String::from_utf8_lossy(&data));
    }
    Ok(())
}

fn inspect(ctx: Ctx, file: &Path) -> Result<(), Failure> {
    let bytes = std::fs::read(file).map_err(|e| io_failure(file, e))?;
    let rec = vf_pmlog::recover(&bytes, true).map_err(|e| log_failure(file, e))?;
    let h = rec.header;
    let slot_json = |i: usize| match rec.slots[i] {
        Some(r) => {
            serde_json::json!({"offset": SLOT_OFFSETS[i], "valid": true, "seq": r.seq, "head": r.head, "tail": r.tail,
            "prev_tail": r.prev_tail, "kind": match r.kind { vf_pmlog::layout::KIND_DATA_CRC => "data-crc", vf_pmlog::layout::KIND_DATA_CLMUL => "data-clmul", _ => "data-fenced" }})
        }
        None => serde_json::json!({"offset": SLOT_OFFSETS[i], "valid": false}),
    };
    let out = serde_json::json!({
        "file": file.display().to_string(),
        "version": h.version, "region_len": h.region_len, "data_offset": h.data_offset,
        "capacity": h.capacity, "log_id": format!("{:016x}", h.log_id), "header_crc": "ok",
        "slots": [slot_json(0), slot_json(1)],
        "chosen_slot": rec.chosen_slot, "rejected_newer_record": rec.rejected_newer,
        "head": rec.record.head, "tail": rec.record.tail, "length": rec.record.tail - rec.record.head,
        "data_crc": data_crc_status(&rec.record),
    });
    if ctx.json {
        println!("{out}");
        return Ok(());
    }
    println!("file        {}", file.display());
    println!(
        "header      VFPMLOG1 v{} region {} B, data at {}, capacity {} B, id {:016x}, crc ok",
        h.version, h.region_len, h.data_offset, h.capacity, h.log_id
    );
    for i in 0..2 {
        match rec.slots[i] {
            Some(r) => println!(
                "slot {i}      seq {} [{}, {}) prev_tail {} crc ok{}",
                r.seq,
                r.head,
                r.tail,
                r.prev_tail,
                if i == rec.chosen_slot {
                    "  <- chosen"
                } else {
                    ""
                }
            ),
            None => println!("slot {i}      empty or invalid (checksum does not match)"),
        }
    }
    if rec.rejected_newer {
        println!("note        the newer slot's data checksum failed: a commit was interrupted; its bytes are not part of the log");
    }
    println!(
        "log         head {} tail {} ({} bytes committed), data crc {}",
        rec.record.head,
        rec.record.tail,
        rec.record.tail - rec.record.head,
        data_crc_status(&rec.record)
    );
    Ok(())
}

/// More sampled configurations than this would not finish anyway (each takes milliseconds to
/// seconds) and the list of them is built up front.
const MAX_SAMPLED: u64 = 1_000_000;

fn crashcheck(ctx: Ctx, exhaustive: bool, sampled: u64) -> Result<(), Failure> {
    if sampled > MAX_SAMPLED {
        return Err(Failure::input(format!("--sampled {sampled}: at most {MAX_SAMPLED}")));
    }
    let mut configs = checker::small_exhaustive_configs(Protocol::Correct);
    configs.extend(checker::large_exhaustive_configs(Protocol::Correct));
    if exhaustive {
        configs.extend(checker::random_exhaustive_configs(Protocol::Correct, 300));
    }
    configs.extend(checker::sampled_configs(Protocol::Correct, sampled, 32));
    // The multilog (2-3 logs): its small configurations exhaustively, with --exhaustive also 100
    // random ones; then a third of --sampled random 3-log configurations, sampled.
    let mut mconfigs = mchecker::small_exhaustive_configs(MultiProtocol::Correct);
    if exhaustive {
        mconfigs.extend(mchecker::random_exhaustive_configs(MultiProtocol::Correct, 100));
    }
    mconfigs.extend(mchecker::sampled_configs(MultiProtocol::Correct, sampled.div_ceil(3), 32));
    let runs = configs
        .iter()
        .map(|c| (c.mode, RunCfg::Single(c)))
        .chain(mconfigs.iter().map(|c| (c.mode, RunCfg::Multi(c))));
    let total = configs.len() + mconfigs.len();
    let (mut states, mut points, mut second, mut flips, mut failed) = (0u64, 0u64, 0u64, 0u64, Vec::new());
    let mut rows = Vec::new();
    for (cmode, c) in runs {
        let r = match c {
            RunCfg::Single(c) => checker::run(c),
            RunCfg::Multi(c) => mchecker::run(c),
        };
        flips += r.bit_flips;
        let mode = if matches!(cmode, checker::Mode::Exhaustive { .. }) {
            "exhaustive"
        } else {
            "sampled"
        };
        ctx.info(format!(
            "{:<48} {:<10} {:>6} crash points {:>9} states {:>7} second-crash  {}",
            r.name,
            mode,
            r.crash_points,
            r.crash_states,
            r.second_crash_states,
            if r.passed() { "ok" } else { "FAILED" }
        ));
        states += r.crash_states;
        second += r.second_crash_states;
        points += r.crash_points;
        rows.push(serde_json::json!({"config": r.name, "mode": mode, "crash_points": r.crash_points, "crash_states": r.crash_states, "second_crash_states": r.second_crash_states, "bit_flips": r.bit_flips, "passed": r.passed(), "failure": r.first_failure}));
        if let Some(f) = r.first_failure {
            failed.push(f);
        }
    }
    if ctx.json {
        println!(
            "{}",
            serde_json::json!({"configs": rows, "crash_points": points, "crash_states": states, "second_crash_states": second, "bit_flips": flips, "passed": failed.is_empty()})
        );
    }
    if !failed.is_empty() {
        return Err(Failure::Negative(format!(
            "crashcheck FAILED: {} of {total} configurations; first: {}; {states} crash states checked",
            failed.len(),
            failed[0]
        )));
    }
    println!(
        "crashcheck passed: {total} configurations ({} multilog), {points} crash points, {second} second-crash states, {flips} metadata bit flips, {states} crash states checked",
        mconfigs.len()
    );
    Ok(())
}

enum RunCfg<'a> {
    Single(&'a checker::Config),
    Multi(&'a mchecker::MConfig),
}

/// Largest log a benchmark makes (1 TiB) and largest amount it appends (1 EiB): beyond these
/// the byte counts overflow or the file cannot exist, so they are bad input.
const MAX_LOG_MIB: u64 = 1 << 20;
const MAX_TOTAL_MIB: u64 = 1 << 40;

fn check_mib(flag: &str, v: u64, max: u64) -> Result<(), Failure> {
    if v > max {
        return Err(Failure::input(format!("{flag} {v}: at most {max} MiB")));
    }
    Ok(())
}

fn run_bench(
    ctx: Ctx,
    sizes: &[usize],
    total_mib: u64,
    log_mib: usize,
    variant: BenchVariant,
    file: Option<PathBuf>,
    tuning: Tuning,
) -> Result<(), Failure> {
    check_mib("--log-mib", log_mib as u64, MAX_LOG_MIB)?;
    check_mib("--total-mib", total_mib, MAX_TOTAL_MIB)?;
    if sizes.iter().any(|&s| s == 0 || s > log_mib << 19) {
        return Err(Failure::input(
            "--size: every size must be between 1 byte and half the log",
        ));
    }
    let file = file.unwrap_or_else(|| {
        PathBuf::from(format!(
            "/dev/shm/veriforge-pmlog-bench-{}",
            std::process::id()
        ))
    });
    let variants: &[Variant] = match variant {
        BenchVariant::Ours => &[Variant::Ours],
        BenchVariant::Raw => &[Variant::Raw],
        BenchVariant::Both => &[Variant::Ours, Variant::Raw],
    };
    let mut results = Vec::new();
    for &size in sizes {
        for &v in variants {
            let m = bench::measure(
                &file,
                DATA_OFFSET + (log_mib << 20),
                size,
                total_mib << 20,
                v,
                tuning,
            )
            .map_err(Failure::internal)?;
            if !ctx.json {
                println!(
                    "{:<5} {:>7} B  {:>10.1} MiB/s  ({} appends, {:.3} s, {})",
                    m.variant, m.size, m.mib_per_s, m.appends, m.seconds, m.persistence
                );
            }
            results.push(m);
        }
    }
    if ctx.json {
        println!(
            "{}",
            serde_json::to_string(&results).map_err(Failure::internal)?
        );
    }
    Ok(())
}

/// One-fence records carry a CRC over their data (checked by recovery); two-fence records do not
/// need one (their data was durable before the record was written).
fn data_crc_status(r: &vf_pmlog::layout::Record) -> &'static str {
    if r.kind == vf_pmlog::layout::KIND_DATA_CRC || r.kind == vf_pmlog::layout::KIND_DATA_CLMUL {
        "ok"
    } else {
        "not needed (data fenced before record)"
    }
}

fn run_comparison(
    ctx: Ctx,
    sizes: &[usize],
    batch_mib: u64,
    log_mib: usize,
    rounds: usize,
    dir: Option<PathBuf>,
    tuning: Tuning,
) -> Result<(), Failure> {
    check_mib("--log-mib", log_mib as u64, MAX_LOG_MIB)?;
    check_mib("--total-mib", batch_mib, MAX_TOTAL_MIB)?;
    if sizes.iter().any(|&s| s == 0 || s > log_mib << 19) || rounds == 0 {
        return Err(Failure::input(
            "--size: every size must be between 1 byte and half the log; rounds at least 1",
        ));
    }
    let dir = dir.unwrap_or_else(|| PathBuf::from("/dev/shm"));
    let mut all = Vec::new();
    for &size in sizes {
        let rows = bench::compare(
            &dir,
            DATA_OFFSET + (log_mib << 20),
            size,
            batch_mib << 20,
            rounds,
            tuning,
        )
        .map_err(Failure::internal)?;
        if !ctx.json {
            for v in ["ours", "libpmemlog", "raw"] {
                let median = |f: fn(&bench::Measurement) -> f64| {
                    let mut xs: Vec<f64> = rows.iter().filter(|m| m.variant == v).map(f).collect();
                    xs.sort_by(f64::total_cmp);
                    (xs[xs.len() / 2], xs.len())
                };
                let ((cpu, n), (wall, _)) = (median(|m| m.cpu_mib_per_s), median(|m| m.mib_per_s));
                println!(
                    "{v:<10} {size:>7} B  median {cpu:>10.1} MiB/s of CPU time, {wall:>10.1} MiB/s wall, over {n} rounds"
                );
            }
        }
        all.extend(rows);
    }
    if ctx.json {
        println!(
            "{}",
            serde_json::to_string(&all).map_err(Failure::internal)?
        );
    }
    Ok(())
}

/// True when `file` starts with the multilog magic (a file too short to tell is left to the
/// single-log reader, whose error names the problem).
fn is_multilog(file: &Path) -> Result<bool, Failure> {
    use std::io::Read;
    let mut f = std::fs::File::open(file).map_err(|e| io_failure(file, e))?;
    let mut magic = [0u8; 8];
    let mut got = 0;
    while got < 8 {
        match f.read(&mut magic[got..]).map_err(|e| io_failure(file, e))? {
            0 => return Ok(false),
            n => got += n,
        }
    }
    Ok(magic == MULTI_MAGIC)
}

fn create_multi(ctx: Ctx, file: &Path, capacity: usize, n: usize) -> Result<(), Failure> {
    if n == 0 || n > MAX_LOGS {
        return Err(Failure::input(format!(
            "--logs {n}: must be 1..={MAX_LOGS}"
        )));
    }
    if capacity == 0 {
        return Err(Failure::input("--capacity: must be at least 1 byte"));
    }
    let caps = vec![capacity as u64; n];
    let len = MultiLog::<MmapRegion>::region_len_for(&caps).ok_or_else(|| {
        Failure::input(format!(
            "--capacity {capacity} with --logs {n}: too large for one file"
        ))
    })?;
    let existed = file.symlink_metadata().is_ok();
    let made = MmapRegion::create(file, len, Persistence::auto())
        .map_err(|e| io_failure(file, e))
        .and_then(|region| MultiLog::create(region, &caps).map_err(|e| log_failure(file, e)));
    if let Err(f) = made {
        if !existed {
            let _ = std::fs::remove_file(file);
        }
        return Err(f);
    }
    ctx.info(format!(
        "created {} (multilog: {n} logs of {capacity} bytes)",
        file.display()
    ));
    Ok(())
}

fn append_multi(ctx: Ctx, file: &Path, logs: &[usize], entries: &[String]) -> Result<(), Failure> {
    let target = |k: usize| match logs.len() {
        0 => Ok(0),
        1 => Ok(logs[0]),
        n if n == entries.len() => Ok(logs[k]),
        n => Err(Failure::input(format!(
            "--log: {n} logs given for {} entries (give one log, or one per entry)",
            entries.len()
        ))),
    };
    let region = open_region(file)?;
    let mut m = MultiLog::open(region).map_err(|e| log_failure(file, e))?;
    // Check every entry's log and space first, so a failing append writes nothing at all (not
    // even uncommitted bytes into free space).
    let mut end: Vec<u64> = (0..m.n_logs()).map(|l| m.tentative_tail(l)).collect();
    for (k, e) in entries.iter().enumerate() {
        let log = target(k)?;
        if log >= m.n_logs() {
            return Err(log_failure(
                file,
                LogError::NoSuchLog { log, n: m.n_logs() },
            ));
        }
        let at = end[log];
        let available = m.capacity(log) - (at - m.head(log));
        let needed = e.len() as u64;
        if needed > available {
            return Err(Failure::input(format!(
                "{}: byte {}: log {log}: {} (entry {} of {}, at logical position {at}; nothing was committed)",
                file.display(),
                m.layout().data_offs[log] as u64 + at % m.capacity(log),
                LogError::Full { needed, available },
                k + 1,
                entries.len()
            )));
        }
        end[log] = at.saturating_add(needed);
    }
    let mut placed = Vec::new();
    for (k, e) in entries.iter().enumerate() {
        let log = target(k)?;
        let at = m.tentative_tail(log);
        let pos = m
            .tentatively_append(log, e.as_bytes())
            .map_err(|err| match err {
                LogError::Full { .. } => Failure::input(format!(
                    "{}: byte {}: log {log}: {err} (entry {} of {}, at logical position {at}; nothing was committed)",
                    file.display(),
                    m.layout().data_offs[log] as u64 + at % m.capacity(log),
                    k + 1,
                    entries.len()
                )),
                err => log_failure(file, err),
            })?;
        placed.push((log, pos));
    }
    m.commit().map_err(|e| log_failure(file, e))?;
    let logs_json: Vec<_> = (0..m.n_logs())
        .map(|i| serde_json::json!({"log": i, "head": m.head(i), "tail": m.tail(i)}))
        .collect();
    if ctx.json {
        println!(
            "{}",
            serde_json::json!({"placed": placed.iter().map(|(l, p)| serde_json::json!({"log": l, "pos": p})).collect::<Vec<_>>(), "seq": m.seq(), "logs": logs_json})
        );
    } else {
        println!(
            "committed {} entries at (log, position) {:?} in one commit (seq {})",
            entries.len(),
            placed,
            m.seq()
        );
    }
    Ok(())
}

fn read_multi(
    ctx: Ctx,
    file: &Path,
    log: usize,
    pos: Option<u64>,
    len: Option<u64>,
) -> Result<(), Failure> {
    let bytes = std::fs::read(file).map_err(|e| io_failure(file, e))?;
    let m =
        MultiLog::open(vf_pmlog::SimRegion::from_image(bytes)).map_err(|e| log_failure(file, e))?;
    if log >= m.n_logs() {
        return Err(log_failure(
            file,
            LogError::NoSuchLog { log, n: m.n_logs() },
        ));
    }
    let pos = pos.unwrap_or(m.head(log));
    let len = len.unwrap_or(m.tail(log).saturating_sub(pos));
    let data = m.read(log, pos, len).map_err(|e| log_failure(file, e))?;
    if ctx.json {
        println!(
            "{}",
            serde_json::json!({"log": log, "pos": pos, "len": len, "hex": data.iter().map(|b| format!("{b:02x}")).collect::<String>()})
        );
    } else {
        println!("{}", String::from_utf8_lossy(&data));
    }
    Ok(())
}

fn inspect_multi(ctx: Ctx, file: &Path) -> Result<(), Failure> {
    let bytes = std::fs::read(file).map_err(|e| io_failure(file, e))?;
    let rec = vf_pmlog::recover_multi(&bytes, true).map_err(|e| log_failure(file, e))?;
    let (h, l) = (&rec.header, &rec.layout);
    let copy_json = |c: usize| match &rec.copies[c] {
        Some(m) => serde_json::json!({"offset": l.copy_offs[c], "valid": true, "seq": m.seq,
            "logs": m.logs.iter().map(|s| serde_json::json!({"head": s.head, "tail": s.tail})).collect::<Vec<_>>()}),
        None => serde_json::json!({"offset": l.copy_offs[c], "valid": false}),
    };
    let logs: Vec<_> = rec
        .state
        .logs
        .iter()
        .enumerate()
        .map(|(i, s)| serde_json::json!({"log": i, "capacity": l.capacities[i], "data_offset": l.data_offs[i], "head": s.head, "tail": s.tail, "length": s.tail - s.head}))
        .collect();
    if ctx.json {
        println!(
            "{}",
            serde_json::json!({"file": file.display().to_string(), "kind": "multilog", "version": h.version,
                "region_len": h.region_len, "log_id": format!("{:016x}", h.log_id), "header_crc": "ok",
                "selector": {"offset": l.selector_off, "active_copy": rec.active, "crc": "ok"},
                "copies": [copy_json(0), copy_json(1)], "seq": rec.state.seq, "logs": logs})
        );
        return Ok(());
    }
    println!("file        {}", file.display());
    println!(
        "header      VFPMMLG1 v{} multilog of {} logs, region {} B, id {:016x}, crc ok",
        h.version,
        l.n_logs(),
        h.region_len,
        h.log_id
    );
    println!(
        "selector    at {}: copy {} is active (seq {}), crc ok",
        l.selector_off, rec.active, rec.state.seq
    );
    for c in 0..2 {
        match &rec.copies[c] {
            Some(m) => println!(
                "copy {c}      at {}: seq {}, crc ok{}",
                l.copy_offs[c],
                m.seq,
                if c == rec.active { "  <- active" } else { "" }
            ),
            None => println!(
                "copy {c}      at {}: empty or invalid (not used: the selector names copy {})",
                l.copy_offs[c], rec.active
            ),
        }
    }
    for (i, s) in rec.state.logs.iter().enumerate() {
        println!(
            "log {i:<7} data at {}, capacity {} B: head {} tail {} ({} bytes committed)",
            l.data_offs[i],
            l.capacities[i],
            s.head,
            s.tail,
            s.tail - s.head
        );
    }
    Ok(())
}

fn run_multi_bench(
    ctx: Ctx,
    sizes: &[usize],
    total_mib: u64,
    log_mib: usize,
    n: usize,
    file: Option<PathBuf>,
) -> Result<(), Failure> {
    check_mib("--log-mib", log_mib as u64, MAX_LOG_MIB)?;
    check_mib("--total-mib", total_mib, MAX_TOTAL_MIB)?;
    if n == 0 || n > MAX_LOGS {
        return Err(Failure::input(format!(
            "--multilog {n}: must be 1..={MAX_LOGS}"
        )));
    }
    let per_log = (log_mib << 20) / n;
    if sizes.iter().any(|&s| s == 0 || s > per_log / 2) {
        return Err(Failure::input(
            "--size: every size must be between 1 byte and half of each log (--log-mib is split among the logs)",
        ));
    }
    let file = file.unwrap_or_else(|| {
        PathBuf::from(format!(
            "/dev/shm/veriforge-pmlog-mbench-{}",
            std::process::id()
        ))
    });
    let mut results = Vec::new();
    for &size in sizes {
        for v in [bench::MultiVariant::Ours, bench::MultiVariant::Raw] {
            let m =
                bench::measure_multi(&file, (log_mib as u64) << 20, n, size, total_mib << 20, v)
                    .map_err(Failure::internal)?;
            if !ctx.json {
                println!(
                    "{:<14} {n} logs x {:>7} B per commit  {:>10.1} MiB/s  ({} commits, {:.3} s wall, {:.3} s CPU, {})",
                    m.variant, m.size, m.cpu_mib_per_s, m.appends, m.seconds, m.cpu_seconds, m.persistence
                );
            }
            results.push(m);
        }
    }
    if ctx.json {
        println!(
            "{}",
            serde_json::to_string(&results).map_err(Failure::internal)?
        );
    }
    Ok(())
}
