# The two front-door commands: `make run` and `make test`. Each creates .venv on its own.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: run test lint typecheck pytest bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.run-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.run-installed
	$(BIN)/tcgrules run --examples

lint: $(VENV)/.test-installed
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(VENV)/.test-installed
	$(BIN)/mypy --strict src

pytest: $(VENV)/.test-installed
	$(BIN)/pytest -q

test: lint typecheck pytest

bench: $(VENV)/.test-installed
	$(BIN)/python benchmarks/targeting.py
	$(BIN)/python benchmarks/board.py --no-pool
	$(BIN)/python benchmarks/parse_corpus.py
	$(BIN)/python benchmarks/parse_game_corpus.py fab --failures 5
	$(BIN)/python benchmarks/parse_game_corpus.py ga --failures 5

clean:
	rm -rf $(VENV) build src/*.egg-info
