"""The player sees only what the rules show (engine/solver/player.py).

The real game's face-down piles are sealed: any look at their cards, other
than by the game's own `play` carrying out a move, raises. A redeal's
shuffle is sealed the same way. The player must play on regardless; its
wins replay; a redeal does not depend on the order the cards were
gathered in; the hints follow the same rules and never go back.
"""

from __future__ import annotations

import importlib
import random

import pytest

from engine import find_game
from engine.solver import player as player_module
from engine.solver.information import Observer
from engine.solver.keys import state_key
from engine.solver.hints import hint, replayed_player
from engine.solver.player import Player
from engine.solver.search import Budget

lucie = importlib.import_module("engine.games.belle-lucie")

STOCK_GAMES = ("cadran", "mill", "shah", "hemispheres", "salic-law", "grand-layout", "chinese-letter",
               "four-corners", "idet-ne-idet")


class Peeked(AssertionError):
    pass


class Sealed(list):
    """A face-down pile: its length may be known, its cards not (only while
    the game itself carries out a move, `Sealed.open`)."""

    open = False

    def _check(self):
        if not Sealed.open and len(self):
            raise Peeked("the player looked at a face-down card")

    def __getitem__(self, k):
        if isinstance(k, slice) and not Sealed.open:
            start, stop, step = k.indices(len(self))
            if stop <= start:
                return []  # an empty slice shows nothing
        self._check()
        return list.__getitem__(self, k)

    def __iter__(self):
        self._check()
        return list.__iter__(self)

    def __reversed__(self):
        self._check()
        return list.__reversed__(self)

    def __contains__(self, item):
        self._check()
        return list.__contains__(self, item)

    def __eq__(self, other):
        self._check()
        return list.__eq__(self, other)

    __hash__ = None

    def index(self, *args):
        self._check()
        return list.index(self, *args)

    def count(self, item):
        self._check()
        return list.count(self, item)

    def copy(self):
        self._check()
        return list.copy(self)


def sealed_game(slug: str, deal: int):
    """Deal ``deal`` with its face-down piles sealed; `play` opens the seal
    while the game carries out the move (the pack is dealt, not looked at)."""
    return seal(find_game(slug)(deal))


def seal(game):
    for i, role in enumerate(game.roles):
        if role in game.FACE_DOWN:
            game.piles[i] = Sealed(game.piles[i])
    real_play, real_push = game.play, game.push

    def opened(fn):
        def run(move):
            Sealed.open = True
            try:
                return fn(move)
            finally:
                Sealed.open = False
                # a pile the move rebuilt is sealed again
                for i, role in enumerate(game.roles):
                    if role in game.FACE_DOWN and not isinstance(game.piles[i], Sealed):
                        game.piles[i] = Sealed(game.piles[i])
        return run

    game.play, game.push = opened(real_play), opened(real_push)
    real_copy = game.copy

    def copy(stack: bool = True):
        """The engine's copy of the real game (a hint's player keeps one to
        play the moves on), sealed as the game is."""
        was, Sealed.open = Sealed.open, True
        try:
            other = real_copy(stack)
        finally:
            Sealed.open = was
        return seal(other)

    game.copy = copy
    return game


@pytest.fixture
def small_worlds(monkeypatch):
    monkeypatch.setattr(player_module, "WORLDS", 2)
    monkeypatch.setattr(player_module, "WORLD_BUDGET", Budget(400, 0.5))


@pytest.mark.parametrize("slug", STOCK_GAMES)
def test_the_player_never_looks_at_an_unseen_card(slug, small_worlds):
    for deal in (1,):
        game = sealed_game(slug, deal)
        player = Player(game, Budget(60_000, 20))
        assert player.observer.unseen_count() > 0
        moves = 0
        while moves < 15 and player.observer.unseen_count() and not game.is_won():
            move = player.decide()  # raises Peeked if it looks
            if move is None:
                break
            player.commit(move)
            moves += 1
        assert moves > 0


