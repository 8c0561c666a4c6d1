"""pasyans/freshness.py: the table's figures recomputed from the per-deal
records, what cannot be marked stale, and `pasyans check-winrates`."""

from __future__ import annotations

import json

import pytest

from pasyans import freshness, stats
from pasyans.cli import main
from pasyans.errors import InputError

SLUG = "grand-layout"  # no reading of it changes the deal
READING = {"grand-layout.assume.refill-card": "bottom"}


def write(folder, measure, readings, verdicts, seconds=1.0, **extra):
    """A records file: ``verdicts`` {deal: status} (a status may be a dict: the whole record but the deal)."""
    folder.mkdir(exist_ok=True)
    head = {"game": SLUG, "measure": measure, "readings": readings, "budget": {"nodes": 1000, "seconds": seconds}}
    lines = [head] + [{"deal": d, **({"status": v} if isinstance(v, str) else v), "seconds": 0.1, **extra}
                      for d, v in verdicts.items()]
    path = stats.results_path(folder, SLUG, measure, readings)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


DEFAULT = {1: "won", 2: "won", 3: "lost", 4: "unknown", 5: "won"}
MINE = {1: "won", 2: "lost", 3: "won", 4: "won", 6: "won"}  # deal 6 has no partner


def test_a_pairing_is_recomputed_from_two_records_files(tmp_path):
    write(tmp_path, "solvable", {}, DEFAULT, seconds=10.0)
    write(tmp_path, "solvable", READING, MINE)
    now = freshness.pairing(tmp_path, SLUG, "solvable", READING)
    # with the pack known a verdict is a fact, so another budget does not matter
    assert now["paired"] == {"deals": 4, "won_both": 1, "won_here_only": 1, "won_default_only": 1, "lost_both": 0,
                             "undecided": 1, "default_won": 2, "default_unknown": 1}
    mine, default = now["sources"]["records"], now["sources"]["default"]
    assert mine["file"] == "grand-layout.solvable.refill-card=bottom.jsonl" and mine["deals"] == 5
    # the defaults' digest covers the deals paired: a verdict of deal 5 (unpaired) does not change it
    assert default["file"] == "grand-layout.solvable.jsonl" and default["deals"] == 4
    write(tmp_path, "solvable", {}, {**DEFAULT, 5: "lost"})
    assert freshness.pairing(tmp_path, SLUG, "solvable", READING)["sources"]["default"] == default
    write(tmp_path, "solvable", {}, {**DEFAULT, 2: "lost"})
    again = freshness.pairing(tmp_path, SLUG, "solvable", READING)
    assert again["sources"]["default"]["digest"] != default["digest"] and again["paired"]["won_both"] == 1
    assert again["paired"]["lost_both"] == 1 and again["paired"]["won_default_only"] == 0


def test_digests_follow_the_verdicts_not_the_order_of_the_lines():
    records = [{"deal": d, "status": s} for d, s in DEFAULT.items()]
    assert freshness.digest(records) == freshness.digest(records[::-1])
    assert freshness.digest(records) != freshness.digest([*records[:-1], {"deal": 5, "status": "lost"}])


def test_a_players_verdicts_pair_only_under_one_policy_and_budget(tmp_path):
    write(tmp_path, "player", {}, DEFAULT, seconds=1.0)
    write(tmp_path, "player", READING, MINE, seconds=1.0)
    assert "paired" in freshness.pairing(tmp_path, SLUG, "player", READING, ("p", "p"))
    assert freshness.pairing(tmp_path, SLUG, "player", READING, ("old", "p")) == {"stale": "policy"}
    write(tmp_path, "player", READING, MINE, seconds=10.0)
    assert freshness.pairing(tmp_path, SLUG, "player", READING, ("p", "p")) == {"stale": "budget"}
    # a deal searched again in passes has the budget of its passes
    write(tmp_path, "player", READING, {d: {"status": s, "budget_s": 1.0} for d, s in MINE.items()}, seconds=0.5)
    assert "paired" in freshness.pairing(tmp_path, SLUG, "player", READING)
    # where the player's records copy the solvable ones the verdicts are facts again
    write(tmp_path, "player", {}, DEFAULT, seconds=10.0, same_as="solvable")
    write(tmp_path, "player", READING, MINE, seconds=1.0, same_as="solvable")
    assert "paired" in freshness.pairing(tmp_path, SLUG, "player", READING, ("old", "p"))
    (tmp_path / "grand-layout.player.jsonl").unlink()
    assert freshness.pairing(tmp_path, SLUG, "player", READING) == {"stale": "missing"}


def entry(measure, verdicts, policy="p", **more):
    won = sum(1 for s in verdicts.values() if s == "won")
    unknown = sum(1 for s in verdicts.values() if s == "unknown")
    return {"game": SLUG, "measure": measure, "deals": len(verdicts), "won": won, "lost": len(verdicts) - won - unknown,
            "unknown": unknown, "budget_s": 1.0, "low": 0.0, "high": 1.0, "policy": policy, **more}


