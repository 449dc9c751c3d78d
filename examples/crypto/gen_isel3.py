"""Writes isel3.json: a small made-up 3-limb reduction in Fiat's JSON IR whose only purpose is to
exercise the code generator's instruction selection: chains of constant multiplications (x*5*2*2,
x*19, x*45, x*8, x*3), 26- and 44-bit masks (imm32 and wide), add-with-carry of a constant,
shifts, and masks that the input bounds make redundant. Semantics come from the IR evaluator."""
import json
M64 = (1 << 64) - 1
body, n = [], [0]
def var():
    n[0] += 1
    return "x%d" % n[0]
def st(names, op, args, dt="(auto)", size=None):
    d = {"datatype": dt, "name": names, "operation": op, "arguments": args}
    if size: d["parameters"] = {"size": size}
    body.append(d)
def op1(op, a, b, dt="u64"):
    s = var(); st([s], op, [a, b], dt=dt); return s
def mulx(a, b):
    lo, hi = var(), var(); st([lo, hi], "mulx", [a, b], size=64); return lo, hi
def addc(c, a, b):
    s, k = var(), var(); st([s, k], "addcarryx", [c, a, b], size=64); return s, k
a0, a1, a2, b0, b1 = "arg1[0]", "arg1[1]", "arg1[2]", "arg2[0]", "arg2[1]"
x20 = op1("*", op1("*", op1("*", a2, "0x5"), "0x2"), "0x2")
x19 = op1("*", a1, "0x13")
x45 = op1("*", a0, "0x2d")
x8 = op1("*", b1, "0x8")
x3 = op1("*", b0, "0x3")
lo, hi = mulx(x20, b0)
s0, c = addc("0x0", lo, x19)
s1, c = addc(c, hi, "0x0")
l2, h2 = mulx(a0, b1)
t0, c = addc("0x0", l2, x45)
t1, c = addc(c, h2, "0x0")
m0 = op1("&", s0, "0xfffffffffff")
m1 = op1("&", op1("&", t0, "0x3ffffff"), "0x3ffffff")
sh = op1(">>", s1, "0x3")
u = op1("+", op1("+", sh, x8), x3)
r = op1("&", op1("+", u, t1), "0xfffffffffffff")
m2 = op1("&", a2, "0x3ffffffffff")  # redundant: arg1[2] < 2^42 by its bound
st(["out1[0]"], "static_cast", [op1("+", m0, m2)], dt="u64")
st(["out1[1]"], "static_cast", [m1], dt="u64")
st(["out1[2]"], "static_cast", [r], dt="u64")
B = lambda bits: [hex((1 << b) - 1) for b in bits]
f = {"operation": "vf_isel3",
     "arguments": [{"datatype": "u64[3]", "name": "arg1", "lbound": ["0x0"] * 3, "ubound": B([52, 52, 42])},
                   {"datatype": "u64[3]", "name": "arg2", "lbound": ["0x0"] * 3, "ubound": B([52, 52, 42])}],
     "returns": [{"datatype": "u64[3]", "name": "out1", "lbound": ["0x0"] * 3, "ubound": B([64, 64, 64])}],
     "body": body}
json.dump(f, open(__file__.replace("gen_isel3.py", "isel3.json"), "w"), indent=1)
