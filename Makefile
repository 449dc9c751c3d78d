# Veriforge: the two commands in README, plus the shared-data suites and benchmarks.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:/usr/local/go/bin:$(PATH)
# Every crate finds the solver wheels through these (see crates/smt).
export VERIFORGE_PYTHON := $(CURDIR)/.venv/bin/python
export VERIFORGE_ROOT := $(CURDIR)
CARGO ?= cargo

.PHONY: setup build run test conformance bench fuzz clean

setup:
	@bash scripts/setup.sh

build: setup
	$(CARGO) build --release --workspace

## One command: install, build, run the main job of each track on a bundled example.
run: build
	@bash scripts/demo.sh

## One command: install, build, run every test that needs only the repo.
test: setup
	@CARGO=$(CARGO) bash scripts/run-tests.sh

## Suites that read third-party data from ../shared (skipped with a message when it is absent).
conformance: build
	@bash scripts/conformance.sh

## Benchmarks: each writes bench/results/<name>.json and a PNG plot (see bench/README.md).
bench: build
	@for b in bench/*/run.sh; do echo "== $$b"; bash $$b; done

## Coverage-guided fuzzing (AFL++ via cargo-afl, installed on demand): every target for
## FUZZ_SECONDS (default 60) each, FUZZ_JOBS at a time (default: all cores). docs/robustness.md.
FUZZ_SECONDS ?= 60
fuzz: setup
	@FUZZ_SECONDS=$(FUZZ_SECONDS) CARGO=$(CARGO) bash scripts/fuzz.sh

clean:
	$(CARGO) clean
