"""The TEI P5 document: the edition's source of truth.

In: `extract.book()` (clauses, blocks, variants), the glossary, the games
table, the corpus manifest and data/edition.toml. Out: one `<TEI>` tree.

- Russian and English are two `<text>`s of a `<group>`; each English
  `<seg>` points to its Russian clause by `@corresp` (and back).
- Inside a clause, the normaliser's pieces become `<choice><sic><corr>`
  (OCR repair) and `<choice><orig><reg>` (modern spelling, nested inside
  `<corr>` where a word was both repaired and modernised); witness variants
  become `<app><lem wit><rdg wit>` (parallel segmentation).
- Lost tables are `<figure><head>`; editorial decisions of the structure
  map are `<note type="editorial">`; each witness line starts with a
  `<milestone unit="line" ed="#wNNN" n="N"/>`, so every word can be traced.

Reading the tree back with `reading(element, layer)` gives each clause's
raw, 1912 or modern text; the tests check that it equals the clause's.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from lxml import etree

import corpus
from extract import games as games_module
from extract import layers
from extract.structure import Span

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
T = "{%s}" % TEI_NS
XML_ID = "{%s}id" % XML_NS
XML_LANG = "{%s}lang" % XML_NS
SCHEMA = Path(__file__).parent / "schema" / "tei_all.rng"
EDITION_FILE = Path(__file__).parent / "data" / "edition.toml"
KIND_DESCRIPTIONS = {
    "rule": "what is allowed or required",
    "procedure": "how to deal, lay out or proceed",
    "advice": "strategy",
    "definition": "a term of the glossary",
    "caption": "the caption of a lost table",
    "note": "an aside, or an introduction of a modern witness",
    "remark": "a closing remark on the game as a whole",
}
SECTION_DIVS = {"decks": "decks", "rule": "rules", "play": "play", "intro": "intro", "terms": "glossary"}


def el(parent, tag: str, text: str | None = None, **attributes) -> etree._Element:
    element = etree.SubElement(parent, T + tag) if parent is not None else etree.Element(T + tag, nsmap={None: TEI_NS})
    for name, value in attributes.items():
        if value is not None:
            element.set({"xml_id": XML_ID, "xml_lang": XML_LANG}.get(name, name.rstrip("_")), str(value))
    if text:
        element.text = text
    return element


def add_text(parent, text: str) -> None:
    """Append text at the end of `parent`, after any children."""
    if not text:
        return
    if len(parent):
        parent[-1].tail = (parent[-1].tail or "") + text
    else:
        parent.text = (parent.text or "") + text


# --- inline text: pieces, choices, variants -----------------------------------------------


def _render_piece(parent, piece: layers.Piece, part: str | None = None) -> None:
    """One aligned piece; `part` is a substring of an unchanged piece."""
    if piece.raw == piece.diplomatic == piece.modern:
        add_text(parent, piece.raw if part is None else part)
        return
    kinds = {getattr(step, "layer", ""): getattr(step, "kind", None) for step in piece.steps}
    if piece.raw != piece.diplomatic:
        choice = el(parent, "choice")
        el(choice, "sic", piece.raw or None)
        corr = el(choice, "corr", type=kinds.get("diplomatic"))
        target = corr
    else:
        target = parent
    if piece.diplomatic != piece.modern:
        inner = el(target, "choice")
        el(inner, "orig", piece.diplomatic or None)
        el(inner, "reg", piece.modern or None, type=kinds.get("modern"))
    else:
        add_text(target, piece.diplomatic)


def render_range(parent, line: layers.Layered, start: int, end: int, include_insert_at_start: bool = False) -> None:
    """The raw range [start, end) of a line, with its repairs and modernisations."""
    at = 0
    for piece in line.pieces:
        stop = at + len(piece.raw)
        if piece.raw == "":
            if start < at <= end or (at == start and include_insert_at_start):
                _render_piece(parent, piece)
        elif stop > start and at < end:
            if piece.raw == piece.diplomatic == piece.modern:
                _render_piece(parent, piece, piece.raw[max(start, at) - at:min(end, stop) - at])
            else:
                _render_piece(parent, piece)
        at = stop


def _snap(line: layers.Layered, start: int, end: int) -> tuple[int, int]:
    """Widen a raw range so that it does not cut a changed piece."""
    at = 0
    for piece in line.pieces:
        stop = at + len(piece.raw)
        changed = not (piece.raw == piece.diplomatic == piece.modern)
        if changed and at < start < stop:
            start = at
        if changed and at < end < stop:
            end = stop
        at = stop
    return start, end


def render_span(parent, line: layers.Layered, start: int, end: int, variants: list, first: bool) -> None:
    """A clause's part of one line, with the witness variants that fall in it."""
    cuts = []
    for variant in variants:
        for span in variant.base_spans:
            if span.witness == line.witness and span.line == line.number and start <= span.start <= end:
                a, b = _snap(line, span.start, span.end)
                cuts.append((max(a, start), min(b, end) if b > a else max(a, start), variant))
    cuts.sort(key=lambda cut: (cut[0], cut[1]))
    at = start
    for a, b, variant in cuts:
        if a < at:
            continue  # overlapping variants: the first one wins
        render_range(parent, line, at, a, include_insert_at_start=first and at == start)
        app = el(parent, "app")
        lem = el(app, "lem", wit=f"#w{variant.base}")
        render_range(lem, line, a, b)
        el(app, "rdg", variant.reading or None, wit=f"#w{variant.witness}", type=variant.kind,
           cause=None if variant.significant else "ocr")
        at = b
    render_range(parent, line, at, end, include_insert_at_start=first and at == start)


