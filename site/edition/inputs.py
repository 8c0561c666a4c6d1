"""Gather the edition from the other stages, through their CLI contracts.

Each stage is asked exactly what DESIGN.md's command table promises
(`pasyans games --json`, `clauses --json`, `rules --json`, `layout GAME
--json`, `corrections --json`, `tei`), in this process, so the site depends
on those contracts and not on any stage's internals. A stage that is not
built yet is reported in `Edition.missing` and its part of the site says
so; a stage that fails on bad input raises its `InputError` unchanged.

The TEI, where it exists, is the source of truth for the text and its
apparatus (`edition.tei`); without it the clause list gives both layers and
the correction list gives the apparatus.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import corpus
from edition import ROOT, apparatus, i18n, markup, readings_ru, svg
from edition.curve import read_curves
from edition.model import Clause, Edition, Figure, Game, Note, Rule, RuleReading, Section, Term, Witness
from pasyans import __version__, freshness
from pasyans.errors import InputError
from pasyans.stats import paired_text

# The book's own section headings, in both layers, and our English.
SECTION_LABELS = {
    "rule": ("Правила.", "Правила.", "Rules"),
    "play": ("Игра.", "Игра.", "Play"),
}


class Missing(Exception):
    """A stage's command is not registered yet."""


def run(*argv: str) -> str:
    """The standard output of `pasyans ARGV...`, run in this process."""
    from pasyans.cli import build_parser

    parser = build_parser()
    choices = parser._subparsers._group_actions[0].choices  # noqa: SLF001 (argparse has no public API for this)
    if argv[0] not in choices:
        raise Missing(argv[0])
    args = parser.parse_args(list(argv))
    # A text stream with a real .buffer: some stages write bytes.
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    with contextlib.redirect_stdout(out):
        args.func(args)
    out.flush()
    return out.buffer.getvalue().decode("utf-8")


class Commands:
    """The live pipeline: each input is the output of a `pasyans` command."""

    def text(self, *argv: str) -> str:
        return run(*argv)

    def json(self, *argv: str):
        return json.loads(run(*argv))


class Folder:
    """Saved outputs, one file per command (`games.json`, `clauses.json`,
    `rules.json`, `corrections.json`, `layout-GAME.json`, `tei.xml`): for
    tests, and for building while a stage is broken."""

    def __init__(self, path: Path):
        self.path = path

    def _file(self, argv: tuple[str, ...], suffix: str) -> Path:
        name = "-".join(a for a in argv if not a.startswith("--")) + suffix
        path = self.path / name
        if not path.exists():
            raise Missing(argv[0])
        return path

    def text(self, *argv: str) -> str:
        return self._file(argv, ".xml").read_text(encoding="utf-8")

    def json(self, *argv: str):
        path = self._file(argv, ".json")
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise InputError(f"not JSON: {error.msg}", str(path), error.lineno) from None


def _optional(edition: Edition, read, name: str, *argv: str):
    try:
        return read(*argv)
    except Missing:
        edition.missing.append(name)
        return None


# The solver's table of win rates (`pasyans stats GAME ... --table FILE`).
WIN_RATES = ROOT / "data" / "winrates.json"
# The player's budget curves (`pasyans curves`).
PLAYER_CURVES = ROOT / "data" / "player-curves.json"


