module github.com/veriforge/veriforge/go

go 1.22
