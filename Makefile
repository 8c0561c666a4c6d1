# Two jobs, each of which sets everything up first:
#   make serve   builds the edition and serves it on localhost
#   make test    runs the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup system serve test bench

$(BIN)/pasyans: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# The browser's Python (Pyodide), pinned in package-lock.json; the site copies it.
node_modules/pyodide/package.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

setup: $(BIN)/pasyans node_modules/pyodide/package.json

# Debian's chromium drives the browser tests (never `playwright install`);
# jing is the fast second TEI validator. Installed only where missing.
system:
	@command -v chromium >/dev/null && command -v jing >/dev/null || \
	  { apt-get update -qq && apt-get install -y -qq chromium jing >/dev/null; }

serve: setup
	$(BIN)/pasyans serve

test: setup system
	$(BIN)/python -m pytest

bench: setup
	for script in bench/*.py; do $(BIN)/python $$script || exit 1; done
