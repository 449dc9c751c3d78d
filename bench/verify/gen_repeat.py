"""Writes OUT/repeat-N.rs for N = 1..NMAX: the library part of verus.rs (between the
!!MAIN!!PRE markers) followed by main_code(N) of repeat.verus.rs.py, as the artifact does."""
import importlib.util, sys
d, nmax, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
spec = importlib.util.spec_from_file_location("m", f"{d}/repeat.verus.rs.py")
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
lines = open(f"{d}/verus.rs").read().splitlines(True)
s = next(i for i, l in enumerate(lines) if "!!MAIN!!PRE_BEGIN!!" in l)
e = next(i for i, l in enumerate(lines) if "!!MAIN!!PRE_END!!" in l)
pre = "".join(lines[s + 1:e])
for n in range(1, nmax + 1):
    with open(f"{out}/repeat-{n}.rs", "w") as f:
        f.write((pre + m.main_code(n)).replace("// !!SCRIPT!!TRUSTED!! ", ""))
