---- MODULE durable ----
\* A counter whose `count` is durable state: the glue backs it with distsys.PersistentLocal, so a
\* process killed half-way and restarted continues counting where it stopped instead of from 0.
EXTENDS Naturals
CONSTANT Target

(* --mpcal durable {
    archetype ACounter(ref count, ref out) {
    loop:
        while (count < Target) {
        step:
            count := count + 1;
            out := count;
        };
    }

    variables count = 0, out = 0;

    fair process (Counter = 1) == instance ACounter(ref count, ref out);
}

\* BEGIN PLUSCAL TRANSLATION
--algorithm durable {
  variables count = 0; out = 0;
  
  fair process (Counter = 1)
  {
    loop:
      if ((count) < (Target)) {
        goto step;
      } else {
        goto Done;
      };
    step:
      count := (count) + (1);
      out := count;
      goto loop;
  }
}

\* END PLUSCAL TRANSLATION
*)

\* BEGIN TRANSLATION
VARIABLES pc, count, out

vars == <<pc, count, out>>

ProcSet == {1}

Init == /\ count = 0
        /\ out = 0
        /\ pc = [self \in ProcSet |-> "loop"]

loop == /\ pc[1] = "loop"
        /\ IF count < Target THEN /\ (pc') = [pc EXCEPT ![1] = "step"] ELSE /\ (pc') = [pc EXCEPT ![1] = "Done"]
        /\ UNCHANGED <<count, out>>

step == /\ pc[1] = "step"
        /\ (count') = (count + 1)
        /\ (out') = (count')
        /\ (pc') = [pc EXCEPT ![1] = "loop"]

Counter == loop \/ step

Terminating == /\ \A self \in ProcSet : pc[self] = "Done"
               /\ UNCHANGED vars

Next == Counter \/ Terminating

Spec == /\ Init /\ ([][Next]_vars)
        /\ WF_vars(Counter)

Termination == <>(\A self \in ProcSet : pc[self] = "Done")

\* END TRANSLATION
====
