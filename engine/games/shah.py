"""Шахъ (Le Shah, The Shah): a king among eight aces, a star of three circles.

000 lines 108-113; the witness breaks off after the third circle is dealt.
Eight aces and eight kings are taken out; seven kings are laid aside, the
last (the Shah) goes in the middle, ringed by the eight aces, which are
built up in suit to the queens. Then circles of eight cards are dealt round
them, from the top of the circle clockwise; a suitable card is played and its
place filled at once from the cards in hand; the second circle covers the
first, the third completes the rays of the star.

The rest of the game is lost from the Russian text and follows Cadogan's
*The Shah* as editorial assumptions (see each rule): after the deal only
the outer circle is available, marriages are made downwards in suit, spaces
are refilled from the talon or the pack beginning with the inner circles,
and the rest of the pack is turned one card at a time onto a talon.

Which cards marry is a reading (`shah.assume.marriage-outer-circle`): as
Cadogan, the outer circle's after the deal (the edition's choice), or as
the Russian rule II stands, the middle circles' while they lie uncovered
during the deal. The Shah stays alone (play.3): nothing goes onto him.

Piles: ``shah``, ``kings-aside``, ``foundation-<suit>-1``/``-2``, ``ray-1``
(the top of the circle) .. ``ray-8`` clockwise, each ray's first card the
inner circle, ``stock``, ``talon``.
"""

from __future__ import annotations

from engine.cards import ACE, KING, QUEEN
from engine.core import STANDSTILL, Game, Move, Outcome, PileSpec, Termination, one_card
from engine.rulebook import Alternative, RuleBook

RULES = RuleBook("shah")

SOURCE = "Cadogan 1874, The Shah (the 1912 text breaks off after the third circle)"
AFTER_DEAL = RULES.assume(
    "after-the-deal-cadogan",
    "The Russian text ends with the third circle. From there the engine follows Cadogan: the "
    "star is examined, its available cards played or married when the player likes; the rest "
    "of the pack is turned one card at a time, cards that cannot be played, married or put in a "
    "space forming the talon, whose top card is available.",
    SOURCE,
)


def _outer_circle(game, src: int, dst: int) -> bool:
    """Cadogan's reading: after the deal, a card of the outer circle (or one
    married onto it) or the talon's top, onto an outer-circle card."""
    piles = game.piles
    return game.phase == "play" and len(piles[dst]) >= 3 and (src == game.talon or len(piles[src]) >= 3)


def _middle_circles(game, src: int, dst: int) -> bool:
    """The literal reading: while the circles are dealt, a card of the first
    or second circle not yet covered, onto another such card; never the
    outer circle, never the talon, never once the deal is over."""
    return game.phase == "deal" and src != game.talon and game.in_middle_circle(src) and \
        game.in_middle_circle(dst)


MARRIAGE = RULES.reading(
    "marriage-outer-circle",
    "Rule II says «Марьяжъ можно дѣлать только картами среднихъ круговъ; тогда же, когда онѣ "
    "становятся свободными, можно только играть, но не дѣлать марьяжъ». Which cards are «среднихъ "
    "круговъ»: the Russian names the middle circles where Cadogan's rule II names the third (outer) "
    "one, and read as it stands the sentence lets the middle circles' cards marry only before they "
    "are freed, that is while the circles are being dealt.",
    alternatives=(
        Alternative("outer", "As Cadogan: marriages are made only with the outer circle's cards, after "
                    "the deal: a card of the outer circle (or one married onto it), or the talon's top, "
                    "onto an outer-circle card; the inner circles' cards, once freed, are only played.",
                    ("shah.rule.2.1", "shah.rule.2.2",
                     "Cadogan 1874, The Shah, rule II: marriages limited to the third circle; "
                     "inner cards, even released, only played"),
                    value=_outer_circle),
        Alternative("literal", "The Russian as it stands: only the cards of the middle (first and second) "
                    "circles marry, while they lie uncovered during the deal (rule I: a circle's cards "
                    "are available until the next circle covers them); once freed after the deal they "
                    "are only played. The outer circle and the talon never marry.",
                    ("shah.rule.2.1", "shah.rule.2.2", "shah.rule.1.1"),
                    value=_middle_circles),
    ),
    default="outer",
    why_default="The literal sentence contradicts itself unless marriages are confined to the deal; "
                "Cadogan's rule II, which the Russian translates, names the outer circle, and the rest "
                "of the game (lost in the Russian) marries on the outer circle after the deal.",
)

