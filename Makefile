# The two commands of the README: `make play` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Kong Tabletop needs Python 3.11 or newer; set PYTHON=python3.11 (or newer)")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test,rl,ray]'
	@touch $@ $(VENV)/.installed

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test,rl,ray,bench]'
	@touch $@ $(VENV)/.installed $(VENV)/.installed-test

play: $(VENV)/.installed
	$(BIN)/python -m games

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2

bench: $(VENV)/.installed-bench
	$(BIN)/python -m sim bench --json benchmarks/results/sim.json --plot benchmarks/results/sim.png

clean:
	rm -rf $(VENV) build *.egg-info
