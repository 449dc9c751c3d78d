"""Generates unsat9.json: our own 9-limb unsaturated multiply modulo 2^521 - 1 (radix 2^58, the
last limb 57 bits), written in Fiat's JSON IR: 81 128-bit products, column sums with the
wrap-around factor 2 (2^522 = 2 mod p), a carry chain through 128-bit sums and a final
carry from the top limb back into limb 0. Our own construction (not Fiat's p521 code); it is
the 9-limb fixture for `make test` (--budget on a 9-limb function, checker mutants).
Checked against Python integers when run: `python3 gen_unsat9.py > unsat9.json`."""
import json, random, sys

N, R = 9, 58
M58, M57 = (1 << 58) - 1, (1 << 57) - 1
UB = [hex((1 << 58) + (1 << 56))] * 8 + [hex((1 << 57) + (1 << 55))]
body = []
n = [0]


def fresh():
    n[0] += 1
    return f"x{n[0]}"


def cast(dt, x):
    return {"datatype": dt, "name": [], "operation": "static_cast", "arguments": [x]}


def stmt(dt, op, args):
    name = fresh()
    body.append({"datatype": dt, "name": [name], "operation": op, "arguments": args})
    return name


a = [f"arg1[{i}]" for i in range(N)]
b = [f"arg2[{i}]" for i in range(N)]
b2 = [stmt("u64", "*", [cast("u64", b[j]), "0x2"]) for j in range(N)]
cols = []
for k in range(N):
    acc = None
    for i in range(N):
        j = k - i
        y = b[j] if j >= 0 else b2[j + N]
        p = stmt("u128", "*", [cast("u64", a[i]), cast("u64", y)])
        acc = p if acc is None else stmt("u128", "+", [cast("u128", acc), cast("u128", p)])
    cols.append(acc)
limbs = []
carry = None
for k in range(N):
    s = cols[k] if carry is None else stmt("u128", "+", [cast("u128", cols[k]), cast("u128", carry)])
    bits, mask = (R, M58) if k < N - 1 else (R - 1, M57)
    limbs.append(stmt("u64", "&", [cast("u128", s), hex(mask)]))
    carry = stmt("u64", ">>", [cast("u128", s), str(bits)])
t = stmt("u64", "+", [cast("u64", limbs[0]), cast("u64", carry)])
l0 = stmt("u64", "&", [cast("u64", t), hex(M58)])
c0 = stmt("u64", ">>", [cast("u64", t), str(R)])
l1 = stmt("u64", "+", [cast("u64", limbs[1]), cast("u64", c0)])
outs = [l0, l1] + limbs[2:]
for i, x in enumerate(outs):
    body.append({"datatype": "u64", "name": [f"out1[{i}]"], "operation": "static_cast", "arguments": [x]})


def param(name):
    return {"datatype": f"u64[{N}]", "name": name, "lbound": ["0x0"] * N, "ubound": UB}


fn = {"operation": "vf_unsat9_mul", "arguments": [param("arg1"), param("arg2")],
      "returns": [{"datatype": f"u64[{N}]", "name": "out1", "lbound": ["0x0"] * N, "ubound": [hex((1 << 59) - 1)] * N}],
      "body": body}

# self-check: evaluate the IR as written (u128/u64 wrap-around included) and compare with the
# product modulo 2^521 - 1
P = (1 << 521) - 1


def run(x, y):
    env = {f"arg1[{i}]": x[i] for i in range(N)}
    env.update({f"arg2[{i}]": y[i] for i in range(N)})
    def val(e):
        if isinstance(e, dict):
            w = 128 if e["datatype"] == "u128" else 64
            return val(e["arguments"][0]) & ((1 << w) - 1)
        return env[e] if e in env else int(e, 0)
    for s in body:
        v = [val(e) for e in s["arguments"]]
        op, w = s["operation"], (128 if s["datatype"] == "u128" else 64)
        r = {"*": lambda: v[0] * v[1], "+": lambda: v[0] + v[1], "&": lambda: v[0] & v[1],
             ">>": lambda: v[0] >> v[1], "static_cast": lambda: v[0]}[op]()
        assert op == "static_cast" or r < (1 << w) or op == "*" and w == 64 and False, (s, r)
        env[s["name"][0]] = r & ((1 << w) - 1)
    return [env[f"out1[{i}]"] for i in range(N)]


def value(l):
    return sum(x << (R * i) for i, x in enumerate(l))


rng = random.Random(1)
ub = [int(u, 16) for u in UB]
for t_ in range(300):
    x = [rng.randint(0, u) if t_ % 3 else u for u in ub]
    y = [rng.randint(0, u) if t_ % 5 else u for u in ub]
    o = run(x, y)
    assert all(v < (1 << 59) for v in o), o
    assert value(o) % P == value(x) * value(y) % P
json.dump(fn, sys.stdout, indent=1)
print()