REFILL = RULES.assume(
    "refill-spaces-inner-first",
    "The Russian text is lost after the deal. As Cadogan: spaces in the star (a ray with fewer "
    "than three cards) must be refilled from the talon or the pack before the next card is "
    "turned, beginning with the inner circles and going round from the top: the space to fill "
    "is the first ray (in order) among the shortest. Until then the player may go on playing and "
    "marrying, the talon's top card too (Cadogan refills once the player has played or married "
    "all the cards he wishes).",
    SOURCE,
)
NO_REDEAL = RULES.assume(
    "no-redeal",
    "The Russian text breaks off after the third circle and says nothing of a second deal; the "
    "engine allows none rather than invent one.",
    "most natural reading",
)
PLAY_WHILE_DEALING = RULES.reading(
    "play-while-dealing",
    "play.5.2: «Если одна изъ картъ этого круга оказывается подходящею, то ее играютъ, а пустое "
    "пространство немедленно замѣняется». Whether a suitable card of the circle must be played "
    "before the next card is dealt, or only may be, the present tense («ее играютъ») does not say; "
    "only the filling of its space is «немедленно».",
    alternatives=(
        Alternative("may", "A suitable card may be played while it lies uncovered; the player may also "
                    "deal on and cover it.", ("shah.play.5.2", "shah.rule.1.1"), value=False),
        Alternative("must", "A suitable card is played before the deal goes on: while an uncovered card "
                    "of the star fits a foundation, the next card is not dealt.",
                    ("shah.play.5.2",
                     "Cadogan 1874, The Shah: during the deal suitable cards are played, the spaces "
                     "filled at once; only after the deal is the player not obliged to play"),
                    value=True),
    ),
    default="may",
    why_default="The book marks what must be done at once («немедленно», for the space) and says "
                "nothing of the kind for the play; rule I makes the cards available, not obligatory.",
)
DEAL_ONE_BY_ONE = RULES.assume(
    "deal-one-card-per-move",
    "play.5 deals circles of eight but does not say how a player's turn divides them: each card "
    "of the circles is dealt by one move (`deal`), so that a suitable card can be played, and its "
    "space filled, before the next circle covers it (play.5.2).",
    "most natural reading",
)


@RULES.rule("ray-top-available", cites=("shah.rule.1.1", "shah.rule.1.2"),
            ru="годна карта, не покрытая следующим кругом; после раскладки — только наружного круга",
            en="a card is available until the next circle covers it; after the deal only the outer circle's")
def ray_top_available(game, move) -> bool:
    """Only the outermost card of a ray is available: the others are covered by the next circle."""
    return move.n == 1


@RULES.rule("foundations-up-to-queens", cites=("shah.play.4", "shah.rule.3.2"),
            ru="на тузы кладутся карты той же масти в восходящем порядке до дам",
            en="the aces are built up in suit to the queens")
def foundations_up_to_queens(game, move) -> bool:
    """A foundation takes the next card of its suit, up to the queen."""
    i = game.index[move.dst]
    return game.moving_card(move) == game.foundation_wants(i) and game.moving_card(move) & 15 <= QUEEN


@RULES.rule("space-filled-from-hand", cites=("shah.play.5.2", "shah.play.5.3", DEAL_ONE_BY_ONE),
            ru="пустое место в круге сразу заменяют картой из колоды",
            en="a space in the circle is filled at once from the cards in hand")
def space_filled_from_hand(game, move) -> bool:
    """While the circles are dealt, a played card's place is filled at once from the pack."""
    return game.phase == "deal" and game.space() == game.index[move.dst] and move.src == "stock"


@RULES.rule("no-move-before-filling", cites=("shah.play.5.2", REFILL),
            ru="пока в звезде есть пустое место, его сначала заполняют",
            en="while the star has a space, it is filled first")
