---- MODULE counter ----
EXTENDS Naturals
CONSTANT Rounds

(* --mpcal counter {
    define {
        Limit == Rounds
    }
    macro Bump(v) {
        v := v + 1;
    }
    \* An archetype sees only its parameters: `total` is passed by reference.
    archetype Worker(ref total, step)
        variables i = 0;
    {
        loop:
            while (i < Limit) {
                add: Bump(total);
                     i := i + step;
            };
    }
    variables count = 0;
    fair process (W1 = 1) == instance Worker(ref count, 1);
    fair process (W2 = 2) == instance Worker(ref count, 2);
}

\* BEGIN PLUSCAL TRANSLATION
\* END PLUSCAL TRANSLATION
*)
\* BEGIN TRANSLATION
\* END TRANSLATION
====
