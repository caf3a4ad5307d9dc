# Two commands on a fresh machine: `make run` and `make test`.
# The environment's Python: Debian's own where the machine has it with its venv module (it is
# built with profile-guided and link-time optimisation: the tests' Python ran 13-19% faster on it
# than on the machine's pyenv build of 3.11.7, built without them), else the python3 on the PATH.
PYTHON ?= $(shell /usr/bin/python3 -c 'import ensurepip, venv' 2>/dev/null && echo /usr/bin/python3 || echo python3)
VENV   := .venv
BIN    := $(VENV)/bin
# pytest's worker processes (pytest-xdist): one a core
WORKERS ?= auto

# Python keeps the bytecode of what it compiles (__pycache__, ignored by git), even where the
# environment asks it not to: each `bridgescore` a test runs would otherwise compile every module
# it imports again (0.5 s of CPU for a club session's score instead of 0.15 s).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test install install-test lint typecheck pytest docs clean browser postgres mdbtools bench

# The environment's packages are installed by uv (from PyPI, into the environment, with pip
# beside it for tests/test_light_install.py): the same packages pip installs, in 5 s rather than
# 45 s. Bytecode is compiled when a module is first imported, not for every module installed.
UV := $(BIN)/uv pip install --quiet --python $(BIN)/python

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet uv
	$(UV) --upgrade pip

# Every extra ([all]: the server, the PDF, the scale paths, double dummy), as a club's full install
# has; `pip install bridgescore` alone is the light install (tests/test_light_install.py).
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(UV) -e '.[all]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(UV) -e '.[all,test,docs]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

# The main job on the bundled examples.
run: install
	$(BIN)/bridgescore rubber examples/rubber.txt
	$(BIN)/bridgescore chicago examples/chicago.txt
	$(BIN)/bridgescore score examples/club-session.csv --names examples/club-names.csv
	$(BIN)/bridgescore score examples/club-session.toml
	$(BIN)/bridgescore teams examples/teams.csv --teams examples/teams-names.csv --vp wbf
	$(BIN)/bridgescore report examples/club-session.csv --names examples/club-names.csv --hands examples/club-hands.pbn --html build/site
	$(BIN)/bridgescore report-teams examples/teams.csv --teams examples/teams-names.csv --hands examples/teams-hands.pbn --html build/teams-site
	$(BIN)/bridgescore deals print examples/club-hands.pbn --html build/hand-record

lint: install-test
	$(BIN)/ruff check src tests bench docs examples
	$(BIN)/ruff format --check src tests bench docs examples
	$(BIN)/lint-imports --no-logo

typecheck: install-test
	$(BIN)/mypy --strict src tests bench docs examples

# A worker takes a whole test file at a time, in the order tests/conftest.py sorts them (the
# longest first), not xdist's own (the most tests first).
pytest: install-test browser postgres mdbtools
	$(BIN)/pytest -n $(WORKERS) --dist loadfile --no-loadscope-reorder

# What the browser and PDF tests need from Debian, installed once when missing (as root, the way
# CI runs): chromium's headless shell driven by Playwright (never `playwright install`; the same
# Blink as Debian's chromium without the browser's own windows and pages, about half the CPU a
# page), and the pango, harfbuzz and font files WeasyPrint renders with.
CHROMIUM    ?= /usr/bin/chromium-headless-shell
BROWSER_APT := chromium-headless-shell libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core
browser:
	@missing=""; \
	for package in $(BROWSER_APT); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q 'ok installed' \
	    || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing from Debian for the browser and PDF tests:$$missing"; \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "error: missing$$missing; run as root or: sudo apt-get install$$missing" >&2; exit 1; \
	  fi; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing >/dev/null \
	    || { echo "error: apt-get could not install$$missing" >&2; exit 1; }; \
	fi; \
	test -x $(CHROMIUM) || { echo "error: $(CHROMIUM) is missing after the install" >&2; exit 1; }

# What the club server's tests need from Debian, installed once when missing (as root, the way CI
# runs): PostgreSQL's server programs. The tests start a cluster of their own (initdb, pg_ctl, as
# the postgres user when run as root) and stop it; nothing runs between test sessions.
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  echo "installing from Debian for the club server tests: postgresql"; \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "error: PostgreSQL is missing; run as root or: sudo apt-get install postgresql" >&2; exit 1; \
	  fi; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql >/dev/null \
	    || { echo "error: apt-get could not install postgresql" >&2; exit 1; }; \
	fi; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { echo "error: initdb is missing after the install" >&2; exit 1; }

# What reading Bridgemate BWS files needs from Debian, installed once when missing (as root, the
# way CI runs): mdbtools (mdb-tables, mdb-export), which read the Access database a BWS file is.
mdbtools:
	@if ! command -v mdb-export >/dev/null 2>&1; then \
	  echo "installing from Debian for the Bridgemate (BWS) tests: mdbtools"; \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "error: mdbtools is missing; run as root or: sudo apt-get install mdbtools" >&2; exit 1; \
	  fi; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq --no-install-recommends mdbtools >/dev/null \
	    || { echo "error: apt-get could not install mdbtools" >&2; exit 1; }; \
	fi; \
	command -v mdb-export >/dev/null 2>&1 || { echo "error: mdb-export is missing after the install" >&2; exit 1; }

# The documentation site (mkdocs.yml, docs/): built into build/docs; a warning fails the build.
docs: install-test
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# The whole test suite: lint, types, tests and doctests (of the code and of the docs), the docs site;
# then how long it took. Once the environment is installed, all four side by side (mypy alone
# would leave a core idle for half a minute); each one's output is shown whole when it ends.
test:
	@started=$$(date +%s); \
	$(MAKE) --no-print-directory install-test \
	  && $(MAKE) --no-print-directory -j4 --output-sync=target lint typecheck docs pytest; \
	status=$$?; \
	echo "make test: $$(( $$(date +%s) - started )) s wall, exit status $$status"; \
	exit $$status

# The benchmarks (not part of test): one board, a 1M-line CSV, start-up and a club night, an
# archive, bridgescore against salliere, the results pages, and the double-dummy analysis of a
# 36-board set, the sizes a hostile file can have, and the club server under load.
bench: install-test
	$(BIN)/python -m bench.bench_board
	$(BIN)/python -m bench.bench_bigcsv
	$(BIN)/python -m bench.bench_club
	$(BIN)/python -m bench.bench_archive
	$(BIN)/python -m bench.bench_versus
	$(BIN)/python -m bench.bench_site
	$(BIN)/python -m bench.bench_hands
	$(BIN)/python -m bench.bench_sizes
	$(BIN)/python -m bench.bench_server
	$(BIN)/python -m bench.bench_live

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .import_linter_cache .grimp_cache
