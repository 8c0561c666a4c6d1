"""edition: the static bilingual reading edition (the `site/` stage).

In: the TEI P5 document (`pasyans tei`, the source of truth for the text and
its apparatus), the clause list, the games, the engine's rule index and
layout geometry (the other stages' JSON commands), and the pinned Pyodide
files from `node_modules/pyodide`.
Out: a static site (`pasyans build`), served by `pasyans serve`.
May import: the standard library, jinja2/markupsafe and lxml (lazily); the
other stages only through their command-line contracts (DESIGN.md), so that
this package keeps working while they change inside.

The package lives in `site/edition/` because `site` is a standard-library
module; the templates, styles and browser code are its siblings in `site/`.
"""

from pathlib import Path

SITE = Path(__file__).resolve().parent.parent
TEMPLATES = SITE / "templates"
STATIC = SITE / "static"
ROOT = SITE.parent
