; A wrong "strength reduction" of an eBPF multiply: r1*6 == (r1<<2)+r1 ?
; sat: they differ; `--model` prints an r1 where they do.
(set-logic QF_BV)
(declare-const r1 (_ BitVec 64))
(assert (distinct (bvmul r1 #x0000000000000006) (bvadd (bvshl r1 #x0000000000000002) r1)))
(check-sat)
