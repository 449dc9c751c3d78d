; Is x*3 == x<<1 for every 32-bit x? We assert the negation: `sat` means
; "no", and the model is a counterexample.
(set-logic QF_BV)
(declare-const x (_ BitVec 32))
(push 1)
(assert (distinct (bvmul x #x00000003) (bvshl x #x00000001)))
(check-sat)
(pop 1)
; x+x == x<<1 does hold for every x: its negation is unsat.
(assert (distinct (bvadd x x) (bvshl x #x00000001)))
(check-sat)
