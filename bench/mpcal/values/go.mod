module github.com/veriforge/veriforge/bench/mpcal/values

go 1.22

require (
	github.com/benbjohnson/immutable v0.4.3
	github.com/veriforge/veriforge/go v0.0.0
)

require golang.org/x/exp v0.0.0-20220518171630-0b5c67f07fdf // indirect

replace github.com/veriforge/veriforge/go => ../../../go