def milestone(parent, witness: str, number: int) -> None:
    el(parent, "milestone", unit="line", ed=f"#w{witness}", n=number)


def render_clause(parent, clause, state: dict) -> etree._Element:
    seg = el(parent, "seg", xml_id=clause.id, type=clause.kind, ana=f"#kind.{clause.kind}", corresp=f"#en.{clause.id}")
    for index, span in enumerate(clause.spans):
        line = layers.witness_lines(span.witness)[span.line - 1]
        if index:
            add_text(seg, " ")
        if state.get("line") != (span.witness, span.line):
            milestone(seg, span.witness, span.line)
            state["line"] = (span.witness, span.line)
        mine = [v for v in clause.variants if any(s.line == span.line and s.witness == span.witness for s in v.base_spans)]
        render_span(seg, line, span.start, span.end, mine, first=True)
    return seg


def render_line_text(parent, witness: str, number: int, start: int = 0, end: int | None = None) -> None:
    line = layers.witness_lines(witness)[number - 1]
    raw = line.text("raw")
    end = len(raw.rstrip()) if end is None else end
    while start < end and raw[start].isspace():
        start += 1
    render_range(parent, line, start, end, include_insert_at_start=True)


# --- the Russian text ------------------------------------------------------------------


class _Game:
    """Builds one game's <div>, opening sub-divisions as sections change."""

    def __init__(self, parent, slug: str, game, apparatus: list):
        self.div = el(parent, "div", type="game", n=slug, xml_id=f"game.{slug}")
        self.slug, self.game, self.apparatus = slug, game, apparatus
        self.current = None  # the open sub-division
        self.section = None
        self.noted: set[int] = set()
        self.state: dict = {}

    def note(self, parent, span: Span) -> None:
        if span.editorial and span.index not in self.noted:
            self.noted.add(span.index)
            el(parent, "note", span.reason, type="editorial", resp="#editors")

    def head(self, block, type_: str | None = None) -> None:
        content_started = self.current is not None
        if block.kind == "label" or content_started:
            kind = "rules" if block.text.startswith("Правил") else "play" if block.text.startswith("Игра") else "part"
            self.current = el(self.div, "div", type=kind)
            self.section = {"rules": "rule", "play": "play"}.get(kind, "any")
            parent = self.current
        else:
            parent = self.div
        head = el(parent, "head", type=type_ or ("sub" if block.kind == "label" else "main"))
        self._head_content(head, block)
        self.note(parent, block.span)

    def _head_content(self, head, block) -> None:
        number = block.lines[0]
        omitted = [v for v in self.apparatus
                   if any(s.witness == block.span.witness and s.line == number for s in v.base_spans)]
        if omitted:
            app = el(head, "app")
            lem = el(app, "lem", wit=f"#w{omitted[0].base}")
            milestone(lem, block.span.witness, number)
            render_line_text(lem, block.span.witness, number)
            el(app, "rdg", wit=f"#w{omitted[0].witness}", type=omitted[0].kind)
        else:
            milestone(head, block.span.witness, number)
            render_line_text(head, block.span.witness, number)

    def container(self, section: str):
        if self.current is None or (self.section not in (section, "any") and section != "table"):
            self.current = el(self.div, "div", type=SECTION_DIVS.get(section, "figures"))
            self.section = section if section != "table" else "any"
        return self.current

    def paragraph(self, block) -> None:
        if block.section == "table":
            figure = el(self.container("table"), "figure")
            head = el(figure, "head")
            render_clause(head, block.clauses[0], self.state)
            for clause in block.clauses[1:]:
                add_text(head, " ")
                render_clause(head, clause, self.state)
            self.note(figure, block.span)
            return
        p = el(self.container(block.section), "p", n=block.label[:-1] if block.label else None)
        if block.label:
            first = block.clauses[0].spans[0]
            milestone(p, first.witness, first.line)
            self.state["line"] = (first.witness, first.line)
            label = el(p, "label")
            render_line_text(label, first.witness, first.line, 0, _label_end(first))
            add_text(p, " ")
        for index, clause in enumerate(block.clauses):
            if index:
                add_text(p, " ")
            render_clause(p, clause, self.state)
        self.note(p, block.span)


