"""Домъ на холмѣ (The House on the Hill): two packs, aces up and kings down.

000 line 37: «Можно играть еще и другимъ способомъ съ двумя колодами.
Основными картами будутъ четыре туза и четыре короля разныхъ мастей, и
марьяжъ дѣлается въ восходящемъ или нисходящемъ порядкѣ.»

What the text says: two packs; the foundations are four aces (built up,
belle-lucie.play.2) and four kings (built down to the aces), one of each
suit; marriages go up or down in suit (the general marriage of
terms.marriage.1, where Прекрасная Люція allows only downwards). What it
does not say: how the 104 cards are laid out and whether the redeals of
belle-lucie.play.5 still hold. It is «другимъ способомъ» of the same
patience, so the rest is taken from Прекрасная Люція and the two-pack way
just described (Домъ въ лѣсу), each as a named reading:
``house-on-the-hill.assume.fan-count`` (36 or 35 packets, as in the House in
the Wood) and ``house-on-the-hill.assume.redeals`` (belle-lucie's two
redeals, or none).

The redeal's standstill (belle-lucie.play.5 with `engine.assume.standstill`)
is here simply "no card move is left": with marriage both ways every move
that could go back and forth (a twin shuttle, or a card lying on a card it
marries) is followed by a real one. Moving c off u (u marries c) lets u
follow onto c, uncovering the card under u, and so on down the fan until
the card uncovered does not marry the card moved, or the fan is emptied;
neither can be undone. tests/engine/test_house_on_the_hill.py checks this
on random play.
"""

from __future__ import annotations

import importlib

from engine.core import STANDSTILL, PileSpec
from engine.rulebook import Alternative, RuleBook

lucie = importlib.import_module("engine.games.belle-lucie")
wood = importlib.import_module("engine.games.house-in-the-wood")

RULES = RuleBook("house-on-the-hill")
RULES.extend(lucie.RULES)

FAN_COUNT = RULES.reading(
    "fan-count",
    "house-on-the-hill.play.1.1 plays «другимъ способомъ съ двумя колодами» and says nothing of the "
    "layout: it is that of the two-pack way just described (house-in-the-wood.play.1.1, «двойное "
    "число пачекъ»), which is itself read two ways.",
    alternatives=(
        Alternative("36", "As the House in the Wood under its default reading: each pack's worth of cards "
                          "dealt as in Прекрасная Люція, 36 packets (34 of three, two of one card).",
                    ("house-on-the-hill.play.1.1", "house-in-the-wood.play.1.1", "belle-lucie.play.1.2"),
                    wood.twice_lucie),
        Alternative("35", "The 104 cards dealt in packets of three as belle-lucie.play.1.1 says: 35 packets "
                          "(34 of three, one of two).",
                    ("house-on-the-hill.play.1.1", "belle-lucie.play.1.1"),
                    lucie.in_threes),
    ),
    default="36",
    why_default="The same layout as the House in the Wood's default: only the foundations and the "
                "marriage are said to change.",
    changes_deal=True,
)
REDEALS_READING = RULES.reading(
    "redeals",
    "house-on-the-hill.play.1.1 and play.1.2 name only what changes (foundations, marriage); they say "
    "nothing of the redeals of belle-lucie.play.5.",
    alternatives=(
        Alternative("2", "«Другимъ способомъ» is another way of playing the same patience: its redeals stand, "
                         "the cards gathered at a standstill and dealt again, twice at most.",
                    ("house-on-the-hill.play.1.1", "belle-lucie.play.5",
                     "Cadogan 1874, La Belle Lucie: the two-pack ways close the game's account, after its "
                     "re-deals"),
                    2),
        Alternative("0", "The paragraph describes a game of its own and grants no redeal; with foundations "
                         "at both ends and marriage both ways it needs none, and a move no clause names is "
                         "not made (engine.assume.only-written-moves).",
                    ("house-on-the-hill.play.1.2",),
                    0),
    ),
    default="2",
    why_default="The variant is introduced as another way of playing Прекрасная Люція, and only its "
                "foundations and marriage are said to differ.",
)


@RULES.rule("aces-and-kings", cites=("house-on-the-hill.play.1.2",),
            ru="основные карты — четыре туза и четыре короля разных мастей",
            en="the foundations are four aces and four kings, one of each suit")
def aces_and_kings(game, move) -> bool:
    """An empty foundation takes its base: an ace (built up) or a king (built down) of its suit."""
    i = game.index[move.dst]
    if game.piles[i]:
        return None
    return game.piles[game.index[move.src]][-1] == game.foundation_wants(i)


@RULES.rule("foundations-up-and-down", cites=("house-on-the-hill.play.1.2", "belle-lucie.rule.2",
                                              "belle-lucie.play.2"),
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


@RULES.rule("redeals-inherited", cites=("belle-lucie.play.5", "house-on-the-hill.play.1.1", REDEALS_READING),
            ru="карты собирают и раскладывают вновь, как в «Прекрасной Люции» (смотря по прочтению)",
            en="the cards are gathered and dealt again as in La Belle Lucie (as the reading has it)")
def redeals_inherited(game, move) -> bool:
    """A redeal is left: twice at most as in Прекрасная Люція, or none (see the reading)."""
    return game.redeals_allowed() and any(game.piles[i] for i in game.by_role["fan"])


@RULES.rule("redeal-at-standstill", cites=("belle-lucie.play.5", "terms.repeat-game", lucie.REDEAL_GATE,
                                           STANDSTILL),
            ru="собирают карты, когда не окажется больше годных карт для игры",
            en="the cards are gathered only when no available card is left to play")
def redeal_at_standstill(game, move) -> bool:
    """The redeal comes at a standstill (here: no card move left; see the module docstring)."""
    return game.redeal_gate_open()


@RULES.rule("two-packs", cites=("house-on-the-hill.play.1.1", "house-in-the-wood.play.1.1", FAN_COUNT),
            ru="две колоды, разложенные как в «Доме в лесу»",
            en="two packs, laid out as in the House in the Wood")
def two_packs(game, move) -> bool:
    """Two full packs dealt in fan order into packets as the fan-count reading has them."""
    return game.holds_packs(2) and lucie.packets_of_three.check(game, move)


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
                  for k, s in enumerate("SHDC") for b in "AK") + lucie.fan_piles(36, 6, 2.0)
    RULES = RULES
    ROUTES = {
        ("fan", "foundation"): (lucie.top_card_available, aces_and_kings, foundations_up_and_down),
        ("fan", "fan"): (lucie.top_card_available, lucie.empty_fan_stays_empty, marriage_up_or_down,
                         lucie.marriage_order),
        ("foundation", "fan"): (lucie.foundation_cards_stay,),
        ("foundation", "foundation"): (lucie.foundation_cards_stay,),
        "redeal": (redeals_inherited, redeal_at_standstill),
    }
    WON = lucie.won
    LOST = lucie.lost
    ENDING = lucie.BelleLucie.ENDING
    SETUP = (two_packs,)

    def first_layout(self, count: int) -> list[int]:
        return FAN_COUNT.of(self)(count)

    def setup(self, cards: list[int]) -> None:
        super().setup(cards)
        self.redeals_left = REDEALS_READING.of(self)

    def redeals_granted(self) -> int:
        # a loaded state may say 2 under the reading of none: the reading decides
        return REDEALS_READING.of(self)


GAME = HouseOnTheHill
