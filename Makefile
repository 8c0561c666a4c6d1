# Two jobs, each of which sets everything up first:
#   make serve   builds the edition and serves it on localhost
#   make test    runs the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup system serve test bench winrates winrates-games winrates-readings winrates-readings-again player-curves player-table

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

# The win-rate table (data/winrates.json, per-deal records in data/winrates/):
# every game under each of its measures, then the readings that can change
# a result, WINRATE_BUDGET CPU seconds' worth of positions per deal (the
# positions decide, at each game's rate in data/position-rates.json, so a
# verdict is the same on any machine; `pasyans stats GAME --measure M
# --recheck` measures a results file again), on a Dask cluster
# (WINRATE_CLUSTER: `local` starts a LocalCluster of WINRATE_JOBS workers
# per command; or the address of a running scheduler). Resumable: a re-run
# measures only the deals not yet in data/winrates/GAME.MEASURE.jsonl, so a
# larger WINRATE_DEALS_* extends a table. The defaults are the issue's
# target (1000 deals of a one-pack game, 300 of a two-pack one, 10 s each):
# many hours on this 2-core machine; the committed table says in its notes
# which deals and budget it used. Kept out of CI. In passes: every deal gets
# WINRATE_FIRST_PASS seconds, then the deals left undecided are searched
# again from scratch with the rest of WINRATE_BUDGET (`--retry-unknown`), so
# that the many deals decided at once do not wait for the hard ones.
WINRATE_JOBS ?= 2
WINRATE_BUDGET ?= 10
WINRATE_FIRST_PASS ?= 1
WINRATE_DEALS_ONE ?= 1000
WINRATE_DEALS_TWO ?= 300
WINRATE_CLUSTER ?= local
WINRATE_TABLE ?= data/winrates.json
# solvable before player: where nothing is hidden the player's figure copies it
WINRATES_ONE_PACK := belle-lucie:player belle-lucie:single-deal parterre:solvable parterre:player \
  napoleon:solvable napoleon:player idet-ne-idet:solvable idet-ne-idet:player
WINRATES_TWO_PACKS := house-in-the-wood:player house-in-the-wood:single-deal \
  house-on-the-hill:player house-on-the-hill:single-deal cadran:solvable cadran:player \
  fifteen:solvable fifteen:player salic-law:solvable salic-law:player four-corners:solvable \
  four-corners:player mill:solvable mill:player shah:solvable shah:player exiles:solvable \
  exiles:player hemispheres:solvable hemispheres:player grand-layout:solvable grand-layout:player \
  chinese-letter:solvable chinese-letter:player
# every alternative of every reading other than the edition's, under the
# measures named here (`pasyans.stats.reading_items`: from the engine's data),
# on deals 1..WINRATE_DEALS_READINGS, paired deal by deal with the defaults
WINRATE_DEALS_READINGS ?= 30
WINRATE_READING_MEASURES ?= solvable player single-deal
WINRATE_RUN = $(BIN)/pasyans stats --cluster $(WINRATE_CLUSTER) --jobs $(WINRATE_JOBS) --table $(WINRATE_TABLE)
WINRATE_STATS = $(WINRATE_RUN) --budget $(WINRATE_BUDGET)
# one entry in two passes (see WINRATE_FIRST_PASS)
WINRATE_PASSES = $(WINRATE_RUN) --budget $(WINRATE_FIRST_PASS) "$$@" && $(WINRATE_STATS) --retry-unknown "$$@"

# `make -j2 winrates` measures the games and the readings side by side (on one
# cluster, so its workers stay busy); the readings are then summarised again,
# nothing measured twice, to pair every deal with the now complete defaults.
winrates: setup
	$(MAKE) winrates-games winrates-readings
	$(MAKE) winrates-readings
	$(BIN)/python -c 'import sys; from pathlib import Path; from pasyans.stats import note_command; \
	  note_command(Path(sys.argv[1]), sys.argv[2])' $(WINRATE_TABLE) \
	  "make -j2 winrates WINRATE_DEALS_ONE=$(WINRATE_DEALS_ONE) WINRATE_DEALS_TWO=$(WINRATE_DEALS_TWO) WINRATE_DEALS_READINGS=$(WINRATE_DEALS_READINGS) WINRATE_READING_MEASURES='$(WINRATE_READING_MEASURES)' WINRATE_BUDGET=$(WINRATE_BUDGET) WINRATE_FIRST_PASS=$(WINRATE_FIRST_PASS) WINRATE_JOBS=$(WINRATE_JOBS) WINRATE_CLUSTER=$(WINRATE_CLUSTER)"

