"""Салическій законъ (salic-law): what the search may assume, each item
proved here.

Kings laid out as the pack is dealt, the cards onto the last king laid;
foundations of any suit, queens set aside. Its dead tests (cards that can
never go home: `salic_never_home`, `salic_stuck_dead`), safe, pointless
and ordering of moves (`salic_safe`, `salic_pointless`, `salic_score`) and
its registration.
"""

from __future__ import annotations

import importlib

from engine.cards import ACE, JACK, KING, QUEEN
from engine.core import Game, Move
from engine.solver.knowledge import Knowledge, register


salic = importlib.import_module("engine.games.salic-law")


def salic_never_home(game: Game) -> bool:
    """Салическій законъ, in either phase and under either reading of the
    free king: lost when the greatest set S of the cards away from home
    (on the kings' piles or in the pack; aces excepted, which go home as
    they are dealt) is not empty, where a card X of rank r is in S when it
    is *held* or *buried*. Held: no foundation stands at r-1 and every copy
    of r-1 away from home is in S (whatever X's place, it waits for a
    foundation at r-1 that never comes). Buried (a card on a pile only):
    at least 8 - w cards of S lie above X in its pile, where w is the
    number of other piles holding a card of S (X is never uncovered); with
    no king left in the pack, the pack's cards count as lying over the
    last king's pile, where they will all be dealt.

    Proof. A card leaves a pile only from the top, home (onto a foundation
    standing one lower, any suit, up to the jacks) or, after the deal, onto
    a bare king, which then holds that one card alone until it leaves
    (`salic-law.rule.free-king-takes-one-card`; the reading «once-per-king»
    only refuses some of these moves); cards come onto a pile only on top,
    dealt onto the last king or laid on a bare king; nothing leaves a
    foundation. Take the first time t at which a card of S goes home or a
    buried card is uncovered. (a) A buried X uncovered at t: its k >= 8 - w
    cards of S from above have left its pile without going home, so the
    pack is dealt (during the deal a card leaves a pile only home; the
    pack's cards counted over X were dealt over it, X not having moved),
    and at t each lies alone on a king of its own. The cards of S of each of the w
    other piles are all away from home too, each on a king; two cards lie
    on one king only if both are still on the pile they lay on now (a card
    laid on a bare king stays alone), so the w piles' cards of S take at
    least w kings, none of them X's nor one of the k: k + w + 1 <= 8
    kings, k <= 7 - w, a contradiction. (b) X of S going home at t is not buried (it is a top),
    so it is held: a foundation stands at r-1 at t, none does now, so a
    copy of r-1 went home before t, and every such copy away now is in S:
    a contradiction. So no card of S ever goes home, and the game, won
    only with every card home, is lost. Both conditions only grow with S,
    so removing the cards that meet neither, in any order, reaches the
    greatest such set."""
    piles = game.piles
    at = {piles[f][-1] & 15 for f in game.by_role["foundation"] if piles[f]}
    in_pack = [0] * 16  # copies of each rank in the pack (aces go home when dealt: never held)
    for card in piles[game.index["stock"]]:
        in_pack[card & 15] += 1
    held = [False] * 16
    for r in range(ACE + 1, JACK + 1):
        held[r] = r - 1 not in at and not (in_pack[r - 1] and not held[r - 1])
    if not any(held):
        return False  # a buried card has a held one above it: S is empty
    kings = game.by_role["king-pile"]
    stacks = [[card & 15 for card in piles[p][:0:-1]] for p in kings if len(piles[p]) > 1]
    future = [0] * len(stacks)
    pack = piles[game.index["stock"]]
    if pack and not in_pack[KING] and len(piles[max(p for p in kings if piles[p])]) > 1:
        # no king to come: the pack's other cards will all lie on the last
        # king's pile, over its cards, the last dealt on top (aces and
        # queens go to their rows). They stand there for the pack's cards,
        # free unless their rank is held, but none of them is ever buried:
        # it may go home before the cards dealt over it come.
        coming = [card & 15 for card in pack if card & 15 not in (ACE, QUEEN)]
        stacks[-1][:0] = coming
        future[-1] = len(coming)
        in_pack = [0] * 16
    return bool(_salic_never_home_set(stacks, held, in_pack, len(kings), future))


