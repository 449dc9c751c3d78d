#!/usr/bin/env bash
# Times `veriforge crypto verify` on the scaling series (see gen.py): reps, lines, seconds
# (user CPU; wall in parentheses), seconds per line. Usage: bench/crypto-verify-scaling/run.sh [reps...]
set -euo pipefail
cd "$(dirname "$0")/../.."
VF=${VF:-target/release/veriforge}
REPS=${*:-10 30 100 300 1000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf "| series | reps | lines | user s | wall s | ms/line (user) |\n|---|---|---|---|---|---|\n"
for series in indep chain; do
  for n in $REPS; do
    flag=""; [ "$series" = chain ] && flag="--chain"
    python3 bench/crypto-verify-scaling/gen.py $flag "$n" > "$tmp/s.asm"
    lines=$(grep -cv -e '^SECTION' -e 'GLOBAL' -e ':$' "$tmp/s.asm")
    /usr/bin/time -f "%U %e" -o "$tmp/t" "$VF" -q crypto verify --ir examples/crypto/mul2.json "$tmp/s.asm" > /dev/null
    read -r user wall < "$tmp/t"
    printf "| %s | %d | %d | %.2f | %.2f | %.2f |\n" "$series" "$n" "$lines" "$user" "$wall" "$(echo "1000 * $user / $lines" | bc -l)"
  done
done
