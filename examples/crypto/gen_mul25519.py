"""Generates mul25519.json: our own 5-limb multiply modulo 2^255 - 19 in radix 2^51, written in
Fiat's JSON IR: 25 128-bit products (the wrapped ones with one factor times 19, as
2^255 = 19 mod p), a carry chain through 128-bit sums, and the top carry times 19 (a 128-bit
product) folded back into limb 0 with one more carry into limb 1. Our own construction (not
Fiat's curve25519 code): the field multiply of the X25519 ladder test in `make test`
(crates/x86/tests/x25519.rs), so the ladder runs on code our generator produced and our checker
proved without ../shared. Checked against Python integers when run:
`python3 gen_mul25519.py > mul25519.json`."""
import json, random

N, R = 5, 51
M = (1 << R) - 1
# inputs: "loose" limbs as the ladder's additions and subtractions produce them (< 2^53)
UB = [hex((1 << 53) - 1)] * N
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
b19 = [stmt("u64", "*", [cast("u64", b[j]), "0x13"]) for j in range(N)]
cols = []
for k in range(N):
    acc = None
    for i in range(N):
        j = k - i
        y = b[j] if j >= 0 else b19[j + N]
        p = stmt("u128", "*", [cast("u64", a[i]), cast("u64", y)])
        acc = p if acc is None else stmt("u128", "+", [cast("u128", acc), cast("u128", p)])
    cols.append(acc)
limbs = []
carry = None
for k in range(N):
    s = cols[k] if carry is None else stmt("u128", "+", [cast("u128", cols[k]), cast("u128", carry)])
    limbs.append(stmt("u64", "&", [cast("u128", s), hex(M)]))
    carry = stmt("u64", ">>", [cast("u128", s), str(R)])
c19 = stmt("u128", "*", [cast("u64", carry), "0x13"])
t = stmt("u128", "+", [cast("u128", limbs[0]), cast("u128", c19)])
l0 = stmt("u64", "&", [cast("u128", t), hex(M)])
c0 = stmt("u64", ">>", [cast("u128", t), str(R)])
l1 = stmt("u64", "+", [cast("u64", limbs[1]), cast("u64", c0)])
outs = [l0, l1] + limbs[2:]
for i, x in enumerate(outs):
    body.append({"datatype": "u64", "name": [f"out1[{i}]"], "operation": "static_cast", "arguments": [x]})


def param(name):
    return {"datatype": f"u64[{N}]", "name": name, "lbound": ["0x0"] * N, "ubound": UB}


fn = {"operation": "vf_mul25519", "arguments": [param("arg1"), param("arg2")],
      "returns": [{"datatype": f"u64[{N}]", "name": "out1", "lbound": ["0x0"] * N, "ubound": [hex((1 << 52) - 1)] * N}],
      "body": body}

P = (1 << 255) - 19


def run(x, y):
    env = {f"arg1[{i}]": x[i] for i in range(N)}
    env.update({f"arg2[{i}]": y[i] for i in range(N)})
    def val(e):
        if isinstance(e, dict):
            w = 128 if e["datatype"] == "u128" else 64
            return val(e["arguments"][0]) & ((1 << w) - 1)
        return env[e] if e in env else int(e, 0)
    for s in body:
        w = 128 if s["datatype"] == "u128" else 64
        x0 = val(s["arguments"][0])
        if s["operation"] == "static_cast":
            r = x0
        else:
            x1 = val(s["arguments"][1])
            r = {"*": x0 * x1, "+": x0 + x1, "&": x0 & x1, ">>": x0 >> x1}[s["operation"]]
        env[s["name"][0]] = r & ((1 << w) - 1)
    return [env[f"out1[{i}]"] for i in range(N)]


rng = random.Random(1)
for t in range(3000):
    x = [rng.randrange(1 << 53) if t % 3 else (1 << 53) - 1 for _ in range(N)]
    y = [rng.randrange(1 << 53) if t % 5 else (1 << 53) - 1 for _ in range(N)]
    out = run(x, y)
    v = lambda l: sum(l[i] << (R * i) for i in range(N))
    assert v(out) % P == v(x) * v(y) % P, (x, y)
    assert all(o < (1 << 52) for o in out), out
    assert all(o < (1 << 51) for o in out[:1] + out[2:]), out
print(json.dumps([fn], indent=2))
