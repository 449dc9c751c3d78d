---- MODULE nested ----
\* Nested archetypes (PGo's resources.NewNested): a resource implemented by an archetype.
\* ARegister serves PGo's request/acknowledgement protocol on in[self] / out[self]: reads and
\* writes of a critical section act on a tentative copy, commit installs it, abort drops it, and
\* a pre-commit of a value above LIMIT is refused (ABORTED), which aborts the user's step. AUser
\* uses it as a plain `ref reg`: it increments reg until the register refuses, and a branch that
\* writes a huge value and then blocks never commits. nested_test.go runs AUser on
\* distsys.Nested wrapping ARegister and checks that it reports exactly LIMIT.
EXTENDS Naturals, Sequences, TLC
CONSTANTS READ_REQ, WRITE_REQ, ABORT_REQ, PRECOMMIT_REQ, COMMIT_REQ
CONSTANTS READ_ACK, WRITE_ACK, ABORT_ACK, PRECOMMIT_ACK, COMMIT_ACK, ABORTED
CONSTANT LIMIT

(* --mpcal nested {
    archetype ARegister(ref in[_], ref out[_])
    variables committed = 0, tentative = 0, inCS = FALSE, req;
    {
    serve:
        while (TRUE) {
            req := in[self];
            if (req.tpe = ABORT_REQ) {
                inCS := FALSE;
                out[self] := [tpe |-> ABORT_ACK];
            } else if (req.tpe = COMMIT_REQ) {
                if (inCS) {
                    committed := tentative;
                };
                inCS := FALSE;
                out[self] := [tpe |-> COMMIT_ACK];
            } else {
                if (~inCS) {
                    tentative := committed;
                    inCS := TRUE;
                };
                if (req.tpe = READ_REQ) {
                    out[self] := [tpe |-> READ_ACK, value |-> tentative];
                } else if (req.tpe = WRITE_REQ) {
                    tentative := req.value;
                    out[self] := [tpe |-> WRITE_ACK];
                } else if (req.tpe = PRECOMMIT_REQ) {
                    if (tentative > LIMIT) {
                        out[self] := [tpe |-> ABORTED];
                    } else {
                        out[self] := [tpe |-> PRECOMMIT_ACK];
                    };
                } else {
                    assert FALSE;
                };
            };
        };
    }

    archetype AUser(ref reg, ref out)
    variables blocked = FALSE;
    {
    loop:
        while (TRUE) {
            either {
                reg := reg + 1;
            } or {
                reg := 1000000;
                await blocked;
            } or {
                await reg = LIMIT;
                goto report;
            };
        };
    report:
        out := reg;
    }

    variables reg = 0, out = 0;

    fair process (User = 1) == instance AUser(ref reg, ref out);
}

\* BEGIN PLUSCAL TRANSLATION
\* END PLUSCAL TRANSLATION
*)
====