@pytest.mark.parametrize("slug", ("cadran", "salic-law", "chinese-letter", "mill"))
def test_the_rollouts_never_look_at_an_unseen_card(slug, monkeypatch):
    """The decisions no world wins are made by rollouts in the worlds: with
    the win searches given nothing, every decision goes through them, on a
    deal whose face-down piles are sealed."""
    monkeypatch.setattr(player_module, "WIN_SHARE", 0.0)
    monkeypatch.setattr(player_module, "HOME_AT_ONCE", False)  # every choice goes through the rollouts
    calls = []
    real = Player.rollouts

    def counted(self, worlds, moves, think):
        calls.append(think)
        return real(self, worlds, moves, think)

    monkeypatch.setattr(Player, "rollouts", counted)
    game = sealed_game(slug, 2)
    player = Player(game, Budget(40_000, 60))
    moves = 0
    while moves < 25 and player.observer.unseen_count() and not game.is_won():
        move = player.decide()  # raises Peeked if it looks
        if move is None:
            break
        player.commit(move)
        moves += 1
    assert calls and all(think > 0 for think in calls)


def test_the_same_deal_plays_alike():
    """The thinking is planned in positions and seeded by the deal: the
    same deal gives the same game, move for move."""
    for slug, deal in (("cadran", 2), ("salic-law", 3)):
        runs = [Player(find_game(slug)(deal), Budget(15_000, 60)).run() for _ in range(2)]
        assert runs[0].moves == runs[1].moves and runs[0].status == runs[1].status
        if slug == "cadran":  # (salic-law's 3rd deal is played by safe moves and cards home alone)
            assert runs[0].decisions > 0 and runs[0].worlds > 0


def test_a_player_who_gets_nowhere_stops():
    """Chinese letter, deal 7: the ordering once wandered 5000 moves without
    repeating a position (13 s at a 2 s budget); the player now stops after
    `STALL_MOVES` moves with no card home, none shown and no redeal."""
    result = Player(find_game("chinese-letter")(7), Budget(40_000, 60)).run()
    assert result.status in ("won", "lost")
    assert len(result.moves) < player_module.MAX_MOVES
    if result.status == "lost":
        assert result.reason.startswith("no progress"), result.reason


def test_the_budget_keeps_a_reserve_for_the_exact_finish():
    game = find_game("salic-law")(1)
    player = Player(game, Budget(30_000, 60))
    assert player.reserve == int(player_module.FINISH_SHARE * 30_000)
    player.meter.nodes = 30_000 - player.reserve  # the thinking spent: play by the ordering
    assert player.think_slice() == 0
    fan = Player(find_game("belle-lucie")(1), Budget(30_000, 60))
    assert fan.reserve == 0  # the fan games think by their own layout searches (step 3)


def test_the_player_never_sees_a_shuffle_before_it_is_dealt(monkeypatch, small_worlds):
    """In the fan games the unknown is the shuffle of each redeal: the
    player's searches may shuffle only with seeds of their own, never with
    the deal's (only the game's own `play` deals a real redeal)."""
    real = lucie.shuffled
    playing = {"on": False, "real": set()}

    def guarded(cards, deal, redeal=0):
        if redeal and deal in playing["real"] and not playing["on"]:
            raise Peeked("a search expanded the real redeal")
        return real(cards, deal, redeal)

    monkeypatch.setattr(lucie, "shuffled", guarded)
    redeals = 0
    for slug, deals, nodes in (("belle-lucie", (1, 2, 3), 300_000), ("house-in-the-wood", (1,), 40_000)):
        for deal in deals:
            game = find_game(slug)(deal)
            playing["real"].add(deal)
            real_play = game.play

            def play(move, _real=real_play):
                playing["on"] = True
                try:
                    return _real(move)
                finally:
                    playing["on"] = False

            game.play = play
            result = Player(game, Budget(nodes, 30)).run()
            redeals += sum(1 for m in result.moves if m == "redeal")
            if result.status == "won":
                playing["on"] = True  # the replay deals the real redeals
                check_replays(slug, deal, result.moves)
                playing["on"] = False
    assert redeals  # the test saw real redeals dealt


def check_replays(slug, deal, moves):
    game = find_game(slug)(deal)
    for text in moves:
        game.play(text)
    assert game.is_won()


