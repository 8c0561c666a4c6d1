"""site/py/demo_bridge.py, the demo's Python side, run here as the worker
runs it (JSON in, JSON out) over every game the engine has."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GAMES
from saves import WON_GAMES, call, demo_bridge, ok, stuck_save, won_view

SLUGS = [game.slug for game in GAMES]


@pytest.mark.parametrize("slug", SLUGS)
def test_new_deal_view(slug):
    view = ok("new", game=slug, deal=7)
    assert view["state"]["game"] == slug and view["state"]["deal"] == 7
    assert view["history"] == [] and view["redo"] == []
    for cards in view["state"]["piles"].values():
        for code in cards:
            if not code.startswith("~"):
                ru, en = view["names"][code]
                assert ru and en  # every visible card has its two names


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(SLUGS), st.integers(1, 10_000), st.lists(st.integers(0, 1000), max_size=12))
def test_play_undo_redo_and_restore_round_trip(slug, deal, choices):
    view = ok("new", game=slug, deal=deal)
    for choice in choices:
        if not view["moves"]:
            break
        result = ok("move", move=view["moves"][choice % len(view["moves"])])
        assert result["verdict"]["allowed"]
        view = result["view"]
    saved = view["save"]
    if view["history"]:
        undone = ok("undo")
        assert undone["history"] == view["history"][:-1] and undone["redo"] == view["history"][-1:]
        saved = undone["save"]
        assert ok("redo")["state"] == view["state"]
        ok("undo")
    restored = ok("restore", game=slug, save=json.loads(json.dumps(saved)))
    assert restored["save"] == saved


def test_an_illegal_move_is_refused_with_its_clauses():
    view = ok("new", game="belle-lucie", deal=1)
    legal = set(view["moves"])
    tried = 0
    for src, cards in view["state"]["piles"].items():
        for dst in view["state"]["piles"]:
            move = f"{src}>{dst}"
            if not cards or src == dst or move in legal:
                continue
            result = ok("move", move=move)
            assert not result["verdict"]["allowed"] and result["verdict"]["rule_ids"]
            assert result["view"]["history"] == []
            tried += 1
    assert tried


@pytest.mark.parametrize("damage", [
    "not a dict", "wrong version", "other game", "moved card", "illegal move", "bad move list", "bad pile", "bad deal",
])
def test_damaged_saves_are_refused_whole(damage):
    view = ok("new", game="belle-lucie", deal=3)
    view = ok("move", move=view["moves"][0])["view"]
    before = view["state"]
    save = copy.deepcopy(view["save"])
    if damage == "not a dict":
        save = ["x"]
    elif damage == "wrong version":
        save["v"] = 99
    elif damage == "other game":
        save["game"] = "house-in-the-wood"
    elif damage == "moved card":
        piles = save["state"]["piles"]
        full = [name for name, cards in piles.items() if cards]
        piles[full[1]].append(piles[full[0]].pop())
    elif damage == "illegal move":
        save["moves"] = ["fan-1>fan-1"]
    elif damage == "bad move list":
        save["moves"] = [1, 2]
    elif damage == "bad pile":
        save["state"]["piles"]["nowhere"] = ["AS"]
    elif damage == "bad deal":
        save["deal"] = "seven"
    answer = call("restore", game="belle-lucie", save=save)
    assert not answer["ok"] and answer["error"]["kind"] == "bad-save", answer
    # the game in play is untouched
    assert ok("undo")["history"] == [] and ok("redo")["state"] == before


def test_bad_requests_answer_instead_of_raising():
    assert call("fly")["error"]["kind"] == "bad-request"
    assert call("new", game="chess", deal=1)["error"]["kind"] == "no-game"
    assert call("new", game="belle-lucie", deal=0)["error"]["kind"] == "bad-deal"
    ok("new", game="belle-lucie", deal=1)
    assert call("move", move="")["error"]["kind"] == "bad-move"
    assert not json.loads(demo_bridge.handle("{not json"))["ok"]


@pytest.mark.parametrize("slug", sorted(WON_GAMES))
def test_a_won_game_ends_won_and_its_save_restores_won(slug):
    view = won_view(slug)
    assert view["outcome"] and view["outcome"]["won"]
    assert ok("restore", game=slug, save=view["save"])["outcome"]["won"]


def test_a_stuck_game_is_reported_lost_with_its_rule():
    save = stuck_save("belle-lucie")
    assert save is not None
    outcome = ok("restore", game="belle-lucie", save=save)["outcome"]
    assert outcome["won"] is False and outcome["rule"]


@pytest.mark.parametrize("slug", SLUGS)
def test_hints_are_legal_moves(slug, monkeypatch):
    monkeypatch.setattr(demo_bridge, "HINT_BUDGET", {"nodes": 3_000, "seconds": 0.5})  # the machine is shared
    view = ok("new", game=slug, deal=2)
    hint = ok("hint")
    if view["moves"]:
        assert hint["move"] in view["moves"], hint
    else:
        assert hint["move"] is None


def test_auto_plays_only_moves_the_solver_proves_safe():
    from engine import find_game
    from engine import solve as solver

    view = ok("new", game="cadran", deal=1)
    assert view["auto"]
    played = []
    while True:
        step = ok("auto")
        if step["move"] is None:
            break
        played.append(step["move"])
        assert step["view"]["history"] == played
    assert played and all(">foundation-" in move for move in played)
    game = find_game("cadran")(deal=1)
    safe = solver.knowledge(game).safe
    for move in played:  # each was safe in the position it was played from
        assert safe(game, next(m for m in game.legal_moves if str(m) == move))
        game.play(move)
    # A game whose solver proves no move safe offers no auto-move.
    assert ok("new", game="mill", deal=1)["auto"] is False
    assert ok("auto") == {"move": None}


def test_a_solution_is_a_line_that_wins_and_says_what_it_knew():
    ok("new", game="belle-lucie", deal=1)
    found = ok("solution")
    assert found["status"] == "won" and found["thoughtful"] is True and found["note"]
    view = None
    for move in found["moves"]:
        result = ok("move", move=move)
        assert result["verdict"]["allowed"]
        view = result["view"]
    assert view["outcome"]["won"]


def test_readings_are_passed_on_and_an_unknown_one_is_refused():
    answer = call("new", game="shah", deal=1, readings={"shah.assume.nothing": "x"})
    assert not answer["ok"] and answer["error"]["kind"] == "bad-readings"
    assert call("new", game="shah", deal=1, readings=["x"])["error"]["kind"] == "bad-readings"
    view = ok("new", game="shah", deal=1, readings={})
    assert view["readings"] == {} and "readings" not in view["save"]


def test_double_click_targets_are_the_home_roles():
    assert ok("new", game="mill", deal=1)["homes"] == ["centre", "corner"]
    assert ok("new", game="napoleon", deal=1)["homes"] == ["foundation"]
    for game in GAMES:  # every game has somewhere a double-click sends a card
        assert set(demo_bridge.home_roles(game)) & {p.role for p in game.PILES}, game.slug
    assert demo_bridge.handle('{"op": "hello"}') and ok("hello")["build"] == demo_bridge.BUILD


MARRIAGE_ORDER = "belle-lucie.assume.marriage-order"


def test_a_verdict_names_the_reading_that_would_answer_otherwise():
    # Deal 1, no move yet: 5♣ of fan 2 onto 6♣ of fan 7 while aces can go home.
    ok("new", game="belle-lucie", deal=1, readings={MARRIAGE_ORDER: "plays-first"})
    refused = ok("move", move="fan-2>fan-7")
    verdict = refused["verdict"]
    assert not verdict["allowed"] and verdict["readings"] == {MARRIAGE_ORDER: "plays-first"}
    assert [(o["reading"], o["alternative"], o["allowed"]) for o in verdict["under_other_readings"]] == [
        (MARRIAGE_ORDER, "free", True)]
    assert refused["view"]["history"] == []
    # The save keeps the reading, and restores under it.
    save = refused["view"]["save"]
    assert save["readings"] == {MARRIAGE_ORDER: "plays-first"} and save["state"]["readings"] == save["readings"]
    ok("new", game="belle-lucie", deal=2)
    assert ok("restore", game="belle-lucie", save=save)["readings"] == {MARRIAGE_ORDER: "plays-first"}
    # Under the edition's reading the same move is allowed, and the other reading named.
    ok("new", game="belle-lucie", deal=1)
    allowed = ok("move", move="fan-2>fan-7")["verdict"]
    assert allowed["allowed"]
    assert [(o["reading"], o["alternative"], o["allowed"]) for o in allowed["under_other_readings"]] == [
        (MARRIAGE_ORDER, "plays-first", False)]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([g.slug for g in GAMES if g.READINGS]), st.integers(1, 500), st.lists(st.integers(0, 1000), max_size=10))
def test_other_readings_named_by_a_verdict_really_answer_otherwise(slug, deal, choices):
    cls = next(g for g in GAMES if g.slug == slug)
    view = ok("new", game=slug, deal=deal)
    for choice in choices:
        if not view["moves"]:
            break
        result = ok("move", move=view["moves"][choice % len(view["moves"])])
        for other in result["verdict"]["under_other_readings"]:
            reading = cls.READINGS[other["reading"]]
            assert other["alternative"] in reading.ids and other["alternative"] != reading.default
            assert other["allowed"] is not result["verdict"]["allowed"]
        view = result["view"]


# -- following the hints, as a person does on the board ------------------------


def follow_hints(slug: str, deal: int, limit: int) -> tuple[dict, list[dict]]:
    """Press Hint and play the move it gives, again and again, through the
    bridge as the page asks it: the last view and the hints given. Every
    hinted move must be one of the view's legal moves, and no position may
    come twice."""
    view = ok("new", game=slug, deal=deal)
    seen = {json.dumps(view["state"], sort_keys=True)}
    hints = []
    for _ in range(limit):
        if view["outcome"]:
            break
        hint = ok("hint")
        hints.append(hint)
        if hint["move"] is None:
            assert hint["basis"] in ("stuck", "no-move", "lost"), hint
            break
        assert hint["move"] in view["moves"], hint
        view = ok("move", move=hint["move"])["view"]
        key = json.dumps(view["state"], sort_keys=True)
        assert key not in seen, (slug, deal, len(hints), hint)
        seen.add(key)
    return view, hints


@pytest.mark.parametrize("slug", SLUGS)
def test_following_the_hints_never_repeats_a_position(slug, monkeypatch):
    monkeypatch.setattr(demo_bridge, "HINT_BUDGET", {"nodes": 2_000, "seconds": 0.3})  # the machine is shared
    follow_hints(slug, 2, 40)


@pytest.mark.parametrize("deal", (1, 2))
def test_following_the_hints_of_napoleon_wins(deal):
    """Napoleon hides nothing and the solver wins its deals: its hints,
    followed, must win too (they once swapped 10♥ and J♥ for ever)."""
    view, hints = follow_hints("napoleon", deal, 300)
    assert view["outcome"] and view["outcome"]["won"]
    assert {h["basis"] for h in hints} == {"winning-line"}
    # the line found first is continued, a move shorter each time
    lengths = [h["figures"]["to_win"] for h in hints]
    assert lengths == list(range(lengths[0], 0, -1))
    assert all(h["figures"]["kept"] for h in hints[1:])


def test_a_hint_after_the_player_leaves_the_line_searches_again_and_never_goes_back():
    ok("new", game="napoleon", deal=1)
    view = ok("move", move=ok("hint")["move"])["view"]  # the deal's first choice
    first = ok("hint")
    other = next(m for m in view["moves"] if m != first["move"] and ">" in m and "@" not in m)
    view = ok("move", move=other)["view"]
    again = ok("hint")
    assert again["basis"] == "winning-line" and not again["figures"]["kept"]
    back = "{1}>{0}".format(*other.split(">"))
    assert again["move"] != back and again["move"] in view["moves"]
    # and after an undo the coach starts from the position the board shows
    view = ok("undo")
    assert ok("hint")["move"] in view["moves"]


def test_a_hint_says_how_many_sampled_worlds_its_line_won(monkeypatch):
    """With cards hidden, the hint never claims a winning line: it says in
    how many sampled worlds the line won, or that none was won."""
    monkeypatch.setattr(demo_bridge, "HINT_BUDGET", {"nodes": 3_000, "seconds": 0.5})
    ok("new", game="shah", deal=1)
    steps = set()
    for _ in range(60):
        hint = ok("hint")
        assert hint["basis"] != "winning-line"
        if hint["step"] == "worlds":
            assert f"won in {hint['figures']['won']} of {hint['figures']['worlds']} sampled worlds" in hint["why"]
        steps.add(hint["step"])
        ok("move", move=hint["move"])
    assert steps - {"only", "only-new", "only-open", "safe", "home"}  # some hints were thought about, and said so
