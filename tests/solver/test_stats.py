"""pasyans/stats.py: the results file, resuming, Wilson, percentiles, workers, Dask."""

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


def test_summary_keeps_unknowns_out_of_the_rate():
    records = [{"deal": d, "status": s, "seconds": t} for d, s, t in
               [(1, "won", 0.1), (2, "won", 0.2), (3, "lost", 0.3), (4, "unknown", 2.0)]]
    s = stats.summary("belle-lucie", records)
    assert (s["won"], s["lost"], s["unknown"]) == (2, 1, 1)
    assert s["win_rate"] == round(2 / 3, 4)
    assert s["wilson95"] == [round(x, 4) for x in stats.wilson(2, 3)]
    assert s["seconds"]["max"] == 2.0 and s["decided_within_2s"] == 0.75
    assert "unknown 1" in stats.format_summary(s)


def test_a_run_writes_one_line_per_deal_and_resumes(tmp_path, monkeypatch):
    out = tmp_path / "r.jsonl"
    solved = []
    real = stats.solve_record

    def counting(*task):
        solved.append(task[1])
        return real(*task)

    monkeypatch.setattr(stats, "solve_record", counting)
    first = stats.run("belle-lucie", 3, out, nodes=NODES, seconds=SECONDS)
    assert solved == [1, 2, 3] and [r["deal"] for r in first] == [1, 2, 3]
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["game"] == "belle-lucie" and len(lines) == 4
    again = stats.run("belle-lucie", 5, out, nodes=NODES, seconds=SECONDS)
    assert solved == [1, 2, 3, 4, 5]  # deals 1..3 were skipped
    assert [r["deal"] for r in again] == [1, 2, 3, 4, 5]
    assert len(out.read_text().splitlines()) == 6


def test_retry_unknown_solves_them_again(tmp_path):
    out = tmp_path / "r.jsonl"
    stats.run("belle-lucie", 2, out, nodes=2, seconds=SECONDS)
    head, done = stats.read_results(out, "belle-lucie")
    assert {r["status"] for r in done.values()} == {"unknown"}
    stats.run("belle-lucie", 2, out, nodes=200_000, seconds=SECONDS, retry_unknown=True)
    head, done = stats.read_results(out, "belle-lucie")
    assert {r["status"] for r in done.values()} == {"won"}


def test_a_line_cut_short_by_a_crash_is_solved_again(tmp_path):
    out = tmp_path / "r.jsonl"
    stats.run("belle-lucie", 2, out, nodes=NODES, seconds=SECONDS)
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
    one = stats.run("belle-lucie", 4, tmp_path / "a.jsonl", jobs=1, nodes=NODES, seconds=SECONDS)
    two = stats.run("belle-lucie", 4, tmp_path / "b.jsonl", jobs=2, nodes=NODES, seconds=SECONDS)
    assert [(r["deal"], r["status"], r["nodes"]) for r in one] == \
        [(r["deal"], r["status"], r["nodes"]) for r in two]


def test_dask_cluster_runs_the_same_job(tmp_path):
    from dask import distributed  # a dependency: this test must never skip
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        records = stats.run("belle-lucie", 3, tmp_path / "d.jsonl", cluster=cluster.scheduler_address,
                            nodes=NODES, seconds=SECONDS)
    local = stats.run("belle-lucie", 3, tmp_path / "l.jsonl", nodes=NODES, seconds=SECONDS)
    assert [(r["deal"], r["status"], r["nodes"]) for r in records] == \
        [(r["deal"], r["status"], r["nodes"]) for r in local]
    assert len((tmp_path / "d.jsonl").read_text().splitlines()) == 4


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


def test_the_table_keeps_one_entry_per_game(tmp_path):
    table = tmp_path / "t.json"
    stats.update_table(table, {"game": "cadran", "won": 1})
    stats.update_table(table, {"game": "belle-lucie", "won": 2})
    stats.update_table(table, {"game": "cadran", "won": 3})
    data = json.loads(table.read_text())
    assert list(data["games"]) == ["belle-lucie", "cadran"] and data["games"]["cadran"]["won"] == 3