def no_move_before_filling(game, move) -> bool:
    """While the deal has left a space, nothing but filling it may be done."""
    return False if game.phase == "deal" and game.space() is not None else None


@RULES.rule("refill-inner-circles-first", cites=("shah.rule.1.2", REFILL, AFTER_DEAL),
            ru="после раскладки пустые места заполняют из талона или колоды, начиная с внутренних кругов",
            en="after the deal, spaces are refilled from the talon or pack, inner circles first")
def refill_inner_circles_first(game, move) -> bool:
    """After the deal, a space is refilled from the talon or the pack, the innermost first."""
    return game.phase == "play" and game.space() == game.index[move.dst]


@RULES.rule("marriage-circles", cites=("shah.rule.2.1", "shah.rule.2.2", MARRIAGE),
            ru="марьяж делается только картами наружного круга после раскладки (по буквальному чтению — "
               "картами средних кругов, пока их не покрыли); освобожденные карты внутренних кругов только играют",
            en="marriages are made only with the outer circle's cards after the deal (under the literal reading, "
               "with the middle circles' cards before they are covered); freed inner cards are only played")
def marriage_circles(game, move) -> bool:
    """Only the cards of the circle the reading names marry (`MARRIAGE`): outer after the deal, or middle during it."""
    return MARRIAGE.of(game)(game, game.index[move.src], game.index[move.dst])


@RULES.rule("marriage-downwards-in-suit", cites=("terms.marriage.1", AFTER_DEAL),
            ru="марьяж — на карту той же масти одним старше", en="a marriage lays a card on the next higher card of its suit")
def marriage_downwards_in_suit(game, move) -> bool:
    """A card goes on the card of its suit one higher (Cadogan: marriages only in descending line)."""
    dst = game.target(move)
    return bool(dst) and game.moving_card(move) + 1 == dst[-1]


@RULES.rule("shah-stays-alone", cites=("shah.play.2", "shah.play.3"),
            ru="шах лежит посредине один: на него ничего не кладут, и его не двигают",
            en="the Shah lies alone in the middle: nothing is laid on him and he is not moved")
def shah_stays_alone(game, move) -> bool:
    """«Король называется шахомъ и остается одинокимъ»: no card goes onto the Shah, and he stays where he is."""
    return False


@RULES.rule("kings-laid-aside", cites=("shah.play.2",),
            ru="семь королей отложены в сторону и в игре не участвуют",
            en="the seven kings are put aside and take no part in the play")
def kings_laid_aside(game, move) -> bool:
    """«Семь королей откладываютъ въ сторону»: the kings aside neither move nor take cards."""
    return False


@RULES.rule("pack-dealt-by-the-deal", cites=("shah.play.5.1", "shah.play.5.2", AFTER_DEAL),
            ru="карты из колоды идут только в раздачу: в круг или на его пустое место, потом в талон",
            en="cards leave the pack only by the deal: into the circle or a space of it, then to the talon")
def pack_dealt_by_the_deal(game, move) -> bool:
    """A card of the pack is dealt into the circles or a space, or turned onto the talon; it goes nowhere else."""
    return False


@RULES.rule("pack-and-talon-fed-only-by-the-deal", cites=("shah.play.5.1", "shah.play.5.2", AFTER_DEAL, NO_REDEAL),
            ru="в колоду карты не возвращаются, а талон получает карты только из колоды",
            en="no card goes back into the pack, and the talon takes cards only from the pack")
def pack_and_talon_fed_only_by_the_deal(game, move) -> bool:
    """The pack is only dealt out, never laid again (no redeal); the talon is the rest of the pack, turned."""
    return False


@RULES.rule("play-before-dealing-on", cites=("shah.play.5.2", PLAY_WHILE_DEALING),
            ru="пока в звезде есть подходящая карта, ее играют, прежде чем раскладывать дальше",
            en="while a card of the star is suitable, it is played before the deal goes on")
def play_before_dealing_on(game, move) -> bool:
    """Under the reading `must`: while the circles are dealt, no card is dealt while an uncovered card fits a foundation."""
    if game.phase != "deal" or not PLAY_WHILE_DEALING.of(game):
        return None
    return not game.suitable_in_the_star()