@pytest.mark.parametrize("slug", ("belle-lucie", "house-in-the-wood", "house-on-the-hill"))
def test_a_redeal_does_not_depend_on_the_order_the_cards_lie_in(slug):
    cls = find_game(slug)
    rng = random.Random(3)
    game = cls(5)
    for _ in range(2000):  # play at random until the redeal is allowed (a standstill)
        moves = list(game.generate_moves())
        redeal = next((m for m in moves if str(m) == "redeal"), None)
        if redeal is not None:
            break
        assert moves, "lost before any redeal"
        game.push(rng.choice(moves))
    else:
        raise AssertionError("no standstill reached")
    cards = [c for i in cls.by_role["fan"] for c in game.piles[i]]
    layouts = set()
    for trial in range(4):
        other = game.copy(stack=False)
        order = cards[:]
        rng.shuffle(order)
        for i in cls.by_role["fan"]:
            other.piles[i] = []
        for k, card in enumerate(order):  # the same cards, lying otherwise
            other.piles[cls.by_role["fan"][k % 7]].append(card)
        other.push(redeal)  # pushed as such: these rearranged fans need not be a standstill
        layouts.add(tuple(map(tuple, other.piles)))
    assert len(layouts) == 1


def find_move(game, text):
    for move in game.generate_moves():
        if str(move) == text:
            return move
    raise AssertionError(f"{text} is not legal")


def test_the_player_decides_alike_whatever_the_unseen_order(small_worlds):
    """Two deals that look the same to the player (the same cards face up,
    the pack in another order) get the same moves until a card is shown."""
    for slug in ("cadran", "grand-layout", "mill"):
        a = find_game(slug)(4)
        b = a.copy(stack=False)
        stock = [i for i, r in enumerate(b.roles) if r in b.FACE_DOWN and b.piles[i]]
        for i in stock:
            random.Random(9).shuffle(b.piles[i])
        pa, pb = Player(a, Budget(50_000, 20), seed=1), Player(b, Budget(50_000, 20), seed=1)
        for _ in range(10):
            ma, mb = pa.decide(), pb.decide()
            assert ma == mb, slug
            if ma is None:
                break
            shown = pa.observer.unseen_count()
            pa.commit(ma)
            pb.commit(mb)
            if pa.observer.unseen_count() != shown:
                break


def test_the_player_wins_replay_and_every_deal_ends():
    for slug, deals in (("napoleon", (1,)), ("idet-ne-idet", (3,)), ("belle-lucie", (3, 5))):
        for deal in deals:
            game = find_game(slug)(deal)
            result = Player(game, Budget(80_000, 30)).run()
            assert result.status in ("won", "lost")
            if result.status == "won":
                check_replays(slug, deal, result.moves)
            else:
                assert result.reason


def test_the_observer_follows_the_pack():
    game = find_game("grand-layout")(2)
    observer = Observer(game)
    assert observer.unseen_count() == len(game.pile("stock"))
    assert not observer.complete(game)
    game.push(find_move(game, "deal"))
    observer.after(game, None)
    assert observer.unseen_count() == len(game.pile("stock"))
    while game.phase == "deal":
        game.push(find_move(game, "deal"))
        observer.after(game, None)
    assert observer.unseen_count() == 0 and observer.complete(game)
    rng = random.Random(1)
    for _ in range(3000):  # play on at random until the redeal is allowed
        moves = list(game.generate_moves())
        redeal = next((m for m in moves if str(m) == "redeal"), None)
        if redeal is not None:
            break
        move = rng.choice(moves)
        game.push(move)
        observer.after(game, move)
    game.push(redeal)  # a pack gathered in order: its order is known
    observer.after(game, None)
    assert observer.unseen_count() == 0
    unseen = Observer(find_game("cadran")(1)).unseen_cards(find_game("cadran")(1))
    assert len(unseen) == 64


# -- hints ----------------------------------------------------------------------


def test_hints_never_undo_the_last_move_nor_go_back():
    """Following the hints of Идет — не идет, deal 1, used to loop
    col-5>col-2 / col-2>col-5 for ever; no position may come twice."""
    game = find_game("idet-ne-idet")(1)
    seen = {state_key(game)}
    for _ in range(60):
        result = hint(game, Budget(3_000, 1.0))
        if result.move is None:
            break
        game.play(result.move)
        key = state_key(game)
        assert key not in seen, result.move
        seen.add(key)


