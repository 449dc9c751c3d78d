---- MODULE features ----
\* Exercises every construct `veriforge mpcal gogen` compiles; features_test.go runs the Go
\* output and checks each value against what TLA+ says it is.
EXTENDS Naturals, Sequences, FiniteSets, TLC
CONSTANTS N, MkPair(_, _)

Square(x) == x * x
Unused == Nat \* never used by an archetype: not compiled, so no error

(* --mpcal features {
    define {
        Evens == {x \in 1..N : x % 2 = 0}
        Sq == [i \in 1..N |-> Square(i)]
        Least(S) == CHOOSE x \in S : \A y \in S : x <= y
    }
    macro Emit(o, v) {
        o := v;
    }

    procedure Add(ref acc, n)
        variables i = 0;
    {
    addLoop:
        while (i < n) {
        addStep:
            acc := acc + 1;
            i := i + 1;
        };
    addDone:
        return;
    }

    procedure Double(ref acc, n) {
    dbl:
        if (n > 0) {
            acc := acc * 2;
            call Double(ref acc, n - 1);
            return;
        } else {
            return;
        };
    }

    archetype AProc(ref out)
        variables total = 0;
    {
    p1:
        call Add(ref total, 3);
    p2:
        out := total;
        call Double(ref total, 2);
    p3:
        out := total;
        call Add(ref out, 1);
    }

    archetype AExprs(ref out)
    variables r = [a |-> 1, b |-> <<1, 2>>], f = [i \in {"x", "y"} |-> 0];
    {
    l1:
        Emit(out, Evens);
        Emit(out, Sq[3]);
        Emit(out, LET z == 3 IN z + Len(r.b));
    l2:
        r.b[2] := 7;
    l3:
        Emit(out, r);
        f["x"] := 2 || f["y"] := f["x"] + 1;
    l4:
        Emit(out, f);
        Emit(out, {<<a, b>> : a \in 1..2, b \in {"p"}});
        Emit(out, CASE N > 10 -> "big" [] N > 2 -> "mid" [] OTHER -> "small");
        Emit(out, \E x \in Evens : x > 3);
        Emit(out, <<(-7) \div 2, -7 \div 2, -7 % 2, 2^10>>);
        Emit(out, [r EXCEPT !.a = @ + 10, !.b[1] = 0]);
        Emit(out, MkPair(1, 2));
        Emit(out, Least({3, 1, 2}));
        Emit(out, SubSeq(<<1, 2, 3, 4>>, 2, 3) \o <<9>>);
        Emit(out, DOMAIN f);
        Emit(out, IF Cardinality(Evens) = 2 THEN "two" ELSE "other");
        Emit(out, (1 :> "a") @@ (2 :> "b"));
        Emit(out, LET g(u, v) == u * 10 + v IN g(4, 2));
        Emit(out, {s \in SUBSET {1, 2} : Cardinality(s) = 1});
        Emit(out, [k \in {1, 2} \X {3} |-> k[1] + k[2]]);
    }

    archetype AChoice(ref in, ref out)
    variables seen = {}, n = 0;
    {
    loop:
        while (n < 6) {
        step:
            either {
                await n % 2 = 1;
                out := <<"odd", n>>;
            } or {
                await n % 2 = 0;
                out := <<"even", n>>;
            };
            n := n + 1;
        };
    pick:
        with (x \in {1, 2, 3} \ seen) {
            seen := seen \union {x};
        };
        if (Cardinality(seen) < 3) {
            goto pick;
        };
    recv:
        with (v = in) {
            out := v * 2;
        };
    check:
        assert seen = {1, 2, 3};
        print <<"done", n>>;
    }

    archetype AIndexed(ref cells[_], k)
    {
    w:
        cells[self] := k;
        cells[self + 1] := cells[self] + 1;
    }

    variables out = <<>>, in = 0, cells = [i \in 1..3 |-> 0];

    process (Exprs = 1) == instance AExprs(ref out);
    process (Choice = 2) == instance AChoice(ref in, ref out);
    process (Indexed = 1) == instance AIndexed(ref cells[_], 5);
    process (Proc = 3) == instance AProc(ref out);
}

\* BEGIN PLUSCAL TRANSLATION
\* END PLUSCAL TRANSLATION
*)
====
