"""Read the TEI edition (the source of truth) into the site's records.

The Russian `<text xml:id="ru">` gives the structure (game divs, their
sections, heads, paragraphs, figures, editorial notes), the clauses
(`<seg xml:id>`), both spelling layers (`<choice><orig><reg>`), the OCR
repairs (`<choice><sic><corr type>`) and the witness variants
(`<app><lem><rdg wit>`); the English `<text xml:id="en">` gives one `<seg>`
per clause, joined by @corresp.

Inline markup becomes *atoms* (1912 text, modern text, apparatus entries),
grouped into words, so that a repair inside a word marks the whole word:
a mark on a single letter would be too small to hover or tap.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import regex
from lxml import etree
from markupsafe import Markup, escape

from edition import markup
from edition.model import Clause, Edition, Figure, Note, Reading, Section, Term

TEI = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
# Spaces and punctuation separate words: a mark covers the word, not the comma.
_SEPARATOR = regex.compile(r"([\s\p{P}]+)")

SECTION_ENGLISH = {"rules": "Rules", "play": "Play", "intro": "Introduction"}


@dataclass
class Atom:
    old: str
    new: str
    readings: list[Reading] = field(default_factory=list)
    sic: str | None = None  # what the witness has, where this atom is a repair


class Reasons:
    """The reason of a repair, from the correction list: by (kind, OCR text,
    repair) where known, else the reason most often given for the kind."""

    def __init__(self, corrections: list[dict]):
        self.exact: dict[tuple, str] = {}
        counts: dict[str, dict[str, int]] = {}
        for fix in corrections:
            if fix.get("layer", "diplomatic") != "diplomatic":
                continue
            kind, reason = fix.get("kind", ""), fix.get("reason", "")
            self.exact.setdefault((kind, fix.get("before"), fix.get("after")), reason)
            counts.setdefault(kind, {}).setdefault(reason, 0)
            counts[kind][reason] += 1
        self.by_kind = {kind: max(reasons, key=reasons.get) for kind, reasons in counts.items()}

    def __call__(self, kind: str, sic: str, corr: str) -> str:
        return self.exact.get((kind, sic, corr)) or self.by_kind.get(kind, "")


def _local(el) -> str:
    return el.tag[len(TEI):] if isinstance(el.tag, str) and el.tag.startswith(TEI) else ""


def _text_of(el, layer: str) -> str:
    """Plain text of an element (None: empty) in one layer, "old" or "new"."""
    if el is None:
        return ""
    return "".join(atom.new if layer == "new" else atom.old for atom in _atoms(el, _Context(lambda *a: "")))


class _Context:
    """Numbering of the marks in one clause (or heading), and the witness
    the text comes from (the last line milestone's @ed)."""

    def __init__(self, reasons, clause: str = "", witness: str = "", modern: dict | None = None):
        self.reasons = reasons
        self.clause = clause
        self.count = 0
        self.witness = witness
        self.modern = modern or {}  # the modern spelling of the editors' supplied text

    def reading(self, **fields) -> Reading:
        self.count += 1
        fields.setdefault("witness", self.witness)
        return Reading(id=f"app-{self.clause}-{self.count}", clause=self.clause, **fields)


def _atoms(el, ctx: _Context) -> list[Atom]:
    """The atoms of an element's content (its tail belongs to its parent)."""
    out: list[Atom] = []
    if el.text:
        out.append(Atom(el.text, el.text))
    for child in el:
        name = _local(child)
        if name == "choice":
            out.extend(_choice(child, ctx))
        elif name == "app":
            out.extend(_app(child, ctx))
        elif name == "milestone":
            ctx.witness = (child.get("ed") or "").lstrip("#w") or ctx.witness
        elif name == "note" or not isinstance(child.tag, str):
            pass  # notes are rendered apart; comments carry no text
        elif name == "supplied":
            # The editors' own words carry no spelling layers in the TEI.
            inner = [Atom(a.old, ctx.modern.get(a.old, a.new)) if a.old == a.new else a for a in _atoms(child, ctx)]
            out.extend([Atom("[", "["), *inner, Atom("]", "]")])
        else:  # seg, label, term, hi, ref, ...: their text
            out.extend(_atoms(child, ctx))
        if child.tail:
            out.append(Atom(child.tail, child.tail))
    return out


def _choice(el, ctx: _Context) -> list[Atom]:
    parts = {_local(child): child for child in el if isinstance(child.tag, str)}
    if "orig" in parts:  # the spelling layers: 1912 and modern
        return [Atom(_text_of(parts["orig"], "old"), _text_of(parts.get("reg"), "new"))]
    if "corr" in parts:  # an OCR repair: the witness has <sic>
        corr, sic = parts["corr"], parts.get("sic")
        sic_text = _text_of(sic, "old")
        inner = _atoms(corr, ctx)
        kind = corr.get("type") or "correction"
        old = "".join(atom.old for atom in inner)
        reading = ctx.reading(kind=kind, text=old, original=sic_text,
                              reason=ctx.reasons(kind, sic_text, old))
        return [Atom("".join(a.old for a in inner), "".join(a.new for a in inner), [reading], sic=sic_text)]
    first = next((child for child in el if isinstance(child.tag, str)), None)
    return _atoms(first, ctx) if first is not None else []


def _app(el, ctx: _Context) -> list[Atom]:
    """A witness variant: the base reading (<lem>) stands in the text, each
    <rdg> is shown in the mark's note."""
    lem = el.find(TEI + "lem")
    atoms = _atoms(lem, ctx) if lem is not None else []
    for rdg in el.findall(TEI + "rdg"):
        reading_text = _text_of(rdg, "old")
        witness = " ".join(w.lstrip("#w") for w in (rdg.get("wit") or "").split())
        base = " ".join(w.lstrip("#w") for w in ((lem.get("wit") if lem is not None else "") or "").split())
        reading = ctx.reading(kind="variant", text="".join(a.old for a in atoms),
                              original=reading_text or "(nothing: the passage is missing)",
                              reason=f"Witness {witness} reads differently; the text follows witness {base}."
                              if base else f"Witness {witness} reads differently.", witness=witness)
        for atom in atoms:
            atom.readings = atom.readings + [reading]
    return atoms


def _words(atoms: list[Atom]) -> list[list[Atom]]:
    """Split at whitespace (which only unchanged text holds) into words and spaces."""
    pieces: list[tuple[bool, Atom]] = []  # (separator?, atom)
    for atom in atoms:
        if atom.old == atom.new and not atom.readings and _SEPARATOR.search(atom.old):
            pieces.extend((bool(_SEPARATOR.fullmatch(part)), Atom(part, part))
                          for part in _SEPARATOR.split(atom.old) if part)
        else:
            pieces.append((False, atom))
    words: list[list[Atom]] = []
    last_was_separator = True
    for separator, piece in pieces:
        if separator or last_was_separator:
            words.append([piece])
        else:
            words[-1].append(piece)
        last_was_separator = separator
    return words


def render(atoms: list[Atom]) -> tuple[Markup, list[Reading]]:
    """HTML of the atoms with both layers and the apparatus marks, and the
    readings (one per mark) for the list below the text."""
    out, readings = [], []
    for word in _words(atoms):
        inner = Markup("").join(escape(a.old) if a.old == a.new else markup.both(a.old, a.new, lang=False)
                                for a in word)
        found = list({id(r): r for a in word for r in a.readings}.values())
        if not found:
            out.append(inner)
            continue
        first = found[0]
        original = "".join(a.sic if a.sic is not None else a.old for a in word)
        merged = Reading(id=first.id, clause=first.clause,
                         kind=" + ".join(dict.fromkeys(r.kind for r in found)),
                         text="".join(a.old for a in word), text_modern="".join(a.new for a in word),
                         original=original if any(r.kind != "variant" for r in found) else first.original,
                         reason=" ".join(dict.fromkeys(r.reason for r in found if r.reason)),
                         witness=" ".join(dict.fromkeys(r.witness for r in found if r.witness)))
        readings.append(merged)
        out.append(markup.annotated(inner, merged))
    return Markup("").join(out), readings


@dataclass
class Parsed:
    """What the TEI says, by id."""

    english: dict[str, str]
    games: dict[str, list]  # slug -> sections
    notes: dict[str, list[Note]]  # slug -> game-level editorial notes
    heads: dict[str, list[tuple[Markup, str]]]  # slug -> the game's headings, with how they stand
    figures: dict[str, list[Figure]]
    front: list[Clause]
    terms: list[Term]
    principles: list[str] = field(default_factory=list)  # the header's editorial declarations
    front_heads: dict[str, Markup] = field(default_factory=dict)  # "figures", "glossary": the printed headings
    book: dict[str, str] = field(default_factory=dict)  # the 1912 print as the header describes it
    front_titles: dict[str, dict[str, str]] = field(default_factory=dict)  # the headings as titles, by layer


def _english(root) -> dict[str, str]:
    found = {}
    for text in root.iter(TEI + "text"):
        if text.get(XML_ID) != "en":
            continue
        for seg in text.iter(TEI + "seg"):
            target = (seg.get("corresp") or "").lstrip("#")
            if target:
                found[target] = " ".join("".join(seg.itertext()).split())
        for term in text.iter(TEI + "term"):
            target = (term.get("corresp") or "").lstrip("#")
            if target:
                found[target] = " ".join("".join(term.itertext()).split())
    return found


def _line_of(seg):
    """The line milestone the clause begins on: its own first child, or the
    last one before it."""
    first = seg[0] if len(seg) else None
    if first is not None and _local(first) == "milestone" and not (seg.text or "").strip():
        return first
    before = seg.xpath("preceding::t:milestone[@unit='line'][1]", namespaces={"t": TEI[1:-1]})
    return before[0] if before else None


def _clause(seg, game: str, section: str, reasons, english: dict, label: str = "", paragraph: str = "") -> Clause:
    ident = seg.get(XML_ID)
    milestone = _line_of(seg)
    witness = (milestone.get("ed") or "").lstrip("#w") if milestone is not None else ""
    ctx = _Context(reasons, ident, witness)
    atoms = _atoms(seg, ctx)
    if label:
        atoms = [Atom(label + " ", label + " ")] + atoms
    html, readings = render(atoms)
    clause = Clause(id=ident, game=game, section=section, html=html, english=english.get(ident, ""),
                    plain_1912="".join(a.old for a in atoms).strip(),
                    plain_modern="".join(a.new for a in atoms).strip(),
                    kind=seg.get("type") or "", readings=readings, witness=witness,
                    line=milestone.get("n", "") if milestone is not None else "", paragraph=paragraph or ident)
    return clause


def _note(el, fallback_id: str) -> Note:
    text = " ".join("".join(el.itertext()).split())
    return Note(id=el.get(XML_ID) or fallback_id, text=text[:1].upper() + text[1:], kind="note")


def _walk_game(div, slug: str, reasons, english: dict, modern: dict):
    sections: list[Section] = []
    figures: list[Figure] = []
    notes: list[Note] = []
    count = iter(range(1, 10_000))  # one numbering for all of the game's notes
    paragraphs = iter(range(1, 10_000))

    def note_id() -> str:
        return f"{slug}.note.{next(count)}"

    def section_for(name: str, head=None) -> Section:
        context = _Context(reasons, f"{slug}.head.{len(sections) + 1}", modern=modern)
        label = render(_atoms(head, context))[0] if head is not None else Markup("")
        section = Section(name, label, SECTION_ENGLISH.get(name, "") if head is not None else "")
        sections.append(section)
        return section

    def walk(container, section: Section | None, name: str):
        for child in container:
            kind = _local(child)
            if kind == "div":
                sub = child.get("type") or name
                head = child.find(TEI + "head")
                walk(child, section_for(sub, head), sub)
            elif kind == "head" and container is not div and child is not container.find(TEI + "head"):
                section = section_for(name, child)
            elif kind == "note" and child.get("type") == "editorial":
                target = section.clauses[-1] if section and section.clauses else None
                note = _note(child, note_id())
                if target is not None:
                    target.notes.append(note)
                else:
                    notes.append(note)
            elif kind in ("p", "figure"):
                if section is None:
                    section = section_for(name)
                label_el = child.find(TEI + "label")
                label = "".join(label_el.itertext()).strip() if label_el is not None else ""
                paragraph = f"{slug}.p.{next(paragraphs)}"
                for seg in child.iter(TEI + "seg"):
                    if not seg.get(XML_ID):
                        continue
                    clause = _clause(seg, slug, _section_of(seg.get(XML_ID)), reasons, english, label, paragraph)
                    label = ""
                    section.clauses.append(clause)
                    if kind == "figure":
                        figures.append(Figure(clause.id, clause.html, clause.english))
                for note in child.iter(TEI + "note"):
                    if note.get("type") == "editorial" and section.clauses:
                        section.clauses[-1].notes.append(_note(note, note_id()))

    walk(div, None, "text")
    heads = [(render(_atoms(head, _Context(reasons, f"{slug}.title.{k}", modern=modern)))[0], _head_label(head))
             for k, head in enumerate(div.findall(TEI + "head"), 1)]
    return [s for s in sections if s.clauses or s.label], figures, notes, heads


def _head_label(head) -> str:
    """How a game's heading stands in the source: printed, or supplied by us."""
    own_text = (head.text or "").strip() or any((child.tail or "").strip() for child in head)
    if head.find(TEI + "supplied") is not None and not own_text:
        return "heading supplied by the editors"
    return "printed" if head.get("type") != "source" else "in the source"


def _section_of(ident: str) -> str:
    parts = ident.split(".")
    return parts[1] if len(parts) > 1 else ""


def _modern_form(seg, form: str) -> Markup:
    """A word form quoted from a clause (a glossary use), in both layers:
    its modern spelling is read off the clause's own atoms."""
    atoms = _atoms(seg, _Context(lambda *a: ""))
    old = "".join(atom.old for atom in atoms)
    start = old.find(form)
    if start < 0:
        return markup.escape(form)
    end, at, new = start + len(form), 0, []
    for atom in atoms:
        if at < end and start < at + len(atom.old):
            new.append(atom.old[max(start, at) - at:min(end, at + len(atom.old)) - at] if atom.old == atom.new else atom.new)
        at += len(atom.old)
    return markup.layered(form, "".join(new))


def _terms(glossary, reasons, english: dict, segs: dict) -> list[Term]:
    terms = []
    children = [c for c in glossary.iter(TEI + "label", TEI + "item")]
    head = None
    for child in children:
        if _local(child) == "label":
            head = child
            continue
        term_el = head.find(".//" + TEI + "term") if head is not None else None
        term_id = term_el.get(XML_ID) if term_el is not None else ""
        head_html = render(_atoms(head, _Context(reasons, f"{term_id}.head")))[0] if head is not None else Markup("")
        clauses = [_clause(seg, "terms", _section_of(seg.get(XML_ID)), reasons, english)
                   for seg in child.iter(TEI + "seg") if seg.get(XML_ID)]
        uses = []
        for note in child.iter(TEI + "note"):
            if note.get("type") == "uses":
                uses = []
                for ref in note.iter(TEI + "ref"):
                    target, form = (ref.get("target") or "").lstrip("#"), "".join(ref.itertext())
                    uses.append((target, _modern_form(segs[target], form) if target in segs else markup.escape(form)))
        terms.append(Term(id=term_id or (clauses[0].id if clauses else ""), html=head_html,
                          english=english.get(term_id, ""), plain=_text_of(head, "old").strip() if head is not None else "",
                          plain_modern=_text_of(head, "new").strip() if head is not None else "",
                          clauses=clauses, uses=uses))
    return terms


def plain_texts(data: bytes) -> list[str]:
    """The texts of the TEI that carry no spelling layers of their own (the
    editors' supplied words and notes, the header's declarations), for
    `edition.spelling.modernise`."""
    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    found = ["".join(el.itertext()) for el in root.iter(TEI + "supplied")]
    found += [_note(el, "").text for el in root.iter(TEI + "note") if el.get("type") == "editorial"]
    found += [" ".join("".join(p.itertext()).split()) for p in root.iterfind(f"{TEI}teiHeader/{TEI}encodingDesc//{TEI}p")]
    return found + list(_book(root).values())


def _book(root) -> dict[str, str]:
    """Title, publisher, place and date of the 1912 print (the header's
    <bibl xml:id="print1912">)."""
    bibl = next((b for b in root.iter(TEI + "bibl") if b.get(XML_ID) == "print1912"), None)
    if bibl is None:
        return {}
    fields = {"title": "title", "publisher": "publisher", "place": "pubPlace", "date": "date"}
    found = {key: bibl.find(TEI + tag) for key, tag in fields.items()}
    return {key: " ".join("".join(el.itertext()).split()) for key, el in found.items() if el is not None}


def parse(data: bytes, corrections: list[dict], modern: dict | None = None) -> Parsed:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    root = etree.fromstring(data, parser)
    reasons = Reasons(corrections)
    english = _english(root)
    ru = next(text for text in root.iter(TEI + "text") if text.get(XML_ID) == "ru")
    parsed = Parsed(english, {}, {}, {}, {}, [], [])
    parsed.book = _book(root)
    for paragraph in root.iterfind(f"{TEI}teiHeader/{TEI}encodingDesc//{TEI}p"):
        parsed.principles.append(" ".join("".join(paragraph.itertext()).split()))
    for div in ru.iter(TEI + "div"):
        kind = div.get("type")
        head = div.find(TEI + "head")
        if kind in ("figures", "glossary") and head is not None and _local(div.getparent()) == "front":
            parsed.front_heads[kind] = render(_atoms(head, _Context(reasons, f"{kind}.head")))[0]
            # As a title: «ОБЪЯСНЕНІЕ РИСУНКОВЪ.» -> «Объясненіе рисунковъ»
            parsed.front_titles[kind] = {layer: _text_of(head, key).strip().rstrip(".").capitalize()
                                         for layer, key in (("1912", "old"), ("modern", "new"))}
        if kind == "game":
            slug = div.get("n")
            parsed.games[slug], parsed.figures[slug], parsed.notes[slug], parsed.heads[slug] = \
                _walk_game(div, slug, reasons, english, modern or {})
        elif kind == "figures" and div.getparent() is not None and _local(div.getparent()) == "front":
            parsed.front = [_clause(seg, "figures", _section_of(seg.get(XML_ID)), reasons, english,
                                    paragraph=f"figures.p.{k}")
                            for k, p in enumerate(div.iter(TEI + "p"), 1) for seg in p.iter(TEI + "seg") if seg.get(XML_ID)]
        elif kind == "glossary":
            segs = {seg.get(XML_ID): seg for seg in ru.iter(TEI + "seg") if seg.get(XML_ID)}
            parsed.terms = _terms(div, reasons, english, segs)
    return parsed


def apply(edition: Edition, data: bytes, corrections: list[dict]) -> None:
    """Replace the text of `edition` (built from the clause list) by the TEI's."""
    parsed = parse(data, corrections, edition.modern)
    uses: dict[str, list[tuple[str, str]]] = {}
    for term in parsed.terms:
        for clause_id, form in term.uses:
            if all(t != term.id for t, _ in uses.get(clause_id, [])):
                uses.setdefault(clause_id, []).append((term.id, form))
    rules_of = {}
    for rule in edition.rules:
        for clause in rule.clauses:
            rules_of.setdefault(clause, []).append(rule.id)
    for game in edition.games:
        if game.slug not in parsed.games:
            continue
        game.sections = parsed.games[game.slug]
        game.heads = parsed.heads[game.slug]
        svgs = {figure.clause: figure.svg for figure in game.figures}
        game.figures = parsed.figures[game.slug]
        for figure in game.figures:
            figure.svg = svgs.get(figure.clause)
        assumptions = [note for note in game.notes if note.kind == "assumption"]
        game.notes = parsed.notes[game.slug] + assumptions
        for clause in game.clauses:
            clause.rules = rules_of.get(clause.id, [])
            clause.terms = uses.get(clause.id, [])
    edition.front = parsed.front
    edition.terms = parsed.terms
    edition.principles = parsed.principles
    edition.front_heads = parsed.front_heads
    edition.front_titles = parsed.front_titles
    edition.book.update(parsed.book)