def test_a_hint_without_history_does_not_undo_the_move_given():
    cls = find_game("idet-ne-idet")
    game = cls(1)
    while game.phase == "deal":
        game.push(find_move(game, "deal"))
    for move in list(game.generate_moves()):
        if not move.action and game.roles[game.index[move.dst]] == "column":
            game.push(move)
            break
    last = game.move_stack[-1]
    loaded = cls.from_portable(game.to_portable())  # no history
    result = hint(loaded, Budget(3_000, 1.0), previous=last)
    back = f"{last.dst}>{last.src}"
    assert result.move != back


def test_a_hint_never_looks_at_the_pack(small_worlds):
    for slug in ("cadran", "mill", "shah"):
        game = sealed_game(slug, 3)
        result = hint(game, Budget(3_000, 1.0))
        assert result.move is not None and result.basis == "player"
        assert find_game(slug)(3).legal_moves.__contains__(result.move)


def test_hint_in_a_won_position_and_with_no_move():
    cls = find_game("belle-lucie")
    won = cls.from_portable({"game": "belle-lucie", "deal": 0, "redeals_left": 0,
                             "piles": {"foundation-S": ["AS"]}})
    assert hint(won).basis == "won" and hint(won).move is None
    stuck = cls.from_portable({"game": "belle-lucie", "deal": 0, "redeals_left": 0,
                               "piles": {"fan-1": ["AS", "2S"]}})
    result = hint(stuck)
    assert result.basis == "no-move" and result.move is None
    assert "no legal move" in result.to_json()["why"]


def test_hint_with_nothing_hidden_gives_a_winning_line():
    game = find_game("napoleon")(1)
    result = hint(game, Budget(100_000, 20))
    assert result.basis == "winning-line"
    game.play(result.move)


# Cadran, deal 1, as the player once played it: after col-3>col-1 the only
# card move left was col-1>col-3, back where he had been, and the pack may
# not be turned while a card can be used: he was stuck for ever.
CADRAN_1_STUCK = (
    "col-7>foundation-C-1 col-8>foundation-H-1 col-8>foundation-S-1 col-9>foundation-C-2 col-1>col-2 "
    "col-4>col-8 col-6>col-2 col-7>col-9 col-10>col-2 deal deal deal deal deal deal deal deal "
    "talon>col-2 deal talon>foundation-H-1 col-8>foundation-H-1 col-8>foundation-H-1 "
    "col-2>foundation-H-1 col-2>foundation-H-1 col-2>foundation-H-1 col-2>foundation-H-1 "
    "col-2>foundation-H-1 col-8>col-10 col-2>col-7 col-3>col-8 deal deal talon>foundation-S-1 deal "
    "deal talon>col-10 col-5>col-10 deal talon>col-5 col-6>col-5 col-3>col-6 col-8>col-3 col-2>col-8 "
    "deal deal deal deal talon>foundation-C-1 col-5>foundation-C-1 col-5>foundation-C-1 "
    "col-5>foundation-C-1 col-5>foundation-D-1 deal talon>col-8 deal deal talon>col-10 deal deal deal "
    "deal talon>foundation-S-1 deal talon>foundation-C-1 col-9>foundation-C-1 col-9>foundation-C-1 "
    "col-7>foundation-C-1 col-7>foundation-C-1 col-6>foundation-C-1 col-6>foundation-C-1 "
    "col-5>foundation-C-1 col-4>col-5 deal talon>foundation-C-2 deal talon>foundation-D-2 deal "
    "talon>col-4 col-8>col-4 deal col-4>col-8 deal col-8>col-4 talon>col-8 deal deal "
    "talon>foundation-S-1 col-10>foundation-S-1 col-10>foundation-S-1 col-10>foundation-S-1 "
    "col-10>foundation-S-1 col-10>foundation-S-1 col-9>col-10 deal deal deal deal "
    "talon>foundation-D-1 deal deal deal talon>col-5 col-1>col-5 col-1>col-9 col-1>col-2 "
).split()


