//! Differential check of the verifier against concrete runs: for every exec function with
//! integer/bool parameters in tests/programs that the verifier proves, random inputs that
//! satisfy its `requires` (evaluated concretely) must run without a Rust panic (overflow,
//! division by zero) and satisfy its `ensures`. A counterexample here is a soundness bug of
//! the verifier (or of the interpreter), so it fails the test.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vf_verify::interp::{range, scalar_params, Interp, Stop, Value};
use vf_verify::program::parse_program;
use vf_verify::{verify_source, Options};

fn sample(r: &mut ChaCha8Rng, k: Option<vf_verify::program::IK>) -> Value {
    let Some(k) = k else {
        return Value::Bool(r.gen_bool(0.5));
    };
    let (lo, hi) = range(k);
    let lo = lo.unwrap_or(-1000);
    let hi = hi.unwrap_or(1000);
    let x = match r.gen_range(0..4) {
        0 => r.gen_range(lo.max(-20)..=hi.min(20).max(lo.max(-20))),
        1 => lo,
        2 => hi,
        _ => {
            // anywhere in the range (i128 arithmetic, no overflow for these widths)
            let span = (hi - lo) as f64;
            lo + (r.gen::<f64>() * span) as i128
        }
    };
    Value::Int(x.clamp(lo, hi))
}

#[test]
fn verified_functions_hold_on_concrete_runs() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let mut tested = 0;
    let mut runs = 0;
    let mut names = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        let rep = verify_source(&src, &Options::default()).unwrap();
        let prog = parse_program(&src).unwrap();
        for (fi, f) in prog.fns.iter().enumerate() {
            let Some(kinds) = scalar_params(f) else {
                continue;
            };
            if f.body.is_none() || rep.errors.iter().any(|e| e.function == f.key) {
                continue;
            }
            let mut ok_runs = 0;
            let mut unsupported = false;
            for _ in 0..400 {
                let args: Vec<Value> = kinds.iter().map(|k| sample(&mut rng, *k)).collect();
                let mut it = Interp::new(&prog);
                match it.clauses(fi, &args, None, false) {
                    Ok(true) => {}
                    Ok(false) | Err(Stop::Budget) => continue,
                    Err(Stop::Unsupported(_)) => {
                        unsupported = true;
                        break;
                    }
                    Err(Stop::Abort(m)) => panic!("abort in requires of {}: {}", f.key, m),
                }
                match it.call(fi, &args) {
                    Ok(v) => {
                        let ens = it.clauses(fi, &args, Some(v), true);
                        match ens {
                            Ok(true) => ok_runs += 1,
                            Ok(false) => panic!(
                                "{}: verified, but ensures fail on {:?} -> {:?}",
                                f.key, args, v
                            ),
                            Err(Stop::Unsupported(_)) => {
                                unsupported = true;
                                break;
                            }
                            Err(e) => panic!("{}: ensures evaluation {:?}", f.key, e),
                        }
                    }
                    Err(Stop::Abort(m)) => {
                        panic!("{}: verified, but panics ({}) on {:?}", f.key, m, args)
                    }
                    Err(Stop::Budget) => {}
                    Err(Stop::Unsupported(_)) => {
                        unsupported = true;
                        break;
                    }
                }
            }
            if !unsupported && ok_runs > 0 {
                tested += 1;
                runs += ok_runs;
                names.push(f.key.clone());
            }
        }
    }
    eprintln!(
        "differential: {} functions, {} concrete runs: {:?}",
        tested, runs, names
    );
    assert!(
        tested >= 10,
        "only {} functions tested: {:?}",
        tested,
        names
    );
}

#[test]
fn interpreter_catches_a_wrong_ensures() {
    // sanity: the check is able to fail (the interpreter evaluates ensures for real)
    let src = "verus! {\nfn f(x: u8) -> (r: u8)\n    requires x < 10,\n    ensures r == x + 2,\n{\n    x + 1\n}\n}\n";
    let prog = parse_program(src).unwrap();
    let mut it = Interp::new(&prog);
    let args = [Value::Int(3)];
    assert_eq!(it.clauses(0, &args, None, false), Ok(true));
    let v = it.call(0, &args).unwrap();
    assert_eq!(v, Value::Int(4));
    assert_eq!(it.clauses(0, &args, Some(v), true), Ok(false));
    // and Rust's overflow panic
    let src = "verus! {\nfn g(x: u8) -> u8 {\n    x + 1\n}\n}\n";
    let prog = parse_program(src).unwrap();
    assert!(matches!(
        Interp::new(&prog).call(0, &[Value::Int(255)]),
        Err(Stop::Abort(_))
    ));
    // truncating signed division in exec
    let src = "verus! {\nfn h(a: i32, b: i32) -> i32 {\n    a / b\n}\n}\n";
    let prog = parse_program(src).unwrap();
    assert_eq!(
        Interp::new(&prog).call(0, &[Value::Int(-7), Value::Int(2)]),
        Ok(Value::Int(-3))
    );
}
