#!/usr/bin/env bash
# X25519 end to end (issue 15, "Done when" 4; CryptOpt's Table 7): the same Montgomery ladder
# (x25519.c, RFC 7748) linked against four curve25519 field mul/square pairs:
#   fiat-gcc, fiat-clang   Fiat's C (../shared/corpora/fiat/c/curve25519_64.c) by gcc / clang -O3
#                          -march=native -mtune=native (fiat_wrap.c exports the static functions)
#   cryptopt               CryptOpt's published files: by default the fastest in throughput in the
#                          screening run of bench/crypto (bench/results/crypto/<fn>.screen.json,
#                          picked by ../pick_best.py); CRYPTOPT_MUL / CRYPTOPT_SQ override
#   veriforge              our `crypto opt` output: bench/results/crypto/<fn>.asm (the 10-minute
#                          run) unless OURS_MUL / OURS_SQ name other files, or SEARCH=1 runs
#                          `crypto opt --budget $BUDGET` now; each file is re-proven
#                          (`crypto verify --aliasing`) before it is linked
# Every build checks the RFC 7748 vectors (including 1000 iterations) for all four; then
# `x25519 bench` measures scalar multiplications per second (thread CPU time, ROUNDS rounds of N
# chained scalar multiplications, implementations in random order per round, medians), pinned
# with taskset to core $CORE. Writes bench/results/$NAME.{json,png,txt} (objects and the driver go to $BUILD, default a temporary directory); the table sits beside
# CryptOpt's published Table 7 (../shared/corpora/fiat/paper_table7_supercop.tsv).
# Env: ROUNDS (21), N (200), CORE (1), NAME (crypto-x25519), NOTE (label, e.g. "loaded machine"),
#      SEARCH (0), BUDGET (60s), CRYPTOPT_MUL, CRYPTOPT_SQ, OURS_MUL, OURS_SQ.
set -euo pipefail
cd "$(dirname "$0")/../../.."
S=${VERIFORGE_SHARED:-../shared}/corpora/fiat
if [ ! -d "$S" ]; then echo "skipped: $S not found"; exit 0; fi
ROUNDS=${ROUNDS:-21}; N=${N:-200}; CORE=${CORE:-1}; NAME=${NAME:-crypto-x25519}; NOTE=${NOTE:-}
SEARCH=${SEARCH:-0}; BUDGET=${BUDGET:-60s}
vf=target/release/veriforge
X=bench/crypto/x25519
out=bench/results/$NAME
b=${BUILD:-$(mktemp -d)}
mkdir -p "$b" "$(dirname "$out")"
PY=${VERIFORGE_PYTHON:-.venv/bin/python}; [ -x "$PY" ] || PY=python3
CLANG=$(command -v clang || command -v clang-14)
CFLAGS="-O3 -march=native -mtune=native"
FIAT_C=$(cd "$S/c" && pwd)/curve25519_64.c

# Fiat's C by both compilers
gcc $CFLAGS -DFIAT_C="\"$FIAT_C\"" -DVF_PREFIX=fiatgcc -c $X/fiat_wrap.c -o "$b/fiatgcc.o"
$CLANG $CFLAGS -DFIAT_C="\"$FIAT_C\"" -DVF_PREFIX=fiatclang -c $X/fiat_wrap.c -o "$b/fiatclang.o"

pick() {  # $1 = function (fiat_25519_carry_mul), $2 = override
  if [ -n "$2" ]; then echo "$2"; return; fi
  local sc=bench/results/crypto/$1.screen.json
  if [ -f "$sc" ]; then "$PY" bench/crypto/pick_best.py "$sc" > "$b/pick.txt"; head -1 "$b/pick.txt" | sed "s#^.*/baseline-asm/#$S/baseline-asm/#"; return; fi
  # no screening run: the file CryptOpt measured fastest (largest ratio in its name)
  ls "$S/baseline-asm/$(echo "$1" | sed 's/fiat_25519/fiat_curve25519/')"/*.asm | awk -F ratio '{print $2 "\t" $0}' | sort -n | tail -1 | cut -f2
}
cm=$(pick fiat_25519_carry_mul "${CRYPTOPT_MUL:-}")
cs=$(pick fiat_25519_carry_square "${CRYPTOPT_SQ:-}")
echo "CryptOpt files: $cm $cs"
nasm -f elf64 "$cm" -o "$b/co_mul.o"
nasm -f elf64 "$cs" -o "$b/co_sq.o"
objcopy --redefine-sym fiat_curve25519_carry_mul=cryptopt_mul "$b/co_mul.o"
objcopy --redefine-sym fiat_curve25519_carry_square=cryptopt_sq "$b/co_sq.o"

ours() {  # $1 = function, $2 = override -> path of a NASM or GAS file
  if [ -n "$2" ]; then echo "$2"; return; fi
  if [ "$SEARCH" = 1 ]; then
    taskset -c "$CORE" $vf -q crypto opt --ir "$S/fn/$1.json" --c "$FIAT_C" --budget "$BUDGET" -o "$b/$1.s" >&2
    echo "$b/$1.asm"; return
  fi
  echo "bench/results/crypto/$1.asm"
}
om=$(ours fiat_25519_carry_mul "${OURS_MUL:-}")
os=$(ours fiat_25519_carry_square "${OURS_SQ:-}")
echo "our files: $om $os"
for pair in "fiat_25519_carry_mul:$om:ours_mul" "fiat_25519_carry_square:$os:ours_sq"; do
  IFS=: read -r fn file sym <<< "$pair"
  $vf -q crypto verify --aliasing --ir "$S/fn/$fn.json" "$file" >/dev/null || { echo "$file is not proven for $fn"; exit 1; }
  case "$file" in
    *.asm) nasm -f elf64 "$file" -o "$b/$sym.o";;
    *) gcc -c -x assembler "$file" -o "$b/$sym.o";;
  esac
  objcopy --redefine-sym "$fn=$sym" "$b/$sym.o"
done

cat > "$b/impls.c" <<'C'
#include "x25519.h"
#define F(p) void p##_mul(uint64_t *, const uint64_t *, const uint64_t *); void p##_sq(uint64_t *, const uint64_t *);
F(fiatgcc) F(fiatclang) F(cryptopt) F(ours)
const struct vf_field vf_impls[] = {
    {"fiat-gcc", fiatgcc_mul, fiatgcc_sq}, {"fiat-clang", fiatclang_mul, fiatclang_sq},
    {"cryptopt", cryptopt_mul, cryptopt_sq}, {"veriforge", ours_mul, ours_sq}};
const int vf_nimpls = 4;
C
gcc $CFLAGS -I$X $X/x25519.c $X/main.c "$b/impls.c" "$b"/fiatgcc.o "$b"/fiatclang.o "$b"/co_mul.o "$b"/co_sq.o "$b"/ours_mul.o "$b"/ours_sq.o -z noexecstack -o "$b/x25519"
"$b/x25519" test
taskset -c "$CORE" "$b/x25519" bench "$ROUNDS" "$N" > "$b/raw.json"
"$PY" $X/report.py "$b/raw.json" "$S/paper_table7_supercop.tsv" "$out" "$NOTE" "$cm" "$cs" "$om" "$os"
