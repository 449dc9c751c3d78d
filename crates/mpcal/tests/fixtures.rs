//! The project's own MPCal/PlusCal fixtures: every error class at its annotated byte offset,
//! the expansion rules (exact PGo-layout output), P syntax, and what is not supported.

use std::collections::BTreeSet;
use vf_mpcal::{pcalgen, Options};

fn fixture(path: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/fixtures/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// `(*:: expectedError[+N]: Class *)` or `\*:: ...`: class at the next non-blank offset (+N).
fn annotations(src: &str) -> BTreeSet<(String, usize)> {
    let mut out = BTreeSet::new();
    let mut from = 0;
    while let Some(i) = src[from..].find(":: expectedError") {
        let at = from + i;
        from = at + 1;
        let block = &src[at - 2..at] == "(*";
        let rest = &src[at + 16..];
        let (adjust, rest) = match rest.strip_prefix('+') {
            Some(r) => {
                let n: String = r.chars().take_while(|c| c.is_ascii_digit()).collect();
                (n.parse().unwrap(), &r[n.len()..])
            }
            None => (0, rest),
        };
        let class: String = rest.trim_start_matches(':').trim_start().chars().take_while(|c| c.is_alphanumeric()).collect();
        let end = if block { at + src[at..].find("*)").unwrap() + 2 } else { at + src[at..].find('\n').unwrap() };
        let next = end + src[end..].len() - src[end..].trim_start().len();
        out.insert((class, next + adjust));
    }
    out
}

fn check_errors(name: &str) {
    let src = fixture(&format!("errors/{name}"));
    let no_mw = std::path::Path::new(&format!("{}/tests/fixtures/errors/{name}.noMultipleWrites", env!("CARGO_MANIFEST_DIR"))).exists();
    let expected = annotations(&src);
    assert!(!expected.is_empty(), "{name} has no annotations");
    let got: BTreeSet<(String, usize)> = match pcalgen(&src, Options { no_multiple_writes: no_mw }) {
        Ok(_) => BTreeSet::new(),
        Err(ds) => ds.into_iter().map(|d| (d.class, d.offset)).collect(),
    };
    assert_eq!(got, expected, "{name}");
}

#[test]
fn label_rules() {
    check_errors("labels.tla");
}
#[test]
fn recursive_macros() {
    check_errors("macros.tla");
}
#[test]
fn kind_rules() {
    check_errors("kinds.tla");
}
#[test]
fn assignment_rules_with_no_multiple_writes() {
    check_errors("assign.tla");
}
#[test]
fn multiple_writes_allowed_without_flag() {
    let src = fixture("errors/assign.tla");
    let ds = pcalgen(&src, Options::default()).unwrap_err();
    assert!(ds.iter().all(|d| d.class != "MultipleAssignmentError"));
    assert_eq!(ds.iter().filter(|d| d.class == "PCalInvalidAssignment").count(), 2);
}
#[test]
fn lookup_error_reports_first_only() {
    check_errors("lookup.tla");
}
#[test]
fn unbound_macro_free_variable() {
    check_errors("freevar.tla");
}
#[test]
fn module_scoping() {
    check_errors("scoping.tla");
}
#[test]
fn mapping_lookup() {
    check_errors("mapping_lookup.tla");
}
#[test]
fn pluscal_tags() {
    check_errors("tags.tla");
}
#[test]
fn effectively_no_processes() {
    check_errors("empty.tla");
}

#[test]
fn expansion_rules_exact_output() {
    // Fresh names follow PGo: the desugared `c := .. || buf[1] := ..` binds c0/buf0; PGo's
    // multiple-writes rewrite then renames non-tail with-bindings, first in the archetype
    // definition (c00, buf00, discarded) and then in the instance (c01, buf01).
    let src = fixture("expand/expand.tla");
    let out = pcalgen(&src, Options::default()).unwrap_or_else(|ds| panic!("{:?}", ds));
    let begin = out.find("\\* BEGIN PLUSCAL TRANSLATION\n").unwrap() + "\\* BEGIN PLUSCAL TRANSLATION\n".len();
    let end = out.find("\n\\* END PLUSCAL TRANSLATION").unwrap();
    let expected = fixture("expand/expand.tla.expected");
    assert_eq!(&out[begin..end], expected.trim_end_matches('\n').to_string() + "\n", "generated PlusCal");
    // everything outside the block is untouched
    assert!(out.starts_with(&src[..src.find("\\* BEGIN PLUSCAL TRANSLATION").unwrap()]));
    assert!(out.contains("\\* END PLUSCAL TRANSLATION\n*)\n\\* BEGIN TRANSLATION\n"));
    assert!(out.ends_with("\\* END TRANSLATION\n====\n"));
    // the regenerated TLA+ block has one action per label and parses as part of the module
    for action in ["w ==", "loop ==", "inc ==", "swap ==", "idx ==", "Spec =="] {
        assert!(out.contains(action), "missing {action}");
    }
    vf_tla::parse_module(&out).unwrap();
    // the generated algorithm parses back and the output is stable under a second run
    let again = pcalgen(&out, Options::default());
    assert!(again.is_ok() || again.as_ref().unwrap_err()[0].class == "Unsupported");
}

#[test]
fn p_syntax_parses_and_round_trips() {
    let src = fixture("expand/psyntax.tla");
    let (b, _) = vf_mpcal::parse_block(&src).unwrap();
    assert_eq!(b.syntax, vf_mpcal::ast::Syntax::P);
    assert_eq!(b.vars.len(), 2);
    let body = b.body.as_ref().unwrap();
    assert_eq!(body.len(), 3);
    vf_mpcal::pcal_roundtrip(&src).unwrap();
}

#[test]
fn mpcal_procedures_are_instantiated_per_call_signature() {
    let src = fixture("expand/procedures.tla");
    let g = vf_mpcal::pcalgen_full(&src, Options::default()).unwrap_or_else(|ds| panic!("{ds:?}"));
    let out = &g.text;
    let begin = out.find("--algorithm").unwrap();
    let end = out.find("\\* END PLUSCAL TRANSLATION").unwrap();
    // `ref r` becomes the passed variable `g`; the procedure gets a fresh name (`Inc` is taken).
    let expected = "--algorithm procedures {
  variables g = 0;
  
  procedure Inc0()
  {
    p:
      g := (g) + (1);
      return;
  }
  
  process (P = 1)
  {
    l:
      call Inc0();
      goto Done;
  }
}

";
    assert_eq!(&out[begin..end], expected);
    // and the TLA+ translator handles the generated procedure
    assert!(g.tla_warning.is_none(), "{:?}", g.tla_warning);
    assert!(g.text.contains("[stack EXCEPT ![self] = Tail(stack[self])]"), "{}", g.text);
}

