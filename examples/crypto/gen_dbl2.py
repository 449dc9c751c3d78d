"""Writes dbl2.json: a small made-up 2-limb squaring step in Fiat's JSON IR for the code
generator's in-place rules: doublings x + x (with and without a carry in) whose operand dies
there (`adcx r, r`, no copy), a mulx whose register source dies there (may take the result), and
a wide mask of a value that lives on (bzhi instead of copy + mov mask + and), a lea multiply
of an input limb that is used again later (overwrites its register: the limb reloads from memory). Semantics come from
the IR evaluator."""
import json
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
a0, a1 = "arg1[0]", "arg1[1]"
l00, h00 = mulx(a0, a0)
y = op1("*", a1, "0x3")
l01, h01 = mulx(a0, y)
d0, c = addc("0x0", l01, l01)
d1, c2 = addc(c, h01, h01)
s1, c = addc("0x0", h00, d0)
s2, c = addc(c, d1, "0x0")
t, _ = addc(c, c2, "0x0")
m = op1("&", s1, "0xffffffffffff")
sh = op1(">>", s1, "0x30")
st(["out1[0]"], "static_cast", [l00], dt="u64")
st(["out1[1]"], "static_cast", [m], dt="u64")
st(["out1[2]"], "static_cast", [op1("+", sh, s2)], dt="u64")
st(["out1[3]"], "static_cast", [op1("+", t, a1)], dt="u64")
f = {"operation": "vf_dbl2",
     "arguments": [{"datatype": "u64[2]", "name": "arg1", "lbound": ["0x0"] * 2, "ubound": [hex((1 << 62) - 1)] * 2}],
     "returns": [{"datatype": "u64[4]", "name": "out1", "lbound": ["0x0"] * 4, "ubound": [hex((1 << 64) - 1)] * 4}],
     "body": body}
json.dump(f, open(__file__.replace("gen_dbl2.py", "dbl2.json"), "w"), indent=1)