def load(source: Commands | Folder | None = None, win_rates: Path | None = None) -> Edition:
    source = source or Commands()
    edition = Edition(version=__version__, games=[])
    if win_rates is None and isinstance(source, Folder):
        win_rates = source.path / "win-rates.json"
    edition.win_rates = read_win_rates(win_rates or WIN_RATES)
    edition.player_curves = read_curves(source.path / "player-curves.json" if isinstance(source, Folder)
                                        else PLAYER_CURVES)
    games = source.json("games", "--json")
    clauses = source.json("clauses", "--json")
    rule_index = rule_records(_optional(edition, source.json, "engine rules", "rules", "--json"))
    rules = rule_index["rules"]
    edition.assumptions = {a["id"]: Note(id=a["id"], text=f"{a['reason']} (Source: {a['source']}.)", kind="assumption")
                           for a in rule_index.get("assumptions", [])}
    corrections = _optional(edition, source.json, "corrections", "corrections", "--json") or []
    tei = _optional(edition, source.text, "tei", "tei")
    tei = tei.encode("utf-8") if tei is not None else None
    edition.tei = tei
    # A variant shares its parent's rules; each rule is listed once.
    edition.rules = list({record["id"]: _rule(record) for record in rules}.values())
    edition.witnesses = [_witness(w) for w in corpus.load()]
    readings = apparatus.readings_by_clause(clauses, corrections)
    by_game: dict[str, list[dict]] = {}
    for record in clauses:
        by_game.setdefault(record["game"], []).append(record)
    rule_readings = _optional(edition, source.json, "engine readings", "readings", "--json")
    russian = readings_ru.load(_records(rule_readings), subset=isinstance(source, Folder)) if rule_readings else {}
    for record in games:
        game = _game(record, by_game.get(record["slug"], []), readings)
        game.notes.extend(note for id, note in edition.assumptions.items() if id.startswith(f"{game.slug}.assume."))
        game.rule_readings = rule_readings_of(rule_readings, game.slug, edition.win_rates.get(game.slug), russian)
        if game.playable is False and any(rule.game == game.slug for rule in edition.rules if not rule.games):
            game.playable = True
        edition.games.append(game)
    edition.front = [_clause(r, readings) for r in by_game.get("figures", [])]
    edition.terms = _terms(by_game.get("terms", []), readings)
    edition.modern = _modern_quotations(edition, tei)
    if tei is not None:
        from edition import tei as tei_reader

        tei_reader.apply(edition, tei, corrections)
    for game in edition.games:
        if game.playable:
            game.layout = _optional(edition, source.json, f"layout of {game.slug}", "layout", game.slug, "--json")
        if game.layout:
            opening = _optional(edition, source.json, f"deal of {game.slug}", "deal", game.slug, "--seed", "1", "--json")
            for figure in game.figures:
                figure.svg = svg.layout_svg(game.layout, opening, i18n.text("figure.opening", "ru", title=game.title_plain))
    return edition


MEASURE_NAMES = {"player": "for a player", "solvable": "solvable", "single-deal": "single deal"}


def _number(value: float, lang: str, spec: str = ".1f") -> str:
    """A number as the language writes it (a decimal comma in Russian)."""
    text = format(value, spec)
    return text.replace(".", ",") if lang == "ru" else text


def _count(value: int, lang: str) -> str:
    """A whole number with its thousands grouped (a narrow space in Russian)."""
    text = format(value, ",")
    return text.replace(",", "\u202f") if lang == "ru" else text


def rate_text(entry: dict, lang: str = "en") -> str:
    """One measure as the home page prints it: the share won (a bracket
    where deals stayed undecided), its Wilson 95% interval, N, the budget
    and the undecided count; never a rate over the decided deals alone.
    In English, or in Russian (`lang` "ru"; the words from the catalogue)."""
    n, won, unknown = entry["deals"], entry["won"], entry["unknown"]
    if not n:
        return i18n.text("rate.none", lang)
    low, high = 100 * won / n, 100 * (won + unknown) / n
    percent = " %" if lang == "ru" else "%"
    share = (_number(low, lang) + percent if not unknown
             else f"{_number(low, lang)}–{_number(high, lang)}{percent}")
    text = i18n.text("rate.text", lang, share=share, low=_number(100 * entry["low"], lang),
                     high=_number(100 * entry["high"], lang), n=n, budget=budget_text(entry, lang))
    return text + (i18n.text("rate.undecided", lang, n=unknown) if unknown else "")