#[test]
fn parse_errors_have_positions() {
    let d = vf_mpcal::parse_block("---- MODULE m ----\n(* --algorithm a { x := ; } *)\n====\n").unwrap_err();
    assert_eq!(d.class, "ParseFailureError");
    let d = vf_mpcal::parse_block("---- MODULE m ----\nFoo == 1\n====\n").unwrap_err();
    assert!(d.message.contains("--mpcal"));
}

#[test]
fn tla_translation_matches_hand_written_tlc_output() {
    let src = fixture("expand/translate.tla");
    let g = vf_mpcal::pcalgen_full(&src, Options::default()).unwrap_or_else(|ds| panic!("{ds:?}"));
    assert!(g.tla_warning.is_none(), "{:?}", g.tla_warning);
    let expected = format!("{}\n====\n", fixture("expand/translate.tla.expected"));
    vf_mpcal::translation_blocks_equal(&g.text, &expected).unwrap();
    // and a different expectation is detected
    let wrong = expected.replace("/\\ y' = y\n           /\\ x' = x", "/\\ UNCHANGED << x, y >>");
    assert!(vf_mpcal::translation_blocks_equal(&g.text, &wrong).is_err());
}

#[test]
fn tla_translation_of_procedures_matches_hand_written_tlc_output() {
    let src = fixture("expand/translate_procs.tla");
    let g = vf_mpcal::pcalgen_full(&src, Options::default()).unwrap_or_else(|ds| panic!("{ds:?}"));
    assert!(g.tla_warning.is_none(), "{:?}", g.tla_warning);
    let expected = format!("{}\n====\n", fixture("expand/translate_procs.tla.expected"));
    vf_mpcal::translation_blocks_equal(&g.text, &expected).unwrap();
    // the return must restore the frame: dropping the restore of `t` is detected
    let wrong = expected.replace("            /\\ t' = [t EXCEPT ![self] = Head(stack[self]).t]\n", "");
    assert_ne!(wrong, expected);
    assert!(vf_mpcal::translation_blocks_equal(&g.text, &wrong).is_err());
    // the return address of a call ending its label is the next label
    let wrong = expected.replace("pc        |->  \"q2\"", "pc        |->  \"Done\"");
    assert_ne!(wrong, expected);
    assert!(vf_mpcal::translation_blocks_equal(&g.text, &wrong).is_err());
}