def test_the_player_keeps_out_of_a_position_with_no_move_left():
    game = find_game("cadran")(1)
    for text in CADRAN_1_STUCK:
        game.play(text)
    player = replayed_player(game, Budget(10_000, 10))
    world = player.observer.world(game, random.Random(0))
    moves = [str(m) for m in player.candidates(world)]
    kept = [str(m) for m in player.not_stuck(world, player.candidates(world))]
    assert "col-3>col-1" in moves and "col-3>col-1" not in kept
    assert kept and set(kept) <= set(moves)
    # and where every move would leave him stuck, he keeps them all (he must move)
    only = [m for m in player.candidates(world) if str(m) == "col-3>col-1"]
    assert player.not_stuck(world, only) == only


@pytest.mark.parametrize("slug", ("cadran", "mill", "hemispheres", "four-corners"))
def test_the_quick_choices_never_look_at_an_unseen_card(slug, small_worlds, monkeypatch):
    """A card home played at once and the moves after which the player is
    not stuck are asked of worlds: on a deal whose face-down piles are
    sealed, each of them used (the rollouts' greedy order and length are
    sealed by `test_the_rollouts_never_look_at_an_unseen_card`)."""
    used = {"home": 0, "not_stuck": 0}
    for name, key in (("home_move", "home"), ("not_stuck", "not_stuck")):
        real = getattr(Player, name)

        def counted(self, *args, _real=real, _key=key):
            out = _real(self, *args)
            used[_key] += out is not None
            return out

        monkeypatch.setattr(Player, name, counted)
    game = sealed_game(slug, 2)
    player = Player(game, Budget(40_000, 60))
    moves = 0
    while moves < 150 and not all(used.values()) and player.observer.unseen_count() and not game.is_won():
        move = player.decide()  # raises Peeked if it looks
        if move is None:
            break
        player.commit(move)
        moves += 1
    assert moves > 0 and used["not_stuck"], used
    if slug != "mill":  # (in Мельница the centre and the corners are home: a card goes there from a wing
        assert used["home"], used  # at once only where no wing waits to be filled from the pack)


# Домъ въ лѣсу deal 88, where the player once planned a redeal: its only card
# moves are shuttles between twin cards, but J♥ (fan-30) shuttled onto the
# other Q♥ lets 10♥ (fan-34) follow it and frees the J♥ below, which may then
# go onto Q♥ without being a shuttle: no standstill, the cards may not be gathered.
NOT_A_STANDSTILL = {
    "foundation-S-1": "AS 2S 3S 4S 5S 6S", "foundation-S-2": "AS 2S", "foundation-H-1": "AH 2H",
    "foundation-H-2": "AH 2H", "foundation-D-1": "AD 2D 3D 4D 5D 6D 7D 8D", "foundation-D-2": "AD 2D 3D",
    "foundation-C-1": "AC 2C 3C 4C 5C", "fan-5": "6C 3H KS QS JS", "fan-8": "8H 7H", "fan-9": "7S KD",
    "fan-11": "QC KC 10S 9S", "fan-12": "10S 9S 8S", "fan-13": "9H 7S KC QC JC 10C", "fan-14": "5H 9C 7D 6D 5D",
    "fan-15": "8C 3H JC 10C", "fan-19": "4D QD QD JD", "fan-21": "AC 9D KS QS", "fan-22": "7C",
    "fan-23": "6S 5S 4S", "fan-24": "9H 6H KH QH", "fan-26": "9D 8D", "fan-27": "2C 8H 4H",
    "fan-29": "3S 8S 6H 5H 4H", "fan-30": "7H 10D QH JH", "fan-31": "KD KH JD", "fan-32": "10D 10H 6C 5C 4C 3C",
    "fan-34": "9C JH 10H", "fan-35": "JS 8C 7C"}


def test_the_player_plans_a_redeal_only_where_the_rules_allow_one():
    """The standstills a fan game's player may aim for are the rules' own
    (`engine.assume.standstill`: shuttles that lead to a real card move are
    explored), not merely positions whose every card move is a shuttle."""
    cls = find_game("house-in-the-wood")
    piles = {spec.id: [] for spec in cls.PILES}
    piles.update({pile: cards.split() for pile, cards in NOT_A_STANDSTILL.items()})
    game = cls.from_portable({"game": cls.slug, "deal": 88, "piles": piles, "phase": "play", "redeals_left": 2})
    redeal = player_module.REDEAL
    assert all(move.action or game.is_shuttle(move) for move in game.generate_moves())
    assert redeal not in game.legal_moves
    player = Player(game.copy(stack=False), Budget(nodes=400_000, seconds=60.0), 1)
    leaves = player._standstills(game.copy(stack=False))
    assert leaves
    for _home, line, position in leaves:
        assert line and redeal in position.legal_moves
    move = player.decide_layout(game.copy(stack=False), list(game.legal_moves))
    assert move in game.legal_moves


