# Two commands: `make serve` and `make test`. Both set up .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: test serve classroom lab lint typecheck exercises pytest bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "shengji-tutor needs Python 3.11 or newer (set PYTHON=...)")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,hub]'
	touch $(STAMP)

test: lint typecheck exercises pytest

exercises: $(STAMP)
	$(BIN)/shengji-tutor check-exercises

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

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