@RULES.rule("deal-the-circles", cites=("shah.play.5.1", "shah.play.5.3", "shah.play.5.4", DEAL_ONE_BY_ONE,
                                      AFTER_DEAL, REFILL),
            ru="три круга по восьми карт раскладывают с вершины слева направо, каждый покрывает предыдущий",
            en="three circles of eight are dealt from the top, left to right, each covering the one before")
def deal_the_circles(game, move) -> bool:
    """The next card goes to the next ray of the circle being dealt; then the pack is turned to the talon.

    Turning the rest of the pack, and waiting while a space is unfilled, follow
    Cadogan (the Russian text breaks off after the third circle)."""
    if not game.piles[game.index["stock"]]:
        return False
    return game.space() is None


@RULES.rule("no-redeal", cites=(NO_REDEAL,),
            ru="пасьянс не раскладывается вторично", en="the patience is not laid out again")
def no_redeal(game, move) -> bool:
    """No redeal survives in the text (it breaks off after the third circle): there is none."""
    return False


@RULES.rule("built-cards-stay", cites=("shah.rule.1.1", "shah.rule.1.2", "shah.play.4"),
            ru="карта, положенная на туза, остается на нем: годны только карты звезды и талона",
            en="a card built on an ace stays there: only the star's cards (and the talon's) are available")
def built_cards_stay(game, move) -> bool:
    """Rule I makes the cards of the star's circles available; a card built on a foundation lies in no
    circle and is played no further: nothing leaves a foundation."""
    return False


@RULES.rule("won", cites=("shah.play.4",),
            ru="все карты на тузах, до дам", en="every card is built on the aces up to the queens")
def won(game, move) -> bool:
    """Won when the eight aces have been built up to the queens with every card."""
    return not any(game.piles[i] for i in game.by_role["ray"] + game.by_role["stock"] + game.by_role["talon"])


@RULES.rule("lost", cites=(NO_REDEAL, AFTER_DEAL, STANDSTILL),
            ru="ходов больше нет", en="no move is left")
def lost(game, move) -> bool:
    """Lost when nothing can be played, married, filled or turned, but twin cards shuttled (no redeal survives)."""
    return game.outcome() is not None and not game.is_won()


@RULES.rule("two-packs", cites=("shah.decks.1",), ru="две полные колоды карт", en="two full packs of cards")
def two_packs(game, move) -> bool:
    """The game is played with two full packs, 104 cards."""
    return game.holds_packs(2)


@RULES.rule("shah-among-the-aces", cites=("shah.rule.3.1", "shah.play.1", "shah.play.2", "shah.play.3"),
            ru="восемь тузов и восемь королей берут заранее; семь королей в сторону, шах посредине среди тузов",
            en="eight aces and kings are taken out first; seven kings aside, the Shah in the middle among the aces")
def shah_among_the_aces(game, move) -> bool:
    """The opening: the Shah alone, seven kings aside, an ace on each foundation, the rest in hand."""
    return len(game.piles[game.index["shah"]]) == 1 and len(game.piles[game.index["kings-aside"]]) == 7 and \
        all(len(game.piles[i]) == 1 and game.piles[i][0] & 15 == ACE for i in game.by_role["foundation"]) and \
        len(game.piles[game.index["stock"]]) == 88