#[test]
fn tla_translation_of_tail_call_matches_hand_written_tlc_output() {
    let src = fixture("expand/translate_tail.tla");
    let g = vf_mpcal::pcalgen_full(&src, Options::default()).unwrap_or_else(|ds| panic!("{ds:?}"));
    assert!(g.tla_warning.is_none(), "{:?}", g.tla_warning);
    let expected = format!("{}\n====\n", fixture("expand/translate_tail.tla.expected"));
    vf_mpcal::translation_blocks_equal(&g.text, &expected).unwrap();
    // the tail call replaces the top frame (returning where Twice would) instead of pushing
    let wrong = expected.replace("\\o Tail(stack[self])]", "\\o stack[self]]");
    assert_ne!(wrong, expected);
    assert!(vf_mpcal::translation_blocks_equal(&g.text, &wrong).is_err());
}

#[test]
fn self_tail_call_without_parameters_is_true_where_tlc_prints_an_empty_bullet() {
    // a parameterless procedure tail-calling itself assigns nothing and leaves the stack
    // alone: TLC prints an empty `/\\` bullet (not TLA+); we write TRUE
    let src = "---- MODULE p ----\n(* --algorithm p {\n procedure f() { l: call f(); return; }\n process (A = 1) { m: call f(); goto Done; }\n}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n\\* BEGIN TRANSLATION\nOLD == 1\n\\* END TRANSLATION\n====\n";
    let g = vf_mpcal::pcalgen_full(src, Options::default()).unwrap_or_else(|ds| panic!("{ds:?}"));
    assert!(g.tla_warning.is_none(), "{:?}", g.tla_warning);
    let expected = r#"\* BEGIN TRANSLATION
VARIABLES pc, stack
vars == << pc, stack >>
ProcSet == {1}
Init == /\ stack = [self \in ProcSet |-> << >>]
        /\ pc = [self \in ProcSet |-> "m"]
l(self) == /\ pc[self] = "l"
           /\ TRUE
           /\ pc' = [pc EXCEPT ![self] = "l"]
           /\ stack' = stack
f(self) == l(self)
m == /\ pc[1] = "m"
     /\ stack' = [stack EXCEPT ![1] = << [ procedure |->  "f", pc |->  "Done" ] >> \o stack[1]]
     /\ pc' = [pc EXCEPT ![1] = "l"]
A == m
Terminating == /\ \A self \in ProcSet: pc[self] = "Done"
               /\ UNCHANGED vars
Next == A
           \/ (\E self \in ProcSet: f(self))
           \/ Terminating
Spec == Init /\ [][Next]_vars
Termination == <>(\A self \in ProcSet: pc[self] = "Done")
\* END TRANSLATION
====
"#;
    vf_mpcal::translation_blocks_equal(&g.text, expected).unwrap();
}

#[test]
fn translator_renames_shared_labels_like_tlc() {
    // TLC: labels considered in declaration order (procedures, then processes); a clashing
    // label gets `_`, then characters of its procedure/process name, until unique
    let src = "---- MODULE r ----\nEXTENDS Naturals, Sequences\n(* --algorithm r {\n variables g = 0;\n procedure F() { l: g := g + 1; return; }\n procedure G() { l: g := g + 2; return; }\n process (A = 1) { l: call F(); goto Done; }\n process (B = 2) { l: call G(); goto Done; }\n}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n\\* BEGIN TRANSLATION\n\\* END TRANSLATION\n====\n";
    let g = vf_mpcal::pcalgen_full(src, Options::default()).unwrap_or_else(|ds| panic!("{ds:?}"));
    assert!(g.tla_warning.is_none(), "{:?}", g.tla_warning);
    let t = &g.text[g.text.find("\\* BEGIN TRANSLATION").unwrap()..];
    for def in ["l_(self) ==", "l_G(self) ==", "\nl_A ==", "\nl ==", "F(self) == l_(self)", "G(self) == l_G(self)", "A == l_A", "B == l\n"] {
        assert!(t.contains(def), "missing `{def}` in\n{t}");
    }
    // calls jump to the renamed first labels; Init starts the processes at their renamed labels
    assert!(t.contains("[pc EXCEPT ![1] = \"l_\"]") && t.contains("[pc EXCEPT ![2] = \"l_G\"]"), "{t}");
    assert!(t.contains("(self = 1) -> \"l_A\"") && t.contains("(self = 2) -> \"l\""), "{t}");
}

