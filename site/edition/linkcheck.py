"""Check a built site: every local link, script, style and image resolves
to a file, every #fragment to an id on its page, no id is used twice on a
page, and nothing points to another origin. Used by the tests and by `pasyans build --check`."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html

ATTRIBUTES = (("a", "href"), ("link", "href"), ("script", "src"), ("img", "src"), ("form", "action"))


def problems(out: Path) -> list[str]:
    found = []

    @cache
    def ids(page: Path) -> frozenset[str]:
        tree = lxml.html.parse(str(page))
        return frozenset(tree.xpath("//@id"))

    for page in sorted(out.rglob("*.html")):
        tree = lxml.html.parse(str(page))
        where = page.relative_to(out).as_posix()
        all_ids = tree.xpath("//@id")
        found.extend(f"{where}: id {ident!r} is used twice" for ident in sorted({i for i in all_ids if all_ids.count(i) > 1}))
        for tag, attribute in ATTRIBUTES:
            for element in tree.iter(tag):
                value = element.get(attribute)
                if value is None:
                    continue
                parts = urlsplit(value)
                if parts.scheme or parts.netloc:
                    found.append(f"{where}: <{tag} {attribute}={value!r}> leaves the site")
                    continue
                if parts.path.startswith("/"):  # from the site's root (the 404 page's links)
                    target = (out / unquote(parts.path).lstrip("/")).resolve()
                else:
                    target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
                if target.is_dir():
                    target = target / "index.html"
                if not target.exists() or out.resolve() not in (target, *target.parents):
                    found.append(f"{where}: <{tag} {attribute}={value!r}>: no such file")
                    continue
                fragment = unquote(parts.fragment)
                if fragment and target.suffix == ".html" and fragment not in ids(target):
                    found.append(f"{where}: <{tag} {attribute}={value!r}>: no id {fragment!r} there")
    return found