def _salic_never_home_set(stacks: list[list[int]], held: list[bool], in_pack: list[int], kings: int,
                          future: list[int]) -> list:
    """`salic_never_home`'s greatest set, ``stacks`` the ranks of each pile
    from the top down and ``held`` its first guess (no foundation at r-1,
    in place, updated to the end). In a pile, walking down from the top,
    a card is in S when it is held or when the cards of S above it number
    8 - w or more: from there on every card below is buried too. So a
    pile's S is its held cards down to that cut and everything below it
    (a pile holds a card of S exactly when a held card lies above its cut);
    the walk is done again, with fewer held ranks and fewer piles holding
    a card of S, until neither changes (each only shrinks). The first
    ``future[n]`` ranks of pile n are cards still to be dealt onto it,
    never buried, and they bury a card only below a card of S already on
    the pile: that one never leaves during the deal (a card then leaves a
    pile only home), so the card beneath is still there when they come,
    whereas an uncovered card might go home first. Returns S as
    (pile, depth from the top) pairs and the ranks held in the pack."""
    w = len(stacks)  # piles holding a card of S (first guess: all)
    while True:
        out = [0] * 16  # cards of each rank on the piles, not in S
        cuts: list[int | None] = [None] * len(stacks)
        with_s = 0
        for n, s in enumerate(stacks):
            need = kings - w + 1  # every pile is counted in w while it may hold a card of S
            above = 0
            cut = None
            first = future[n]
            covered = False  # a card of S lies above, already on the pile
            for d, q in enumerate(s):
                if above >= need and covered:
                    cut = d
                    break
                if held[q]:
                    above += 1
                    covered = covered or d >= first
                else:
                    out[q] += 1
            cuts[n] = cut
            with_s += bool(above)
        changed = with_s != w
        w = with_s
        for r in range(ACE + 1, JACK + 1):
            if held[r] and (out[r - 1] or (in_pack[r - 1] and not held[r - 1])):
                held[r] = False
                changed = True
        if not changed:
            break
    found = [(n, d) for n, s in enumerate(stacks) for d, q in enumerate(s)
             if (cuts[n] is not None and d >= cuts[n]) or held[q]]
    return found + [("pack", r) for r in range(ACE + 1, JACK + 1) if in_pack[r] and held[r]]


def salic_dead(game: Game) -> bool:
    """`salic_never_home`, or `salic_stuck_dead`."""
    return salic_never_home(game) or salic_stuck_dead(game)


def salic_stuck_dead(game: Game) -> bool:
    """Салическій законъ, after the deal: lost when no king is bare and the
    greatest set S of pile cards (kings excepted) in which each card is
    *covered* (a card of S lies above it) or *held* (no foundation stands
    at its rank less one, and every copy of that rank not yet home lies in
    S or below it in its pile) has a card in every king's pile.

    Proof. After the deal (the whole pack is out, no deal is left) a card
    moves only from the top of a king's pile, home (onto a foundation whose
    top is one lower, any suit, up to the jacks) or onto a bare king
    (`salic-law.rule.free-king-takes-one-card`); nothing leaves a
    foundation, and foundation tops only rise. Suppose a card of S moves;
    let X, of rank r, be the first, at time t. Until t each pile keeps its
    card of S, so no king is bare and X cannot go to a king: it goes home,
    onto a foundation standing at r-1 at t. None stands there now (X is
    held; a covered X is no top, its card of S still above it), so a copy
    of rank r-1 came home before t: each copy not home lies in S (not moved
    before t) or below X (covered by X, which has not moved). So no card of
    S ever moves, no pile is ever cleared, and the game, won only with
    every king bare, is lost. Both conditions only grow with S, so the
    order of removal does not matter."""
    if game.phase != "play":
        return False
    piles = game.piles
    kings = game.by_role["king-pile"]
    if any(len(piles[p]) < 2 for p in kings):
        return False
    at = {piles[f][-1] & 15 for f in game.by_role["foundation"] if piles[f]}
    held = [False] * 16
    for r in range(ACE + 1, JACK + 1):
        held[r] = r - 1 not in at
    # Walking a pile down from its top, the first card of S is held (nothing
    # of S covers it) and every card below it is covered: a pile's S is its
    # first held card and all beneath. A copy of r-1 below X is in S, so X
    # is held exactly when its rank is: no foundation at r-1 and no copy of
    # r-1 above the cut of its pile. Held ranks only shrink, round by round.
    stacks = [[card & 15 for card in piles[p][:0:-1]] for p in kings]
    while True:
        out = [0] * 16  # cards of each rank above their pile's cut
        for ranks in stacks:
            for q in ranks:
                if held[q]:
                    break
                out[q] += 1
            else:
                return False  # a pile with no card of S (its cut only goes down)
        changed = False
        for r in range(ACE + 1, JACK + 1):
            if held[r] and out[r - 1]:
                held[r] = False
                changed = True
        if not changed:
            return True


