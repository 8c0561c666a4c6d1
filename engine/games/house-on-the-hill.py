"""Домъ на холмѣ (The House on the Hill): two packs, aces up and kings down.

000 line 37: «Основными картами будутъ четыре туза и четыре короля разныхъ
мастей, и марьяжъ дѣлается въ восходящемъ или нисходящемъ порядкѣ.» The
rest is the game of belle-lucie (fans of three, redeals), reused as is.
"""

from __future__ import annotations

import importlib

from engine.core import PileSpec
from engine.rulebook import RuleBook

lucie = importlib.import_module("engine.games.belle-lucie")

RULES = RuleBook("house-on-the-hill")
RULES.extend(lucie.RULES)


@RULES.rule("aces-and-kings", cites=("house-on-the-hill.play.1.2",),
            ru="основные карты — четыре туза и четыре короля разных мастей",
            en="the foundations are four aces and four kings, one of each suit")
def aces_and_kings(game, move) -> bool:
    """An empty foundation takes its base: an ace (built up) or a king (built down) of its suit."""
    i = game.index[move.dst]
    if game.piles[i]:
        return None
    return game.piles[game.index[move.src]][-1] == game.foundation_wants(i)


@RULES.rule("foundations-up-and-down", cites=("house-on-the-hill.play.1.2", "belle-lucie.rule.2"),
            ru="на туза идут карты вверх, на короля вниз, той же масти",
            en="aces are built up and kings down, in suit")
def foundations_up_and_down(game, move) -> bool:
    """A started foundation takes the next card of its suit: up on the aces, down on the kings."""
    i = game.index[move.dst]
    if not game.piles[i]:
        return None
    return game.piles[game.index[move.src]][-1] == game.foundation_wants(i)


@RULES.rule("marriage-up-or-down", cites=("house-on-the-hill.play.1.2", "terms.marriage.1"),
            ru="марьяж в восходящем или нисходящем порядке той же масти",
            en="marriage up or down, in suit")
def marriage_up_or_down(game, move) -> bool:
    """On a fan's top card goes the card of the same suit one higher or one lower."""
    dst = game.piles[game.index[move.dst]]
    if not dst:
        return None
    card = game.piles[game.index[move.src]][-1]
    return card + 1 == dst[-1] or card - 1 == dst[-1]


@RULES.rule("two-packs", cites=("house-on-the-hill.play.1.1", "house-in-the-wood.play.1.1"),
            ru="две колоды, разложенные как в «Доме в лесу»",
            en="two packs, laid out as in the House in the Wood")
def two_packs(game, move) -> bool:
    """Two full packs, dealt in threes into 35 fans as for the House in the Wood."""
    return lucie.one_pack.check(game, move) and lucie.packets_of_three.check(game, move)


class HouseOnTheHill(lucie.FanGame):
    slug = "house-on-the-hill"
    title_1912 = "Домъ на холмѣ"
    title_modern = "Дом на холме"
    title_en = "The House on the Hill"
    book_order = 3
    decks = 2
    REDEALS = 2
    MARRY = (1, -1)
    PILES = tuple(PileSpec(f"foundation-{s}-{b}", "foundation", 1.0 + (2 * k + (b == "K")) * 1.5, 0.0,
                           suit=k, base=1 if b == "A" else 13, step=1 if b == "A" else -1)
                  for k, s in enumerate("SHDC") for b in "AK") + lucie.fan_piles(35, 7, 2.0)
    RULES = RULES
    ROUTES = {
        ("fan", "foundation"): (lucie.top_card_available, aces_and_kings, foundations_up_and_down),
        ("fan", "fan"): (lucie.top_card_available, lucie.empty_fan_stays_empty, marriage_up_or_down),
        "redeal": (lucie.redeal_twice,),
    }
    WON = lucie.won
    LOST = lucie.lost
    SETUP = (two_packs,)


GAME = HouseOnTheHill
