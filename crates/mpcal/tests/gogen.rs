//! `gogen` (MPCal -> Go): the committed generated files are exactly what gogen prints, and
//! what cannot be compiled is reported with PGo's class at the right byte offset.
use vf_mpcal::gogen::{gogen, reindent, GoOptions};

fn repo(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn opts(pkg: &str) -> GoOptions {
    GoOptions { package: Some(pkg.into()), source_name: String::new(), no_multiple_writes: false, unsupported_panics: false }
}

#[test]
fn committed_go_files_are_current() {
    for (spec, go, pkg, name) in [
        ("go/internal/gentest/features.tla", "go/internal/gentest/features.go", "gentest", "features.tla"),
        ("go/systems/locksvc/locksvc.tla", "go/systems/locksvc/locksvc.go", "locksvc", "locksvc.tla"),
        ("go/systems/dqueue/dqueue.tla", "go/systems/dqueue/dqueue.go", "dqueue", "dqueue.tla"),
        ("go/systems/gcounter/gcounter.tla", "go/systems/gcounter/gcounter.go", "gcounter", "gcounter.tla"),
        ("go/systems/shopcart/shopcart.tla", "go/systems/shopcart/shopcart.go", "shopcart", "shopcart.tla"),
        ("go/internal/durable/durable.tla", "go/internal/durable/durable.go", "durable", "durable.tla"),
        ("go/internal/nested/nested.tla", "go/internal/nested/nested.go", "nested", "nested.tla"),
    ] {
        let src = repo(spec);
        let out = gogen(&src, &GoOptions { package: Some(pkg.into()), source_name: name.into(), no_multiple_writes: false, unsupported_panics: false }).unwrap_or_else(|e| panic!("{spec}: {e:?}"));
        assert_eq!(out, repo(go), "{go} is stale: regenerate it with `veriforge mpcal gogen {spec} -o {go} --package {pkg}`");
    }
}

fn module(body: &str, archetype: &str) -> String {
    format!(
        "---- MODULE m ----\nEXTENDS Naturals, Sequences, TLC\nCONSTANT K\n{body}\n(* --mpcal m {{\n    archetype A(ref x) {{\n    l: {archetype}\n    }}\n    variables v = 0;\n    process (P = 1) == instance A(ref v);\n}}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n====\n"
    )
}

/// Compiles and returns the first error's (class, offset relative to `needle` in the source).
fn first_error(src: &str) -> (String, usize) {
    let errs = gogen(src, &opts("m")).expect_err("must not compile");
    (errs[0].class.clone(), errs[0].offset)
}

#[test]
fn unsupported_operators_are_reported_at_their_position() {
    let cases = [
        ("", "x := Nat;", "Nat"),
        ("", "x := Int;", "Int"),
        ("", "x := STRING;", "STRING"),
        ("", "x := x';", "x'"),
        ("", "x := \\A i : i = 1;", "\\A i :"),
        ("", "x := [](x = 1);", "[](x"),
        ("", "x := Seq({1});", "Seq({1})"),
        ("", "x := 1.5;", "1.5"),
        ("", "x := CHOOSE i : i = 1;", "CHOOSE i :"),
        ("Big == Nat \\ {0}", "x := Big;", "Nat \\ {0}"),
        ("", "x := 99999999999999999999;", "99999999999999999999"),
    ];
    for (defs, stmt, needle) in cases {
        let src = module(defs, stmt);
        let (class, off) = first_error(&src);
        assert_eq!(class, "UnsupportedOperationError", "{stmt}");
        assert_eq!(off, src.rfind(needle).unwrap(), "{stmt}: wrong offset");
    }
}

#[test]
fn unused_definitions_are_not_compiled() {
    // `Unused` uses Nat but no archetype uses it: nothing to report.
    let src = module("Unused == Nat\nUsed == 3", "x := Used;");
    let go = gogen(&src, &opts("m")).unwrap();
    assert!(go.contains("func Used(k *distsys.Constants) tla.Value {\n\treturn tla.MakeInt(3)\n}"), "{go}");
    assert!(!go.contains("Unused"));
}

#[test]
fn procedure_calls_compile_to_frames() {
    let src = "---- MODULE m ----\nEXTENDS Naturals\n(* --mpcal m {\n    procedure P(ref y, n) { p: y := y + n; return; }\n    archetype A(ref x) {\n    l: call P(ref x, 2);\n    m: call P(ref x, 3); return;\n    }\n    variables v = 0;\n    process (Q = 1) == instance A(ref v);\n}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n====\n";
    let go = gogen(src, &opts("m")).unwrap();
    assert!(go.contains("return c.Call(gogenProcedures[\"P\"], \"m\", distsys.Arg{Ref: c.Ref(\"x\")}, distsys.Arg{Value: a1})"), "{go}");
    assert!(go.contains("return c.TailCall(gogenProcedures[\"P\"], distsys.Arg{Ref: c.Ref(\"x\")}, distsys.Arg{Value: a1})"), "{go}");
    assert!(go.contains("\treturn c.Return()\n"), "{go}");
    assert!(go.contains("gogenProcedures[\"P\"] = P\n"), "{go}");
}

#[test]
fn resource_reads_bound_by_quantifiers_are_rejected() {
    // net[i] inside \A depends on i: it cannot be hoisted before the statement.
    let src = "---- MODULE m ----\nEXTENDS Naturals\n(* --mpcal m {\n    archetype A(ref net[_]) {\n    l: await \\A i \\in {1, 2} : net[i] = 0;\n    }\n    variables v = [i \\in {1, 2} |-> 0];\n    process (Q = 1) == instance A(ref v[_]);\n}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n====\n";
    let (class, off) = first_error(src);
    assert_eq!(class, "Unsupported");
    assert_eq!(off, src.find("net[i]").unwrap());
    // ... while a read that does not depend on the bound name is hoisted.
    let ok = src.replace("net[i] = 0", "net[self] = i");
    let go = gogen(&ok, &opts("m")).unwrap();
    let read = go.find("c.Read(\"net\", c.Self())").expect("hoisted read");
    assert!(read < go.find("tla.ForAll").unwrap());
}

#[test]
fn spec_errors_and_bad_package_names() {
    let src = module("", "x := Undefined;");
    let errs = gogen(&src, &opts("m")).unwrap_err();
    let checked = vf_mpcal::analyze(&src, vf_mpcal::Options::default()).unwrap_err();
    assert_eq!((&errs[0].class, errs[0].offset), (&checked[0].class, checked[0].offset), "PGo's checks run first");
    assert_eq!(errs[0].offset, src.find("Undefined").unwrap());
    let good = module("", "x := K + 1;");
    for bad in ["func", "9lives", "a-b"] {
        let errs = gogen(&good, &opts(bad)).unwrap_err();
        assert_eq!(errs[0].class, "GoPackageError", "{bad}");
    }
    let go = gogen(&good, &GoOptions { package: None, source_name: "m.tla".into(), no_multiple_writes: false, unsupported_panics: false }).unwrap();
    assert!(go.starts_with("// Code generated by veriforge mpcal gogen from m.tla. DO NOT EDIT.\n"));
    assert!(go.contains("\npackage m\n"));
    assert!(go.contains("c.Consts().Get(\"K\")"), "{go}");
}

#[test]
fn reindent_follows_gofmt() {
    let code = "func f() {\nx := g(func() {\nreturn\n}, h(\n1,\n))\nswitch y {\ncase 0:\nz()\ndefault:\n}\ns := \"{(\" // {\n}\n";
    let want = "func f() {\n\tx := g(func() {\n\t\treturn\n\t}, h(\n\t\t1,\n\t))\n\tswitch y {\n\tcase 0:\n\t\tz()\n\tdefault:\n\t}\n\ts := \"{(\" // {\n}\n";
    assert_eq!(reindent(code), want);
}

#[test]
fn unsupported_builtins_compile_to_panics_in_pgo_mode() {
    // PGo's mode: a built-in it cannot compile becomes Go that panics when evaluated; the
    // default reports it (see unsupported_operators_are_reported_at_their_position).
    let pgo = GoOptions { package: Some("m".into()), source_name: String::new(), no_multiple_writes: false, unsupported_panics: true };
    for (stmt, op) in [("x := SetToBag({1});", "SetToBag"), ("x := Nat;", "Nat"), ("x := SelectSeq(<<1>>, LAMBDA e: TRUE);", "SelectSeq")] {
        let src = module("", stmt);
        let go = gogen(&src, &pgo).unwrap_or_else(|e| panic!("{stmt}: {e:?}"));
        assert!(go.contains(&format!("func() tla.Value {{ panic(\"unsupported operator {op}\") }}()")), "{stmt}: {go}");
        assert_eq!(first_error(&src).0, "UnsupportedOperationError", "{stmt}: the default must still report it");
    }
    // Only built-ins: primes, temporal operators and undefined names stay errors.
    for stmt in ["x := x';", "x := [](x = 1);", "x := Undefined;"] {
        assert!(gogen(&module("", stmt), &pgo).is_err(), "{stmt}");
    }
}

#[test]
fn assigned_value_parameters_are_local_copies() {
    // PGo accepts assigning a non-ref parameter of a procedure or archetype: the unit's own copy.
    let src = "---- MODULE m ----\nEXTENDS Naturals\n(* --mpcal m {\n    procedure P(n, m) { p: n := n + m; return; }\n    archetype A(ref x, k) {\n    l: k := k + 1; x := k;\n    q: call P(k, 1); return;\n    }\n    variables v = 0;\n    process (Q = 1) == instance A(ref v, 3);\n}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n====\n";
    let go = gogen(src, &opts("m")).unwrap_or_else(|e| panic!("{e:?}"));
    for name in ["n", "k"] {
        assert!(go.contains(&format!("{{Name: \"{name}\", Init: func(c *distsys.Context) tla.Value {{\n\t\t\treturn c.Value(\"{name}\")\n\t\t}}}},")), "{name}: {go}");
        assert!(go.contains(&format!("c.SetLocal(\"{name}\", ")), "{name}: {go}");
    }
    // `m` is only read: it stays a value parameter.
    assert!(go.contains("c.Value(\"m\")") && !go.contains("c.Local(\"m\")"), "{go}");
}
