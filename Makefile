# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test install install-test lint typecheck pytest clean bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

# The main job on the bundled examples.
run: install
	$(BIN)/bridgescore rubber examples/rubber.txt
	$(BIN)/bridgescore chicago examples/chicago.txt
	$(BIN)/bridgescore score examples/club-session.csv --names examples/club-names.csv

lint: install-test
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: install-test
	$(BIN)/mypy --strict src

pytest: install-test
	$(BIN)/pytest

# The whole test suite: lint, types, tests and doctests.
test: lint typecheck pytest

# The scale benchmarks (not part of test): one board, a 1M-line CSV, a club session, an archive.
bench: install-test
	$(BIN)/python -m bench.bench_board
	$(BIN)/python -m bench.bench_bigcsv
	$(BIN)/python -m bench.bench_club
	$(BIN)/python -m bench.bench_archive

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
