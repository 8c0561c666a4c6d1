"""The engine loads with the standard library alone (it must run unchanged in
Pyodide): importing it and every game pulls in no other stage and no
third-party package."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = {"extract", "normalize", "corpus", "pasyans", "edition", "pydantic", "regex", "spacy",
             "lxml", "jinja2", "pymorphy3", "dask", "hypothesis"}


def test_engine_imports_only_the_standard_library():
    code = ("import sys, engine\n"
            "[g(1) for g in engine.GAMES]\n"
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({sorted(FORBIDDEN)!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
