"""Writes montN.json (N = argv[1], default 6; mont7.json is checked in: `python3 gen_montn.py 7`):
word-by-word Montgomery multiplication on N 64-bit limbs modulo an odd
P = 2^(64N-1) - 187 (not a prime of any Fiat function; Montgomery reduction only
needs P odd), in Fiat's JSON IR (mulx/addcarryx/subborrowx/cmovznz) with the shape of Fiat's
Montgomery code (row product, accumulate, q = T0 * m' mod 2^64, add q * P, shift by a limb,
final conditional subtraction), and checks it against Python integers. A 6-9-limb fixture for the
scheduler's register-pressure tests (crates/x86/tests/pipeline.rs)."""
import json, random
import sys
N = int(sys.argv[1]) if len(sys.argv) > 1 else 6
M64 = (1 << 64) - 1
P = (1 << (64 * N - 1)) - 187
PL = [(P >> (64 * i)) & M64 for i in range(N)]
MP = (-pow(P, -1, 1 << 64)) % (1 << 64)
body, n = [], [0]
def var():
    n[0] += 1
    return "x%d" % n[0]
def st(names, op, args, dt="(auto)", size=None):
    d = {"datatype": dt, "name": names, "operation": op, "arguments": args}
    if size: d["parameters"] = {"size": size}
    body.append(d)
def mulx(a, b):
    lo, hi = var(), var(); st([lo, hi], "mulx", [a, b], size=64); return lo, hi
def addc(c, a, b, keep=True):
    s, k = var(), var(); st([s if keep else "_", k], "addcarryx", [c, a, b], size=64); return s, k
def subb(c, a, b, keep=True):
    d, k = var(), var(); st([d if keep else "_", k], "subborrowx", [c, a, b], size=64); return d, k
def add64(a, b):
    s = var(); st([s], "+", [a, b], dt="u64"); return s
def cmov(c, a, b):
    s = var(); st([s], "cmovznz", [c, a, b], dt="u64"); return s
def row(x, ys):  # x * (ys as an N-limb number) as N+1 limbs
    prods = [mulx(x, y) for y in ys]
    out, c = [prods[0][0]], "0x0"
    for k in range(1, N):
        s, c = addc(c, prods[k - 1][1], prods[k][0]); out.append(s)
    out.append(add64(c, prods[N - 1][1]))
    return out
t = None
for i in range(N):
    A = row("arg1[%d]" % i, ["arg2[%d]" % j for j in range(N)])
    if t is None:
        T = A + ["0x0"]
    else:
        T, c = [], "0x0"
        for k in range(N):
            s, c = addc(c, t[k], A[k]); T.append(s)
        s, c = addc(c, t[N], A[N]); T.append(s); T.append(c)
    q, _ = mulx(T[0], hex(MP))
    Q = row(q, [hex(x) for x in PL])
    _, c = addc("0x0", T[0], Q[0], keep=False)
    nt = []
    for k in range(1, N + 1):
        s, c = addc(c, T[k], Q[k]); nt.append(s)
    nt.append(add64(c, T[N + 1]))
    t = nt
d, b = [], "0x0"
for k in range(N):
    x, b = subb(b, t[k], hex(PL[k])); d.append(x)
_, b = subb(b, t[N], "0x0", keep=False)
for k in range(N):
    st(["out1[%d]" % k], "static_cast", [cmov(b, d[k], t[k])], dt="u64")
LB, UB = ["0x0"] * N, [hex(M64)] * (N - 1) + [hex(PL[N - 1])]
f = {"operation": "vf_mont%d_mul" % N,
     "arguments": [{"datatype": "u64[%d]" % N, "name": "arg1", "lbound": LB, "ubound": UB},
                   {"datatype": "u64[%d]" % N, "name": "arg2", "lbound": LB, "ubound": UB}],
     "returns": [{"datatype": "u64[%d]" % N, "name": "out1", "lbound": LB, "ubound": UB}], "body": body}

def run(a, b):
    env = {}
    for i in range(N):
        env["arg1[%d]" % i] = (a >> (64 * i)) & M64; env["arg2[%d]" % i] = (b >> (64 * i)) & M64
    val = lambda x: env[x] if x in env else int(x, 16)
    for s in body:
        args = [val(x) for x in s["arguments"]]
        op = s["operation"]
        if op == "mulx": r = [(args[0] * args[1]) & M64, (args[0] * args[1]) >> 64]
        elif op == "addcarryx": t_ = sum(args); r = [t_ & M64, t_ >> 64]
        elif op == "subborrowx": t_ = args[1] - args[2] - args[0]; r = [t_ & M64, int(t_ < 0)]
        elif op == "+": r = [(args[0] + args[1]) & M64]
        elif op == "cmovznz": r = [args[1] if args[0] == 0 else args[2]]
        else: r = [args[0]]
        for nm, v in zip(s["name"], r): env[nm] = v
    return sum(env["out1[%d]" % k] << (64 * k) for k in range(N))
Rinv = pow(1 << (64 * N), -1, P)
for _ in range(5000):
    a, b = random.randrange(P), random.randrange(P)
    r = run(a, b)
    assert r % P == a * b * Rinv % P and r < P, (a, b)
json.dump(f, open("mont%d.json" % N, "w"), indent=1)
print("mont%d.json: %d statements, checked on 5000 random inputs" % (N, len(body)))
