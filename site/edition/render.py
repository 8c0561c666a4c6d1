"""Render an `Edition` into a static site: one environment, one route table.

`make_environment()` is the only place jinja2 is configured (autoescaping
on, the filters the templates use); `routes()` lists every page the site
has, so that `build()` is a plain loop of renders and writes.
"""

from __future__ import annotations

import json
import logging
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import jinja2
from markupsafe import Markup

from edition import STATIC, TEMPLATES, board, book, contents, curve, i18n, readings_ru
from edition.markup import kind_label, layered
from edition.model import Edition
from edition.security import CSP_META

log = logging.getLogger("edition")


def _json_script(value) -> Markup:
    """JSON for a `<script type="application/json">` block: `<` is escaped
    so that no text in the data can close the element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


@jinja2.pass_context
def _spelled(context, text: str) -> Markup:
    """The editors' prose in both spelling layers (see Edition.spelled)."""
    return context["edition"].spelled(text)


def _download_label(download) -> Markup:
    """A download's name in both languages ("EPUB, 1912 spelling"), where
    the catalogue knows its kind and spelling; else its own label."""
    kind, _, spelling = download.label.partition(", ")
    layer = {"1912 spelling": "1912", "modern spelling": "modern"}.get(spelling)
    if kind not in ("EPUB", "PDF") or not layer:
        return Markup.escape(download.label)
    return Markup("").join(
        Markup('<span data-l="{0}" lang="{0}">{1}</span>').format(
            lang, i18n.text(f"downloads.{kind.lower()}", lang, spelling=i18n.text(f"downloads.spelling.{layer}", lang)))
        for lang in i18n.LANGUAGES)


def make_environment(loader: jinja2.BaseLoader | None = None) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=loader or jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,  # a misspelt variable is an error, not a blank
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # The filters and globals the templates use, in one place.
    env.filters.update({"json_script": _json_script, "game_url": lambda slug: f"games/{slug}.html",
                        "kind_label": kind_label, "spelled": _spelled, "download_label": _download_label,
                        "english_marked": readings_ru.english_marked})
    # the interface's messages (edition/i18n.py, site/data/messages.json)
    env.globals.update({"t": i18n.t, "attr": i18n.attr, "tx": i18n.text, "both": i18n.both, "relabel": i18n.relabel,
                        "messages": i18n.messages()})
    env.globals.update({"csp": CSP_META, "source_files": set(), "rule_url": rule_url, "layers": layered,
                        "downloads": [], "book": book, "contents_words": contents.data()["words"],
                        "curve_svg": curve.curve_svg, "curve_facts": curve.curve_facts})
    return env


def rule_page(rule_id: str) -> str:
    """The page of a rule's details: one per game (`engine.*` together)."""
    return f"rules/{rule_id.split('.')[0]}.html"


def rule_url(rule_id: str) -> str:
    return f"{rule_page(rule_id)}#rule-{rule_id}"


@dataclass
class Route:
    path: str  # output path, relative to the site root
    template: str
    context: Callable[[Edition], dict]
    cite: dict | None = None  # what "cite this page" names: title_en, and game on a game's page


def _rule_index(edition: Edition) -> dict[str, list]:
    by_clause: dict[str, list] = {}
    for rule in edition.rules:
        for clause in rule.clauses:
            by_clause.setdefault(clause, []).append(rule)
    return by_clause


def cited_elsewhere(edition: Edition, game) -> dict[str, dict]:
    """The clauses the game's rules (and the engine's shared rules) cite that
    stand on another page, so that the demo can quote them."""
    here = {clause.id for clause in game.clauses}
    clauses = edition.clause_index()
    found = {}
    for rule in edition.rules:
        if not rule.used_by(game.slug):
            continue
        for id in rule.clauses:
            if id in here or id in found:
                continue
            if id in clauses:
                clause = clauses[id]
                found[id] = {"ru": clause.plain_1912, "ru_modern": clause.plain_modern, "en": clause.english,
                             "url": edition.clause_url(clause)}
    return found


def source_files(edition: Edition) -> list[str]:
    """The engine files the rules point to (inside engine/, nothing else)."""
    from edition import ROOT

    engine = (ROOT / "engine").resolve()
    found = set()
    for rule in edition.rules:
        path = (ROOT / rule.file).resolve() if rule.file else None
        if path and path.suffix == ".py" and engine in path.parents and path.exists():
            found.add(path.relative_to(ROOT).as_posix())
    return sorted(found)


def _lines(path: str) -> list[str]:
    from edition import ROOT

    return (ROOT / path).read_text(encoding="utf-8").splitlines()


