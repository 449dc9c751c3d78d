"""Generates unsat3.json: our own 3-limb unsaturated multiply modulo 2^130 - 5 (radix 2^44, 2^44,
2^42), written in Fiat's JSON IR. Every limb of the product is a sum of three or four 128-bit
terms (products and a carry), the shape that re-association and carry-chain splitting act on.
Checked against Python integers when run: `python3 gen_unsat3.py > unsat3.json`."""
import json, random, sys

M44, M42 = (1 << 44) - 1, (1 << 42) - 1
UB = hex((1 << 44) + (1 << 42))
body = []


def cast(dt, x):
    return {"datatype": dt, "name": [], "operation": "static_cast", "arguments": [x]}


def stmt(name, dt, op, args):
    body.append({"datatype": dt, "name": [name], "operation": op, "arguments": args})
    return name


def mul128(n, x, y):
    return stmt(n, "u128", "*", [cast("u64", x), cast("u64", y)])


def add128(n, x, y):
    return stmt(n, "u128", "+", [cast("u128", x), cast("u128", y)])


a = [f"arg1[{i}]" for i in range(3)]
b = [f"arg2[{i}]" for i in range(3)]
stmt("x1", "u64", "*", [cast("u64", b[2]), "0x14"])
stmt("x2", "u64", "*", [cast("u64", b[1]), "0x14"])
mul128("x3", a[0], b[0]); mul128("x4", a[1], "x1"); mul128("x5", a[2], "x2")
add128("x6", "x3", "x4"); add128("x7", "x6", "x5")
mul128("x8", a[0], b[1]); mul128("x9", a[1], b[0]); mul128("x10", a[2], "x1")
add128("x11", "x8", "x9"); add128("x12", "x11", "x10")
mul128("x13", a[0], b[2]); mul128("x14", a[1], b[1]); mul128("x15", a[2], b[0])
add128("x16", "x13", "x14"); add128("x17", "x16", "x15")
stmt("x18", "u64", ">>", [cast("u128", "x7"), "44"])
stmt("x19", "u64", "&", [cast("u128", "x7"), hex(M44)])
add128("x20", "x12", "x18")
stmt("x21", "u64", ">>", [cast("u128", "x20"), "44"])
stmt("x22", "u64", "&", [cast("u128", "x20"), hex(M44)])
add128("x23", "x17", "x21")
stmt("x24", "u64", ">>", [cast("u128", "x23"), "42"])
stmt("x25", "u64", "&", [cast("u128", "x23"), hex(M42)])
stmt("x26", "u64", "*", [cast("u64", "x24"), "0x5"])
stmt("x27", "u64", "+", [cast("u64", "x19"), cast("u64", "x26")])
stmt("x28", "u64", ">>", [cast("u64", "x27"), "44"])
stmt("x29", "u64", "&", [cast("u64", "x27"), hex(M44)])
stmt("x30", "u64", "+", [cast("u64", "x22"), cast("u64", "x28")])
for i, x in enumerate(["x29", "x30", "x25"]):
    body.append({"datatype": "u64", "name": [f"out1[{i}]"], "operation": "static_cast", "arguments": [x]})


def param(name):
    return {"datatype": "u64[3]", "name": name, "lbound": ["0x0"] * 3, "ubound": [UB] * 3}


fn = {"operation": "vf_unsat3_mul", "arguments": [param("arg1"), param("arg2")],
      "returns": [{"datatype": "u64[3]", "name": "out1", "lbound": ["0x0"] * 3, "ubound": ["0xffffffffffffffff"] * 3}],
      "body": body}

# self-check: the limbs represent the product modulo 2^130 - 5
P = (1 << 130) - 5
def val(l):
    return l[0] + (l[1] << 44) + (l[2] << 88)
def model(x, y):
    c = [x[0]*y[0] + x[1]*y[2]*20 + x[2]*y[1]*20, x[0]*y[1] + x[1]*y[0] + x[2]*y[2]*20, x[0]*y[2] + x[1]*y[1] + x[2]*y[0]]
    t1 = c[1] + (c[0] >> 44); t2 = c[2] + (t1 >> 44)
    l0 = (c[0] & M44) + 5 * (t2 >> 42)
    return [l0 & M44, (t1 & M44) + (l0 >> 44), t2 & M42]
rng = random.Random(1)
for _ in range(1000):
    x = [rng.randint(0, int(UB, 16)) for _ in range(3)]; y = [rng.randint(0, int(UB, 16)) for _ in range(3)]
    assert val(model(x, y)) % P == val(x) * val(y) % P
json.dump(fn, sys.stdout, indent=1)
print()
