"""pasyans/stats.py: the results file, resuming, Wilson, brackets, workers, Dask, the table."""

from __future__ import annotations

import io
import json

import pytest

from pasyans import stats
from pasyans.errors import InputError

# a node budget (not a time budget) keeps the answers the same on a busy machine
NODES, SECONDS = 3_000, 60.0


def test_wilson_matches_known_values():
    assert [round(x, 4) for x in stats.wilson(8, 10)] == [0.4902, 0.9433]
    low, high = stats.wilson(10, 10)
    assert round(low, 4) == 0.7225 and high == 1.0
    assert stats.wilson(0, 0) == (0.0, 1.0)
    low, high = stats.wilson(0, 50)
    assert low == 0.0 and 0.07 < high < 0.072


def test_percentile_is_nearest_rank():
    values = [5.0, 1.0, 3.0, 2.0, 4.0]
    assert stats.percentile(values, 50) == 3.0
    assert stats.percentile(values, 100) == 5.0
    assert stats.percentile(values, 1) == 1.0
    assert stats.percentile([], 50) == 0.0


def test_summary_brackets_the_undecided_deals():
    """Never a rate over the decided deals alone: with undecided deals the
    share won is the bracket [won/N, (won+unknown)/N], and low/high are
    the Wilson bounds of its two ends."""
    records = [{"deal": d, "status": s, "seconds": t} for d, s, t in
               [(1, "won", 0.1), (2, "won", 0.2), (3, "lost", 0.3), (4, "unknown", 12.0)]]
    s = stats.summary("belle-lucie", records, {"nodes": 10, "seconds": 10.0}, "player", "a policy")
    assert (s["deals"], s["won"], s["lost"], s["unknown"]) == (4, 2, 1, 1)
    assert s["bracket"] == [0.5, 0.75] and s["rate"] is None
    assert s["low"] == round(stats.wilson(2, 4)[0], 4) and s["high"] == round(stats.wilson(3, 4)[1], 4)
    assert s["budget_s"] == 10.0 and s["policy"] == "a policy" and s["measure"] == "player"
    assert s["decided_within_1s"] == 0.75 and s["decided_within_10s"] == 0.75 and s["decided"] == 0.75
    text = stats.format_summary(s)
    assert "unknown 1" in text and "50.0%..75.0% of all deals" in text
    decided = stats.summary("cadran", records[:3], {"nodes": 10, "seconds": 1.0})
    assert decided["rate"] == round(2 / 3, 4) and decided["bracket"] == [decided["rate"]] * 2
    # with 1 s per deal, the share decided within 10 s was not measured
    assert decided["decided_within_1s"] == 1.0 and decided["decided_within_10s"] is None


def test_a_run_writes_one_line_per_deal_and_resumes(tmp_path, monkeypatch):
    out = tmp_path / "r.jsonl"
    measured = []
    real = stats.measure_record

    def counting(*task):
        measured.append(task[2])
        return real(*task)

    monkeypatch.setattr(stats, "measure_record", counting)
    first = stats.run("belle-lucie", 3, out, measure="single-deal", nodes=NODES, seconds=SECONDS)
    assert measured == [1, 2, 3] and [r["deal"] for r in first] == [1, 2, 3]
    lines = out.read_text().splitlines()
    head = json.loads(lines[0])
    assert head["game"] == "belle-lucie" and head["measure"] == "single-deal" and len(lines) == 4
    from pasyans.freshness import solver_digest
    assert all(json.loads(line)["solver_code"] == solver_digest() for line in lines[1:])  # the code that measured it
    again = stats.run("belle-lucie", 5, out, measure="single-deal", nodes=NODES, seconds=SECONDS)
    assert measured == [1, 2, 3, 4, 5]  # deals 1..3 were skipped
    assert [r["deal"] for r in again] == [1, 2, 3, 4, 5]
    assert len(out.read_text().splitlines()) == 6
    with pytest.raises(InputError, match="'single-deal' measure"):
        stats.read_results(out, "belle-lucie", "player")


