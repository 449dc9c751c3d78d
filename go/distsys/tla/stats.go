package tla

// statOp names the operations counted under -tags tlastats (stats_on.go).
type statOp uint8

const (
	opExcept statOp = iota
	opExceptPath
	opApply
	opDot
	opDomain
	opMerge
	opFnCons
	opMakeFunction
	opMakeRecord
	opMakeTuple
	opAppend
	opLen
	opHead
	opTail
	opSubSeq
	opConcat
	opMakeSet
	opIn
	opUnion
	opSetMinus
	opIntersect
	opCardinality
	opFilter
	opEqual
	opEncode
	opDecode
	numStatOps
)

var statNames = [numStatOps]string{"Except", "ExceptPath", "Apply", "Dot", "Domain", "Merge", "FnCons",
	"MakeFunction", "MakeRecord", "MakeTuple", "Append", "Len", "Head", "Tail", "SubSeq", "Concat",
	"MakeSet", "In", "Union", "SetMinus", "Intersect", "Cardinality", "Filter", "Equal", "Encode", "Decode"}

func (o statOp) String() string { return statNames[o] }

// size is the number of elements of a set or pairs of a function (0 for scalars).
func (v Value) size() int { return len(v.keys) }
