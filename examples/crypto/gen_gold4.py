"""Generates gold4.json: our own 4-limb unsaturated multiply modulo p = 2^224 - 2^112 - 1 (radix
2^56), the 4-limb analogue of Goldilocks-shaped Solinas reduction: 2^224 = 2^112 + 1 (mod p), so
the high columns c4..c6 are added into two limbs each (c6 into limb 0 once and limb 2 twice).
Written in Fiat's JSON IR the way Fiat writes p448's multiply: every occurrence of a product is
its own statement (the same product computed again), each limb is one left-deep 128-bit sum, then
a carry chain through 128-bit sums and the top carry folded back into limbs 0 and 2. Our own
construction; the fixture for shared partial sums (`reassoc::share_sums`: pairs of products summed
in several limbs). Checked against Python integers when run: `python3 gen_gold4.py > gold4.json`."""
import json, random, sys

N, R = 4, 56
M56 = (1 << 56) - 1
UB = [hex((1 << 56) + (1 << 52))] * N
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
# column k of the schoolbook product, as a list of (i, j)
col = [[(i, k - i) for i in range(N) if 0 <= k - i < N] for k in range(2 * N - 1)]
# limb l takes these columns (2^224 = 2^112 + 1; 2^336 = 2^224 + 2^112 = 2^112 + 1 + 2^112)
takes = {0: [0, 4, 6], 1: [1, 5], 2: [2, 4, 6, 6], 3: [3, 5]}
sums = []
for l in range(N):
    acc = None
    for k in takes[l]:
        for (i, j) in col[k]:
            p = stmt("u128", "*", [cast("u64", a[i]), cast("u64", b[j])])
            acc = p if acc is None else stmt("u128", "+", [cast("u128", acc), cast("u128", p)])
    sums.append(acc)
limbs = []
carry = None
for k in range(N):
    s = sums[k] if carry is None else stmt("u128", "+", [cast("u128", sums[k]), cast("u128", carry)])
    limbs.append(stmt("u64", "&", [cast("u128", s), hex(M56)]))
    carry = stmt("u64", ">>", [cast("u128", s), str(R)])
# the top carry has weight 2^224 = 2^112 + 1
l0 = stmt("u64", "+", [cast("u64", limbs[0]), cast("u64", carry)])
l2 = stmt("u64", "+", [cast("u64", limbs[2]), cast("u64", carry)])
outs = [l0, limbs[1], l2, limbs[3]]
for i, x in enumerate(outs):
    body.append({"datatype": "u64", "name": [f"out1[{i}]"], "operation": "static_cast", "arguments": [x]})


def param(name):
    return {"datatype": f"u64[{N}]", "name": name, "lbound": ["0x0"] * N, "ubound": UB}


fn = {"operation": "vf_gold4_mul", "arguments": [param("arg1"), param("arg2")],
      "returns": [{"datatype": f"u64[{N}]", "name": "out1", "lbound": ["0x0"] * N, "ubound": [hex((1 << 61) - 1)] * N}],
      "body": body}

P = (1 << 224) - (1 << 112) - 1


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
        assert r < (1 << w), (s, r)
        env[s["name"][0]] = r
    return [env[f"out1[{i}]"] for i in range(N)]


def value(l):
    return sum(x << (R * i) for i, x in enumerate(l))


rng = random.Random(1)
ub = [int(u, 16) for u in UB]
for t_ in range(300):
    x = [rng.randint(0, u) if t_ % 3 else u for u in ub]
    y = [rng.randint(0, u) if t_ % 5 else u for u in ub]
    o = run(x, y)
    assert all(v < (1 << 61) for v in o), o
    assert value(o) % P == value(x) * value(y) % P
json.dump(fn, sys.stdout, indent=1)
print()