def budget_text(entry: dict, lang: str = "en") -> str:
    """The budget per deal; where the deals were searched in passes
    (`first_pass_s`), the first pass's budget and the whole one. A budget
    in positions (`decides`) is said in positions, with its worth in
    seconds."""
    if entry.get("decides") == "positions":
        s = _number(entry.get("budget_s") or 0, lang, "g")
        if entry.get("first_pass_nodes"):
            return i18n.text("rate.budget.positions.passes", lang, n=_count(entry["budget_nodes"], lang), s=s,
                             first=_count(entry["first_pass_nodes"], lang))
        return i18n.text("rate.budget.positions", lang, n=_count(entry["budget_nodes"], lang), s=s)
    if entry.get("first_pass_s"):
        return i18n.text("rate.budget.passes", lang, s=_number(entry["budget_s"], lang, "g"),
                         first=_number(entry["first_pass_s"], lang, "g"))
    return i18n.text("rate.budget", lang, s=_number(entry["budget_s"], lang, "g"))


def paired_text_ru(pair: dict) -> str:
    """pasyans.stats.paired_text in Russian (the catalogue's words)."""
    if not pair.get("deals"):
        return i18n.text("paired.none", "ru")
    changed = pair["won_here_only"] + pair["won_default_only"]
    text = i18n.text("paired.text", "ru", changed=changed, deals=pair["deals"], here=pair["won_here_only"],
                     default=pair["won_default_only"])
    if "default_won" in pair:
        text += i18n.text("paired.default", "ru", won=pair["default_won"], deals=pair["deals"])
        if pair.get("default_unknown"):
            text += i18n.text("paired.default-undecided", "ru", n=pair["default_unknown"])
    text += ")"
    if pair["undecided"]:
        text += i18n.text("paired.undecided", "ru", n=pair["undecided"])
    return text


def stale_text(entry: dict, lang: str) -> str:
    """What is out of date under an alternative and so not shown: its
    pairing with the edition's reading, or another measure's figures
    (`pasyans.freshness.STALE` says why, the catalogue in words)."""
    text = ""
    if entry.get("stale"):
        text += i18n.text("odds.stale", lang, reason=i18n.text(f"stale.{entry['stale']}", lang))
    for measure, reason in sorted(entry.get("stale_others", {}).items()):
        text += i18n.text("odds.stale-other", lang, measure=i18n.text(f"measure.{measure}", lang),
                          reason=i18n.text(f"stale.{reason}", lang))
    return text


def _measured(entry: dict, measure: str) -> dict:
    """A measure's entry with its name and text in both languages."""
    return {**entry, "name": MEASURE_NAMES[measure], "text": rate_text(entry),
            "name_ru": i18n.text(f"measure.{measure}", "ru"), "text_ru": rate_text(entry, "ru")}


def _modern_quotations(edition: Edition, tei: bytes | None) -> dict[str, str]:
    """The modern spelling of every text the editors wrote that quotes the
    book (notes, assumptions, rule docs, the witnesses' descriptions)."""
    from edition import spelling
    from edition import tei as tei_reader

    texts = [note.text for note in edition.assumptions.values()] + [rule.doc for rule in edition.rules]
    texts += [note.text for game in edition.games for note in game.notes]
    texts += [text for game in edition.games for r in game.rule_readings
              for text in (r.reason, r.why_default, r.reason_ru, r.why_default_ru,
                           *(a.get(key, "") for a in r.alternatives for key in ("reason", "reason_ru")))]
    texts += [text for w in edition.witnesses for text in (w.title, w.origin, w.holds, w.known_problems)]
    texts += list(edition.book.values())
    if tei is not None:
        texts += tei_reader.plain_texts(tei)
    try:
        return spelling.modernise(texts)
    except Missing:
        edition.missing.append("normalize (the modern spelling of quotations)")
        return {}


def _records(data) -> list[dict]:
    """The list of readings in `pasyans readings --json` (an object or, saved, the bare list)."""
    return data.get("readings", []) if isinstance(data, dict) else data