def _label_end(span) -> int:
    raw = layers.witness_lines(span.witness)[span.line - 1].text("raw")
    end = span.start
    while end > 0 and raw[end - 1].isspace():
        end -= 1
    return end


def _supplied_head(div, game) -> None:
    head = el(div, "head", type="main")
    el(head, "supplied", game.ru_1912 or game.ru_modern, reason="heading lost or not printed", resp="#editors")


def _russian_games(body, book) -> None:
    for slug in games_module.games():
        game = games_module.games()[slug]
        builder = _Game(body, slug, game, book.apparatus)
        blocks = book.games[slug]
        if not any(block.kind == "heading" for block in blocks):
            _supplied_head(builder.div, game)  # 001 lost its headings; the variants have none
        notes = []
        if game.note:
            notes.append(el(None, "note", game.note, type="editorial", resp="#editors"))
        if game.inherits:
            notes.append(el(None, "note", f"A variant of {games_module.games()[game.inherits].ru_1912 or game.inherits}: "
                            f"its rules are those of that game, except as its own text says.", type="editorial",
                            resp="#editors", target=f"#game.{game.inherits}"))
        for block in blocks:
            if block.kind in ("heading", "label", "frame"):
                builder.head(block, "source" if block.kind == "frame" else None)
            else:
                builder.paragraph(block)
        # the game's own notes go right after its title
        at = next((i for i, child in enumerate(builder.div) if child.tag != T + "head"), len(builder.div))
        for offset, note in enumerate(notes):
            builder.div.insert(at + offset, note)


def _russian_front(front, book, terms) -> None:
    state: dict = {}
    figures = el(front, "div", type="figures", xml_id="figures")
    for block in book.games["figures"]:
        if block.kind == "heading":
            head = el(figures, "head")
            milestone(head, block.span.witness, block.lines[0])
            render_line_text(head, block.span.witness, block.lines[0])
        else:
            p = el(figures, "p")
            for index, clause in enumerate(block.clauses):
                if index:
                    add_text(p, " ")
                render_clause(p, clause, state)
    glossary = el(front, "div", type="glossary", xml_id="terms")
    listing = None
    by_slug = {term.slug: term for term in terms}
    for block in book.games["terms"]:
        if block.kind == "heading":
            head = el(glossary, "head")
            milestone(head, block.span.witness, block.lines[0])
            render_line_text(head, block.span.witness, block.lines[0])
            continue
        if listing is None:
            listing = el(glossary, "list", type="gloss")
        first = block.clauses[0].spans[0]
        label = el(listing, "label")
        term = el(label, "term", xml_id=f"term.{block.term}")
        milestone(term, block.span.witness, block.lines[0])
        render_line_text(term, block.span.witness, block.lines[0], 0,
                         _label_end(first) if first.line == block.lines[0] else None)
        state["line"] = (block.span.witness, block.lines[0])
        item = el(listing, "item")
        for index, clause in enumerate(block.clauses):
            if index:
                add_text(item, " ")
            render_clause(item, clause, state)
        entry = by_slug[block.term]
        uses = el(item, "note", type="uses")
        add_text(uses, f"English: {entry.en}. Used in: ")
        for index, use in enumerate(entry.uses):
            if index:
                add_text(uses, ", ")
            el(uses, "ref", use.form_1912, target=f"#{use.clause}")
        if not entry.uses:
            add_text(uses, "no other clause")
        add_text(uses, ".")