def table(tmp_path, player_policy="p", stored=None):
    """A table whose solvable pairing was made against older defaults, and a player's entry."""
    write(tmp_path / "winrates", "solvable", {}, DEFAULT)
    write(tmp_path / "winrates", "solvable", READING, MINE)
    write(tmp_path / "winrates", "player", {}, DEFAULT)
    write(tmp_path / "winrates", "player", READING, MINE)
    old = stored or {"deals": 4, "won_both": 3, "won_here_only": 0, "won_default_only": 0, "lost_both": 0,
                     "undecided": 1, "default_won": 3, "default_unknown": 0}
    # the player's pairing as the records give it (a table older than `sources`)
    player = freshness.pairing(tmp_path / "winrates", SLUG, "player", READING)["paired"]
    alt = {"measures": {"solvable": entry("solvable", MINE, paired=old),
                        "player": entry("player", MINE, policy=player_policy, paired=player)}}
    data = {"games": {SLUG: {"measures": {"solvable": entry("solvable", DEFAULT), "player": entry("player", DEFAULT)},
                             "readings": {"grand-layout.assume.refill-card": {"bottom": alt}}}}}
    path = tmp_path / "winrates.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_refresh_recomputes_what_it_can_and_marks_the_rest_stale(tmp_path):
    data = json.loads(table(tmp_path, player_policy="an older policy").read_text())
    data["games"][SLUG]["measures"]["solvable"]["won"] = 1  # a summary made before deal 5 was won
    findings = freshness.refresh(data, tmp_path / "winrates")
    states = {(f.measure, bool(f.readings), f.what): (f.state, f.reason) for f in findings}
    assert states[("solvable", False, "summary")] == ("recomputed", "")
    assert states[("solvable", True, "pairing")] == ("recomputed", "")
    assert states[("player", True, "pairing")] == ("stale", "policy")
    assert states[("player", False, "summary")] == ("fresh", "")
    game = data["games"][SLUG]
    assert game["measures"]["solvable"]["won"] == 3 and game["measures"]["solvable"]["unknown"] == 1
    alt = game["readings"]["grand-layout.assume.refill-card"]["bottom"]["measures"]
    assert alt["solvable"]["paired"]["won_both"] == 1 and "stale" not in alt["solvable"]
    assert "paired" not in alt["player"] and alt["player"]["stale"] == "policy"
    # once written, the table agrees with its records
    again = freshness.refresh(data, tmp_path / "winrates")
    assert {f.state for f in again if f.what == "summary" or f.measure == "solvable"} == {"fresh"}


def test_a_players_pairing_goes_stale_when_either_side_is_measured_again(tmp_path):
    """The records do not say which solver played a deal: a player's pairing
    holds while neither file has changed since it was made."""
    data = json.loads(table(tmp_path).read_text())
    states = {(f.measure, f.what): (f.state, f.reason) for f in freshness.refresh(data, tmp_path / "winrates")}
    assert states[("player", "pairing")] == ("unsigned", "")  # the stored counts are the records': kept
    assert "sources" in data["games"][SLUG]["readings"]["grand-layout.assume.refill-card"]["bottom"]["measures"]["player"]
    write(tmp_path / "winrates", "player", {}, {**DEFAULT, 3: "won"})  # the defaults' deal 3, played again
    findings = freshness.refresh(data, tmp_path / "winrates")
    states = {(f.measure, bool(f.readings), f.what): (f.state, f.reason) for f in findings}
    assert states[("player", True, "pairing")] == ("stale", "remeasured")
    assert states[("solvable", True, "pairing")] == ("fresh", "")
    alt = data["games"][SLUG]["readings"]["grand-layout.assume.refill-card"]["bottom"]["measures"]["player"]
    assert alt["stale"] == "remeasured" and "paired" not in alt
    # in a table older than `sources`, a stored pairing the records no longer give is stale too
    data = json.loads(table(tmp_path).read_text())
    data["games"][SLUG]["readings"]["grand-layout.assume.refill-card"]["bottom"]["measures"]["player"]["paired"]["won_both"] += 1
    states = {(f.measure, f.what): (f.state, f.reason) for f in freshness.refresh(data, tmp_path / "winrates")}
    assert states[("player", "pairing")] == ("stale", "remeasured")
    # a solver named in both headers must be the same
    for readings, solver in (({}, "def"), (READING, "abc")):
        path = write(tmp_path / "winrates", "player", readings, DEFAULT if not readings else MINE)
        lines = path.read_text().splitlines()
        path.write_text("\n".join([json.dumps({**json.loads(lines[0]), "solver_code": solver}), *lines[1:]]) + "\n")
    assert freshness.pairing(tmp_path / "winrates", SLUG, "player", READING) == {"stale": "solver"}
    # ... where the headers say it, over the table's stamps
    assert freshness.pairing(tmp_path / "winrates", SLUG, "player", READING, solvers=("x", "x")) == {"stale": "solver"}


