//! Our own prelude: the SMT encoding of `Poly` boxing, `Option`, `Seq`, `Set` and `Map`
//! (uninterpreted sorts with axioms and triggers). Written for Veriforge; every axiom is
//! tested against a concrete model in `tests/prelude.rs`.

/// Sorts that get box/unbox functions into `Poly` besides the user datatypes.
pub const BASE_SORTS: &[&str] = &[
    "Int", "Bool", "SeqS", "SetS", "MapS", "Option", "Unit", "Tup2", "Tup3", "Tup4",
];

/// The fixed part of every query (after the datatype declarations).
pub const PRELUDE: &str = r#"
; ---- integers: usize is 32 or 64 bits (architecture independent, like Verus)
(declare-const usize_max Int)
(assert (or (= usize_max 4294967295) (= usize_max 18446744073709551615)))
(define-fun isize_max () Int (div usize_max 2))
(define-fun isize_min () Int (- 0 (+ (div usize_max 2) 1)))
; ---- fuel for recursive spec functions
(declare-datatypes ((Fuel 0)) (((FZ) (FS (FS.prev Fuel)))))
; ---- SeqS: finite sequences of Poly
(declare-fun Seq.len (SeqS) Int)
(declare-fun Seq.index (SeqS Int) Poly)
(declare-const Seq.empty SeqS)
(declare-fun Seq.push (SeqS Poly) SeqS)
(declare-fun Seq.add (SeqS SeqS) SeqS)
(declare-fun Seq.subrange (SeqS Int Int) SeqS)
(declare-fun Seq.update (SeqS Int Poly) SeqS)
(declare-fun Seq.ext_eq (SeqS SeqS) Bool)
(assert (forall ((s SeqS)) (! (<= 0 (Seq.len s)) :pattern ((Seq.len s)))))
(assert (= (Seq.len Seq.empty) 0))
(assert (forall ((s SeqS) (a Poly)) (! (= (Seq.len (Seq.push s a)) (+ (Seq.len s) 1)) :pattern ((Seq.push s a)))))
(assert (forall ((s SeqS) (a Poly)) (! (= (Seq.index (Seq.push s a) (Seq.len s)) a) :pattern ((Seq.push s a)))))
(assert (forall ((s SeqS) (a Poly) (i Int)) (! (=> (and (<= 0 i) (<= i (Seq.len s))) (= (Seq.index (Seq.push s a) i) (ite (= i (Seq.len s)) a (Seq.index s i)))) :pattern ((Seq.index (Seq.push s a) i)))))
(assert (forall ((a SeqS) (b SeqS)) (! (= (Seq.len (Seq.add a b)) (+ (Seq.len a) (Seq.len b))) :pattern ((Seq.add a b)))))
(assert (forall ((a SeqS) (b SeqS) (i Int)) (! (=> (and (<= 0 i) (< i (Seq.len a))) (= (Seq.index (Seq.add a b) i) (Seq.index a i))) :pattern ((Seq.index (Seq.add a b) i)))))
(assert (forall ((a SeqS) (b SeqS) (i Int)) (! (=> (and (<= (Seq.len a) i) (< i (+ (Seq.len a) (Seq.len b)))) (= (Seq.index (Seq.add a b) i) (Seq.index b (- i (Seq.len a))))) :pattern ((Seq.index (Seq.add a b) i)))))
(assert (forall ((s SeqS) (i Int) (j Int)) (! (=> (and (<= 0 i) (<= i j) (<= j (Seq.len s))) (= (Seq.len (Seq.subrange s i j)) (- j i))) :pattern ((Seq.subrange s i j)))))
(assert (forall ((s SeqS) (i Int) (j Int) (k Int)) (! (=> (and (<= 0 i) (<= i j) (<= j (Seq.len s)) (<= 0 k) (< k (- j i))) (= (Seq.index (Seq.subrange s i j) k) (Seq.index s (+ k i)))) :pattern ((Seq.index (Seq.subrange s i j) k)))))
(assert (forall ((s SeqS) (i Int) (a Poly)) (! (=> (and (<= 0 i) (< i (Seq.len s))) (= (Seq.len (Seq.update s i a)) (Seq.len s))) :pattern ((Seq.update s i a)))))
(assert (forall ((s SeqS) (i Int) (a Poly) (j Int)) (! (=> (and (<= 0 i) (< i (Seq.len s)) (<= 0 j) (< j (Seq.len s))) (= (Seq.index (Seq.update s i a) j) (ite (= i j) a (Seq.index s j)))) :pattern ((Seq.index (Seq.update s i a) j)))))
(assert (forall ((a SeqS) (b SeqS)) (! (= (Seq.ext_eq a b) (and (= (Seq.len a) (Seq.len b)) (forall ((i Int)) (! (=> (and (<= 0 i) (< i (Seq.len a))) (= (Seq.index a i) (Seq.index b i))) :pattern ((Seq.index a i)) :pattern ((Seq.index b i)))))) :pattern ((Seq.ext_eq a b)))))
(assert (forall ((a SeqS) (b SeqS)) (! (=> (Seq.ext_eq a b) (= a b)) :pattern ((Seq.ext_eq a b)))))
; ---- SetS: sets of Poly
(declare-fun Set.mem (Poly SetS) Bool)
(declare-const Set.empty SetS)
(declare-fun Set.insert (SetS Poly) SetS)
(declare-fun Set.remove (SetS Poly) SetS)
(declare-fun Set.union (SetS SetS) SetS)
(declare-fun Set.inter (SetS SetS) SetS)
(declare-fun Set.diff (SetS SetS) SetS)
(declare-fun Set.ext_eq (SetS SetS) Bool)
(assert (forall ((x Poly)) (! (not (Set.mem x Set.empty)) :pattern ((Set.mem x Set.empty)))))
(assert (forall ((s SetS) (a Poly) (x Poly)) (! (= (Set.mem x (Set.insert s a)) (or (= x a) (Set.mem x s))) :pattern ((Set.mem x (Set.insert s a))))))
(assert (forall ((s SetS) (a Poly)) (! (Set.mem a (Set.insert s a)) :pattern ((Set.insert s a)))))
(assert (forall ((s SetS) (a Poly) (x Poly)) (! (= (Set.mem x (Set.remove s a)) (and (not (= x a)) (Set.mem x s))) :pattern ((Set.mem x (Set.remove s a))))))
(assert (forall ((s SetS) (a Poly)) (! (not (Set.mem a (Set.remove s a))) :pattern ((Set.remove s a)))))
(assert (forall ((a SetS) (b SetS) (x Poly)) (! (= (Set.mem x (Set.union a b)) (or (Set.mem x a) (Set.mem x b))) :pattern ((Set.mem x (Set.union a b))))))
(assert (forall ((a SetS) (b SetS) (x Poly)) (! (= (Set.mem x (Set.inter a b)) (and (Set.mem x a) (Set.mem x b))) :pattern ((Set.mem x (Set.inter a b))))))
(assert (forall ((a SetS) (b SetS) (x Poly)) (! (= (Set.mem x (Set.diff a b)) (and (Set.mem x a) (not (Set.mem x b)))) :pattern ((Set.mem x (Set.diff a b))))))
(assert (forall ((a SetS) (b SetS)) (! (= (Set.ext_eq a b) (forall ((x Poly)) (! (= (Set.mem x a) (Set.mem x b)) :pattern ((Set.mem x a)) :pattern ((Set.mem x b))))) :pattern ((Set.ext_eq a b)))))
(assert (forall ((a SetS) (b SetS)) (! (=> (Set.ext_eq a b) (= a b)) :pattern ((Set.ext_eq a b)))))
; ---- MapS: finite maps Poly -> Poly
(declare-fun Map.dom (MapS) SetS)
(declare-fun Map.index (MapS Poly) Poly)
(declare-const Map.empty MapS)
(declare-fun Map.insert (MapS Poly Poly) MapS)
(declare-fun Map.remove (MapS Poly) MapS)
(declare-fun Map.ext_eq (MapS MapS) Bool)
(assert (= (Map.dom Map.empty) Set.empty))
(assert (forall ((m MapS) (k Poly) (v Poly)) (! (= (Map.dom (Map.insert m k v)) (Set.insert (Map.dom m) k)) :pattern ((Map.insert m k v)))))
(assert (forall ((m MapS) (k Poly) (v Poly)) (! (= (Map.index (Map.insert m k v) k) v) :pattern ((Map.insert m k v)))))
(assert (forall ((m MapS) (k Poly) (v Poly) (j Poly)) (! (=> (not (= j k)) (= (Map.index (Map.insert m k v) j) (Map.index m j))) :pattern ((Map.index (Map.insert m k v) j)))))
(assert (forall ((m MapS) (k Poly)) (! (= (Map.dom (Map.remove m k)) (Set.remove (Map.dom m) k)) :pattern ((Map.remove m k)))))
(assert (forall ((m MapS) (k Poly) (j Poly)) (! (=> (not (= j k)) (= (Map.index (Map.remove m k) j) (Map.index m j))) :pattern ((Map.index (Map.remove m k) j)))))
(assert (forall ((a MapS) (b MapS)) (! (= (Map.ext_eq a b) (and (Set.ext_eq (Map.dom a) (Map.dom b)) (forall ((k Poly)) (! (=> (Set.mem k (Map.dom a)) (= (Map.index a k) (Map.index b k))) :pattern ((Map.index a k)) :pattern ((Map.index b k)))))) :pattern ((Map.ext_eq a b)))))
(assert (forall ((a MapS) (b MapS)) (! (=> (Map.ext_eq a b) (= a b)) :pattern ((Map.ext_eq a b)))))
"#;

/// `(declare-fun box_S (S) Poly)`, `unbox_S`, and `unbox_S(box_S(x)) = x` for one sort.
pub fn boxing(sort: &str) -> String {
    format!(
        "(declare-fun box_{s} ({s}) Poly)\n(declare-fun unbox_{s} (Poly) {s})\n\
         (assert (forall ((x {s})) (! (= (unbox_{s} (box_{s} x)) x) :pattern ((box_{s} x)))))\n",
        s = sort
    )
}
