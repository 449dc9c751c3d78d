//! A deterministic structure-blind mutator: the mutations an adversarial tester types by hand
//! (issue 18): truncations, bit flips, deleted / duplicated / swapped lines, huge numbers, deep
//! nesting, NUL bytes, splices from another seed, dictionary tokens and overwritten binary
//! integers. Same seed and inputs give the same outputs on every machine (ChaCha8).

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Numbers that overflow `u32`, `u64`, `i64`, `u128` or sizes (the "huge numbers" class).
pub const HUGE_NUMBERS: &[&str] = &[
    "18446744073709551615",
    "18446744073709551616",
    "18446744073709551000",
    "9223372036854775807",
    "-9223372036854775808",
    "340282366920938463463374607431768211456",
    "99999999999999999999999999999999999999999",
    "4294967296",
    "4294967295",
    "2147483648",
    "-1",
    "0x8000000000000000",
    "0xffffffffffffffffffff",
    "1e308",
];

/// Bracket pairs used for deep nesting (TLA+ tuples, PlusCal blocks, S-expressions, JSON).
const NESTING: &[(&str, &str)] = &[("(", ")"), ("[", "]"), ("{", "}"), ("<<", ">>"), ("(* ", " *)")];

/// Integers written over binary inputs (ELF headers, `.insns` slots, pmlog headers).
const INTERESTING: &[u64] = &[
    0,
    1,
    0x7f,
    0x80,
    0xff,
    0x7fff,
    0x8000,
    0xffff,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
    0x7fff_ffff_ffff_ffff,
    0x8000_0000_0000_0000,
    u64::MAX,
    4096,
    65536,
];

/// The mutation classes, named for reports and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Truncate,
    BitFlip,
    InterestingByte,
    DeleteLine,
    DuplicateLine,
    SwapLines,
    HugeNumber,
    DeepNesting,
    Nul,
    Splice,
    Token,
    RandomBytes,
    BinaryInt,
}

pub const KINDS: &[Kind] = &[
    Kind::Truncate,
    Kind::BitFlip,
    Kind::InterestingByte,
    Kind::DeleteLine,
    Kind::DuplicateLine,
    Kind::SwapLines,
    Kind::HugeNumber,
    Kind::DeepNesting,
    Kind::Nul,
    Kind::Splice,
    Kind::Token,
    Kind::RandomBytes,
    Kind::BinaryInt,
];

/// Byte ranges of the lines of `b` (each including its `\n`).
fn lines(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if c == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < b.len() {
        out.push((start, b.len()));
    }
    out
}

