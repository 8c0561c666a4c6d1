"""pasyans/curves.py: the player's budget curve, summarised from per-deal
records, and the `pasyans curves` command (resumable, bad input refused)."""

from __future__ import annotations

import json

from pasyans import curves, stats
from pasyans.cli import main


def write(folder, slug, seconds, statuses):
    path = curves.results_path(folder, slug, seconds)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [stats.header(slug, "player", curves.NODES, seconds)]
    lines += [{"deal": d, "status": s, "moves": 100, "nodes": 10, "seconds": 0.5, "reason": "x"}
              for d, s in enumerate(statuses, 1)]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def test_a_curve_that_still_pays_off_and_one_that_is_flat(tmp_path):
    write(tmp_path, "mill", 1, ["won"] * 5 + ["lost"] * 45)
    write(tmp_path, "mill", 4, ["won"] * 25 + ["lost"] * 25)
    write(tmp_path, "shah", 1, ["won"] * 5 + ["lost"] * 45)
    write(tmp_path, "shah", 4, ["won"] * 7 + ["lost"] * 43)
    games = curves.summarise(tmp_path)["games"]
    mill, shah = games["mill"], games["shah"]
    assert [p["seconds"] for p in mill["points"]] == [1, 4]
    assert mill["points"][1]["pays_off"] and not mill["flat"]
    assert not shah["points"][1]["pays_off"] and shah["flat"]
    point = mill["points"][1]
    assert point["won"] == 25 and point["deals"] == 50 and point["rate"] == 0.5
    assert point["low"] < 0.5 < point["high"]
    assert (point["low"], point["high"]) == tuple(round(x, 4) for x in stats.wilson(25, 50))
    assert mill["headline"]["seconds"] == 4 and "sees only" in mill["policy"]