def test_retry_unknown_measures_them_again(tmp_path):
    out = tmp_path / "r.jsonl"
    stats.run("cadran", 2, out, nodes=2, seconds=SECONDS)
    head, done = stats.read_results(out, "cadran")
    assert {r["status"] for r in done.values()} == {"unknown"}
    stats.run("belle-lucie", 2, tmp_path / "b.jsonl", measure="single-deal", nodes=2, seconds=SECONDS)
    stats.run("belle-lucie", 2, tmp_path / "b.jsonl", measure="single-deal", nodes=200_000, seconds=SECONDS,
              retry_unknown=True)
    head, done = stats.read_results(tmp_path / "b.jsonl", "belle-lucie")
    assert "unknown" not in {r["status"] for r in done.values()}


def test_a_line_cut_short_by_a_crash_is_measured_again(tmp_path):
    out = tmp_path / "r.jsonl"
    stats.run("belle-lucie", 2, out, measure="single-deal", nodes=NODES, seconds=SECONDS)
    with out.open("a") as f:
        f.write('{"deal": 3, "sta')  # killed mid-write
    head, done = stats.read_results(out, "belle-lucie")
    assert sorted(done) == [1, 2]


def test_a_broken_results_file_names_file_and_line(tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text('{"game": "belle-lucie"}\n{"deal": 1, "status": "won"}\nnot json\n')
    with pytest.raises(InputError) as error:
        stats.read_results(out, "belle-lucie")
    assert error.value.path == str(out) and error.value.line == 3
    out.write_text('{"game": "cadran"}\n')
    with pytest.raises(InputError, match="for 'cadran'"):
        stats.read_results(out, "belle-lucie")
    out.write_text('{"game": "belle-lucie"}\n{"deal": "one", "status": "won"}\n')
    with pytest.raises(InputError) as error:
        stats.read_results(out, "belle-lucie")
    assert error.value.line == 2


def test_worker_processes_give_the_same_answers(tmp_path):
    one = stats.run("belle-lucie", 4, tmp_path / "a.jsonl", measure="single-deal", jobs=1, nodes=NODES,
                    seconds=SECONDS)
    two = stats.run("belle-lucie", 4, tmp_path / "b.jsonl", measure="single-deal", jobs=2, nodes=NODES,
                    seconds=SECONDS)
    assert [(r["deal"], r["status"], r["nodes"]) for r in one] == \
        [(r["deal"], r["status"], r["nodes"]) for r in two]


def test_dask_cluster_runs_the_same_job(tmp_path):
    from dask import distributed  # a dependency: this test must never skip
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        records = stats.run("belle-lucie", 3, tmp_path / "d.jsonl", measure="single-deal",
                            cluster=cluster.scheduler_address, nodes=NODES, seconds=SECONDS)
    local = stats.run("belle-lucie", 3, tmp_path / "l.jsonl", measure="single-deal", nodes=NODES, seconds=SECONDS)
    assert [(r["deal"], r["status"], r["nodes"]) for r in records] == \
        [(r["deal"], r["status"], r["nodes"]) for r in local]
    assert len((tmp_path / "d.jsonl").read_text().splitlines()) == 4


def test_a_local_dask_cluster_is_started_for_the_run(tmp_path):
    records = stats.run("belle-lucie", 2, tmp_path / "d.jsonl", measure="single-deal", cluster="local", jobs=1,
                        nodes=NODES, seconds=SECONDS)
    assert [r["deal"] for r in records] == [1, 2]


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_draws_on_a_terminal_only():
    screen = FakeTerminal()
    bar = stats.Progress(4, screen, width=8)
    bar.update({"status": "won"})
    bar.update({"status": "unknown"})
    bar.close()
    text = screen.getvalue()
    assert "\r[####----] 2/4  won 1 lost 0 unknown 1" in text and text.endswith("\n")
    quiet = io.StringIO()
    bar = stats.Progress(4, quiet)
    bar.update({"status": "won"})
    bar.close()
    assert quiet.getvalue() == ""


def entry(slug, measure, won, wall=1.0):
    return {"game": slug, "measure": measure, "deals": 10, "won": won, "lost": 10 - won, "unknown": 0,
            "seconds": {"mean": 0.5}, "wall_s": wall, "workers": 2, "cluster": "dask local"}


def test_the_table_keeps_one_entry_per_game_measure_and_reading(tmp_path):
    table = tmp_path / "t.json"
    stats.update_table(table, entry("cadran", "solvable", 1))
    stats.update_table(table, entry("belle-lucie", "player", 2), game_info={"decks": 1})
    stats.update_table(table, entry("cadran", "solvable", 3))
    stats.update_table(table, entry("cadran", "player", 4))
    stats.update_table(table, entry("shah", "solvable", 5), readings={"shah.assume.marriage-outer-circle": "literal"})
    data = json.loads(table.read_text())
    assert list(data["games"]) == ["belle-lucie", "cadran", "shah"]
    cadran = data["games"]["cadran"]["measures"]
    assert cadran["solvable"]["won"] == 3 and cadran["player"]["won"] == 4
    assert data["games"]["belle-lucie"]["decks"] == 1
    literal = data["games"]["shah"]["readings"]["shah.assume.marriage-outer-circle"]["literal"]
    assert literal["measures"]["solvable"]["won"] == 5 and "measures" not in data["games"]["shah"]
    # the run's totals count every entry, the readings' too
    assert data["notes"]["wall_s"] == 4.0 and data["notes"]["cpu_s"] == 20.0
    assert data["notes"]["workers"] == ["2 (dask local)"]
    assert "bracket" in data["about"]
    stats.note_command(table, "make winrates WINRATE_DEALS_ONE=10")
    stats.update_table(table, entry("mill", "solvable", 1))
    notes = json.loads(table.read_text())["notes"]
    assert notes["command"] == "make winrates WINRATE_DEALS_ONE=10" and notes["wall_s"] == 5.0
    assert "load average" in notes["load"] and notes["finished"].endswith("UTC")


def test_the_player_of_a_game_with_nothing_hidden_copies_the_solvable_records(tmp_path):
    """Наполеон hides nothing: its player's figure is the solvable one, undecided deals included."""
    folder = tmp_path / "winrates"
    solvable = stats.results_path(folder, "napoleon", "solvable")
    stats.run("napoleon", 3, solvable, measure="solvable", nodes=50, seconds=5)
    mine = {r["deal"]: r["status"] for r in stats.run("napoleon", 3, stats.results_path(folder, "napoleon", "player"),
                                                      measure="player", nodes=50, seconds=5)}
    theirs = {r["deal"]: r["status"] for r in stats.read_results(solvable, "napoleon", "solvable")[1].values()}
    assert mine == theirs and "unknown" in mine.values()
    lines = stats.results_path(folder, "napoleon", "player").read_text().splitlines()[1:]
    assert all(json.loads(line)["same_as"] == "solvable" for line in lines)


def test_results_paths_and_won_deals(tmp_path):
    assert stats.results_path(tmp_path, "shah", "player").name == "shah.player.jsonl"
    named = stats.results_path(tmp_path, "shah", "player", {"shah.assume.marriage-outer-circle": "literal"})
    assert named.name == "shah.player.marriage-outer-circle=literal.jsonl"
    stats.run("belle-lucie", 5, stats.results_path(tmp_path, "belle-lucie", "single-deal"), measure="single-deal",
              nodes=200_000, seconds=SECONDS)
    path = stats.write_won_deals(tmp_path)
    won = json.loads(path.read_text())["games"]["belle-lucie"]["single-deal"]
    _, done = stats.read_results(tmp_path / "belle-lucie.single-deal.jsonl", "belle-lucie")
    assert won == sorted(d for d, r in done.items() if r["status"] == "won")


def test_a_reading_is_paired_deal_by_deal_with_the_editions_reading():
    mine = [{"deal": d, "status": s} for d, s in enumerate(["won", "won", "lost", "lost", "unknown", "won"], 1)]
    default = {d: {"deal": d, "status": s} for d, s in enumerate(["won", "lost", "won", "lost", "won"], 1)}
    pair = stats.paired(mine, default)  # deal 6 has no partner
    assert pair == {"deals": 5, "won_both": 1, "won_here_only": 1, "won_default_only": 1, "lost_both": 1,
                    "undecided": 1, "default_won": 3, "default_unknown": 0}
    assert stats.paired_text(pair) == ("2 of 5 deals change their verdict (1 won only under this reading, "
                                       "1 only under the edition's, which wins 3 of these 5); "
                                       "1 undecided under one or both")


def test_every_alternative_of_every_reading_is_listed_for_the_table():
    import engine
    from engine.registry import find_game
    from engine.solver.measures import measures_of

    items = stats.reading_items()
    expected = {(slug, m, r["id"], a["id"]) for r in engine.readings() for slug in r["games"]
                for a in r["alternatives"] if a["id"] != r["default"] for m in measures_of(find_game(slug))}
    assert set(items) == expected and len(items) == len(expected)
    assert {m for _, m, _, _ in stats.reading_items(["player"])} == {"player"}
    # within a game and reading the solvable measure comes first: the player's copies it where nothing is hidden
    napoleon = [m for slug, m, ident, alt in items if slug == "napoleon" and ident.endswith("cellar-card")]
    assert napoleon == ["solvable", "player"]


def test_stats_under_a_reading_pairs_its_deals_with_the_defaults(tmp_path, capsys):
    from pasyans.cli import main

    folder = tmp_path / "winrates"
    folder.mkdir()
    base = ["stats", "napoleon", "--measure", "solvable", "--deals", "4", "--nodes", "400", "--budget", "60"]
    assert main(base + ["--out", str(folder / "napoleon.solvable.jsonl")]) == 0
    assert "against the edition's readings" not in capsys.readouterr().out
    reading = "napoleon.assume.cellar-card=last"
    out = folder / "napoleon.solvable.cellar-card=last.jsonl"
    assert main(base + ["--reading", reading, "--out", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["paired"]["deals"] == 4
    table = tmp_path / "t.json"
    assert main(base + ["--reading", reading, "--out", str(out), "--table", str(table)]) == 0
    printed = capsys.readouterr().out
    assert "against the edition's readings:" in printed
    entry = json.loads(table.read_text())["games"]["napoleon"]["readings"]["napoleon.assume.cellar-card"]["last"]
    pair = entry["measures"]["solvable"]["paired"]
    assert pair["deals"] == 4 and sum(pair[k] for k in ("won_both", "won_here_only", "won_default_only",
                                                          "lost_both", "undecided")) == 4
    # the entry names the records it paired, and agrees with them
    sources = entry["measures"]["solvable"]["sources"]
    assert sources["default"]["file"] == "napoleon.solvable.jsonl" and sources["default"]["deals"] == 4
    assert sources["records"]["file"] == "napoleon.solvable.cellar-card=last.jsonl"
    assert main(["check-winrates", "--table", str(table), "--records", str(folder)]) == 0
    # measured before the table knew it: its records say which solver measured them
    from pasyans.freshness import solver_digest
    assert entry["measures"]["solvable"]["solver_code"] == solver_digest()


def test_the_table_names_the_solver_that_measured_every_deal(tmp_path):
    from pasyans.cli import main
    from pasyans.freshness import solver_digest

    out, table = tmp_path / "napoleon.solvable.jsonl", tmp_path / "t.json"
    run = ["stats", "napoleon", "--measure", "solvable", "--nodes", "400", "--budget", "60", "--out", str(out),
           "--table", str(table), "--deals"]

    def stamp():
        return json.loads(table.read_text())["games"]["napoleon"]["measures"]["solvable"]["solver_code"]

    assert main(run + ["2"]) == 0 and stamp() == solver_digest()
    assert main(run + ["2"]) == 0 and stamp() == solver_digest()  # nothing measured: kept
    # the records say which solver measured each deal, whatever the table said before
    data = json.loads(table.read_text())
    data["games"]["napoleon"]["measures"]["solvable"]["solver_code"] = "older"
    table.write_text(json.dumps(data))
    assert main(run + ["2"]) == 0 and stamp() == solver_digest()
    # deals 1-2 by an older solver (their records say so), deal 3 by this one
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    out.write_text("".join(json.dumps({**r, "solver_code": "older"} if "deal" in r else r) + "\n" for r in lines))
    assert main(run + ["3"]) == 0 and stamp() == "mixed"
    # records made before the stamps: the table's older stamp and this run's
    out.write_text("".join(json.dumps({k: v for k, v in r.items() if k != "solver_code"}) + "\n" for r in lines))
    assert main(run + ["4"]) == 0 and stamp() == "mixed"


def _write_entries(args):
    table, slug = args
    from pathlib import Path

    for k in range(15):
        stats.update_table(Path(table), entry(slug, "solvable", 1), readings={f"{slug}.assume.x{k}": "y"})


def test_two_runs_writing_one_table_side_by_side_lose_nothing(tmp_path):
    """`make -j2 winrates` writes the table from two processes at once."""
    from concurrent.futures import ProcessPoolExecutor

    table = tmp_path / "t.json"
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_write_entries, [(str(table), "cadran"), (str(table), "shah")]))
    games = json.loads(table.read_text())["games"]
    assert all(len(games[slug]["readings"]) == 15 for slug in ("cadran", "shah"))


def test_deals_measured_again_get_what_their_first_pass_left(tmp_path, monkeypatch):
    """`--retry-unknown` with a larger budget: the deals left undecided are
    searched again from scratch with the rest of the deal's positions, and
    the record counts the positions and CPU seconds of both searches."""
    given = {}

    def fake(slug, measure, deal, nodes, seconds, readings=None):
        given.setdefault(deal, []).append(nodes)
        decided = deal % 2 or nodes > 5_000  # odd deals at once, even ones with the larger budget
        return {"deal": deal, "status": "won" if decided else "unknown", "moves": 0,
                "nodes": 10 if deal % 2 else min(nodes, 7_000), "seconds": 0.25 if deal % 2 else nodes / 1_000}

    monkeypatch.setattr(stats, "measure_record", fake)
    out = tmp_path / "r.jsonl"
    stats.run("shah", 4, out, nodes=1_000, seconds=100.0, equivalent_s=1.0)
    records = stats.run("shah", 4, out, nodes=10_000, seconds=100.0, retry_unknown=True, equivalent_s=10.0)
    assert given == {1: [1_000], 2: [1_000, 9_000], 3: [1_000], 4: [1_000, 9_000]}
    by_deal = {r["deal"]: r for r in records}
    assert by_deal[1] == {"deal": 1, "status": "won", "moves": 0, "nodes": 10, "seconds": 0.25}
    assert by_deal[2]["status"] == "won" and by_deal[2]["seconds"] == 10.0 and by_deal[2]["budget_nodes"] == 10_000
    assert by_deal[2]["nodes"] == 8_000 and [p["status"] for p in by_deal[2]["passes"]] == ["unknown", "won"]
    head, done = stats.read_results(out, "shah")
    s = stats.summary("shah", done.values(), head["budget"])
    assert s["budget_nodes"] == 10_000 and s["budget_s"] == 10.0 and s["first_pass_nodes"] == 1_000
    assert s["first_pass_s"] == 1.0 and s["unknown"] == 0 and s["decides"] == "positions"
    assert s["decided_within_1s"] == 0.5 and s["decided_within_10s"] == 1.0
    assert "every deal 1,000 first" in stats.format_summary(s)
    # nothing left to spend: a deal is not measured again
    stats.run("shah", 4, out, nodes=4_000, seconds=100.0, retry_unknown=True)
    assert len(given[2]) == 2


def test_a_table_without_passes_keeps_its_budget():
    records = [{"deal": 1, "status": "won", "seconds": 0.5}, {"deal": 2, "status": "unknown", "seconds": 1.0}]
    s = stats.summary("shah", records, {"nodes": 1, "seconds": 1.0})
    assert s["budget_s"] == 1.0 and "first_pass_s" not in s


def test_a_game_with_nothing_hidden_copies_the_solvable_passes_too(tmp_path, monkeypatch):
    measured = []

    def fake(slug, measure, deal, nodes, seconds, readings=None):
        measured.append((measure, deal, nodes))
        status = "won" if deal == 1 or (deal == 2 and nodes > 5_000) else "unknown"
        return {"deal": deal, "status": status, "moves": 0, "nodes": min(nodes, 10), "seconds": 0.5}

    monkeypatch.setattr(stats, "measure_record", fake)
    folder = tmp_path / "winrates"
    for measure in ("solvable", "player"):
        path = stats.results_path(folder, "napoleon", measure)
        stats.run("napoleon", 3, path, measure=measure, nodes=1_000, seconds=SECONDS)
        stats.run("napoleon", 3, path, measure=measure, nodes=10_000, seconds=SECONDS, retry_unknown=True)
    assert [m for m in measured if m[0] == "player"] == []  # every player's deal is the solvable one's
    player = stats.read_results(stats.results_path(folder, "napoleon", "player"), "napoleon")[1]
    assert {d: r["status"] for d, r in player.items()} == {1: "won", 2: "won", 3: "unknown"}
    assert player[3]["budget_nodes"] == 10_000 and player[3]["same_as"] == "solvable"
