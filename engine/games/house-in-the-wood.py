"""Домъ въ лѣсу (The House in the Wood): Прекрасная Люція with two packs.

000 line 36: «Этотъ же пасьянсъ можно играть съ двумя колодами, при чемъ
восемь тузовъ составятъ основныя карты, и для составленія рисунка колода
раздѣляется на двойное число пачекъ.» Everything else is the game of
belle-lucie («этотъ же пасьянсъ»): its rules are reused as they stand and
cited as such, the redeal included (twice at most, at a standstill: with
two packs a card may go back and forth between twin cards, which
`engine.assume.standstill` sets aside).

The layout is a reading (``house-in-the-wood.assume.fan-count``): «двойное
число пачекъ» is twice Прекрасная Люція's eighteen packets, 36 (each pack
dealt as in belle-lucie: 17 packets of three and one card, twice), or the
104 cards dealt in threes as play.1.1 says, 35 packets (34 of three and one
of two, PySolFC's House in the Woods). PySolFC also lets its fans build up
or down; the Russian text keeps the game of belle-lucie (marriage downwards
only).
"""

from __future__ import annotations

import importlib

from engine.core import STANDSTILL, PileSpec
from engine.rulebook import Alternative, RuleBook

lucie = importlib.import_module("engine.games.belle-lucie")

RULES = RuleBook("house-in-the-wood")
RULES.extend(lucie.RULES)


def twice_lucie(count: int) -> list[int]:
    """Each half of the cards dealt as in Прекрасная Люція: threes, the last packet of one."""
    half = count // 2
    return lucie.in_threes(half) + lucie.in_threes(count - half)


FAN_COUNT = RULES.reading(
    "fan-count",
    "house-in-the-wood.play.1.1 divides the two packs «на двойное число пачекъ» without saying how: "
    "twice the packets of Прекрасная Люція, or the packets of three of belle-lucie.play.1.1 made "
    "from twice the cards.",
    alternatives=(
        Alternative("36", "Twice the eighteen packets of Прекрасная Люція: each pack's worth of cards is "
                          "dealt as in belle-lucie.play.1.1 and play.1.2, seventeen packets of three and "
                          "a last one of one card, so 36 packets (34 of three, two of one card). A "
                          "redeal deals the gathered cards in threes under either reading "
                          "(belle-lucie.assume.redeal-in-threes).",
                    ("house-in-the-wood.play.1.1", "belle-lucie.play.1.2",
                     "Cadogan 1874, La Belle Lucie: the last paragraph doubles the number of packets "
                     "for two packs"),
                    twice_lucie),
        Alternative("35", "The 104 cards dealt in packets of three as belle-lucie.play.1.1 says, the last "
                          "one shorter: 35 packets (34 of three, one of two), which is about twice the "
                          "number of packets.",
                    ("belle-lucie.play.1.1",),
                    lucie.in_threes),
    ),
    default="36",
    why_default="«Двойное число пачекъ» counts packets: twice the eighteen of Прекрасная Люція is 36, "
                "and each of them is made as belle-lucie.play.1.1 and play.1.2 make them.",
    changes_deal=True,
)


@RULES.rule("eight-aces", cites=("house-in-the-wood.play.1.1", "belle-lucie.play.2"),
            ru="восемь тузов — основные карты, по два основания на масть",
            en="eight aces are the foundations, two places for each suit")
def eight_aces(game, move) -> bool:
    """An empty foundation takes an ace of its suit; there are two foundations of each suit."""
    return lucie.aces_are_foundations.check(game, move)


@RULES.rule("redeal-at-standstill", cites=("belle-lucie.play.5", "house-in-the-wood.play.1.1", "terms.repeat-game",
                                           lucie.REDEAL_GATE, STANDSTILL),
            ru="собирают карты, когда не окажется больше годных карт для игры (перекладывание между "
               "двумя одинаковыми картами игры не продолжает)",
            en="the cards are gathered only when no available card is left to play (moving a card "
               "back and forth between twin cards does not keep play going)")
def redeal_at_standstill(game, move) -> bool:
    """The redeal of Прекрасная Люція comes at a standstill; twin-card shuttles do not count (two packs)."""
    return game.redeal_gate_open()


@RULES.rule("two-packs-double-packets", cites=("house-in-the-wood.play.1.1", "belle-lucie.play.1.1", FAN_COUNT),
            ru="две колоды разложены на двойное число пачек", en="two packs are dealt into twice the packets")
def two_packs_double_packets(game, move) -> bool:
    """Two full packs (104 cards) dealt in fan order into packets as the fan-count reading has them."""
    return game.holds_packs(2) and lucie.packets_of_three.check(game, move)


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
                  for k, s in enumerate("SHDC") for n in (1, 2)) + lucie.fan_piles(36, 6, 2.0)
    RULES = RULES
    ROUTES = {
        ("fan", "foundation"): (lucie.top_card_available, eight_aces, lucie.foundations_follow_suit),
        ("fan", "fan"): (lucie.top_card_available, lucie.empty_fan_stays_empty, lucie.marriage_downwards,
                         lucie.marriage_order),
        ("foundation", "fan"): (lucie.foundation_cards_stay,),
        ("foundation", "foundation"): (lucie.foundation_cards_stay,),
        "redeal": (lucie.redeal_twice, redeal_at_standstill),
    }
    WON = lucie.won
    LOST = lucie.lost
    ENDING = lucie.BelleLucie.ENDING
    SETUP = (two_packs_double_packets,)

    def first_layout(self, count: int) -> list[int]:
        return FAN_COUNT.of(self)(count)


GAME = HouseInTheWood
