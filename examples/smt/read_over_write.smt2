; Memory read-over-write: storing v at i and reading back at j != i yields the old byte.
(set-logic QF_ABV)
(declare-const mem (Array (_ BitVec 64) (_ BitVec 8)))
(declare-const i (_ BitVec 64))
(declare-const j (_ BitVec 64))
(declare-const v (_ BitVec 8))
(assert (distinct i j))
(assert (distinct (select (store mem i v) j) (select mem j)))
(check-sat)
