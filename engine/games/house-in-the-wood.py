"""Домъ въ лѣсу (The House in the Wood): Прекрасная Люція with two packs.

000 line 36: «Этотъ же пасьянсъ можно играть съ двумя колодами, при чемъ
восемь тузовъ составятъ основныя карты, и для составленія рисунка колода
раздѣляется на двойное число пачекъ.» Everything else is the game of
belle-lucie: its rules are reused as they stand and cited as such.

104 cards in packets of three make 34 fans of three and one of two.
"""

from __future__ import annotations

import importlib

from engine.core import PileSpec
from engine.rulebook import RuleBook

lucie = importlib.import_module("engine.games.belle-lucie")

RULES = RuleBook("house-in-the-wood")
RULES.extend(lucie.RULES)


@RULES.rule("eight-aces", cites=("house-in-the-wood.play.1.1", "belle-lucie.play.2"),
            ru="восемь тузов — основные карты, по два основания на масть",
            en="eight aces are the foundations, two places for each suit")
def eight_aces(game, move) -> bool:
    """An empty foundation takes an ace of its suit; there are two foundations of each suit.

    PySolFC's House in the Woods lets the fans build up or down; the Russian
    text keeps the game of belle-lucie (marriage downwards only)."""
    return lucie.aces_are_foundations.check(game, move)


@RULES.rule("two-packs-double-packets", cites=("house-in-the-wood.play.1.1", "belle-lucie.play.1.1"),
            ru="две колоды разложены на двойное число пачек по три карты (35)",
            en="two packs are dealt into twice as many packets of three (35)")
def two_packs_double_packets(game, move) -> bool:
    """Two full packs (104 cards) are dealt in threes into 35 fans, the last one of two cards."""
    return lucie.one_pack.check(game, move) and lucie.packets_of_three.check(game, move)


class HouseInTheWood(lucie.FanGame):
    slug = "house-in-the-wood"
    title_1912 = "Домъ въ лѣсу"
    title_modern = "Дом в лесу"
    title_en = "The House in the Wood"
    aliases = ("House in the Woods",)
    book_order = 2
    decks = 2
    REDEALS = 2
    PILES = tuple(PileSpec(f"foundation-{s}-{n}", "foundation", 1.0 + (2 * k + n - 1) * 1.5, 0.0,
                           suit=k, base=1, step=1)
                  for k, s in enumerate("SHDC") for n in (1, 2)) + lucie.fan_piles(35, 7, 2.0)
    RULES = RULES
    ROUTES = {
        ("fan", "foundation"): (lucie.top_card_available, eight_aces, lucie.foundations_follow_suit),
        ("fan", "fan"): (lucie.top_card_available, lucie.empty_fan_stays_empty, lucie.marriage_downwards),
        "redeal": (lucie.redeal_twice,),
    }
    WON = lucie.won
    LOST = lucie.lost
    SETUP = (two_packs_double_packets,)


GAME = HouseInTheWood
