# The two commands of the README: `make play` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Kong Tabletop needs Python 3.11 or newer; set PYTHON=python3.11 (or newer)")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# pygame-ce replaces pygame under the same import name; both in one venv overwrite each other's files,
# so a plain pygame left by an earlier install goes first (with pygame-ce, reinstalled whole after).
DROP_PLAIN_PYGAME = if $(BIN)/python -m pip show pygame >/dev/null 2>&1; then \
	echo "replacing pygame with pygame-ce in $(VENV)"; $(BIN)/python -m pip uninstall -y -q pygame pygame-ce; fi

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	@$(DROP_PLAIN_PYGAME)
	$(BIN)/python -m pip install -q -e .
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	@$(DROP_PLAIN_PYGAME)
	$(BIN)/python -m pip install -q -e '.[test]'
	@touch $@ $(VENV)/.installed

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	@$(DROP_PLAIN_PYGAME)
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	@touch $@ $(VENV)/.installed $(VENV)/.installed-test

play: $(VENV)/.installed
	$(BIN)/python -m games

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n 2

bench: $(VENV)/.installed-bench
	$(BIN)/python -m sim bench --json benchmarks/results/sim.json --plot benchmarks/results/sim.png

clean:
	rm -rf $(VENV) build *.egg-info