# --- the English text -------------------------------------------------------------------


def _english_clauses(parent, clauses) -> None:
    for index, clause in enumerate(clauses):
        if index:
            add_text(parent, " ")
        el(parent, "seg", clause.english or "", xml_id=f"en.{clause.id}", corresp=f"#{clause.id}", type=clause.kind)


def _english(text, book, terms) -> None:
    front = el(text, "front")
    figures = el(front, "div", type="figures", corresp="#figures")
    el(figures, "head", "Explanation of the figures")
    for block in book.games["figures"]:
        if block.clauses:
            _english_clauses(el(figures, "p"), block.clauses)
    glossary = el(front, "div", type="glossary", corresp="#terms")
    el(glossary, "head", "Explanation of terms")
    listing = el(glossary, "list", type="gloss")
    by_slug = {term.slug: term for term in terms}
    for block in book.games["terms"]:
        if block.clauses:
            label = el(listing, "label")
            el(label, "term", by_slug[block.term].en, corresp=f"#term.{block.term}")
            _english_clauses(el(listing, "item"), block.clauses)
    body = el(text, "body")
    for slug, game in games_module.games().items():
        div = el(body, "div", type="game", n=slug, corresp=f"#game.{slug}")
        el(div, "head", game.en)
        for block in book.games[slug]:
            if block.kind != "paragraph":
                continue
            if block.section == "table":
                _english_clauses(el(el(div, "figure"), "head"), block.clauses)
            else:
                p = el(div, "p", n=block.label[:-1] if block.label else None)
                if block.label:
                    el(p, "label", block.label)
                    add_text(p, " ")
                _english_clauses(p, block.clauses)


# --- the header -------------------------------------------------------------------------


@cache
def _edition() -> dict:
    return tomllib.loads(EDITION_FILE.read_text(encoding="utf-8"))


def _header(tei, book) -> None:
    data = _edition()
    header = el(tei, "teiHeader")
    file_desc = el(header, "fileDesc")
    title_stmt = el(file_desc, "titleStmt")
    el(title_stmt, "title", data["title"], xml_lang="ru")
    el(title_stmt, "title", data["title_en"], xml_lang="en", type="alt")
    resp = el(title_stmt, "respStmt", xml_id="editors")
    el(resp, "resp", "edited, encoded and translated by")
    el(resp, "name", data["editor"])
    publication = el(file_desc, "publicationStmt")
    el(publication, "publisher", data["editor"])
    availability = el(publication, "availability")
    el(availability, "p", data["licence"])
    source_desc = el(file_desc, "sourceDesc")
    bibl = el(source_desc, "bibl", xml_id="print1912")
    printed = data["print"]
    el(bibl, "title", printed["title"], xml_lang="ru")
    el(bibl, "publisher", printed["publisher"])
    el(bibl, "pubPlace", printed["place"])
    el(bibl, "date", printed["date"], when=printed["date"])
    el(bibl, "note", printed["note"])
    list_wit = el(source_desc, "listWit")
    for witness in corpus.witnesses().values():
        item = el(list_wit, "witness", xml_id=f"w{witness.id}", n=witness.id)
        add_text(item, f"{witness.title}. {witness.origin}; {witness.date}. Holds: {witness.holds}. "
                       f"Known problems: {witness.known_problems}. File {witness.file}, sha256 {witness.sha256}.")
        for overlap in book.overlaps:
            if overlap.witness == witness.id:
                add_text(item, f" Lines {overlap.first}-{overlap.last} repeat witness {overlap.base} lines "
                               f"{overlap.base_first}-{overlap.base_last} and are collated with them: {overlap.reason}.")
    encoding = el(header, "encodingDesc")
    principles = data["principles"]
    project = el(encoding, "projectDesc")
    el(project, "p", principles["sources"])
    el(project, "p", principles["structure"])
    el(project, "p", principles["translation"])
    decl = el(encoding, "editorialDecl")
    el(el(decl, "correction"), "p", principles["correction"])
    el(el(decl, "normalization"), "p", principles["normalization"])
    el(el(decl, "segmentation"), "p", principles["segmentation"])
    el(decl, "p", principles["collation"])
    class_decl = el(encoding, "classDecl")
    taxonomy = el(class_decl, "taxonomy", xml_id="clause-kinds")
    for kind, description in KIND_DESCRIPTIONS.items():
        category = el(taxonomy, "category", xml_id=f"kind.{kind}")
        el(category, "catDesc", f"{kind}: {description}")
    el(encoding, "variantEncoding", method="parallel-segmentation", location="internal")
    profile = el(header, "profileDesc")
    languages = el(profile, "langUsage")
    el(languages, "language", "Russian, 1912 spelling and modern spelling", ident="ru")
    el(languages, "language", "English (our translation)", ident="en")