# The player of a game that hides something is measured by `make
# player-table` (at its curve's budget), not here.
CURVED = $$($(BIN)/python -c 'from pasyans.curves import hidden_games; print(" ".join(hidden_games()))')
winrates-games: setup
	@passes() { $(WINRATE_PASSES); }; curved=" $(CURVED) "; for pair in $(WINRATES_ONE_PACK); do \
	  case "$${pair##*:}:$$curved" in player:*" $${pair%%:*} "*) continue;; esac; \
	  passes $${pair%%:*} --measure $${pair##*:} --deals $(WINRATE_DEALS_ONE) || exit 1; done
	@passes() { $(WINRATE_PASSES); }; curved=" $(CURVED) "; for pair in $(WINRATES_TWO_PACKS); do \
	  case "$${pair##*:}:$$curved" in player:*" $${pair%%:*} "*) continue;; esac; \
	  passes $${pair%%:*} --measure $${pair##*:} --deals $(WINRATE_DEALS_TWO) || exit 1; done

# (The player's readings of a game that hides something are measured by
# `make player-table`, at the budget of the game's curve.)
# In the defaults' passes, so that a player's deals pair at the same budget
# (a pairing at another is stale: `pasyans check-winrates`); resumable as
# they are. WINRATE_READING_GAMES (slugs) measures those games' alone.
WINRATE_READING_GAMES ?=
winrates-readings: setup
	@passes() { $(WINRATE_PASSES); }; for item in $$($(BIN)/python -c 'import sys; from pasyans.stats import reading_items; \
	    from pasyans.curves import hidden_games; curved = set(hidden_games()); \
	    print(" ".join(":".join(item[:2]) + ":" + "=".join(item[2:]) for item in reading_items(sys.argv[1:]) \
	                   if not (item[1] == "player" and item[0] in curved)))' \
	    $(WINRATE_READING_MEASURES)); do \
	  slug=$${item%%:*}; rest=$${item#*:}; measure=$${rest%%:*}; reading=$${rest#*:}; \
	  case " $(or $(WINRATE_READING_GAMES),$$slug) " in *" $$slug "*) ;; *) continue;; esac; \
	  passes $$slug --measure $$measure --reading $$reading --deals $(WINRATE_DEALS_READINGS) || exit 1; done

# The readings measured again where their pairing with the defaults cannot
# be recomputed from the records (`pasyans check-winrates`: a player's
# verdicts from another solver, policy or budget): their records move to
# data/winrates/retired/ and their entries leave the table, once (a run
# cut short keeps what it measured: run this again, or winrates-readings),
# then winrates-readings measures them afresh and skips the rest.
winrates-readings-again: setup
	$(BIN)/pasyans check-winrates --table $(WINRATE_TABLE) --retire; test $$? -le 1
	$(MAKE) winrates-readings

# The player's budget curve (data/player-curves.json, per-deal records in
# data/player-curves/GAME.player.Bs.jsonl): every game that hides something
# from the player, deals 1..CURVE_DEALS at each of CURVE_BUDGETS CPU seconds
# per deal, budget by budget across the games; resumable (a re-run measures
# only the deals not yet recorded). Many hours on this 2-core machine: kept
# out of CI; the summary's "command" says how far a committed run got.
CURVE_DEALS ?= 50
CURVE_BUDGETS ?= 1,4,16,64
CURVE_JOBS ?= 1
player-curves: setup
	$(BIN)/pasyans curves --deals $(CURVE_DEALS) --budgets $(CURVE_BUDGETS) --jobs $(CURVE_JOBS)

# The table's "for a player" figure (data/winrates.json, records in
# data/winrates/GAME.player.jsonl) at the budget each game's curve chose
# (data/player-curves.json: table_budget, the least budget with the most
# wins) on 200 deals of a two-pack game and 1000 of a one-pack one, and
# each reading's player at the same budget on 30 deals (paired with the
# edition's); records of another budget are moved aside first (a seconds
# budget's to data/winrates-seconds/). Resumable; many CPU hours, kept out of CI.
player-table: setup
	$(BIN)/pasyans curves --table $(WINRATE_TABLE) --jobs $(CURVE_JOBS)