#[test]
fn translator_renames_labels_before_variables_and_declines_variable_renames() {
    // a label named like a process variable: labels come first in TLC's order, so the label
    // is renamed (to `m_`) and the variable keeps its name
    let src = "---- MODULE r ----\n(* --algorithm r {\n process (A = 1) variables m = 0; { l: m := 1; }\n process (B = 2) { m: skip; }\n}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n\\* BEGIN TRANSLATION\nOLD == 1\n\\* END TRANSLATION\n====\n";
    let g = vf_mpcal::pcalgen_full(src, Options::default()).unwrap_or_else(|ds| panic!("{ds:?}"));
    assert!(g.tla_warning.is_none(), "{:?}", g.tla_warning);
    assert!(g.text.contains("\nm_ ==") && g.text.contains("B == m_\n") && !g.text.contains("OLD == 1"), "{}", g.text);
    // two processes with a local of the same name: TLC renames the first variable, which we
    // decline (the old block is kept and the warning says why)
    let src = src.replace("process (B = 2) { m: skip; }", "process (B = 2) variables m = 1; { k: skip; }");
    let g = vf_mpcal::pcalgen_full(&src, Options::default()).unwrap_or_else(|ds| panic!("{ds:?}"));
    assert!(g.tla_warning.unwrap().contains("rename `m` to `m_`"));
    assert!(g.text.contains("OLD == 1"));
}

#[test]
fn tla_translation_of_uniprocess_algorithm_matches_hand_written_tlc_output() {
    let src = fixture("expand/translate_uni.tla");
    let g = vf_mpcal::pcalgen_full(&src, Options::default()).unwrap_or_else(|ds| panic!("{ds:?}"));
    assert!(g.tla_warning.is_none(), "{:?}", g.tla_warning);
    let expected = format!("{}\n====\n", fixture("expand/translate_uni.tla.expected"));
    vf_mpcal::translation_blocks_equal(&g.text, &expected).unwrap();
    // the else branch, which has no goto, gets TLC's `pc' = next` (not a stuck `pc' = pc`)
    let wrong = expected.replace("ELSE /\\ y' = x\n                 /\\ pc' = \"Done\"", "ELSE /\\ y' = x\n                 /\\ pc' = pc");
    assert_ne!(wrong, expected);
    assert!(vf_mpcal::translation_blocks_equal(&g.text, &wrong).is_err());
    // uniprocess: no `self`, no ProcSet
    let t = &g.text[g.text.find("\\* BEGIN TRANSLATION").unwrap()..];
    assert!(!t.contains("self") && !t.contains("ProcSet"), "{t}");
}

#[test]
fn mapping_macros_expand_reads_and_writes() {
    let src = "---- MODULE m ----\nEXTENDS Naturals, Sequences\n(* --mpcal m {\n    mapping macro Queue {\n        read { await Len($variable) > 0; with (h = Head($variable)) { $variable := Tail($variable); yield h; }; }\n        write { yield Append($variable, $value); }\n    }\n    archetype A(ref q) { l: q := q + 1; }\n    variables buf = <<>>;\n    process (P = 1) == instance A(ref buf) mapping buf via Queue;\n}\n\\* BEGIN PLUSCAL TRANSLATION\n\\* END PLUSCAL TRANSLATION\n*)\n\\* BEGIN TRANSLATION\n\\* END TRANSLATION\n====\n";
    let out = pcalgen(src, Options::default()).unwrap_or_else(|ds| panic!("{ds:?}"));
    let begin = out.find("--algorithm").unwrap();
    let end = out.find("\\* END PLUSCAL TRANSLATION").unwrap();
    // write: value bound first; read: await, with-binding renamed (h -> h0), dequeue, yielded
    // value; then the per-label multiple-writes rewrite renames the non-tail with-bindings again
    // (h0 -> h00, yielded_buf -> yielded_buf0, value -> value0) and turns the first write of
    // `buf` into the binding `buf0`; nested withs are flattened.
    let expected = "--algorithm m {
  variables buf = <<>>;
  
  process (P = 1)
  {
    l:
      await (Len(buf)) > (0);
      with (
        h00 = Head(buf), 
        buf0 = Tail(buf), 
        yielded_buf0 = h00, 
        value0 = (yielded_buf0) + (1)
      ) {
        buf := Append(buf0, value0);
        goto Done;
      };
  }
}

";
    assert_eq!(&out[begin..end], expected);
}

#[test]
fn truncated_and_corrupted_inputs_give_errors_not_panics() {
    for f in ["expand/expand.tla", "expand/translate.tla", "errors/kinds.tla", "errors/labels.tla"] {
        let text = fixture(f);
        let variants = (1..text.len()).step_by(7).map(|i| text[..i].to_string()).chain((0..text.len() - 1).step_by(5).map(|i| format!("{}{}", &text[..i], &text[i + 1..])));
        for v in variants {
            let r = std::panic::catch_unwind(|| {
                let _ = pcalgen(&v, Options::default());
            });
            assert!(r.is_ok(), "panic on a variant of {f}:\n{v}");
        }
    }
}
