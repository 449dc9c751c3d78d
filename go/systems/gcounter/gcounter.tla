---- MODULE gcounter ----
\* A grow-only counter replicated on every node: each node increments once and waits until it
\* sees every increment. Compiled to Go by `veriforge mpcal gogen` (gcounter.go); in Go `cntr` is
\* distsys.GCounter (a state-based CRDT) whose replicas gossip over TCP, which the model's
\* Gossip process stands for. cmd/gcounter runs each node as an OS process.
EXTENDS Naturals, FiniteSets
CONSTANT NumNodes

RECURSIVE SumOver(_, _)
SumOver(f, S) == IF S = {} THEN 0 ELSE LET x == CHOOSE y \in S : TRUE IN f[x] + SumOver(f, S \ {x})
Max(a, b) == IF a > b THEN a ELSE b

(* --mpcal gcounter {
    define {
        Nodes == 1..NumNodes
    }

    \* cntr[n] is node n's replica: a count per node; reads sum it, writes add to one's own count.
    mapping macro GCounter {
        read {
            yield SumOver($variable, DOMAIN $variable);
        }
        write {
            yield [$variable EXCEPT ![self] = @ + $value];
        }
    }

    archetype ANode(ref cntr[_]) {
    increment:
        cntr[self] := 1;
    converge:
        await cntr[self] = NumNodes;
    }

    variables cntr = [n \in Nodes |-> [m \in Nodes |-> 0]];

    fair process (Node \in Nodes) == instance ANode(ref cntr[_])
        mapping cntr[_] via GCounter;

    \* state-based replication: some replica merges another's state (pointwise maximum)
    fair process (Gossip = 0) {
    gossip:
        while (TRUE) {
            with (i \in Nodes, j \in Nodes) {
                cntr[i] := [k \in Nodes |-> Max(cntr[i][k], cntr[j][k])];
            };
        };
    }
}

\* BEGIN PLUSCAL TRANSLATION
--algorithm gcounter {
  variables cntr = [n \in Nodes |-> [m \in Nodes |-> 0]];
  define{
    Nodes == (1) .. (NumNodes)
  }
  
  fair process (Gossip = 0)
  {
    gossip:
      if (TRUE) {
        with (
          i \in Nodes, 
          j \in Nodes
        ) {
          cntr := [cntr EXCEPT ![i] = [k \in Nodes |-> Max(((cntr)[i])[k], ((cntr)[j])[k])]];
          goto gossip;
        };
      } else {
        goto Done;
      };
  }
  
  fair process (Node \in Nodes)
  {
    increment:
      with (value0 = 1) {
        cntr := [cntr EXCEPT ![self] = [(cntr)[self] EXCEPT ![self] = (@) + (value0)]];
        goto converge;
      };
    converge:
      with (yielded_cntr0 = SumOver((cntr)[self], DOMAIN ((cntr)[self]))) {
        await (yielded_cntr0) = (NumNodes);
        goto Done;
      };
  }
}

\* END PLUSCAL TRANSLATION
*)

\* BEGIN TRANSLATION
VARIABLES pc, cntr

Nodes == 1 .. NumNodes

vars == <<pc, cntr>>

ProcSet == {0} \union Nodes

Init == /\ cntr = [n \in Nodes |-> [m \in Nodes |-> 0]]
        /\ pc = [self \in ProcSet |-> CASE (self = 0) -> "gossip" [] (self \in Nodes) -> "increment"]

gossip == /\ pc[0] = "gossip"
          /\ IF TRUE THEN /\ \E i \in Nodes : \E j \in Nodes : /\ (cntr') = [cntr EXCEPT ![i] = [k \in Nodes |-> Max(cntr[i][k], cntr[j][k])]]
                                                               /\ (pc') = [pc EXCEPT ![0] = "gossip"] ELSE /\ (pc') = [pc EXCEPT ![0] = "Done"]
                                                                                                           /\ (cntr') = cntr

Gossip == gossip

increment(self) == /\ pc[self] = "increment"
                   /\ LET
                          value0 == 1
                      IN  /\ (cntr') = [cntr EXCEPT ![self] = [cntr[self] EXCEPT ![self] = @ + value0]]
                          /\ (pc') = [pc EXCEPT ![self] = "converge"]

converge(self) == /\ pc[self] = "converge"
                  /\ LET
                         yielded_cntr0 == SumOver(cntr[self], DOMAIN cntr[self])
                     IN  /\ yielded_cntr0 = NumNodes
                         /\ (pc') = [pc EXCEPT ![self] = "Done"]
                  /\ (cntr') = cntr

Node(self) == increment(self) \/ converge(self)

Terminating == /\ \A self \in ProcSet : pc[self] = "Done"
               /\ UNCHANGED vars

Next == (Gossip \/ (\E self \in Nodes : Node(self))) \/ Terminating

Spec == /\ Init /\ ([][Next]_vars)
        /\ WF_vars(Gossip)
        /\ \A self \in Nodes : WF_vars(Node(self))

Termination == <>(\A self \in ProcSet : pc[self] = "Done")

\* END TRANSLATION
====