def salic_safe(game: Game, move: Move) -> bool:
    """Салическій законъ: a card X of rank r going home is safe when all
    eight cards of rank r-1 are home (for a two, all eight aces are out).

    Proof. Foundations take any suit, so the foundations are described by
    how many cards of each rank are home, c(q), and a card of rank q can
    go home exactly when c(q) < c(q-1). Take a winning line L; let L' play
    X now and then L, skipping X's own moves. Each king's pile in L' is
    that of L less X (or the same), so a card on top in L is on top in L',
    a bare king of L is bare in L' and has taken no more cards (the reading
    «once-per-king» records no more), the last king laid is the same, and
    each deal lays the same card on the same pile or row. A move home of
    L of a card Y of rank q: for q ≠ r, r+1, c' = c at q and q-1; for
    q = r+1, c'(r) = c(r) + 1 makes room sooner; for q = r (Y ≠ X, so X is
    not home yet in L), c'(r-1) = c(r-1) = 8 and c'(r) = c(r) + 1 < 8, as
    X and Y are both away in L. So every move of L can be made in L', and
    L' ends with every pile as bare as L's: it wins.

    After the deal, under the reading «while-bare», X going home is safe
    too when it lies alone on its king (it came there as a free king's
    card, or was dealt there). In L, X lies alone on some king until it
    goes home (it may only go home or to another bare king); in L' that
    king is bare. The proof above holds but for a move home of Y of rank
    r at time u at which L' has no room (c(r) + 1 = c(r-1)): there L'
    lays Y instead on the king that holds X in L, bare in L' (any bare king
    may take a card again under «while-bare»; Y is a top in L', whose piles
    are L's elsewhere), and from then on L' is L with X and Y, both of rank
    r, exchanged: Y goes home when L plays X home. Under «once-per-king»
    that king might have had his card already, so the rule steps aside."""
    if move.action or game.roles[game.index[move.dst]] != "foundation":
        return False
    src = game.piles[game.index[move.src]]
    rank = src[-1] & 15
    if sum(len(game.piles[f]) >= rank - 1 for f in game.by_role["foundation"]) == 8:
        return True
    return len(src) == 2 and game.phase == "play" and salic.FREE_KING.of(game) is salic._while_bare


