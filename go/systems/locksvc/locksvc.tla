---- MODULE locksvc ----
\* A centralised lock service: clients ask the server for the lock, the server grants it to one
\* client at a time in FIFO order. Compiled to Go by `veriforge mpcal gogen` (locksvc.go); the
\* glue in cmd/locksvc runs the server and every client as separate OS processes over TCP.
EXTENDS Naturals, Sequences, TLC
CONSTANTS NumClients, Rounds

(* --mpcal locksvc {
    define {
        Server == 0
        Clients == 1..NumClients
        Nodes == {Server} \union Clients
        Acquire == "acquire"
        Release == "release"
        Granted == "granted"
    }

    \* In the model the network is one FIFO queue per node; in Go it is a TCP mailbox.
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

    archetype ALockServer(ref net[_])
    variables req, waiting = <<>>;
    {
    serve:
        while (TRUE) {
        receive:
            req := net[Server];
        handle:
            if (req.kind = Acquire) {
                if (waiting = <<>>) {
                    net[req.from] := Granted;
                };
                waiting := Append(waiting, req.from);
            } else {
                assert req.kind = Release /\ waiting # <<>> /\ Head(waiting) = req.from;
                waiting := Tail(waiting);
                if (waiting # <<>>) {
                    net[Head(waiting)] := Granted;
                };
            };
        };
    }

    archetype ALockClient(ref net[_], ref inCS[_])
    variables round = 0;
    {
    loop:
        while (round < Rounds) {
        request:
            net[Server] := [from |-> self, kind |-> Acquire];
        enter:
            with (reply = net[self]) {
                assert reply = Granted;
            };
            inCS[self] := TRUE;
        leave:
            inCS[self] := FALSE;
            net[Server] := [from |-> self, kind |-> Release];
            round := round + 1;
        };
    }

    variables network = [n \in Nodes |-> <<>>], inCS = [n \in Nodes |-> FALSE];

    fair process (LockServer = 0) == instance ALockServer(ref network[_])
        mapping network[_] via FIFOLink;
    fair process (Client \in Clients) == instance ALockClient(ref network[_], ref inCS[_])
        mapping network[_] via FIFOLink;
}

\* BEGIN PLUSCAL TRANSLATION
--algorithm locksvc {
  variables network = [n \in Nodes |-> <<>>]; inCS = [n \in Nodes |-> FALSE];
  define{
    Server == 0
    Clients == (1) .. (NumClients)
    Nodes == ({Server}) \union (Clients)
    Acquire == "acquire"
    Release == "release"
    Granted == "granted"
  }
  
  fair process (LockServer = 0)
    variables req; waiting = <<>>;
  {
    serve:
      if (TRUE) {
        goto receive;
      } else {
        goto Done;
      };
    receive:
      await (Len((network)[Server])) > (0);
      with (m00 = Head((network)[Server])) {
        network := [network EXCEPT ![Server] = Tail((network)[Server])];
        with (yielded_network1 = m00) {
          req := yielded_network1;
          goto handle;
        };
      };
    handle:
      if (((req).kind) = (Acquire)) {
        if ((waiting) = (<<>>)) {
          with (value3 = Granted) {
            network := [network EXCEPT ![(req).from] = Append((network)[(req).from], value3)];
            waiting := Append(waiting, (req).from);
            goto serve;
          };
        } else {
          waiting := Append(waiting, (req).from);
          goto serve;
        };
      } else {
        assert ((((req).kind) = (Release)) /\ ((waiting) # (<<>>))) /\ ((Head(waiting)) = ((req).from));
        waiting := Tail(waiting);
        if ((waiting) # (<<>>)) {
          with (value00 = Granted) {
            network := [network EXCEPT ![Head(waiting)] = Append((network)[Head(waiting)], value00)];
            goto serve;
          };
        } else {
          goto serve;
        };
      };
  }
  
  fair process (Client \in Clients)
    variables round = 0;
  {
    loop:
      if ((round) < (Rounds)) {
        goto request;
      } else {
        goto Done;
      };
    request:
      with (value10 = [from |-> self, kind |-> Acquire]) {
        network := [network EXCEPT ![Server] = Append((network)[Server], value10)];
        goto enter;
      };
    enter:
      await (Len((network)[self])) > (0);
      with (m10 = Head((network)[self])) {
        network := [network EXCEPT ![self] = Tail((network)[self])];
        with (
          yielded_network00 = m10, 
          reply1 = yielded_network00
        ) {
          assert (reply1) = (Granted);
          inCS := [inCS EXCEPT ![self] = TRUE];
          goto leave;
        };
      };
    leave:
      inCS := [inCS EXCEPT ![self] = FALSE];
      with (value20 = [from |-> self, kind |-> Release]) {
        network := [network EXCEPT ![Server] = Append((network)[Server], value20)];
        round := (round) + (1);
        goto loop;
      };
  }
}

\* END PLUSCAL TRANSLATION
*)

\* BEGIN TRANSLATION
CONSTANTS defaultInitValue

VARIABLES pc, network, inCS

Server == 0

Clients == 1 .. NumClients

Nodes == {Server} \union Clients

Acquire == "acquire"

Release == "release"

Granted == "granted"

VARIABLES req, waiting, round

vars == <<pc, network, inCS, req, waiting, round>>

ProcSet == {0} \union Clients

Init == /\ network = [n \in Nodes |-> <<>>]
        /\ inCS = [n \in Nodes |-> FALSE]
        /\ req = defaultInitValue
        /\ waiting = <<>>
        /\ round = [self \in Clients |-> 0]
        /\ pc = [self \in ProcSet |-> CASE (self = 0) -> "serve" [] (self \in Clients) -> "loop"]

serve == /\ pc[0] = "serve"
         /\ IF TRUE THEN /\ (pc') = [pc EXCEPT ![0] = "receive"] ELSE /\ (pc') = [pc EXCEPT ![0] = "Done"]
         /\ UNCHANGED <<network, inCS, req, waiting, round>>

receive == /\ pc[0] = "receive"
           /\ Len(network[Server]) > 0
           /\ LET
                  m00 == Head(network[Server])
              IN  /\ (network') = [network EXCEPT ![Server] = Tail(network[Server])]
                  /\ LET
                         yielded_network1 == m00
                     IN  /\ (req') = yielded_network1
                         /\ (pc') = [pc EXCEPT ![0] = "handle"]
           /\ UNCHANGED <<inCS, waiting, round>>

handle == /\ pc[0] = "handle"
          /\ IF req.kind = Acquire THEN /\ IF waiting = <<>> THEN /\ LET
                                                                         value3 == Granted
                                                                     IN  /\ (network') = [network EXCEPT ![req.from] = Append(network[req.from], value3)]
                                                                         /\ (waiting') = Append(waiting, req.from)
                                                                         /\ (pc') = [pc EXCEPT ![0] = "serve"] ELSE /\ (waiting') = Append(waiting, req.from)
                                                                                                                    /\ (pc') = [pc EXCEPT ![0] = "serve"]
                                                                                                                    /\ UNCHANGED network ELSE /\ Assert(((req.kind = Release) /\ (waiting # <<>>)) /\ (Head(waiting) = req.from), "Failure of assertion at line 125, column 9.")
                                                                                                                                              /\ (waiting') = Tail(waiting)
                                                                                                                                              /\ IF (waiting') # <<>> THEN /\ LET
                                                                                                                                                                                  value00 == Granted
                                                                                                                                                                              IN  /\ (network') = [network EXCEPT ![Head(waiting')] = Append(network[Head(waiting')], value00)]
                                                                                                                                                                                  /\ (pc') = [pc EXCEPT ![0] = "serve"] ELSE /\ (pc') = [pc EXCEPT ![0] = "serve"]
                                                                                                                                                                                                                             /\ UNCHANGED network
          /\ UNCHANGED <<inCS, req, round>>

LockServer == (serve \/ receive) \/ handle

loop(self) == /\ pc[self] = "loop"
              /\ IF round[self] < Rounds THEN /\ (pc') = [pc EXCEPT ![self] = "request"] ELSE /\ (pc') = [pc EXCEPT ![self] = "Done"]
              /\ UNCHANGED <<network, inCS, req, waiting, round>>

request(self) == /\ pc[self] = "request"
                 /\ LET
                        value10 == [from |-> self, kind |-> Acquire]
                    IN  /\ (network') = [network EXCEPT ![Server] = Append(network[Server], value10)]
                        /\ (pc') = [pc EXCEPT ![self] = "enter"]
                 /\ UNCHANGED <<inCS, req, waiting, round>>

enter(self) == /\ pc[self] = "enter"
               /\ Len(network[self]) > 0
               /\ LET
                      m10 == Head(network[self])
                  IN  /\ (network') = [network EXCEPT ![self] = Tail(network[self])]
                      /\ LET
                             yielded_network00 == m10
                         IN  LET
                                 reply1 == yielded_network00
                             IN  /\ Assert(reply1 = Granted, "Failure of assertion at line 160, column 11.")
                                 /\ (inCS') = [inCS EXCEPT ![self] = TRUE]
                                 /\ (pc') = [pc EXCEPT ![self] = "leave"]
               /\ UNCHANGED <<req, waiting, round>>

leave(self) == /\ pc[self] = "leave"
               /\ (inCS') = [inCS EXCEPT ![self] = FALSE]
               /\ LET
                      value20 == [from |-> self, kind |-> Release]
                  IN  /\ (network') = [network EXCEPT ![Server] = Append(network[Server], value20)]
                      /\ (round') = [round EXCEPT ![self] = round[self] + 1]
                      /\ (pc') = [pc EXCEPT ![self] = "loop"]
               /\ UNCHANGED <<req, waiting>>

Client(self) == ((loop(self) \/ request(self)) \/ enter(self)) \/ leave(self)

Terminating == /\ \A self \in ProcSet : pc[self] = "Done"
               /\ UNCHANGED vars

Next == (LockServer \/ (\E self \in Clients : Client(self))) \/ Terminating

Spec == /\ Init /\ ([][Next]_vars)
        /\ WF_vars(LockServer)
        /\ \A self \in Clients : WF_vars(Client(self))

Termination == <>(\A self \in ProcSet : pc[self] = "Done")

\* END TRANSLATION

MutualExclusion == \A a, b \in Clients : (inCS[a] /\ inCS[b]) => a = b
====