def routes(edition: Edition) -> list[Route]:
    pages = [
        Route("index.html", "index.html", lambda e: {}),
        Route("book.html", "book.html", lambda e: {}),  # cites the book itself
        Route("contents.html", "contents.html", lambda e: contents.context(e)),  # the book's twenty-four games
        Route("rules.html", "rules.html", lambda e: {}),
        Route("glossary.html", "glossary.html", lambda e: {"clauses": e.clause_index()},
              {"title_en": "Explanation of terms", "game": "terms"}),
        Route("sources.html", "sources.html", lambda e: {}),
        Route("search.html", "search.html", lambda e: {}),
        Route("statistics.html", "statistics.html", lambda e: {}),  # the board's (statistics.js)
        # Served for any missing path, at any depth: its links start at the
        # site's root ("/"), since a relative one would depend on the
        # address asked for (and the CSP's base-uri 'none' allows no <base>).
        Route("404.html", "404.html", lambda e: {"root": "/"}),
    ]
    # The rules' details, a page per game: on one page the quoted clauses
    # would weigh more than any reader wants to load.
    groups: dict[str, list] = {}
    for rule in edition.rules:
        groups.setdefault(rule_page(rule.id), []).append(rule)
    for page, rules in groups.items():
        pages.append(Route(page, "rule_group.html",
                           lambda e, r=rules: {"rules": r, "clauses": e.clause_index(),
                                               "group": next((g for g in e.games if g.slug == r[0].game), None)}))
    for path in source_files(edition):
        pages.append(Route(f"source/{path}.html", "source.html", lambda e, p=path: {"file": p, "lines": _lines(p)}))
    for game in edition.games:
        pages.append(Route(f"games/{game.slug}.html", "game.html",
                           lambda e, g=game: {"game": g, "cited": cited_elsewhere(e, g),
                                              "board": board.page_data(g.slug, g.layout, g.rule_readings)},
                           {"title_en": game.title_en, "game": game.slug}))
    return pages


def render_pages(edition: Edition, env: jinja2.Environment | None = None, downloads: list | None = None,
                 engine_build: str = "", engine_snapshot: bool = False) -> dict[str, str]:
    """Every page of the site as {path: html}, without touching the disk;
    `downloads` (edition.downloads.Download) are linked from every header;
    `engine_build` names the browser engine's files (see assets.engine_build);
    `engine_snapshot` says whether the build made its memory snapshot."""
    from edition import citation

    env = env or make_environment()
    common = {
        "engine_build": engine_build,
        "engine_snapshot": engine_snapshot,
        "edition": edition,
        "source_files": set(source_files(edition)),
        "rules_by_clause": _rule_index(edition),
        "rules_by_id": {rule.id: rule for rule in edition.rules},
        "terms_by_id": {term.id: term for term in edition.terms},
        "titles": {game.slug: game.title_en for game in edition.games},
        "titles_ru": {game.slug: game.title_plain for game in edition.games},
        "downloads": downloads or [],
    }
    pages = {}
    for route in routes(edition):
        depth = route.path.count("/")
        context = {**common, "root": "../" * depth, "path": route.path, **route.context(edition)}
        context["citation"] = citation.record(edition, route.cite or {"title_en": ""})
        pages[route.path] = env.get_template(route.template).render(context)
    return pages


def build(edition: Edition, out: Path, env: jinja2.Environment | None = None, downloads: bool = True) -> list[Path]:
    """Write the pages, the static files and the data files into `out`;
    with `downloads`, first the EPUBs and PDFs that every page links to."""
    from edition import assets, searchindex

    made = []
    if downloads:
        from edition import downloads as take_away

        made = take_away.build(edition, out)
    written = [out / download.path for download in made]
    # The browser's engine before the pages: they name its build (and its
    # memory snapshot, when node could make one).
    (out / "assets").mkdir(parents=True, exist_ok=True)
    written.append(assets.write_engine_zip(out / "assets" / "engine.zip"))
    written.extend(assets.copy_pyodide(out))
    build_id = assets.engine_build()
    snapshot = assets.write_snapshot(out / "assets", build_id)
    if snapshot:
        written += [snapshot, snapshot.with_name(snapshot.name + ".build")]
    written.append(assets.write_service_worker(out, build_id, snapshot is not None))
    for path, html in render_pages(edition, env, made, build_id, snapshot is not None).items():
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
        log.info("wrote %s", target)
        written.append(target)
    shutil.copytree(STATIC, out / "assets", dirs_exist_ok=True)
    catalogue = out / "assets" / "js" / "catalogue.js"  # the interface's messages, for the scripts
    catalogue.write_text(i18n.script_module(), encoding="utf-8")
    written.append(catalogue)
    index = out / "assets" / "search-index.json"
    index.write_text(json.dumps(searchindex.entries(edition), ensure_ascii=False), encoding="utf-8")
    written.append(index)
    if edition.tei is not None:
        tei = out / "edition.tei.xml"
        tei.write_bytes(edition.tei)
        written.append(tei)
    _forget_stale(out, written)
    return written


MANIFEST = ".edition-files"


def _forget_stale(out: Path, written: list[Path]) -> None:
    """Remove what the previous build wrote and this one did not (a game
    that was renamed, say), and nothing else: the list of our own files is
    kept in `out/.edition-files`."""
    manifest = out / MANIFEST
    now = {path.relative_to(out).as_posix() for path in written}
    now |= {path.relative_to(out).as_posix() for path in (out / "assets").rglob("*") if path.is_file()}
    if manifest.exists():
        for name in set(manifest.read_text(encoding="utf-8").split("\n")) - now - {""}:
            stale = (out / name).resolve()
            if out.resolve() in stale.parents and stale.is_file():
                stale.unlink()
                log.info("removed %s (no longer built)", stale)
    manifest.write_text("\n".join(sorted(now)) + "\n", encoding="utf-8")