def test_the_command_measures_what_is_missing_and_refuses_bad_budgets(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    assert main(["curves", "idet-ne-idet", "--deals", "2", "--budgets", "0.1"]) == 0
    path = curves.results_path(tmp_path / "data" / "player-curves", "idet-ne-idet", 0.1)
    first = path.read_text(encoding="utf-8")
    assert len(first.splitlines()) == 3  # the header and two deals
    assert main(["curves", "idet-ne-idet", "--deals", "2", "--budgets", "0.1"]) == 0
    assert path.read_text(encoding="utf-8") == first  # nothing measured twice
    summary = json.loads((tmp_path / "data" / "player-curves.json").read_text(encoding="utf-8"))
    assert summary["games"]["idet-ne-idet"]["points"][0]["deals"] == 2
    assert "pasyans curves" in summary["command"]
    assert main(["curves", "--budgets", "1,x"]) == 2
    assert "--budgets" in capsys.readouterr().err


def test_the_curves_cover_every_game_that_hides_something():
    slugs = curves.hidden_games()
    assert "shah" in slugs and "hemispheres" in slugs and "napoleon" not in slugs


def point(seconds, won, deals=50, pays_off=None):
    low, high = stats.wilson(won, deals)
    return {"seconds": seconds, "won": won, "deals": deals, "rate": won / deals, "low": low, "high": high,
            **({} if pays_off is None else {"pays_off": pays_off})}


def test_the_table_budget_is_where_the_plateau_begins_and_a_column_in_progress_does_not_decide():
    rising = [point(1, 5), point(4, 15, pays_off=True), point(16, 30, pays_off=True), point(64, 15, deals=19)]
    assert curves.table_budget(rising, 2) == {"seconds": 16, "why": "largest", "deals": 200}
    # 43 of 50 at 16 s: 4 s's interval (41 of 50: 69-90%) reaches 86%, 1 s's (36: 58-83%) does not
    plateau = [point(1, 36), point(4, 41, pays_off=False), point(16, 43, pays_off=False), point(64, 43, pays_off=False)]
    assert curves.table_budget(plateau, 2) == {"seconds": 4, "why": "plateau", "deals": 200}
    noise = [point(1, 4), point(4, 1, pays_off=False), point(16, 4, pays_off=False), point(64, 5, pays_off=False)]
    assert curves.table_budget(noise, 1) == {"seconds": 1, "why": "plateau", "deals": 1000}


def test_the_table_figure_is_measured_at_the_curves_budget_and_the_seconds_records_retired(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(curves, "TABLE_DEALS", {1: 2, 2: 2})
    monkeypatch.setattr(curves, "READING_DEALS", 1)
    curve = tmp_path / "data" / "player-curves"
    write(curve, "idet-ne-idet", 0.1, ["lost"] * 20)
    write(curve, "idet-ne-idet", 0.4, ["won"] * 20)
    old = stats.results_path(tmp_path / "data" / "winrates", "idet-ne-idet", "player")
    old.parent.mkdir(parents=True)
    seconds_head = {"game": "idet-ne-idet", "measure": "player", "readings": {},
                    "budget": {"nodes": 50_000_000, "seconds": 1.0}}  # as the files before position budgets
    old.write_text(json.dumps(seconds_head) + "\n"
                   + json.dumps({"deal": 1, "status": "won", "moves": 9, "nodes": 9, "seconds": 0.1}) + "\n",
                   encoding="utf-8")
    table = tmp_path / "data" / "winrates.json"
    assert main(["curves", "idet-ne-idet", "--table", str(table)]) == 0
    retired = tmp_path / "data" / "winrates-seconds" / old.name
    assert retired.exists() and "equivalent_s" not in retired.read_text(encoding="utf-8")
    head, done = stats.read_results(old, "idet-ne-idet", "player")
    assert head["budget"]["equivalent_s"] == 0.4 and sorted(done) == [1, 2]  # 0.1 s's interval misses 100%
    entry = json.loads(table.read_text(encoding="utf-8"))["games"]["idet-ne-idet"]["measures"]["player"]
    assert entry["deals"] == 2 and entry["budget_s"] == 0.4 and entry["decides"] == "positions"
    # each reading's player at the same budget, paired with the edition's
    readings = curves.player_readings("idet-ne-idet")
    assert readings
    for reading in readings:
        path = stats.results_path(old.parent, "idet-ne-idet", "player", dict([reading.split("=", 1)]))
        r_head, r_done = stats.read_results(path, "idet-ne-idet", "player")
        assert r_head["budget"]["nodes"] == head["budget"]["nodes"] and sorted(r_done) == [1]
    # run again: nothing to retire, nothing measured twice
    text = old.read_text(encoding="utf-8")
    assert main(["curves", "idet-ne-idet", "--table", str(table)]) == 0
    assert old.read_text(encoding="utf-8") == text


def test_the_table_needs_a_curve_first(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    assert main(["curves", "shah", "--table", "data/winrates.json"]) == 2
    assert "no curve measured yet for shah" in capsys.readouterr().err


def test_a_budget_still_being_measured_does_not_make_a_curve_flat(tmp_path):
    write(tmp_path, "mill", 1, ["won"] * 5 + ["lost"] * 45)
    write(tmp_path, "mill", 4, ["won"] * 25 + ["lost"] * 25)
    write(tmp_path, "mill", 16, ["won"] * 3 + ["lost"] * 7)  # ten deals so far
    mill = curves.summarise(tmp_path)["games"]["mill"]
    assert not mill["flat"] and mill["table_budget"]["seconds"] == 4


def test_records_of_another_position_budget_are_moved_aside_not_extended(tmp_path, monkeypatch):
    """A table file measured at one budget in positions is never extended at
    another: `stats.run` refuses, and the table's run moves it aside."""
    import pytest

    from pasyans.errors import InputError

    monkeypatch.chdir(tmp_path)
    path = stats.results_path(tmp_path / "data" / "winrates", "idet-ne-idet", "player")
    stats.run("idet-ne-idet", 1, path, measure="player", nodes=3_000, seconds=10.0, equivalent_s=0.1)
    with pytest.raises(InputError, match="3,000 positions each"):
        stats.run("idet-ne-idet", 2, path, measure="player", nodes=6_000, seconds=10.0, equivalent_s=0.2)
    assert curves.retire(path, "idet-ne-idet", 3_000) is None
    moved = curves.retire(path, "idet-ne-idet", 6_000, other=tmp_path / "other")
    assert moved == tmp_path / "other" / path.name and not path.exists()