def _piles() -> tuple[PileSpec, ...]:
    # the Shah at the centre, the aces on a ring round him, each ray going
    # outwards from its ace (ray-1 at the top, then clockwise)
    cx, cy = 7.0, 7.0
    ring = ((0, -1), (0.71, -0.71), (1, 0), (0.71, 0.71), (0, 1), (-0.71, 0.71), (-1, 0), (-0.71, -0.71))
    piles = [PileSpec("shah", "shah", cx, cy), PileSpec("kings-aside", "aside", 15.0, 0.0, dy=0.2)]
    for k, (x, y) in enumerate(ring):
        piles.append(PileSpec(f"foundation-{'SHDC'[k // 2]}-{k % 2 + 1}", "foundation", cx + 2.2 * x, cy + 2.2 * y,
                              suit=k // 2, base=ACE, step=1))
    for r, (x, y) in enumerate(ring, 1):
        piles.append(PileSpec(f"ray-{r}", "ray", cx + 4.0 * x, cy + 4.0 * y, dx=0.5 * x, dy=0.5 * y))
    piles += [PileSpec("stock", "stock", 0.0, 14.0), PileSpec("talon", "talon", 1.5, 14.0)]
    return tuple(piles)


class Shah(Game):
    slug = "shah"
    title_1912 = "Шахъ"
    title_modern = "Шах"
    title_en = "The Shah"
    aliases = ("Le Shah",)
    book_order = 9
    decks = 2
    PHASES = ("deal", "play")
    EXTRA = {"dealt": 0}  # cards of the three circles dealt so far (0..24)
    PILES = _piles()
    RULES = RULES
    ROUTES = {
        ("ray", "foundation"): (no_move_before_filling, ray_top_available, foundations_up_to_queens),
        ("talon", "foundation"): (ray_top_available, foundations_up_to_queens),
        ("stock", "ray"): (one_card, space_filled_from_hand),
        ("ray", "ray"): (no_move_before_filling, ray_top_available, marriage_circles, marriage_downwards_in_suit),
        ("talon", "ray"): (ray_top_available, marriage_circles, marriage_downwards_in_suit),
        "deal": (play_before_dealing_on, deal_the_circles),
        "redeal": (no_redeal,),
        **{(role, "shah"): (shah_stays_alone,) for role in ("ray", "talon", "stock", "foundation", "aside")},
        **{("shah", role): (shah_stays_alone,) for role in ("ray", "talon", "stock", "foundation", "aside")},
        **{("aside", role): (kings_laid_aside,) for role in ("ray", "talon", "stock", "foundation")},
        **{(role, "aside"): (kings_laid_aside,) for role in ("ray", "talon", "stock", "foundation")},
        ("stock", "foundation"): (pack_dealt_by_the_deal,),
        ("stock", "talon"): (pack_dealt_by_the_deal,),
        **{(role, "stock"): (pack_and_talon_fed_only_by_the_deal,) for role in ("ray", "talon", "foundation")},
        **{(role, "talon"): (pack_and_talon_fed_only_by_the_deal,) for role in ("ray", "foundation")},
        **{("foundation", role): (built_cards_stay,) for role in ("ray", "foundation")},
    }
    # after the deal a space may also be filled from the pack or the talon
    REFILL_ROUTE = (one_card, refill_inner_circles_first)
    WON = won
    LOST = lost
    ENDING = {"won": ("shah.play.4", "goal"), "lost": (NO_REDEAL, "assumption")}
    SETUP = (two_packs, shah_among_the_aces)

    def route(self, move: Move):
        rules = super().route(move)
        if self.phase == "play" and not move.action and move.dst.startswith("ray-") and \
                move.src in ("stock", "talon") and move.dst in self.index and \
                len(self.piles[self.index[move.dst]]) < 3 and self.space() is not None:
            return rules[:1] + self.REFILL_ROUTE  # filling a space (a short ray takes no marriage)
        return rules

    def setup(self, cards: list[int]) -> None:
        kings = [c for c in cards if c & 15 == KING]
        aces = [c for c in cards if c & 15 == ACE]
        self.piles[self.index["kings-aside"]].extend(kings[:7])
        self.piles[self.index["shah"]].append(kings[7])
        for ace in aces:
            f = next(i for i in self.by_role["foundation"] if not self.piles[i] and self.foundation_wants(i) == ace)
            self.piles[f].append(ace)
        self.set_stock([c for c in cards if c & 15 not in (ACE, KING)])

    # set below the class
    talon: int = 0
    stock: int = 0

    def suitable_in_the_star(self) -> bool:
        """Does the top card of some ray fit a foundation (up to the queens)?"""
        wanted = {c for c in (self.foundation_wants(f) for f in self.by_role["foundation"]) if c and c & 15 <= QUEEN}
        return any(self.piles[i] and self.piles[i][-1] in wanted for i in self.by_role["ray"])

    def in_middle_circle(self, i: int) -> bool:
        """While dealing: ray ``i`` shows a card of the first or second circle
        (the third circle has not reached it yet)."""
        return bool(self.piles[i]) and self.extra["dealt"] <= 16 + self.by_role["ray"].index(i)

    def space(self) -> int | None:
        """The ray whose space must be filled next, or None.

        While dealing: a ray with fewer cards than the circles dealt so far
        give it. After: the first of the shortest rays shorter than three."""
        rays = self.by_role["ray"]
        if self.phase == "deal":
            dealt = self.extra["dealt"]
            for r, i in enumerate(rays):
                if len(self.piles[i]) < dealt // 8 + (1 if r < dealt % 8 else 0):
                    return i
            return None
        if not (self.piles[self.index["stock"]] or self.piles[self.index["talon"]]):
            return None
        short = [(len(self.piles[i]), k) for k, i in enumerate(rays) if len(self.piles[i]) < 3]
        return rays[min(short)[1]] if short else None

    def do_redeal(self) -> None:
        raise ValueError("the Shah has no redeal (shah.assume.no-redeal); its route refuses it")

    def do_deal(self) -> None:
        card = self.piles[self.index["stock"]].pop()
        if self.phase == "deal":
            dealt = self.extra["dealt"]
            self.piles[self.by_role["ray"][dealt % 8]].append(card)
            self.extra["dealt"] = dealt + 1
            if dealt + 1 == 24:
                self.phase = "play"
        else:
            self.piles[self.index["talon"]].append(card)

    def outcome(self):
        """As `Game.outcome`, and lost also when only twin shuttles are left
        (they change nothing: `engine.assume.standstill`)."""
        result = super().outcome()
        if result is None and not any(m.action for m in self.legal_moves) and self.is_standstill():
            result = Outcome(Termination.LOST, lost.id, lost.clauses)
        return result

    def check_position(self):
        for name in ("shah", "kings-aside"):
            for k, card in enumerate(self.pile(name)):
                if card & 15 != KING:
                    return f"only kings lie in {name!r}", f"piles.{name}[{k}]"
        for i in self.by_role["ray"] + self.by_role["stock"] + self.by_role["talon"]:
            for k, card in enumerate(self.piles[i]):
                if card & 15 in (ACE, KING):
                    return "the aces and kings were taken out before the deal", f"piles.{self.names[i]}[{k}]"
        if not 0 <= self.extra["dealt"] <= 24:
            return "extra.dealt must be from 0 to 24", "extra.dealt"
        if (self.phase == "play") != (self.extra["dealt"] == 24):
            return "the phase is 'play' exactly when all 24 circle cards are dealt", "phase"
        return None

    def generate_moves(self):
        piles, table = self.piles, self.move_table
        stock, talon = self.index["stock"], self.index["talon"]
        rays = self.by_role["ray"]
        space = self.space()
        if self.phase == "deal" and space is not None:
            if piles[stock]:
                yield table[stock][space]
            return
        wants: dict[int, list[int]] = {}
        for f in self.by_role["foundation"]:
            card = self.foundation_wants(f)
            if card and card & 15 <= QUEEN:
                wants.setdefault(card, []).append(f)
        play = self.phase == "play"
        suitable = False  # a card of the star fits a foundation
        tops: dict[int, list[int]] = {}
        for i in rays:
            if piles[i]:
                tops.setdefault(piles[i][-1], []).append(i)
        marry = MARRIAGE.of(self)
        for i in rays + (talon,):
            p = piles[i]
            if not p:
                continue
            card = p[-1]
            for f in wants.get(card, ()):
                suitable = suitable or i != talon
                yield table[i][f]
            # the talon's top may marry even while a space waits: Cadogan refills
            # the spaces once the player has «played or married all the cards» he wishes
            for j in tops.get(card + 1, ()):
                if j != i and marry(self, i, j):
                    yield table[i][j]
        if play and space is not None:
            for i in (talon, stock):
                if piles[i]:
                    yield table[i][space]
        elif piles[stock] and not (suitable and not play and PLAY_WHILE_DEALING.of(self)):
            yield Move(action="deal")


Shah.talon = Shah.index["talon"]
Shah.stock = Shah.index["stock"]

GAME = Shah
