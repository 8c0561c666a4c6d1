"""The data files of normalize/, read once and checked as they are read.

A broken table is the user's (or editor's) mistake, reported with the file
and line like any other bad input.
"""

from __future__ import annotations

import tomllib
import unicodedata
from functools import cache
from pathlib import Path

from pasyans.errors import InputError

DATA = Path(__file__).parent / "data"


def load_toml(name: str) -> dict:
    path = DATA / name
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"broken TOML: {error}", str(path)) from None
    if text != unicodedata.normalize("NFC", text):
        raise InputError("table is not in NFC", str(path))
    return data


@cache
def ocr() -> dict:
    return load_toml("ocr.toml")


@cache
def modern() -> dict:
    return load_toml("modern.toml")