def rule_readings_of(data, slug: str, rates: dict | None, russian: dict | None = None) -> list[RuleReading]:
    """The readings a game is played under (`pasyans readings --json`), each
    with its Russian (`russian`, as edition.readings_ru loads it; without
    it the Russian fields are empty and the page shows the English in both
    languages), each alternative with its measured odds: the table's entry for the game may
    hold ``"readings": {reading id: {alternative: entry}}`` (entries as the
    game's own, made by `pasyans stats GAME --reading ID=ALT`); the game's
    own rate was measured under the edition's readings, so it is the
    default alternative's where the table has no entry of its own for it."""
    if not data:
        return []
    records = _records(data)
    measured = (rates or {}).get("readings") or {}
    out = []
    try:
        for record in records:
            if slug not in record.get("games", [record["id"].split(".")[0]]):
                continue
            alternatives = []
            for alt in record["alternatives"]:
                entry = (measured.get(record["id"]) or {}).get(alt["id"])
                # the default told by the same measure as the other alternatives measured
                kinds = [e.get("measure") for e in (measured.get(record["id"]) or {}).values()]
                headline = (rates or {}).get(kinds[0]) if kinds else _headline(rates)
                if entry:
                    odds = f"{entry['name']}: {entry['text']}"
                    odds_ru = f"{entry['name_ru']}: {entry['text_ru']}"
                    if entry.get("paired"):
                        odds += "; deal by deal against the edition's reading: " + paired_text(entry["paired"])
                        odds_ru += i18n.text("odds.paired", "ru") + paired_text_ru(entry["paired"])
                    odds += stale_text(entry, "en")
                    odds_ru += stale_text(entry, "ru")
                elif headline and alt["id"] == record["default"]:
                    odds = (f"{headline['name']}: {headline['text']} (the table's figure for the game, measured "
                            "under the edition's readings)")
                    odds_ru = f"{headline['name_ru']}: {headline['text_ru']}" + i18n.text("odds.headline", "ru")
                else:
                    odds = odds_ru = ""
                ru = ((russian or {}).get(record["id"]) or {}).get("alternatives", {}).get(alt["id"], {})
                alternatives.append({**alt, "odds": odds, "odds_ru": odds_ru,
                                     "label_en": readings_ru.english_label(alt["id"]),
                                     "label": ru.get("label", ""), "reason_ru": ru.get("reason", "")})
            ru = (russian or {}).get(record["id"]) or {}
            out.append(RuleReading(
                id=record["id"], reason=record.get("reason", ""), default=record["default"],
                why_default=record.get("why_default", ""), source=record.get("source", ""),
                changes_deal=bool(record.get("changes_deal")), alternatives=alternatives,
                clause_ids=list(record.get("clause_ids", [])), rule_ids=list(record.get("rule_ids", [])),
                name_ru=ru.get("name", ""), reason_ru=ru.get("question", ""), why_default_ru=ru.get("why_default", "")))
    except (KeyError, TypeError, AttributeError) as error:
        raise InputError(f"not a list of readings of `pasyans readings --json` ({error!r})", "readings") from None
    return out


def _headline(measures: dict | None) -> dict | None:
    """The measure a reading's odds are told by: the player's, else the solvable, else the single deal."""
    for key in ("player", "solvable", "single-deal"):
        if measures and measures.get(key):
            return measures[key]
    return None


def read_win_rates(path: Path, records: Path | None = None) -> dict[str, dict]:
    """The solver's table by game: {slug: {measure: entry with a `text`}}
    (`pasyans stats ... --table FILE`); {} if the solver has not written
    its table yet. An InputError names the file if it is not such a table.

    Every figure is brought to what the per-deal records say (`records`,
    by default the folder winrates/ beside the table, as data/winrates/ is
    beside data/winrates.json; `pasyans.freshness`): a pairing with the
    edition's reading is recomputed from them, or, where it cannot be,
    left out and the entry marked ``stale`` with the reason."""
    if not path.exists():
        return {}
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
        freshness.refresh(table, records or path.parent / "winrates")
        rates = {}
        for slug, game in table["games"].items():
            measures = {}
            for measure, entry in game["measures"].items():
                if measure not in MEASURE_NAMES:
                    raise ValueError(f"unknown measure {measure!r}")
                measures[measure] = _measured(entry, measure)
            rates[slug] = measures
            under = {}
            for ident, alternatives in game.get("readings", {}).items():
                for alt, place in alternatives.items():
                    told = {m: _measured(e, m) for m, e in place["measures"].items() if m in MEASURE_NAMES}
                    # a measure whose pairing is stale gives way to one that is current, and says so
                    chosen = _headline({m: e for m, e in told.items() if not e.get("stale")}) or _headline(told)
                    if chosen:
                        others = {m: e["stale"] for m, e in told.items() if e.get("stale") and e is not chosen}
                        under.setdefault(ident, {})[alt] = {**chosen, "stale_others": others}
            if under:
                measures["readings"] = under
        return rates
    except json.JSONDecodeError as error:
        raise InputError(f"not JSON: {error.msg}", str(path), error.lineno) from None
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError) as error:
        raise InputError(f"not a win-rate table of `pasyans stats --table` ({error!r})", str(path)) from None