def test_an_illegal_move_crosses_a_process_pool():
    """A worker's `IllegalMoveError` reaches the measure that ran it (it is
    rebuilt from its message and attributes, not its arguments)."""
    import pickle

    from engine.core import IllegalMoveError

    from engine.solver.measures import new_game

    game = new_game(find_game("house-in-the-wood"), 88, None)
    with pytest.raises(IllegalMoveError) as caught:
        game.play("redeal")
    again = pickle.loads(pickle.dumps(caught.value))
    assert type(again) is IllegalMoveError and str(again) == str(caught.value)
    assert again.rules == caught.value.rules and again.position == caught.value.position


def test_a_winning_line_is_followed_before_a_card_home_off_it(monkeypatch):
    """Полушарія deal 2, by a player whose worlds happen to be the real deal
    (every world dealt as the pack lies): his first search finds the line
    that wins, and he must follow it. The card home played at once once
    took a twin foundation the line did not (♣5 onto down-C-1, the line's
    onto down-C-2), dropped every plan, and the deal was lost."""
    monkeypatch.setattr(Observer, "world", lambda self, game, rng: game.copy(stack=False))
    game = find_game("hemispheres")(2)
    player = Player(game, Budget(152_000, 600))
    followed = 0
    while not game.is_won() and len(game.move_stack) < 400:
        lines = {plan.line[0] for plan in player.plans if plan.line}
        move = player.decide()
        assert move is not None
        if lines and move in lines:
            followed += 1
        elif lines:  # a move off every live line only where a line's first move is not to be had
            assert not lines & set(player.candidates(player.observer.world(game, player.rng)))
        player.commit(move)
    assert game.is_won() and followed > 100
    check_replays("hemispheres", 2, tuple(map(str, game.move_stack)))


# Салическій законъ deal 1 after these 100 moves: foundation-2 wants a six,
# and two kings' piles show one (♥6 on king-3 over ♥7, ♥6 on king-6 over ♦7).
SALIC_1_TWO_SIXES = (["deal"] * 48 + "king-5>foundation-1 king-4>foundation-1 deal deal king-5>foundation-2 "
                     "king-5>foundation-2 deal deal deal king-5>foundation-1 deal deal king-5>foundation-3 deal "
                     "deal king-5>foundation-4 deal deal king-5>foundation-5 deal king-5>foundation-1 "
                     "king-3>foundation-1 deal deal deal king-5>foundation-1 deal king-5>foundation-3 deal deal "
                     "deal king-5>foundation-6 deal deal king-5>foundation-2 deal deal deal king-5>foundation-3 "
                     "deal deal deal deal deal deal deal deal deal deal deal deal king-6>foundation-2".split())


def test_a_card_home_is_played_at_once_only_where_no_other_pile_offers_one():
    """Which pile sends a foundation its card is a choice (it decides which
    card is uncovered): the player thinks about it instead of playing the
    best-ordered at once; a lone card home is still played at once."""
    game = find_game("salic-law")(1)
    for text in SALIC_1_TWO_SIXES[:48]:
        game.play(text)
    player = replayed_player(game, Budget(20_000, 60))
    world = player.observer.world(game, random.Random(0))
    lone = player.home_move(world, player.candidates(world))
    assert str(lone) == "king-5>foundation-1"
    game = find_game("salic-law")(1)
    for text in SALIC_1_TWO_SIXES:
        game.play(text)
    player = replayed_player(game, Budget(20_000, 60))
    world = player.observer.world(game, random.Random(0))
    moves = player.candidates(world)
    offers = sorted(str(m) for m in moves if m.dst == "foundation-2")
    assert offers == ["king-3>foundation-2", "king-6>foundation-2"]
    assert player.home_move(world, moves) is None
    move = player.decide()
    assert str(move) in offers and player.why[0] != "home"
