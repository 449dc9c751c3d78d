---- MODULE shopcart ----
\* A replicated shopping cart: every node applies its users' add/remove requests to its replica
\* of an add-wins observed-remove set, and replicas converge by merging states. Compiled to Go by
\* `veriforge mpcal gogen` (shopcart.go); in Go `cart` is distsys.AWORSet, whose replicas gossip
\* over TCP (the model's Gossip process). cmd/shopcart runs each node as an OS process.
EXTENDS Naturals, FiniteSets
CONSTANTS NumNodes, Elems

Seen(vv, n) == vv[n]
\* keep a dot both replicas have, or one the other replica has not seen (so did not remove)
MergeState(a, b) ==
    [dots |-> {d \in a.dots \cup b.dots :
                  \/ d \in a.dots /\ d \in b.dots
                  \/ d \in a.dots /\ d[3] > Seen(b.vv, d[2])
                  \/ d \in b.dots /\ d[3] > Seen(a.vv, d[2])},
     vv |-> [n \in DOMAIN a.vv |-> IF a.vv[n] > b.vv[n] THEN a.vv[n] ELSE b.vv[n]]]

(* --mpcal shopcart {
    define {
        Nodes == 1..NumNodes
        AddCmd == "add"
        RemoveCmd == "remove"
    }

    \* cart[n] is node n's replica [dots |-> {<<elem, node, k>>}, vv |-> [node -> k]].
    mapping macro AWORSet {
        read {
            yield {d[1] : d \in $variable.dots};
        }
        write {
            if ($value.cmd = AddCmd) {
                yield [dots |-> {d \in $variable.dots : d[1] # $value.elem}
                                    \cup {<<$value.elem, self, $variable.vv[self] + 1>>},
                       vv |-> [$variable.vv EXCEPT ![self] = @ + 1]];
            } else {
                yield [$variable EXCEPT !.dots = {d \in @ : d[1] # $value.elem}];
            };
        }
    }

    archetype ANode(ref cart[_], ref in, ref out) {
    serve:
        while (TRUE) {
        handle:
            with (req = in) {
                cart[self] := req;
            };
        report:
            out := cart[self];
        };
    }

    variables
        cart = [n \in Nodes |-> [dots |-> {}, vv |-> [m \in Nodes |-> 0]]],
        in = [cmd |-> AddCmd, elem |-> CHOOSE e \in Elems : TRUE],
        out = {};

    fair process (Node \in Nodes) == instance ANode(ref cart[_], ref in, ref out)
        mapping cart[_] via AWORSet;

    fair process (Gossip = 0) {
    gossip:
        while (TRUE) {
            with (i \in Nodes, j \in Nodes) {
                cart[i] := MergeState(cart[i], cart[j]);
            };
        };
    }
}

\* BEGIN PLUSCAL TRANSLATION
--algorithm shopcart {
  variables cart = [n \in Nodes |-> [dots |-> {}, vv |-> [m \in Nodes |-> 0]]]; in = [cmd |-> AddCmd, elem |-> CHOOSE e \in Elems : TRUE]; out = {};
  define{
    Nodes == (1) .. (NumNodes)
    AddCmd == "add"
    RemoveCmd == "remove"
  }
  
  fair process (Gossip = 0)
  {
    gossip:
      if (TRUE) {
        with (
          i \in Nodes, 
          j \in Nodes
        ) {
          cart := [cart EXCEPT ![i] = MergeState((cart)[i], (cart)[j])];
          goto gossip;
        };
      } else {
        goto Done;
      };
  }
  
  fair process (Node \in Nodes)
  {
    serve:
      if (TRUE) {
        goto handle;
      } else {
        goto Done;
      };
    handle:
      with (
        req = in, 
        value0 = req
      ) {
        if (((value0).cmd) = (AddCmd)) {
          cart := [cart EXCEPT ![self] = [dots |-> ({d \in ((cart)[self]).dots : ((d)[1]) # ((value0).elem)}) \union ({<<(value0).elem, self, ((((cart)[self]).vv)[self]) + (1)>>}), vv |-> [((cart)[self]).vv EXCEPT ![self] = (@) + (1)]]];
          goto report;
        } else {
          cart := [cart EXCEPT ![self] = [(cart)[self] EXCEPT !["dots"] = {d \in @ : ((d)[1]) # ((value0).elem)}]];
          goto report;
        };
      };
    report:
      with (yielded_cart0 = {(d)[1] : d \in ((cart)[self]).dots}) {
        out := yielded_cart0;
        goto serve;
      };
  }
}

\* END PLUSCAL TRANSLATION
*)

\* BEGIN TRANSLATION
VARIABLES pc, cart, in, out

Nodes == 1 .. NumNodes

AddCmd == "add"

RemoveCmd == "remove"

vars == <<pc, cart, in, out>>

ProcSet == {0} \union Nodes

Init == /\ cart = [n \in Nodes |-> [dots |-> {}, vv |-> [m \in Nodes |-> 0]]]
        /\ in = [cmd |-> AddCmd, elem |-> CHOOSE e \in Elems : TRUE]
        /\ out = {}
        /\ pc = [self \in ProcSet |-> CASE (self = 0) -> "gossip" [] (self \in Nodes) -> "serve"]

gossip == /\ pc[0] = "gossip"
          /\ IF TRUE THEN /\ \E i \in Nodes : \E j \in Nodes : /\ (cart') = [cart EXCEPT ![i] = MergeState(cart[i], cart[j])]
                                                               /\ (pc') = [pc EXCEPT ![0] = "gossip"] ELSE /\ (pc') = [pc EXCEPT ![0] = "Done"]
                                                                                                           /\ (cart') = cart
          /\ UNCHANGED <<in, out>>

Gossip == gossip

serve(self) == /\ pc[self] = "serve"
               /\ IF TRUE THEN /\ (pc') = [pc EXCEPT ![self] = "handle"] ELSE /\ (pc') = [pc EXCEPT ![self] = "Done"]
               /\ UNCHANGED <<cart, in, out>>

handle(self) == /\ pc[self] = "handle"
                /\ LET
                       req == in
                   IN  LET
                           value0 == req
                       IN  IF value0.cmd = AddCmd THEN /\ (cart') = [cart EXCEPT ![self] = [dots |-> {d \in cart[self].dots : d[1] # value0.elem} \union {<<value0.elem, self, cart[self].vv[self] + 1>>}, vv |-> [cart[self].vv EXCEPT ![self] = @ + 1]]]
                                                       /\ (pc') = [pc EXCEPT ![self] = "report"] ELSE /\ (cart') = [cart EXCEPT ![self] = [cart[self] EXCEPT !["dots"] = {d \in @ : d[1] # value0.elem}]]
                                                                                                      /\ (pc') = [pc EXCEPT ![self] = "report"]
                /\ UNCHANGED <<in, out>>

report(self) == /\ pc[self] = "report"
                /\ LET
                       yielded_cart0 == {d[1] : d \in cart[self].dots}
                   IN  /\ (out') = yielded_cart0
                       /\ (pc') = [pc EXCEPT ![self] = "serve"]
                /\ UNCHANGED <<cart, in>>

Node(self) == (serve(self) \/ handle(self)) \/ report(self)

Terminating == /\ \A self \in ProcSet : pc[self] = "Done"
               /\ UNCHANGED vars

Next == (Gossip \/ (\E self \in Nodes : Node(self))) \/ Terminating

Spec == /\ Init /\ ([][Next]_vars)
        /\ WF_vars(Gossip)
        /\ \A self \in Nodes : WF_vars(Node(self))

Termination == <>(\A self \in ProcSet : pc[self] = "Done")

\* END TRANSLATION
====