/// Applies one mutation of class `kind` to `data` in place. `other` is another seed (for
/// splices), `dict` the target's keywords. Never panics, whatever the input.
pub fn apply(rng: &mut ChaCha8Rng, kind: Kind, data: &mut Vec<u8>, other: &[u8], dict: &[&str]) {
    let len = data.len();
    let pos = |rng: &mut ChaCha8Rng, n: usize| if n == 0 { 0 } else { rng.gen_range(0..=n) };
    match kind {
        Kind::Truncate => {
            let at = pos(rng, len);
            data.truncate(at);
        }
        Kind::BitFlip => {
            if len > 0 {
                let i = rng.gen_range(0..len);
                data[i] ^= 1 << rng.gen_range(0..8);
            }
        }
        Kind::InterestingByte => {
            if len > 0 {
                let i = rng.gen_range(0..len);
                const B: &[u8] = b"\x00\xff\x7f\x80\n\r\t (\")]}\\*-0 9\xc3\xe2";
                data[i] = B[rng.gen_range(0..B.len())];
            }
        }
        Kind::DeleteLine | Kind::DuplicateLine | Kind::SwapLines => {
            let ls = lines(data);
            if ls.is_empty() {
                return;
            }
            let (s, e) = ls[rng.gen_range(0..ls.len())];
            match kind {
                Kind::DeleteLine => {
                    data.drain(s..e);
                }
                Kind::DuplicateLine => {
                    let line = data[s..e].to_vec();
                    let times = *[1usize, 2, 10, 1000].get(rng.gen_range(0..4)).unwrap_or(&1);
                    let mut rep = Vec::with_capacity(line.len() * times);
                    for _ in 0..times {
                        rep.extend_from_slice(&line);
                        if !line.ends_with(b"\n") {
                            rep.push(b'\n');
                        }
                    }
                    data.splice(e..e, rep);
                }
                _ => {
                    let (s2, e2) = ls[rng.gen_range(0..ls.len())];
                    if s2 > s {
                        let second = data[s2..e2].to_vec();
                        let first = data[s..e].to_vec();
                        data.splice(s2..e2, first);
                        data.splice(s..e, second);
                    }
                }
            }
        }
        Kind::HugeNumber => {
            let n = HUGE_NUMBERS[rng.gen_range(0..HUGE_NUMBERS.len())].as_bytes();
            // Replace a run of digits if there is one near a random point, else insert.
            let start = pos(rng, len);
            match (start..len).find(|&i| data[i].is_ascii_digit()) {
                Some(d) => {
                    let mut e = d;
                    while e < len && (data[e].is_ascii_alphanumeric()) {
                        e += 1;
                    }
                    data.splice(d..e, n.iter().copied());
                }
                None => {
                    data.splice(start..start, n.iter().copied());
                }
            }
        }
        Kind::DeepNesting => {
            let (open, close) = NESTING[rng.gen_range(0..NESTING.len())];
            let depth = [10usize, 100, 1000, 5000][rng.gen_range(0..4)];
            let at = pos(rng, len);
            let mut ins = Vec::with_capacity(depth * (open.len() + close.len()) + 1);
            for _ in 0..depth {
                ins.extend_from_slice(open.as_bytes());
            }
            ins.push(b'1');
            for _ in 0..depth {
                ins.extend_from_slice(close.as_bytes());
            }
            data.splice(at..at, ins);
        }
        Kind::Nul => {
            let at = pos(rng, len);
            data.insert(at, 0);
        }
        Kind::Splice => {
            if !other.is_empty() {
                let a = rng.gen_range(0..other.len());
                let b = rng.gen_range(a..=other.len().min(a + 256));
                let at = pos(rng, len);
                let end = (at + rng.gen_range(0..16)).min(len);
                data.splice(at..end, other[a..b].iter().copied());
            }
        }
        Kind::Token => {
            if !dict.is_empty() {
                let t = dict[rng.gen_range(0..dict.len())].as_bytes();
                let at = pos(rng, len);
                data.splice(at..at, t.iter().copied());
            }
        }
        Kind::RandomBytes => {
            let n = rng.gen_range(1..=16);
            let at = pos(rng, len);
            let bytes: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
            data.splice(at..at, bytes);
        }
        Kind::BinaryInt => {
            let width = [1usize, 2, 4, 8][rng.gen_range(0..4)];
            if len >= width {
                let at = rng.gen_range(0..=len - width) & !(width - 1);
                let mut v = INTERESTING[rng.gen_range(0..INTERESTING.len())];
                if rng.gen_bool(0.25) {
                    // near the current value: off-by-one and small deltas
                    let mut cur = [0u8; 8];
                    cur[..width].copy_from_slice(&data[at..at + width]);
                    v = u64::from_le_bytes(cur).wrapping_add(rng.gen_range(0..=32)).wrapping_sub(16);
                }
                data[at..at + width].copy_from_slice(&v.to_le_bytes()[..width]);
            }
        }
    }
}

/// One mutant of `seed`: one to three stacked mutations.
pub fn mutant(rng: &mut ChaCha8Rng, seed: &[u8], other: &[u8], dict: &[&str]) -> Vec<u8> {
    let mut data = seed.to_vec();
    let n = rng.gen_range(1..=3);
    for _ in 0..n {
        let kind = KINDS[rng.gen_range(0..KINDS.len())];
        apply(rng, kind, &mut data, other, dict);
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    const SEED: &[u8] = b"---- MODULE m ----\nx == 1 + 22\ny == (x)\n====\n";

    #[test]
    fn same_seed_same_mutants() {
        let run = |s| {
            let mut rng = ChaCha8Rng::seed_from_u64(s);
            (0..200).map(|_| mutant(&mut rng, SEED, b"other", &["IF", "THEN"])).collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }

    #[test]
    fn every_kind_changes_the_input_and_never_panics() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for &k in KINDS {
            let mut changed = false;
            for _ in 0..50 {
                let mut d = SEED.to_vec();
                apply(&mut rng, k, &mut d, b"spliced text", &["TOKEN"]);
                changed |= d != SEED;
                // and on degenerate inputs
                for small in [&b""[..], b"\n", b"1"] {
                    let mut e = small.to_vec();
                    apply(&mut rng, k, &mut e, b"", &[]);
                }
            }
            assert!(changed, "{k:?} never changed the input");
        }
    }

    #[test]
    fn classes_do_what_they_say() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut d = SEED.to_vec();
        apply(&mut rng, Kind::Nul, &mut d, b"", &[]);
        assert!(d.contains(&0) && d.len() == SEED.len() + 1);
        let mut d = SEED.to_vec();
        apply(&mut rng, Kind::DeleteLine, &mut d, b"", &[]);
        assert_eq!(lines(&d).len(), lines(SEED).len() - 1);
        let mut d = SEED.to_vec();
        apply(&mut rng, Kind::HugeNumber, &mut d, b"", &[]);
        let s = String::from_utf8_lossy(&d);
        assert!(HUGE_NUMBERS.iter().any(|n| s.contains(n)), "{s}");
        let mut deepest = 0;
        for _ in 0..40 {
            let mut d = SEED.to_vec();
            apply(&mut rng, Kind::DeepNesting, &mut d, b"", &[]);
            deepest = deepest.max(d.len() - SEED.len());
        }
        assert!(deepest >= 5000 * 2, "deep nesting reaches 5000 levels ({deepest} bytes added)");
    }
}
