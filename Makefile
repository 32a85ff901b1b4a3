# Two commands to start: `make play` and `make test`. Both create .venv when needed and install the
# project into it (editable, with the test and build extras: `make test` builds the executable); a stamp
# keyed on pyproject.toml's content makes a second run skip the install. Needs only Python 3.11+ and make.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)
ARGS   ?=
# Tests run on two workers, spread test by test; the tests of the executable form one xdist group, so
# it is built once, on one worker, while the other runs the rest.
PYTEST_ARGS ?= -n 2 --dist loadgroup

# Tests and the build never need a screen or a sound card.
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
export PYGAME_HIDE_SUPPORT_PROMPT := 1

.PHONY: help venv play demo test test-fast lint typecheck dist dist-onefile bench bench-compiled icon clean

help:
	@echo "make play          create .venv if needed, install, start the game (ARGS='--variant three_hand')"
	@echo "make demo          watch four computer players (ARGS='--hands 3')"
	@echo "make test          the whole test suite (the executable's build included), ruff and mypy"
	@echo "make test-fast     the test suite without the slow tests"
	@echo "make lint          ruff"
	@echo "make typecheck     mypy --strict on engine/ and pinochle_gui/"
	@echo "make dist          the one-folder executable: dist/pinochle/pinochle (ARGS=--interpreted: search uncompiled)"
	@echo "make dist-onefile  the one-file executable: dist/onefile/pinochle"
	@echo "make bench         benchmarks (engine speed, start-up time, time to quit)"
	@echo "make bench-compiled  the play core's benchmark on the search the executable packs (compiled by mypyc)"
	@echo "make clean         remove .venv, build output and caches"

venv: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed, found " + sys.version.split()[0] + "; try: make PYTHON=python3.12 ...")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
		echo "could not create $(VENV); on Debian and Ubuntu: sudo apt install python3-venv"; exit 1; }
	$(PY) -m pip install --disable-pip-version-check --quiet --upgrade pip
	$(PY) -m pip install --disable-pip-version-check --quiet -e ".[test,build]"
	@rm -f $(VENV)/.installed-*
	@touch $@

play: $(STAMP)
	$(PY) -m pinochle_gui $(ARGS)

demo: $(STAMP)
	$(PY) -m pinochle_gui --demo $(ARGS)

test: $(STAMP)
	$(HEADLESS) $(PY) -m pytest $(PYTEST_ARGS) $(ARGS)
	$(PY) -m ruff check .
	$(PY) -m mypy

test-fast: $(STAMP)
	$(HEADLESS) $(PY) -m pytest $(PYTEST_ARGS) -m "not slow" $(ARGS)

lint: $(STAMP)
	$(PY) -m ruff check .

typecheck: $(STAMP)
	$(PY) -m mypy

# Both stop with an error when the computers' search does not compile; ARGS=--interpreted packs it uncompiled.
dist: $(STAMP)
	$(HEADLESS) $(PY) build/build.py $(ARGS)

dist-onefile: $(STAMP)
	$(HEADLESS) $(PY) build/build.py --onefile $(ARGS)

bench: $(STAMP)
	@for module in $$(ls engine/bench*.py 2>/dev/null | sed 's|/|.|; s|\.py$$||'); do \
		echo "== python -m $$module"; $(HEADLESS) $(PY) -m $$module || exit 1; done
	$(HEADLESS) $(PY) build/measure_startup.py
	$(HEADLESS) $(PY) build/measure_quit.py --runs 1

bench-compiled: $(STAMP)
	$(PY) build/compile_search.py build/work/compiled
	PYTHONPATH=build/work/compiled $(PY) -P -m engine.bench_play $(ARGS)

icon: $(STAMP)
	$(HEADLESS) $(PY) build/make_icon.py

clean:
	rm -rf $(VENV) build/work dist .pytest_cache .mypy_cache .ruff_cache .hypothesis *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
