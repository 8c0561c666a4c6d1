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
	$(BIN)/python -m normalize.frequency >/dev/null  # the word-frequency cache, compiled once
	touch $@

# The browser's Python (Pyodide), pinned in package-lock.json; the site copies it.
node_modules/pyodide/package.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

setup: $(BIN)/pasyans node_modules/pyodide/package.json

# Debian's chromium drives the browser tests (never `playwright install`);
# jing is the fast second TEI validator; the downloads need WeasyPrint's
# Pango, the Old Standard TT and DejaVu fonts (embedded, never fetched),
# epubcheck and poppler-utils (pdffonts, pdftotext) to check them.
# Installed only where missing.
SYSTEM_PACKAGES := chromium jing epubcheck poppler-utils fonts-oldstandard fonts-dejavu-core \
	libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0
system:
	@missing=$$(for package in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' $$package 2>/dev/null | grep -q 'install ok installed' || echo $$package; done); \
	if [ -n "$$missing" ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; fi

serve: setup
	$(BIN)/pasyans serve

test: setup system
	$(BIN)/python -m pytest

bench: setup
	for script in bench/*.py; do $(BIN)/python $$script || exit 1; done
