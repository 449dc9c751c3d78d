"""Writes mont2.json: Montgomery multiplication modulo p = 2^127 - 1 on two 64-bit limbs,
in Fiat's JSON IR (mulx/addcarryx/subborrowx/cmovznz), and checks it against Python integers."""
import json, random
M64 = (1 << 64) - 1
P = (1 << 127) - 1
P0, P1 = P & M64, P >> 64
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
def addc(c, a, b):
    s, k = var(), var(); st([s, k], "addcarryx", [c, a, b], size=64); return s, k
def subb(c, a, b, keep=True):
    d, k = var(), var(); st([d if keep else "_", k], "subborrowx", [c, a, b], size=64); return d, k
def add64(a, b):
    s = var(); st([s], "+", [a, b], dt="u64"); return s
def cmov(c, a, b):
    s = var(); st([s], "cmovznz", [c, a, b], dt="u64"); return s
t = None
for i in range(2):
    a = "arg1[%d]" % i
    l0, h0 = mulx(a, "arg2[0]"); l1, h1 = mulx(a, "arg2[1]")
    u1, c = addc("0x0", h0, l1); u2 = add64(c, h1)
    if t is None:
        T0, T1, T2, T3 = l0, u1, u2, "0x0"
    else:
        T0, c = addc("0x0", t[0], l0); T1, c = addc(c, t[1], u1); T2, c = addc(c, t[2], u2); T3 = c
    pl0, ph0 = mulx(T0, hex(P0)); pl1, ph1 = mulx(T0, hex(P1))
    q1, c = addc("0x0", ph0, pl1); q2 = add64(c, ph1)
    _, c = addc("0x0", T0, pl0); n0, c = addc(c, T1, q1); n1, c = addc(c, T2, q2); n2 = add64(c, T3)
    t = (n0, n1, n2)
d0, b = subb("0x0", t[0], hex(P0)); d1, b = subb(b, t[1], hex(P1)); _, b = subb(b, t[2], "0x0", keep=False)
o0, o1 = cmov(b, d0, t[0]), cmov(b, d1, t[1])
st(["out1[0]"], "static_cast", [o0], dt="u64"); st(["out1[1]"], "static_cast", [o1], dt="u64")
LB, UB = ["0x0", "0x0"], [hex(M64), hex(P1)]
f = {"operation": "vf_mont2_mul",
     "arguments": [{"datatype": "u64[2]", "name": "arg1", "lbound": LB, "ubound": UB},
                   {"datatype": "u64[2]", "name": "arg2", "lbound": LB, "ubound": UB}],
     "returns": [{"datatype": "u64[2]", "name": "out1", "lbound": LB, "ubound": UB}], "body": body}

def run(a, b):
    env = {"arg1[0]": a & M64, "arg1[1]": a >> 64, "arg2[0]": b & M64, "arg2[1]": b >> 64}
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
    return env["out1[0]"] | env["out1[1]"] << 64
Rinv = pow(1 << 128, -1, P)
for _ in range(20000):
    a, b = random.randrange(P + 1), random.randrange(P + 1)
    assert run(a, b) % P == a * b * Rinv % P and run(a, b) <= P
json.dump(f, open("mont2.json", "w"), indent=1)
print("mont2.json: %d statements, checked on 20000 random inputs" % len(body))
