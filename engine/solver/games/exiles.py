"""Ссыльныя (exiles): what the search may assume, each item proved here.

Its safe moves (`exiles_safe`), canonical key (`exiles_key`), pointless
moves and move ordering (`exiles_pointless`, `exiles_score`) and its
registration (the exiles are seen when laid, then set aside face down).
"""

from __future__ import annotations

import importlib

from engine.core import Game, Move
from engine.solver.knowledge import Knowledge, register


exiles = importlib.import_module("engine.games.exiles")

# Facts of the rules (engine/games/exiles.py) the proofs below lean on:
# (F1) no card is ever laid on another: an exile or a chain card goes
#      *under* a packet, a filled packet was empty, so a card that shows
#      (the top of a packet, a card of the thirteenth) shows until it moves;
# (F2) an exile, a chain step or the redeal needs play to have stopped
#      (`play_stopped`: under both readings of `no-more-play`, no available
#      card fits a base), and a chain runs only after an exile;
# (F3) a base holds its king and then the next cards of its suit in its
#      direction, one copy each; with two packs each card has two copies,
#      one for the ascending base of its suit, one for the descending one
#      (one base of each suit a row, `one-king-of-each-suit-a-row`); the
#      one exchange (play.8) takes an upper base's top card to the lower
#      base of its suit that wants it.


def _exiles_partner(game: Game, base: int) -> int | None:
    """The base of the other row built in the suit of ``base``, where each
    row has exactly one base of that suit (always, but in a study position
    that says otherwise)."""
    suit = game.piles[base][0] & ~15
    same = [f for f in game.bases if game.piles[f] and game.piles[f][0] & ~15 == suit]
    if len(same) != 2:
        return None
    other = same[0] if same[1] == base else same[1]
    return other if (other in game.ups) != (base in game.ups) else None


def _exiles_built(game: Game, base: int) -> bool:
    """Is ``base`` its king and then the next cards of its suit in its
    direction? (Always in play; a study position may say otherwise.)"""
    pile = game.piles[base]
    suit = pile[0] & ~15
    ranks = range(1, 13) if base in game.ups else range(12, 0, -1)
    return all(card == suit | rank for card, rank in zip(pile[1:], ranks))


def exiles_safe(game: Game, move: Move) -> bool:
    """Ссыльныя: a card X from the packets (or the top exile) to a base B that wants it is
    safe once B's partner P (the other base of the suit) holds X's twin,
    will never want X, and no exchange can pass between P and B before X
    goes home.

    B and P must be built in order (`_exiles_built`: a study position may
    hold odd bases). P never wants X: P descending (B is an
    upper base) wants less and less as it grows and never loses a card, so
    once its want is below X's rank (or it is full) that holds; P
    ascending wants more and more, and could lose its top only to the
    exchange onto B, which wants X alone: ruled out below. The exchange:
    onto a descending P, of B's top card, when P wants it: P's want only
    falls and B's top stays until X comes, so none if P wants a lower rank
    than B's top (or B has only its king); off an ascending P onto B, of
    P's top card, when it is X: none if P's top is not X (P's top changes
    only as P grows, by cards it wants, never X). Or the exchange is spent
    (`exchanged`, renewed only by the redeal, which cannot come first).

    Proof: with P holding a copy of X (two packs hold two), X is the last
    card B can take next (F3), and only B will ever take it. While X shows
    and B wants it, play has not stopped (F1, F2): no exile, chain or
    redeal. Take a winning line L; until L plays X to B it makes only base
    moves (none to B, which wants X alone), fills of empty packets and
    exchanges (none between B and P); L' plays X now and then follows L,
    skipping the moves of X. L' is L with X lifted off the top of its
    place, so every card L has showing shows in L', every packet empty in
    L is empty in L', and each move of L can be made in L'; when L plays X
    to B the two positions are the same. X the top exile: it stays on top
    until it comes out, and then goes to B (it fits B for ever, and an
    exile that fits a base goes to it, `exile-under-its-packet`); until
    then L makes no exile move (X is on top), no chain (none without an
    exile) and no redeal (exiles are left): only base moves, fills and
    exchanges as above, all of which L' can make (no exile is available
    to them), and the positions meet when X goes to B. This holds under every reading
    (they rule exiles, chains, the redeal and the exchange's leave, none
    of which can come first)."""
    if move.action:
        return False
    dst, src = game.index[move.dst], game.index[move.src]
    if game.roles[dst] != "foundation" or game.roles[src] == "foundation":
        return False
    partner = _exiles_partner(game, dst)
    if partner is None or not (_exiles_built(game, dst) and _exiles_built(game, partner)):
        return False
    card = game.piles[src][-1]
    other = game.piles[partner]
    if card not in other:
        return False
    rank = card & 15
    want = exiles.wants(game, partner) & 15  # 0: full
    spent = game.extra["exchanged"]
    if dst in game.ups:
        base = game.piles[dst]
        return want < rank and (spent or len(base) == 1 or want < base[-1] & 15)
    return (want == 0 or want > rank) and (spent or other[-1] != card)


