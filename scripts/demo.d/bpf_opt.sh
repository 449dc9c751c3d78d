#!/usr/bin/env bash
# bpf superoptimizer demo: optimize the bundled examples in their own formats, then prove the result.
set -euo pipefail
cd "$(dirname "$0")/../.."
vf=target/release/veriforge
ex=examples/bpf
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$vf bpf opt $ex/hello.k2 -o $tmp/hello.opt.k2 --budget 3s --no-cache
cat $tmp/hello.opt.k2
$vf bpf equiv $ex/hello.k2 $tmp/hello.opt.k2
$vf bpf opt $ex/count.bpf --maps $ex/count.maps --desc $ex/count.desc -o $tmp/count.opt.bpf --budget 5s --no-cache
cat $tmp/count.opt.bpf
$vf bpf equiv $ex/count.bpf $tmp/count.opt.bpf --maps $ex/count.maps --desc $ex/count.desc
$vf bpf opt $ex/xdp_proto.o -o $tmp/xdp_proto.opt.o --budget 5s --no-cache