# --- the document -----------------------------------------------------------------------


def document() -> etree._ElementTree:
    """The whole edition as a TEI P5 tree."""
    import extract
    from extract import glossary

    book = extract.book()
    terms = glossary.glossary()
    tei = el(None, "TEI", xml_lang="ru")
    _header(tei, book)
    outer = el(tei, "text")
    group = el(outer, "group")
    russian = el(group, "text", xml_id="ru", xml_lang="ru")
    _russian_front(el(russian, "front"), book, terms)
    _russian_games(el(russian, "body"), book)
    english = el(group, "text", xml_id="en", xml_lang="en")
    _english(english, book, terms)
    return etree.ElementTree(tei)


def serialize(tree: etree._ElementTree) -> str:
    return etree.tostring(tree, encoding="unicode", pretty_print=False, xml_declaration=False).join(
        ['<?xml version="1.0" encoding="UTF-8"?>\n', "\n"])


# --- reading the tree back ---------------------------------------------------------------

DROP = {"raw": {"corr", "reg", "rdg", "note"}, "diplomatic": {"sic", "reg", "rdg", "note"},
        "modern": {"sic", "orig", "rdg", "note"}}


def reading(element, layer: str) -> str:
    """The text of an element in one layer: raw (sic), 1912 (corr, orig) or modern (corr, reg)."""
    parts = [element.text or ""]
    for child in element:
        if isinstance(child.tag, str) and etree.QName(child).localname not in DROP[layer]:
            parts.append(reading(child, layer))
        parts.append(child.tail or "")
    return "".join(parts)


def check_choices(tree) -> list[str]:
    """Problems with <choice> pairs, which the schema does not check."""
    problems = []
    for choice in tree.iter(T + "choice"):
        names = sorted(etree.QName(child).localname for child in choice if isinstance(child.tag, str))
        if names not in (["corr", "sic"], ["orig", "reg"]):
            where = choice.getparent()
            while where is not None and where.get(XML_ID) is None:
                where = where.getparent()
            problems.append(f"<choice> with {names} in {where.get(XML_ID) if where is not None else 'the document'}")
    return problems


@cache
def relaxng() -> etree.RelaxNG:
    """tei_all, compiled by lxml (about 15 s: compile once per process)."""
    return etree.RelaxNG(etree.parse(str(SCHEMA)))


def validate(tree) -> list[str]:
    """Schema errors (lxml) and choice-pairing problems; empty when the edition is valid."""
    schema = relaxng()
    problems = [] if schema.validate(tree) else [f"line {e.line}: {e.message}" for e in schema.error_log]
    return problems + check_choices(tree)


def validate_with_jing(path: Path) -> list[str] | None:
    """jing's errors for a written file, or None if jing is not installed."""
    import shutil
    import subprocess

    jing = shutil.which("jing")
    if jing is None:
        return None
    result = subprocess.run([jing, str(SCHEMA), str(path)], capture_output=True, text=True, check=False)
    lines = result.stdout.splitlines() + result.stderr.splitlines()
    return [line for line in lines if line.strip() and not line.startswith("[warning]")]
