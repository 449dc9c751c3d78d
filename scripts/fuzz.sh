#!/usr/bin/env bash
# `make fuzz`: coverage-guided fuzzing of every vf-fuzz target with AFL++ (cargo-afl, stable Rust).
#
#   FUZZ_SECONDS   seconds per target (default 60)
#   FUZZ_JOBS      targets fuzzed at once, one afl-fuzz each (default: number of cores)
#   FUZZ_TARGETS   space-separated subset (default: all, `target/release/vf-fuzz list`)
#   FUZZ_ENGINE    afl (default) or mutator (vf-fuzz's own deterministic mutator, no extra tool)
#
# Installs cargo-afl on demand (`cargo install cargo-afl`, then `cargo afl config --build`,
# which builds AFL++ from the crate's bundled source). Seeds come from examples/ through
# `vf-fuzz seeds`. Work, findings and stats go to target/fuzz/<target>/. Prints one line per
# target (executions, crashes, hangs over 10 s) and a total; exits 1 if any target crashed or
# hung. Replay a finding with: target/release/vf-fuzz run TARGET FILE, and with the AFL++ build
# itself (debug assertions and overflow checks on): VF_FUZZ_TARGET=TARGET target/afl/release/vf-afl < FILE
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
export VERIFORGE_ROOT="${VERIFORGE_ROOT:-$PWD}"
SECS=${FUZZ_SECONDS:-60}
JOBS=${FUZZ_JOBS:-$(nproc)}
ENGINE=${FUZZ_ENGINE:-afl}
WORK=target/fuzz
CARGO=${CARGO:-cargo}

$CARGO build --release -p vf-fuzz -q || exit 1
VF=target/release/vf-fuzz
TARGETS=${FUZZ_TARGETS:-$($VF list | awk '$1 != "-" {print $1}')}

if [ "$ENGINE" = afl ]; then
  if ! command -v cargo-afl >/dev/null; then
    echo "== installing cargo-afl (once)"
    $CARGO install cargo-afl --locked || { echo "cargo-afl did not install; FUZZ_ENGINE=mutator runs without it"; exit 1; }
  fi
  # builds AFL++ once per rustc version; "already built" is fine
  cargo afl config --build >/dev/null 2>&1 || true
  echo "== building the AFL++ harness (fuzz/)"
  # AFL_NO_CFG_FUZZING: without it cargo-afl compiles every crate with `--cfg fuzzing`, under
  # which proc-macro2 (the Verus front end's tokenizer) reports every source position as line 0,
  # column 0: each Verus error then failed the target's position check, a "crash" that no
  # replay outside AFL++ reproduced. The harness keeps cargo-afl's debug assertions and
  # overflow checks (replay a finding with the AFL binary itself to see them:
  # VF_FUZZ_TARGET=<target> target/afl/release/vf-afl < FILE).
  (cd fuzz && AFL_NO_CFG_FUZZING=1 CARGO_TARGET_DIR=../target/afl cargo afl build --release -q) || exit 1
fi

run_one() {
  local t=$1 dir=$WORK/$1
  rm -rf "$dir"
  mkdir -p "$dir"
  $VF seeds "$t" "$dir/in" >/dev/null
  if [ "$ENGINE" = afl ]; then
    AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
      AFL_SKIP_CRASHES=1 VF_FUZZ_TARGET="$t" \
      cargo afl fuzz -i "$dir/in" -o "$dir/out" -t 10000 -V "$SECS" -- target/afl/release/vf-afl >"$dir/afl.log" 2>&1
    local s=$dir/out/default/fuzzer_stats
    if [ ! -f "$s" ]; then
      echo "$t: afl-fuzz did not start (see $dir/afl.log)" >"$dir/summary"
      return
    fi
    local execs crashes hangs cov
    execs=$(awk -F: '/^execs_done/ {gsub(/ /,"",$2); print $2}' "$s")
    crashes=$(awk -F: '/^(saved_crashes|unique_crashes)/ {gsub(/ /,"",$2); print $2}' "$s" | head -1)
    hangs=$(awk -F: '/^(saved_hangs|unique_hangs)/ {gsub(/ /,"",$2); print $2}' "$s" | head -1)
    cov=$(awk -F: '/^bitmap_cvg/ {gsub(/ /,"",$2); print $2}' "$s")
    echo "$t: execs $execs, crashes $crashes, hangs $hangs (>10 s), coverage $cov, findings in $dir/out/default/{crashes,hangs}" >"$dir/summary"
  else
    # counts every crashing input (AFL++ counts distinct ones); a signal death is one crash
    local out rc
    out=$($VF fuzz "$t" --seconds "$SECS" --seed "$RANDOM" --save "$dir/findings")
    rc=$?
    if [ "$rc" -le 1 ] && [ -n "$out" ]; then
      head -1 <<<"$out" >"$dir/summary"
    else
      echo "$t: execs 0, crashes 1, hangs 0 (>10 s); died with status $rc, input in $dir/findings/$t.current" >"$dir/summary"
    fi
  fi
}

echo "== fuzzing ${TARGETS//$'\n'/ } for ${SECS}s each, $JOBS at a time ($ENGINE)"
running=0
for t in $TARGETS; do
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

total_execs=0; total_crashes=0; total_hangs=0; bad=0
for t in $TARGETS; do
  line=$(cat "$WORK/$t/summary" 2>/dev/null || echo "$t: no result")
  echo "$line"
  e=$(sed -nE 's/.*execs ([0-9]+).*/\1/p' <<<"$line"); c=$(sed -nE 's/.*crashes ([0-9]+).*/\1/p' <<<"$line"); h=$(sed -nE 's/.*hangs ([0-9]+).*/\1/p' <<<"$line")
  if [ -z "$e" ] || [ -z "$c" ] || [ -z "$h" ]; then bad=1; continue; fi
  total_execs=$((total_execs + e)); total_crashes=$((total_crashes + c)); total_hangs=$((total_hangs + h))
done
echo "fuzz: $total_execs executions, $total_crashes crashes, $total_hangs hangs (>10 s) over $(wc -w <<<"$TARGETS") targets"
[ "$total_crashes" -eq 0 ] && [ "$total_hangs" -eq 0 ] && [ "$bad" -eq 0 ]
