module github.com/veriforge/veriforge/go

go 1.22

require gopkg.in/yaml.v3 v3.0.1

require github.com/anishathalye/porcupine v1.3.1
