#!/usr/bin/env bash
# bpf track demo: check (in-process checker + kernel verifier when root), run, convert.
set -euo pipefail
cd "$(dirname "$0")/../.."
vf=target/release/veriforge
ex=examples/bpf
kflag=""
if [ "$(id -u)" = 0 ]; then kflag="--kernel"; fi
$vf bpf check $ex/hello.k2 --desc $ex/hello.desc $kflag
$vf bpf run $ex/hello.k2 --desc $ex/hello.desc --seed 1
$vf bpf check $ex/count.bpf --maps $ex/count.maps --desc $ex/count.desc $kflag
$vf bpf run $ex/count.bpf --maps $ex/count.maps --desc $ex/count.desc --seed 7
$vf bpf check $ex/xdp_proto.o $kflag
tmp=$(mktemp -d)
python3 -c "p=bytearray(64); p[12]=8; p[14]=0x45; p[23]=17; p[37]=9; open('$tmp/udp9.bin','wb').write(p)"
$vf bpf run $ex/xdp_proto.o --input $tmp/udp9.bin
$vf bpf convert $ex/xdp_proto.o -o $tmp/xdp_proto.k2
head -5 $tmp/xdp_proto.k2
# K2 raw context (.desc pgm_input_type = 1, narrow ctx loads): no --prog-type needed.
$vf bpf opt $ex/rawkey.bpf -o $tmp/rawkey.opt.bpf --budget 2s --no-cache --diff-inputs 1000
# ELF in, shrunk ELF out (deleted instructions removed; relocations, symbols, BTF.ext fixed).
$vf bpf opt $ex/xdp_shrink.o -o $tmp/xdp_shrink.opt.o --budget 2s --no-cache --diff-inputs 1000 --kernel-runs 200
if [ "$(id -u)" = 0 ] && command -v bpftool >/dev/null; then
  for o in $ex/xdp_shrink.o $tmp/xdp_shrink.opt.o; do
    bpftool prog load "$o" /sys/fs/bpf/veriforge-demo type xdp
    echo "$o: kernel instruction count $(bpftool -j prog show pinned /sys/fs/bpf/veriforge-demo | python3 -c 'import json,sys; print(json.load(sys.stdin)["bytes_xlated"] // 8)')"
    rm -f /sys/fs/bpf/veriforge-demo
  done
fi
rm -rf "$tmp"