def salic_pointless(game: Game, move: Move) -> bool:
    """Салическій законъ: moves no winning line needs, because a sibling
    leads to the same position but for two piles swapped.

    A card going to a foundation when a foundation listed before it stands
    at the same rank: the two foundations hold the ranks ace up to that
    one (any suit), and no rule tells two begun foundations apart (an ace
    goes to the first empty one, and both are begun), so the position after
    the move is the one after the move to the earlier foundation with the
    two swapped, and each line from one is a line from the other with the
    two names exchanged. Likewise, after the deal, a card laid on a bare
    king when a king listed before him is bare and may take it too: the
    two kings hold nothing, each may take a card (so under «once-per-king»
    neither has had his), and after the deal no rule reads a king's place.

    And, under «while-bare», a card Y of rank r laid on a bare king B when
    Y could go home now (`_salic_to_king_not_home`): let a winning line L
    lay it there, and L' play Y home instead, then follow L skipping Y's
    moves. In L, Y lies alone on some king (B, or another bare king it
    shuttles to) until it goes home; in L' that king is bare. Every pile
    of L' is L's but that king's, so each top of L is a top of L'. A move
    home of L finds room in L' (one more r home helps r+1), but for one of
    a card Z of rank r when L' has no room: there L' lays Z instead on the
    king holding Y in L (bare in L'; «while-bare»: any bare king takes a
    card), and from then on L' is L with Y and Z, of one rank, exchanged
    (no rule reads a suit). So L' wins, through Y home: the move home,
    kept, is the sibling every such line can take.

    And `_salic_shuttle` (a lone card laid on a bare king: the same
    position) and `_salic_after_the_deal` (a move home that could have
    been made before the card just dealt: its twin line is searched from
    the position before the deal) and `_salic_home_after_home` (two moves
    home from two piles to two foundations: one order only)."""
    if move.action:
        return False
    piles, dst = game.piles, game.index[move.dst]
    role = game.roles[dst]
    if role == "king-pile" and (_salic_to_king_not_home(game, move) or _salic_shuttle(game, move)):
        return True
    if role == "foundation":
        if _salic_after_the_deal(game, move) or _salic_home_after_home(game, move):
            return True
        top = piles[dst][-1] & 15
        for f in game.by_role["foundation"]:
            if f == dst:
                return False
            if piles[f] and piles[f][-1] & 15 == top:
                return True
        return False
    if role == "king-pile" and game.phase == "play":
        may = salic.FREE_KING.of(game)
        for k in game.by_role["king-pile"]:
            if k == dst:
                return False
            if len(piles[k]) == 1 and may(game, k):
                return True
    return False


def _salic_shuttle(game: Game, move: Move) -> bool:
    """After the deal, under «while-bare»: a king's only card laid on a
    bare king. The position after it is the one before with the two kings
    exchanged (each holds nothing or that one card; under «while-bare»
    nothing is recorded of a king, and after the deal no rule reads a
    king's place), so a line through it is a line without it, the two
    kings' names exchanged from there on: no winning line needs it."""
    if game.phase != "play" or salic.FREE_KING.of(game) is not salic._while_bare:
        return False
    return len(game.piles[game.index[move.src]]) == 2


def _salic_after_the_deal(game: Game, move: Move) -> bool:
    """During the deal: the card X of a king's pile going home right after
    a card was dealt, when the move before that deal was a move home (not
    the first of the search) and X could have gone to that same foundation
    just before the deal: X's pile is not the last king's (the dealt card
    went onto the last king, or began a new last king, or went to a row),
    and its foundation was not begun by that deal (an ace on a foundation
    of one card: X a two).

    Proof. Let P be the position before the deal D, s = P·D the position
    here. P's and s's X, its pile and its foundation are the same, so X
    goes home at P; D and X touch different piles (D lays its card on the
    last king, a new king, the first empty foundation or queen's place, or
    ends the deal; X leaves a pile that keeps its king for a foundation
    already begun), neither changes what the other does, so P·X·D = s·X.
    The search met s first from P by D (this reads the line it is on), so
    P had no safe move (D, an action, is never one: `salic_safe`) and the
    search made at P every move that is not pointless: X home, for no rule
    calls it pointless at P (this one needs P reached by a deal, P was
    reached by a move home; `_salic_home_after_home` needs the move before
    that one to be a king's move or none, and during the deal it was a
    deal or a move home), or, when the twin rule does, X onto an earlier
    foundation at the same rank, the same position but for two foundations
    exchanged. Take a winning line X·L from s, as short as any: D·L wins
    from P·X; there the search makes D (never pointless) or a safe move
    (whose proof keeps the line no longer: `salic_safe`), either way a
    position with a win shorter than X·L. So whenever the search expands
    a position with a win and prunes its first move, it makes another
    position with a shorter win (as each older rule here does too): the
    expanded position with the shortest win cannot exist unless the search
    finds a win. With no line to read (a search keeping no move stack),
    the rule steps aside."""
    stack = game.move_stack
    if len(stack) < 3 or stack[-1].action != "deal":
        return False
    before = stack[-2]
    if before.action or game.roles[game.index[before.dst]] != "foundation":
        return False
    piles, kings = game.piles, game.by_role["king-pile"]
    src = game.index[move.src]
    if src == max(k for k in kings if piles[k]):
        return False
    dst = piles[game.index[move.dst]]
    return not (len(dst) == 1 and piles[src][-1] & 15 == ACE + 1)