def test_a_solver_stamp_says_which_solver_measured_a_file():
    now = freshness.solver_digest()
    assert freshness.solver_stamp(None, 30, 30) == now  # every deal measured by this run
    assert freshness.solver_stamp("abc", 0, 30) == "abc"  # only summarised again
    assert freshness.solver_stamp(None, 0, 30) is None  # a file older than the stamps
    assert freshness.solver_stamp(now, 5, 30) == now  # the undecided measured again by the same solver
    assert freshness.solver_stamp("abc", 5, 30) == "mixed"
    assert freshness.solver_stamp(None, 5, 30) == "mixed"
    # records that say which solver measured them decide, whatever the table said before
    # (a run resumed after a stop measured fewer deals than the file has)
    assert freshness.solver_stamp("abc", 5, 30, [{"solver_code": "new"}] * 30) == "new"
    assert freshness.solver_stamp("abc", 5, 30, [{"solver_code": "new"}, {"solver_code": "old"}]) == "mixed"
    assert freshness.solver_stamp("abc", 5, 30, [{"solver_code": "new"}, {}]) == "mixed"


def test_a_players_pairing_needs_one_solver_when_the_entries_say_which(tmp_path):
    write(tmp_path, "player", {}, DEFAULT)
    write(tmp_path, "player", READING, MINE)
    assert "paired" in freshness.pairing(tmp_path, SLUG, "player", READING, solvers=("abc", "abc"))
    # the stamps decide over the policy sentences, which may not change when the code does
    assert "paired" in freshness.pairing(tmp_path, SLUG, "player", READING, ("new", "old"), solvers=("abc", "abc"))
    assert freshness.pairing(tmp_path, SLUG, "player", READING, ("p", "p"), solvers=("abc", "def")) == {"stale": "solver"}
    assert freshness.pairing(tmp_path, SLUG, "player", READING, solvers=("mixed", None)) == {"stale": "solver"}
    assert freshness.pairing(tmp_path, SLUG, "player", READING, ("new", "old"), solvers=("abc", None)) == \
        {"stale": "policy"}
    # with the pack known no stamp matters
    write(tmp_path, "solvable", {}, DEFAULT)
    write(tmp_path, "solvable", READING, MINE)
    assert "paired" in freshness.pairing(tmp_path, SLUG, "solvable", READING, solvers=("abc", "def"))


def test_check_winrates_exit_codes(tmp_path, capsys):
    path = table(tmp_path)
    args = ["check-winrates", "--table", str(path), "--records", str(tmp_path / "winrates")]
    assert main(args) == 1
    out = capsys.readouterr().out
    assert "grand-layout --measure solvable --reading grand-layout.assume.refill-card=bottom: pairing: the table is " \
           "out of date" in out
    assert main(args + ["--update"]) == 0  # every figure recomputable: written, nothing left
    assert main(args) == 0
    written = json.loads(path.read_text())["games"][SLUG]["readings"]["grand-layout.assume.refill-card"]["bottom"]
    assert written["measures"]["solvable"]["sources"]["default"]["file"] == "grand-layout.solvable.jsonl"
    # the defaults measured again: the table is stale until updated
    write(tmp_path / "winrates", "solvable", {}, {**DEFAULT, 3: "won"})
    capsys.readouterr()
    assert main(args) == 1 and "solvable" in capsys.readouterr().out
    # a stale pairing that cannot be recomputed stays listed after --update
    path = table(tmp_path, player_policy="an older policy")
    assert main(args + ["--update"]) == 1
    out = capsys.readouterr().out
    assert "--measure player --reading grand-layout.assume.refill-card=bottom: pairing: stale: the alternative " \
           "was measured under another player policy" in out and "--measure solvable" not in out
    # a broken records line: exit 2 naming the file and line
    records = stats.results_path(tmp_path / "winrates", SLUG, "player", READING)
    records.write_text(records.read_text().replace('"deal": 3,', '"deal": 3', 1))
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "grand-layout.player.refill-card=bottom.jsonl:4: broken results line" in err
    path.write_text('{"games": {\n')
    assert main(args) == 2 and f"{path}:2: not JSON" in capsys.readouterr().err


def test_retire_moves_the_incomparable_records_aside_once(tmp_path, capsys):
    path = table(tmp_path, player_policy="an older policy")
    args = ["check-winrates", "--table", str(path), "--records", str(tmp_path / "winrates"), "--retire"]
    assert main(args) == 0
    folder = tmp_path / "winrates"
    assert (folder / "retired" / "grand-layout.player.refill-card=bottom.jsonl").exists()
    assert not stats.results_path(folder, SLUG, "player", READING).exists()
    alt = json.loads(path.read_text())["games"][SLUG]["readings"]["grand-layout.assume.refill-card"]["bottom"]
    assert list(alt["measures"]) == ["solvable"]
    # new records begun for it are kept by a second --retire (a re-measurement cut short resumes)
    write(folder, "player", READING, {1: "won"})
    assert main(args) == 0
    assert stats.results_path(folder, SLUG, "player", READING).exists()


def test_a_table_that_is_not_one_is_refused(tmp_path):
    path = tmp_path / "t.json"
    path.write_text("[]")
    with pytest.raises(InputError, match="no games"):
        freshness.read_table(path)
    with pytest.raises(InputError, match="no such table"):
        freshness.read_table(tmp_path / "absent.json")
