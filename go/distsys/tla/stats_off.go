//go:build !tlastats

package tla

// stat records one operation and the size of its main operand when the package is built with
// -tags tlastats (stats_on.go); otherwise it is empty and inlined away.
func stat(op statOp, n int) {}
