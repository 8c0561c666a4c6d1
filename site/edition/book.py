"""The whole book as one text, in its printed order: the shape shared by
the reading page (book.html), the EPUB and the PDF.

The TEI gives the order: the explanation of the figures and the glossary,
then the games of the 1912 print as the witnesses hold them (the games of
`000`, then the fragments of `001` where Cadogan's order puts them), then
the two modern descriptions. A game belongs to the 1912 print when its
witnesses are copies of that print (their date names 1912); where
Cadogan's numbering jumps between two games, the games in between are lost
and the text says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from edition.model import Clause, Edition, Game, Section


@dataclass
class Part:
    id: str
    title: str  # English
    games: list[Game] = field(default_factory=list)
    front: bool = False  # the part that opens with the figures and the glossary


@dataclass
class Gap:
    """Games of Cadogan's order lost between two surviving ones."""

    first: int
    last: int

    @property
    def text(self) -> str:
        numbers = f"game {self.first}" if self.first == self.last else f"games {self.first}–{self.last}"
        return (f"Here the surviving witnesses break off: Cadogan’s {numbers}, which the book follows in her order, "
                "are lost with the pages that printed them.")


def _of_1912(edition: Edition, game: Game) -> bool:
    dates = {w.id: w.date for w in edition.witnesses}
    return bool(game.witnesses) and all("1912" in dates.get(w, "") for w in game.witnesses)


def parts(edition: Edition) -> list[Part]:
    book = Part("part-1912", "The book of 1912", front=True)
    modern = Part("part-modern", "Two modern descriptions")
    for game in edition.games:
        (book if _of_1912(edition, game) or not edition.witnesses else modern).games.append(game)
    return [part for part in (book, modern) if part.games or part.front]


def with_gaps(games: list[Game]) -> list[Game | Gap]:
    """The games with a Gap where Cadogan's numbering jumps."""
    out: list[Game | Gap] = []
    last = None
    for game in games:
        number = game.cadogan_number
        if number is not None and last is not None and number > last + 1:
            out.append(Gap(last + 1, number - 1))
        if number is not None:
            last = max(last or 0, number)
        out.append(game)
    return out


def paragraphs(section: Section) -> list[list[Clause]]:
    """The section's clauses grouped as the book prints them, one list per paragraph."""
    grouped: list[list[Clause]] = []
    for clause in section.clauses:
        if grouped and grouped[-1][-1].paragraph == clause.paragraph and clause.paragraph:
            grouped[-1].append(clause)
        else:
            grouped.append([clause])
    return grouped


def figure_of(game: Game, clause: Clause):
    return next((figure for figure in game.figures if figure.clause == clause.id), None)
