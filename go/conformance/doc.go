// Package conformance holds, under testdata/, the behavioural Go tests that the conformance
// suite (crates/mpcal/tests/gogen_conformance.rs, `make conformance`) runs against the Go that
// `veriforge mpcal gogen` generates from PGo's corpus inputs (../shared). They stand in for the
// corpus's `X.tla.gotests/` folders: <stem>_test.go is copied next to the package generated from
// <stem>.tla and run with `go test -race`. The go tool ignores testdata/, so `make test` does not
// try to compile them without the generated code.
package conformance
