"""What the site renders: the edition as plain records.

`inputs.py` fills these from the other stages (the TEI above all); tests
build them by hand. Text fields that hold markup are `Markup` made by
`edition.markup`, which escapes every character of the source; everything
else is plain text and is escaped by jinja2's autoescaping.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup


@dataclass
class Reading:
    """One entry of the apparatus: an OCR correction or a witness variant."""

    id: str  # an HTML id, unique in the edition ("app-belle-lucie.rule.1-1")
    clause: str  # the clause it sits in
    kind: str  # "ocr", "variant", ... as the pipeline names it
    text: str  # the edition's reading (1912 spelling)
    original: str  # what the witness has
    reason: str = ""
    witness: str = ""
    text_modern: str = ""  # the edition's reading in the modern spelling, where known


@dataclass
class Clause:
    id: str
    game: str
    section: str
    html: Markup  # both spelling layers, marked up for the switch
    english: str = ""
    plain_1912: str = ""
    plain_modern: str = ""
    kind: str = ""
    rules: list[str] = field(default_factory=list)  # engine rule ids citing it
    readings: list[Reading] = field(default_factory=list)
    editorial: bool = False  # an editorial note/assumption, not the book
    notes: list["Note"] = field(default_factory=list)  # editorial notes on this clause
    terms: list[tuple[str, Markup]] = field(default_factory=list)  # glossary terms used: (term id, word form, both layers)
    witness: str = ""  # the witness and line the clause begins on (the TEI's line milestones)
    line: str = ""
    paragraph: str = ""  # the printed paragraph it belongs to (clauses of one <p> share it)


    def quote(self) -> Markup:
        """The clause in both layers without its apparatus, for quoting it
        on another page (the marks and their ids stay on the clause's own)."""
        from edition.markup import layered

        return layered(self.plain_1912, self.plain_modern)


@dataclass
class Section:
    name: str  # "rule", "play", "decks", "table", ...
    label: Markup  # the heading, both layers
    label_en: str
    clauses: list[Clause] = field(default_factory=list)


@dataclass
class Figure:
    """A lost table: its caption in the book and the layout redrawn."""

    clause: str
    caption: Markup
    caption_en: str
    svg: Markup | None = None


@dataclass
class Note:
    """An editorial note or assumption, shown apart from the 1912 text."""

    id: str
    text: str
    kind: str = "note"  # "note" or "assumption"
    lang: str = "en"


@dataclass
class RuleReading:
    """An editorial assumption with alternatives, each playable
    (`pasyans readings --json`): the game page offers a switch between them.
    `alternatives` are the engine's records ({"id", "reason", "follows"}),
    each with "odds", the measured win rate's text or "" where
    data/winrates.json has none for it, and its words for the reader:
    "label_en", and in Russian "label" and "reason_ru" (site/data/readings-ru.json,
    as the fields `*_ru` of the reading; "" where the build was given none)."""

    id: str
    reason: str
    default: str
    why_default: str = ""
    source: str = ""
    changes_deal: bool = False
    alternatives: list[dict] = field(default_factory=list)
    clause_ids: list[str] = field(default_factory=list)
    rule_ids: list[str] = field(default_factory=list)
    name_ru: str = ""
    reason_ru: str = ""
    why_default_ru: str = ""

    @property
    def name(self) -> str:
        """What the reading is about, in words: "marriage order"."""
        return self.id.rsplit(".assume.", 1)[-1].replace("-", " ")


@dataclass
class Game:
    slug: str
    title: Markup  # both layers
    title_plain: str  # modern spelling
    title_en: str
    title_old: str = ""  # 1912 spelling
    decks: int | None = None
    status: str = ""
    source: str = ""
    cadogan: str = ""
    cadogan_number: int | None = None  # its place in Cadogan's order, which the book follows
    witnesses: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    playable: bool = False
    layout: dict | None = None  # the engine's geometry, for the demo
    heads: list[tuple[Markup, str]] = field(default_factory=list)  # the headings, and "printed" or "supplied ..."
    rule_readings: list[RuleReading] = field(default_factory=list)  # the text read two ways, both playable

    @property
    def clauses(self) -> list[Clause]:
        return [clause for section in self.sections for clause in section.clauses]

    @property
    def readings(self) -> list[Reading]:
        return [reading for clause in self.clauses for reading in clause.readings]

    def reading_words(self, ident: str, alternative: str) -> dict[str, str]:
        """A reading's name and an alternative's label in both languages, for
        a line that names them (the home page's readings that change the odds);
        the raw ids where the game has no such reading."""
        reading = next((r for r in self.rule_readings if r.id == ident), None)
        alt = next((a for a in reading.alternatives if a["id"] == alternative), {}) if reading else {}
        name = reading.name if reading else ident
        label_en = alt.get("label_en") or alternative
        return {"name": name, "name_ru": (reading.name_ru if reading else "") or name,
                "label_en": label_en, "label": alt.get("label") or label_en}

    def rule_readings_of(self, clause_id: str) -> list[RuleReading]:
        """The readings of the rules that turn on this clause."""
        return [r for r in self.rule_readings
                if clause_id in r.clause_ids or any(clause_id in a.get("follows", ()) for a in r.alternatives)]


@dataclass
class Rule:
    """An engine rule and where it lives in the source code."""

    id: str
    game: str
    doc: str
    clauses: list[str] = field(default_factory=list)
    file: str = ""
    line: int | None = None
    kind: str = ""  # "move", "setup", "outcome", as the engine names it
    games: list[str] = field(default_factory=list)  # the games that use it

    def used_by(self, slug: str) -> bool:
        return slug in self.games if self.games else self.game in (slug, "engine")


@dataclass
class Term:
    id: str  # the term's id ("term.marriage"), or its first clause's
    html: Markup  # the term as printed, both layers
    english: str
    plain: str = ""  # 1912 spelling
    plain_modern: str = ""
    clauses: list[Clause] = field(default_factory=list)  # its definition
    uses: list[tuple[str, Markup]] = field(default_factory=list)  # (clause id, word form, both layers)


@dataclass
class Witness:
    id: str
    title: str
    origin: str
    date: str
    holds: str
    known_problems: str
    file: str
    sha256: str
    source: str = "1912-book"  # or "modern-book", "web-site" (corpus/manifest.toml)
    cite: dict[str, str] | None = None  # what a citation names, unless it is the 1912 book


@dataclass
class Edition:
    version: str
    games: list[Game]
    rules: list[Rule] = field(default_factory=list)
    terms: list[Term] = field(default_factory=list)
    witnesses: list[Witness] = field(default_factory=list)
    front: list[Clause] = field(default_factory=list)  # Объясненіе рисунковъ etc.
    front_heads: dict[str, Markup] = field(default_factory=dict)  # "figures", "glossary": the printed headings
    front_titles: dict[str, dict[str, str]] = field(default_factory=dict)  # the same as titles: {"1912": ..., "modern": ...}
    # The 1912 print (the TEI header's <bibl>, in 1912 spelling); these serve until the TEI says.
    book: dict[str, str] = field(default_factory=lambda: {
        "title": "Двадцать четыре основные пасьянса съ двадцатью таблицами", "publisher": "Товарищество М. О. Вольфъ",
        "place": "С.-Петербургъ, Москва", "date": "1912"})
    tei: bytes | None = None  # the TEI document, offered for download
    assumptions: dict[str, Note] = field(default_factory=dict)  # the engine's, by id
    principles: list[str] = field(default_factory=list)  # the TEI header's editorial declarations
    win_rates: dict[str, dict] = field(default_factory=dict)
    player_curves: dict[str, dict] = field(default_factory=dict)  # by game: data/player-curves.json
    missing: list[str] = field(default_factory=list)  # inputs not yet available
    modern: dict[str, str] = field(default_factory=dict)  # the editors' prose quoting the book: its modern spelling

    def spelled(self, text: str) -> Markup:
        """Prose that may quote the book in 1912 spelling, in both layers
        (`edition.spelling` made the modern one)."""
        from edition.markup import layered

        text = " ".join(text.split())
        return layered(text, self.modern.get(text, text))

    def clause_index(self) -> dict[str, Clause]:
        index = {clause.id: clause for game in self.games for clause in game.clauses}
        index.update({clause.id: clause for clause in self.front})
        index.update({clause.id: clause for term in self.terms for clause in term.clauses})
        return index

    def clause_url(self, clause: Clause) -> str:
        """The page of a clause and its anchor, relative to the site root."""
        page = {"figures": "index.html", "terms": "glossary.html"}.get(clause.game, f"games/{clause.game}.html")
        return f"{page}#{clause.id}"

    def game(self, slug: str) -> Game:
        return next(game for game in self.games if game.slug == slug)

    def stale_pairings(self) -> int:
        """How many pairings of an alternative with the edition's reading are
        out of date and cannot be recomputed from the records (`edition.inputs.read_win_rates`):
        left out of `reading_effects`, marked on the game pages."""
        games = {game.slug for game in self.games}
        return sum(bool(entry.get("stale")) + len(entry.get("stale_others", {}))
                   for slug, rates in self.win_rates.items() if slug in games
                   for alternatives in (rates.get("readings") or {}).values() for entry in alternatives.values())

    def reading_effects(self, limit: int = 10) -> list[dict]:
        """The alternatives of the readings that change the most deals'
        verdicts, measured deal by deal against the edition's readings on the
        same deals and measure (the table's ``paired``, recomputed from the
        records; a stale pairing has none), largest share first."""
        out, games = [], {game.slug for game in self.games}
        for slug, rates in self.win_rates.items():
            if slug not in games:
                continue
            for ident, alternatives in (rates.get("readings") or {}).items():
                for alt, entry in alternatives.items():
                    pair, base = entry.get("paired"), rates.get(entry.get("measure"))
                    if not pair or not pair.get("deals") or not base:
                        continue
                    changed = pair["won_here_only"] + pair["won_default_only"]
                    if changed:
                        out.append({"slug": slug, "reading": ident, "alternative": alt, "name": entry["name"],
                                    "text": entry["text"], "base": base["text"], "changed": changed,
                                    "name_ru": entry.get("name_ru", entry["name"]), "text_ru": entry.get("text_ru", entry["text"]),
                                    "base_ru": base.get("text_ru", base["text"]),
                                    "deals": pair["deals"], "gained": pair["won_here_only"],
                                    "lost": pair["won_default_only"], "default_won": pair.get("default_won"),
                                    "default_unknown": pair.get("default_unknown") or 0})
        out.sort(key=lambda e: (-e["changed"] / e["deals"], e["slug"], e["reading"], e["alternative"]))
        return out[:limit]
