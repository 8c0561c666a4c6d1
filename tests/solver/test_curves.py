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
