# Two jobs, each of which sets everything up first:
#   make serve   builds the edition and serves it on localhost
#   make test    runs the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup system serve test bench winrates

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

# The win-rate table (data/winrates.json, per-deal records in data/winrates/):
# every game under each of its measures, on a Dask LocalCluster of
# WINRATE_JOBS workers, WINRATE_BUDGET CPU seconds per deal. Resumable: a
# re-run measures only the deals not yet in data/winrates/GAME.MEASURE.jsonl.
# About an hour on this 2-core machine (see the table's notes).
WINRATE_JOBS ?= 2
WINRATE_BUDGET ?= 10
WINRATES_ONE_PACK := belle-lucie:player belle-lucie:single-deal parterre:solvable parterre:player \
  napoleon:solvable napoleon:player idet-ne-idet:solvable idet-ne-idet:player
WINRATES_TWO_PACKS := house-in-the-wood:player house-in-the-wood:single-deal \
  house-on-the-hill:player house-on-the-hill:single-deal cadran:solvable cadran:player \
  fifteen:solvable fifteen:player salic-law:solvable salic-law:player four-corners:solvable \
  four-corners:player mill:solvable mill:player shah:solvable shah:player exiles:solvable \
  exiles:player hemispheres:solvable hemispheres:player grand-layout:solvable grand-layout:player \
  chinese-letter:solvable chinese-letter:player

winrates: setup
	@for pair in $(WINRATES_ONE_PACK); do \
	  $(BIN)/pasyans stats $${pair%%:*} --measure $${pair##*:} --deals 1000 --cluster local \
	    --jobs $(WINRATE_JOBS) --budget $(WINRATE_BUDGET) --table data/winrates.json || exit 1; done
	@for pair in $(WINRATES_TWO_PACKS); do \
	  $(BIN)/pasyans stats $${pair%%:*} --measure $${pair##*:} --deals 300 --cluster local \
	    --jobs $(WINRATE_JOBS) --budget $(WINRATE_BUDGET) --table data/winrates.json || exit 1; done
