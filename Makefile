# The two commands of the README. Each sets itself up from nothing: .venv, install, build, run.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test install clean bench

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

demo: install
	$(BIN)/cardlang check cards/
	$(BIN)/cardlang compile innovation/base
	$(BIN)/cardlang render cards/innovation/base/agriculture.card
	$(BIN)/cardlang play innovation --auto --bots greedy,random --seed 1
	$(BIN)/cardlang simulate innovation -n 1000 --players 2 --bots greedy,random --seed 1 --out out/demo --force

test: install
	$(BIN)/cardlang check cards/
	$(BIN)/cardlang fmt --check cards/
	$(BIN)/cardlang compile innovation/base
	$(BIN)/cardlang compile tashkalar/base
	$(BIN)/python -m pytest

bench: install
	$(BIN)/python benchmarks/bench_check.py
	$(BIN)/cardlang bench innovation --players 2 --games 50 --mode both

clean:
	rm -rf $(VENV) compiled/*.so compiled/*.c compiled/*.pyx compiled/runtime-* build *.egg-info
