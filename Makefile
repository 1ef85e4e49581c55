# Two commands: `make serve` and `make test`. Both set up .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: test test-fast serve classroom lab lint typecheck exercises pytest bench clean

# Setting up is quiet: one line before and one after; pip's own output goes to $(SETUP_LOG), shown only when it fails.
SETUP_LOG := $(VENV)/setup.log

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "shengji-tutor needs Python 3.11 or newer (set PYTHON=...)")'
	@echo "Setting up the course in $(VENV) (about a minute, once)..."
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || { echo "could not make $(VENV) with $(PYTHON) -m venv"; exit 1; }
	@{ $(BIN)/python -m pip install --disable-pip-version-check --upgrade pip \
	   && $(BIN)/python -m pip install --disable-pip-version-check -e '.[test,hub]'; } > $(SETUP_LOG) 2>&1 \
	   || { cat $(SETUP_LOG); echo; echo "Setting up failed: pip's log is above (and in $(SETUP_LOG))."; exit 1; }
	@touch $(STAMP)
	@echo "The course is set up."

# The bank's full check (`make exercises`) runs inside pytest, from the built wheel in another folder
# (tests/test_wheel.py), beside the other tests rather than before them.
test: lint typecheck pytest

exercises: $(STAMP)
	$(BIN)/shengji-tutor check-exercises

lint: $(STAMP)
	$(BIN)/shengji-tutor check-translations --complete
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

# The suite runs on every core (pytest-xdist); conftest.py keeps a file's tests, the browser tests and the
# PostgreSQL tests each in one process. TEST_WORKERS=0 runs it in this one process.
TEST_WORKERS ?= auto

pytest: $(STAMP)
	$(BIN)/pytest -n $(TEST_WORKERS)

# While working: everything but the slow tests (browsers, servers, searches, the wheel).
test-fast: $(STAMP)
	$(BIN)/pytest -n $(TEST_WORKERS) -m "not slow"

PORT ?= 8866

# The app: Voilà over notebooks/ with the course template and pre-heated kernels
# (shengji_tutor/app.py); the root URL opens the course home page.
serve: $(STAMP)
	$(BIN)/shengji-tutor serve --port=$(PORT)

classroom: $(STAMP)
	$(BIN)/shengji-tutor classroom --port=$(PORT)

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks

bench: $(STAMP)
	$(BIN)/python -m benchmarks.engine
	$(BIN)/python -m benchmarks.bots
	$(BIN)/python -m benchmarks.zhengfen
	$(BIN)/python -m benchmarks.strength --deals 400 --workers 2
	$(BIN)/python -m benchmarks.strength --deals 100 --opponent random --workers 2
	$(BIN)/python -m benchmarks.chao --turns 300
	$(BIN)/python -m benchmarks.policy --deals 3000
	$(BIN)/python -m benchmarks.coach_trust --hands 8 --per-hand 8 --deep 16 --workers 2
	$(BIN)/python -m benchmarks.best_puzzles --workers 2

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
