# Variorum: `make serve` builds the archive and serves it; `make test` runs the tests' quick tier, `make
# test-long` the long one (CI runs both; `make test-all` both at once).
# Both create the virtual environment (.venv) and install the project first.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
BASE_STAMP := $(VENV)/.installed-base-stamp
STAMP  := $(VENV)/.installed-stamp
PORT   ?= 8001
RESULTS := site/results.db
SOURCES := $(shell find data engine -name '*.yaml' -o -name '*.py' 2>/dev/null)

.PHONY: install build serve results test test-long test-all schema clean

# Serving needs the project alone; the tests add their own (pytest, playwright, OpenSpiel...): `make
# serve` on a fresh clone does not wait for them (benchmarks/first-run.txt: 9 CPU s and about 2 min
# of a loaded machine's install).
$(BASE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(BASE_STAMP)

$(STAMP): $(BASE_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

build: install
	$(BIN)/variorum build

# The default comparison of every game's rulesets (random self-play) and the solved values of the
# rulesets a solver plays (Kalah's; a value already there is kept while the engine is the same),
# baked when the records or the engine change, so the game pages have figures out of the box.
# `make serve` does not wait for it: `variorum serve` serves at once and bakes the comparison in
# the background when it is stale.
$(RESULTS): $(STAMP) $(SOURCES)
	$(BIN)/variorum compare-defaults --jobs 2 --results $(RESULTS)
	$(BIN)/variorum solve defaults --results $(RESULTS)
	touch $(RESULTS)

results: $(RESULTS)

serve: $(BASE_STAMP)
	$(BIN)/variorum serve --port $(PORT)

# Two workers (pytest-xdist), a test file each at a time, then the conformance tests one by one
# (tests/conftest.py's scheduler for --dist loadfile: they fill both workers at the end); tests/conftest.py
# compiles every game's kernels into numba's cache first, a game per core. TEST_WORKERS=0 runs them in
# one process. The tests write their byte code (__pycache__, git-ignored) even where PYTHONDONTWRITEBYTECODE
# is set: each worker collects every test file, and pytest's rewriting of their asserts (5-6 of a collection's
# 13-15 CPU s) is then read back by a worker that comes after, and by every later run, `make test-long` too.
TEST_WORKERS ?= 2
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile

# Two tiers (tests/tiers.py, which says why each long test is long): `make test` the quick one, `make
# test-long` the rest; CI (.ci/run) runs both, `make test-all` both in one run.
test: install
	$(PYTEST) -m "not long"

test-long: install
	$(PYTEST) -m long

test-all: install
	$(PYTEST)

schema: install
	$(BIN)/variorum export-schema

clean:
	rm -rf $(VENV) site/*.db build .pytest_cache