def _salic_home_after_home(game: Game, move: Move) -> bool:
    """A card X going home right after a card Y went home, X from a pile
    listed before Y's and to another foundation than Y's, when Y was no
    safe move (fewer than eight cards of Y's rank less one home, and Y
    did not lie alone on its king), and the move before Y was a card laid
    on a king (or there was none: Y was the search's first move).

    Proof. Let P be the position before Y, s = P·Y here. Y left its pile
    and raised its foundation; X's pile and foundation are others, so X
    goes home at P, Y still goes home after it, and P·X·Y = s·X (suits
    are not read; nothing else changes). The search met s first from P
    by Y (this reads its line). Y was not safe at P (`salic_safe`: no
    card home changes the count of Y's rank less one, and Y did not lie
    alone), so P had no safe move (the search makes a safe move alone),
    and the search made at P every move that is not pointless: X (or its
    twin onto an earlier foundation at the same rank, the same position
    but for two foundations exchanged), for at P neither this rule nor
    `_salic_after_the_deal` can call X pointless (P was reached by a
    king's move, or is the first position). Take a winning line X·L from
    s, as short as any: Y·L wins from P·X; there the search makes Y (this
    rule reads the piles' order the other way, the deal rule needs a
    deal, and the twin rule makes Y's twin, the same position), giving
    s·X, or a safe move (no longer a line): a position with a win shorter
    than X·L. So, as for `_salic_after_the_deal`, the search finds a win
    whenever s has one."""
    stack = game.move_stack
    if not stack:
        return False
    last = stack[-1]
    if last.action:
        return False
    index, roles, piles = game.index, game.roles, game.piles
    fy = index[last.dst]
    if roles[fy] != "foundation" or index[move.dst] == fy:
        return False
    if len(stack) >= 2:
        before = stack[-2]
        if before.action or roles[index[before.dst]] != "king-pile":
            return False
    a, b = index[last.src], index[move.src]
    if b >= a or len(piles[a]) < 2:
        return False  # X listed after Y, or Y lay alone on its king (perhaps a safe move)
    q = piles[fy][-1] & 15
    return sum(len(piles[f]) >= q - 1 for f in game.by_role["foundation"]) < 8  # else Y was safe


def _salic_to_king_not_home(game: Game, move: Move) -> bool:
    """After the deal, under «while-bare»: a card laid on a bare king that
    a foundation takes now (see `salic_pointless`)."""
    if game.phase != "play" or salic.FREE_KING.of(game) is not salic._while_bare:
        return False
    piles = game.piles
    rank = piles[game.index[move.src]][-1] & 15
    if rank > JACK:
        return False
    return any(piles[f] and piles[f][-1] & 15 == rank - 1 for f in game.by_role["foundation"])


def salic_score(game: Game, move: Move) -> int:
    """Салическій законъ's move ordering (higher first; it prunes nothing):
    home first, the cards of the longest piles before the others (they
    bury the most), then the deal; after the deal, a card laid on a free
    king that uncovers one a foundation takes now, then the others, from
    the shortest piles first, a lone card's shuttle last."""
    if move.action:
        return 0
    piles = game.piles
    src = piles[game.index[move.src]]
    if game.roles[game.index[move.dst]] == "foundation":
        return 200 + len(src)
    if len(src) < 3:
        return -1  # a lone card to another king: the same position
    below = src[-2] & 15
    for f in game.by_role["foundation"]:
        if piles[f] and piles[f][-1] & 15 == below - 1:
            return 150 - len(src)
    return 100 - len(src)


# Салическій законъ: while dealing, the cards go onto the last king laid and
# the first empty places, so order matters; once in play, king piles,
# foundations (any suit) and queens are each alike. No rule reads a suit.
# (Under the reading «once-per-king», `given` names king piles.)
register("salic-law", Knowledge(interchangeable=("king-pile", "foundation", "queen"),
                                interchangeable_when=lambda game: game.phase == "play" and not game.extra.get("given"),
                                suit_blind=True, dead=salic_dead, safe=salic_safe, pointless=salic_pointless,
                                score=salic_score))