def rule_records(data) -> dict:
    """`pasyans rules --json` as {"rules": [...], "assumptions": [...]}
    (an older engine printed the list of rules alone)."""
    if data is None:
        return {"rules": [], "assumptions": []}
    if isinstance(data, list):
        return {"rules": data, "assumptions": []}
    return {"rules": data.get("rules", []), "assumptions": data.get("assumptions", [])}


def _rule(record: dict) -> Rule:
    game = record["id"].split(".")[0]
    return Rule(id=record["id"], game=game, doc=record.get("doc", ""),
                clauses=list(record.get("clause_ids", [])) + list(record.get("assumption_ids", [])),
                file=record.get("file", ""), line=record.get("line"), kind=record.get("kind", ""),
                games=list(record.get("games", [])))


def _witness(w) -> Witness:
    return Witness(id=w.id, title=w.title, origin=w.origin, date=w.date, holds=w.holds,
                   known_problems=w.known_problems, file=w.file, sha256=w.sha256, source=w.source,
                   cite=w.cite.model_dump() if w.cite else None)


def _clause(record: dict, marks: dict[str, list[apparatus.Mark]]) -> Clause:
    old, new = record["text_1912"], record["text_modern"]
    mine = marks.get(record["id"], [])
    return Clause(
        id=record["id"], game=record["game"], section=record["section"], kind=record["kind"],
        html=markup.layered(old, new, mine), english=record.get("english") or "",
        plain_1912=old, plain_modern=new, rules=list(record.get("rule_ids", [])),
        readings=[mark.reading for mark in mine],
    )


def _terms(records: list[dict], marks) -> list[Term]:
    """Glossary entries from the clause list: one per term, its head unknown
    (only the TEI prints it), its definition the clauses of that term."""
    terms: dict[str, Term] = {}
    for record in records:
        slug = record.get("term") or record["section"]
        term = terms.setdefault(slug, Term(id=f"term.{slug}", html=markup.escape(slug), english="", plain=slug))
        term.clauses.append(_clause(record, marks))
    return list(terms.values())


def _game(record: dict, clause_records: list[dict], readings) -> Game:
    old, new = record.get("ru_1912") or record["ru_modern"], record["ru_modern"]
    witnesses = record.get("witnesses", [])
    game = Game(
        slug=record["slug"], title=markup.layered(old, new), title_plain=new, title_old=old, title_en=record["en"],
        decks=record.get("decks"), status=record.get("status", ""),
        source=f"witness{'es' if len(witnesses) > 1 else ''} {', '.join(witnesses)}" if witnesses else "",
        cadogan=record.get("cadogan") or "", playable=record.get("status") == "playable",
        cadogan_number=record.get("cadogan_number"), witnesses=list(witnesses),
    )
    if record.get("note"):
        game.notes.append(Note(id=f"{game.slug}.note.title", text=record["note"]))
    for clause_record in clause_records:
        clause = _clause(clause_record, readings)
        if not game.sections or game.sections[-1].name != clause.section and clause.section != "table":
            old_label, new_label, en = SECTION_LABELS.get(clause.section, ("", "", ""))
            game.sections.append(Section(clause.section, markup.layered(old_label, new_label), en))
        game.sections[-1].clauses.append(clause)
        if clause.section == "table":
            game.figures.append(Figure(clause.id, clause.html, clause.english))
    return game
