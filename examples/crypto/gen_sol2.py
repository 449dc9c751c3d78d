"""Writes sol2.json: the low 104 bits of a product of two 2-limb numbers in radix 2^52
(unsaturated limbs below 2^53), in Fiat's JSON IR style with u128 products, shifts and masks.
Closing it needs the bound-gated rule Mod(P, 2^k) = P (the u128 values never wrap)."""
import json
M52 = (1 << 52) - 1
def cast(dt, x):
    return {"datatype": dt, "name": [], "operation": "static_cast", "arguments": [x]}
def op(dt, o, args):
    return {"datatype": dt, "name": [], "operation": o, "arguments": args}
def st(name, dt, expr):
    return {"datatype": dt, "name": [name], "operation": "static_cast", "arguments": [expr]}
def mul128(a, b):
    return op("u128", "*", [cast("u64", a), cast("u64", b)])
body = [
    st("x1", "u128", mul128("arg1[0]", "arg2[0]")),
    st("x2", "u128", mul128("arg1[0]", "arg2[1]")),
    st("x3", "u128", mul128("arg1[1]", "arg2[0]")),
    st("x4", "u128", op("u128", "+", [cast("u128", "x2"), cast("u128", "x3")])),
    st("x5", "u64", op("u128", ">>", [cast("u128", "x1"), "52"])),
    st("x6", "u64", op("u64", "&", [cast("u64", "x1"), "0xfffffffffffff"])),
    st("x7", "u128", op("u128", "+", [cast("u64", "x5"), cast("u128", "x4")])),
    st("x8", "u64", op("u64", "&", [cast("u64", "x7"), "0xfffffffffffff"])),
    st("out1[0]", "u64", "x6"),
    st("out1[1]", "u64", "x8"),
]
bounds = {"lbound": ["0x0", "0x0"], "ubound": ["0x1fffffffffffff", "0x1fffffffffffff"]}
arg = lambda n: dict({"datatype": "u64[2]", "name": n}, **bounds)
doc = {"operation": "vf_sol2_mul", "arguments": [arg("arg1"), arg("arg2")],
       "returns": [{"datatype": "u64[2]", "name": "out1", "lbound": ["0x0", "0x0"], "ubound": ["0xfffffffffffff", "0xfffffffffffff"]}],
       "body": body}
# self-check against Python integers
import random
for _ in range(1000):
    a = [random.randrange(1 << 53) for _ in range(2)]
    b = [random.randrange(1 << 53) for _ in range(2)]
    x1 = a[0] * b[0]; x7 = (x1 >> 52) + a[0] * b[1] + a[1] * b[0]
    A = a[0] + (a[1] << 52); B = b[0] + (b[1] << 52)
    assert (x1 & M52) + ((x7 & M52) << 52) == (A * B) % (1 << 104)
json.dump(doc, open(__file__.replace("gen_sol2.py", "sol2.json"), "w"), indent=1)
