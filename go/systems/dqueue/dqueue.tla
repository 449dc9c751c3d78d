---- MODULE dqueue ----
\* A distributed work queue: consumers ask the producer for work, the producer answers each
\* request with the next item of its input stream. Compiled to Go by `veriforge mpcal gogen`
\* (dqueue.go); cmd/dqueue runs the producer and each consumer as an OS process over TCP.
EXTENDS Naturals, Sequences
CONSTANTS NumConsumers, Items

(* --mpcal dqueue {
    define {
        Producer == 0
        Consumers == 1..NumConsumers
    }

    mapping macro FIFOLink {
        read {
            await Len($variable) > 0;
            with (m = Head($variable)) {
                $variable := Tail($variable);
                yield m;
            };
        }
        write {
            yield Append($variable, $value);
        }
    }

    \* The model's stream counts 1, 2, ...; in Go it is an input channel fed by the glue.
    mapping macro Counter {
        read {
            $variable := $variable + 1;
            yield $variable;
        }
        write {
            yield $value;
        }
    }

    archetype AProducer(ref net[_], ref stream)
    variables requester;
    {
    serve:
        while (TRUE) {
        await_request:
            requester := net[self];
        answer:
            net[requester] := [item |-> stream, to |-> requester];
        };
    }

    archetype AConsumer(ref net[_], ref done)
    variables got;
    {
    work:
        while (TRUE) {
        ask:
            net[Producer] := self;
        take:
            got := net[self];
            assert got.to = self;
            done := got.item;
        };
    }

    variables network = [n \in {Producer} \union Consumers |-> <<>>], stream = 0, done = 0;

    fair process (P = 0) == instance AProducer(ref network[_], ref stream)
        mapping network[_] via FIFOLink
        mapping stream via Counter;
    fair process (C \in Consumers) == instance AConsumer(ref network[_], ref done)
        mapping network[_] via FIFOLink;
}

\* BEGIN PLUSCAL TRANSLATION
--algorithm dqueue {
  variables network = [n \in ({Producer}) \union (Consumers) |-> <<>>]; stream = 0; done = 0;
  define{
    Producer == 0
    Consumers == (1) .. (NumConsumers)
  }
  
  fair process (P = 0)
    variables requester;
  {
    serve:
      if (TRUE) {
        goto await_request;
      } else {
        goto Done;
      };
    await_request:
      await (Len((network)[self])) > (0);
      with (m00 = Head((network)[self])) {
        network := [network EXCEPT ![self] = Tail((network)[self])];
        with (yielded_network1 = m00) {
          requester := yielded_network1;
          goto answer;
        };
      };
    answer:
      stream := (stream) + (1);
      with (
        yielded_stream0 = stream, 
        value1 = [item |-> yielded_stream0, to |-> requester]
      ) {
        network := [network EXCEPT ![requester] = Append((network)[requester], value1)];
        goto serve;
      };
  }
  
  fair process (C \in Consumers)
    variables got;
  {
    work:
      if (TRUE) {
        goto ask;
      } else {
        goto Done;
      };
    ask:
      with (value00 = self) {
        network := [network EXCEPT ![Producer] = Append((network)[Producer], value00)];
        goto take;
      };
    take:
      await (Len((network)[self])) > (0);
      with (m10 = Head((network)[self])) {
        network := [network EXCEPT ![self] = Tail((network)[self])];
        with (yielded_network00 = m10) {
          got := yielded_network00;
          assert ((got).to) = (self);
          done := (got).item;
          goto work;
        };
      };
  }
}

\* END PLUSCAL TRANSLATION
*)

\* BEGIN TRANSLATION
CONSTANTS defaultInitValue

VARIABLES pc, network, stream, done

Producer == 0

Consumers == 1 .. NumConsumers

VARIABLES requester, got

vars == <<pc, network, stream, done, requester, got>>

ProcSet == {0} \union Consumers

Init == /\ network = [n \in {Producer} \union Consumers |-> <<>>]
        /\ stream = 0
        /\ done = 0
        /\ requester = defaultInitValue
        /\ got = [self \in Consumers |-> defaultInitValue]
        /\ pc = [self \in ProcSet |-> CASE (self = 0) -> "serve" [] (self \in Consumers) -> "work"]

serve == /\ pc[0] = "serve"
         /\ IF TRUE THEN /\ (pc') = [pc EXCEPT ![0] = "await_request"] ELSE /\ (pc') = [pc EXCEPT ![0] = "Done"]
         /\ UNCHANGED <<network, stream, done, requester, got>>

await_request == /\ pc[0] = "await_request"
                 /\ Len(network[0]) > 0
                 /\ LET
                        m00 == Head(network[0])
                    IN  /\ (network') = [network EXCEPT ![0] = Tail(network[0])]
                        /\ LET
                               yielded_network1 == m00
                           IN  /\ (requester') = yielded_network1
                               /\ (pc') = [pc EXCEPT ![0] = "answer"]
                 /\ UNCHANGED <<stream, done, got>>

answer == /\ pc[0] = "answer"
          /\ (stream') = (stream + 1)
          /\ LET
                 yielded_stream0 == stream'
             IN  LET
                     value1 == [item |-> yielded_stream0, to |-> requester]
                 IN  /\ (network') = [network EXCEPT ![requester] = Append(network[requester], value1)]
                     /\ (pc') = [pc EXCEPT ![0] = "serve"]
          /\ UNCHANGED <<done, requester, got>>

P == (serve \/ await_request) \/ answer

work(self) == /\ pc[self] = "work"
              /\ IF TRUE THEN /\ (pc') = [pc EXCEPT ![self] = "ask"] ELSE /\ (pc') = [pc EXCEPT ![self] = "Done"]
              /\ UNCHANGED <<network, stream, done, requester, got>>

ask(self) == /\ pc[self] = "ask"
             /\ LET
                    value00 == self
                IN  /\ (network') = [network EXCEPT ![Producer] = Append(network[Producer], value00)]
                    /\ (pc') = [pc EXCEPT ![self] = "take"]
             /\ UNCHANGED <<stream, done, requester, got>>

take(self) == /\ pc[self] = "take"
              /\ Len(network[self]) > 0
              /\ LET
                     m10 == Head(network[self])
                 IN  /\ (network') = [network EXCEPT ![self] = Tail(network[self])]
                     /\ LET
                            yielded_network00 == m10
                        IN  /\ (got') = [got EXCEPT ![self] = yielded_network00]
                            /\ Assert((got')[self].to = self, "Failure of assertion at line 130, column 11.")
                            /\ (done') = (got')[self].item
                            /\ (pc') = [pc EXCEPT ![self] = "work"]
              /\ UNCHANGED <<stream, requester>>

C(self) == (work(self) \/ ask(self)) \/ take(self)

Terminating == /\ \A self \in ProcSet : pc[self] = "Done"
               /\ UNCHANGED vars

Next == (P \/ (\E self \in Consumers : C(self))) \/ Terminating

Spec == /\ Init /\ ([][Next]_vars)
        /\ WF_vars(P)
        /\ \A self \in Consumers : WF_vars(C(self))

Termination == <>(\A self \in ProcSet : pc[self] = "Done")

\* END TRANSLATION
====
