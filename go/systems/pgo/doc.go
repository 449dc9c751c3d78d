// Package pgo holds the Go that `veriforge mpcal gogen` compiles from PGo's own lock service,
// distributed queue, G-counter and shopping-cart specs (../../../../shared/corpora/mpcal/systems/
// {locksvc,dqueue,gcounter,shopcart}; the specs stay there, `make conformance` checks that each
// <sys>/<sys>.go is what the current gogen prints), the glue that runs each node of them as an OS
// process (cmd/pgosys), and process-level smoke tests on loopback TCP (pgo_test.go). Our own specs
// of the same four systems are in ../locksvc, ../dqueue, ../gcounter and ../shopcart.
package pgo
