# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test install install-test lint typecheck pytest clean

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
	$(BIN)/bridgescore teams examples/teams.csv --teams examples/teams-names.csv --vp wbf

lint: install-test
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: install-test
	$(BIN)/mypy --strict src

pytest: install-test
	$(BIN)/pytest

# The whole test suite: lint, types, tests and doctests.
test: lint typecheck pytest

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