def exiles_final(game: Game) -> bool:
    """No exile left, no redeal left and no chain running: from here on
    only base moves, fills of empty packets and the exchange remain."""
    return not game.redeals_left and not game.piles[game.exiles] and not game.extra["chain"]


def exiles_key(game: Game) -> bytes:
    """Ссыльныя's key: the piles, with the places of the thirteenth packet
    sorted once no redeal is left, and the twelve packets sorted too once
    no exile is left either (`exiles_final`).

    Proof that equal keys have the same future. The places of the
    thirteenth take no card (`thirteenth-takes-no-card`), every card of
    them is available alike, no exile or chain reads them; only the redeal
    gathers them, in their order: with no redeal left they are alike. The
    packets differ by their numbers alone, which only the exiles and the
    chain (a card under the packet of its number) and the redeal's order
    read: in the final phase none is left, an emptied packet takes any
    available card, and every top card is available alike, so a
    permutation of the packets maps the moves of one position onto those
    of the other. The extra counters stay in the key."""
    parts = [bytes(p) for p in game.piles]
    if not game.redeals_left:
        spread = game.spread
        for i, part in zip(spread, sorted(parts[i] for i in spread)):
            parts[i] = part
        if not game.piles[game.exiles] and not game.extra["chain"]:
            packets = game.packets
            for i, part in zip(packets, sorted(parts[i] for i in packets)):
                parts[i] = part
    extra = game.extra
    tail = f"{game.phase}|{game.redeals_left}|{extra['chain']},{extra['steps']},{extra['exchanged']}"
    return b"\xff".join(parts) + b"\xfe" + tail.encode()


def exiles_pointless(game: Game, move: Move) -> bool:
    """In the final phase (`exiles_final`) no winning line needs to lay on
    an empty packet a card of the thirteenth or the lone card of a packet.

    The lone card: the position after it is the one before with two
    packets exchanged, the same future (`exiles_key`). A card c of the
    thirteenth: take a winning line L that lays c on packet q; L' skips
    that, and later plays c home from its place when L plays it home from
    q (or from where L moved it on, skipping those moves). Until then L'
    is L with c on its place of the thirteenth instead of on a packet of
    its own: the same cards show (F1), every packet empty in L is empty in
    L', the thirteenth takes no card; so each move of L can be made in L',
    and the positions meet again when c goes home."""
    if move.action or not exiles_final(game):
        return False
    src, dst = game.index[move.src], game.index[move.dst]
    if game.roles[dst] != "packet":
        return False
    return game.roles[src] == "spread" or len(game.piles[src]) == 1


def exiles_score(game: Game, move: Move) -> int:
    """Ссыльныя's move ordering (higher first; no bearing on any verdict):
    the actions first (an exile, the chain, the redeal: they come only
    when play has stopped, and bring new cards into play), then cards to
    the bases, fills that uncover a card a base wants, other fills that
    uncover a card, fills of a lone card, and the exchange last."""
    if move.action:
        return 7
    src, dst = game.index[move.src], game.index[move.dst]
    if game.roles[dst] == "foundation":
        return 0 if game.roles[src] == "foundation" else 6
    pile = game.piles[src]
    if len(pile) > 1:
        return 5 if pile[-2] in {exiles.wants(game, f) for f in game.bases} else 2
    return 1


# Ссыльныя: the exiles are dealt face up before they are set aside face
# down, so a player knows them (`seen_roles`).
register("exiles", Knowledge(seen_roles=frozenset({"exiles"}), safe=exiles_safe, key=exiles_key,
                             pointless=exiles_pointless, score=exiles_score))
