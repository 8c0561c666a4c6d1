"""How common a modern Russian word is: its Zipf frequency, from wordfreq.

The candidates of an OCR repair and the pieces of a split word are ranked by
how often they occur (the noisy-channel rule of `normalize.ocr`). The
frequencies are wordfreq's large Russian list (wordfreq 3, data CC BY-SA 4.0,
built from Wikipedia, subtitles, books, web text and news; see its README),
shipped inside the wordfreq package, so nothing is downloaded at run time.
Only its Cyrillic words are kept (about 660,000), ё folded into е.

Reading that list into a dict costs seconds and some 100 MB, too much for a
command that must answer its first line within a second; so the words are
compiled once into a DAWG (the C word graph pymorphy3's dictionary uses:
6 MB, opened in milliseconds, a look-up under a microsecond), kept in the
user's cache directory (`$PASYANS_CACHE`, else `$XDG_CACHE_HOME/pasyans`,
else ~/.cache/pasyans) under a name that changes with the list's file, and
rebuilt when that file changes (`make setup` builds it: `python -m
normalize.frequency`). Where the cache cannot be written, or the DAWG
package is missing, the list is read into a dict in each process instead.

Zipf is log10 of the frequency per billion words: 7 for и, 4 for молоко,
1 for the rarest listed words. A word wordfreq lacks but the dictionary
knows gets `FLOOR`, below every listed word. Pre-reform words are looked up
in their modern spelling (the caller modernises), and е stands for ё.
"""

from __future__ import annotations

import gzip
import importlib.util
import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path

FLOOR = 0.5  # a dictionary word that no frequency list has seen
FORMAT = 1  # of the compiled cache: bump when what it holds changes
# The commonest words whose lengths bound `highest_of_length`; stored in the
# compiled table under keys no word has (a space and the length).
BOUND_WORDS = 100_000
_LENGTH_KEY = " {}"
_CYRILLIC_WORDS = re.compile(r"^[а-я]+$", re.MULTILINE)  # after ё -> е
_TABLE = None


def source() -> Path:
    """wordfreq's Russian list (found without importing wordfreq, which takes a second)."""
    spec = importlib.util.find_spec("wordfreq")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the wordfreq package is missing: run `make setup`")
    return Path(spec.submodule_search_locations[0]) / "data" / "large_ru.msgpack.gz"


def read_list() -> dict[str, int]:
    """word -> centibel bucket (Zipf = 9 - bucket / 100), in frequency order,
    read from wordfreq's file (its cBpack format: a gzipped msgpack list, a
    header and then one list of words per centibel)."""
    import msgpack

    with gzip.open(source(), "rb") as handle:
        header, *buckets = msgpack.load(handle, raw=False)
    if header.get("format") != "cB":
        raise RuntimeError(f"{source()}: not a wordfreq cBpack list")
    table: dict[str, int] = {}
    for bucket, words in enumerate(buckets):
        for word in _CYRILLIC_WORDS.findall("\n".join(words).replace("ё", "е")):
            if word not in table:
                table[word] = bucket
    return table


def _length_bounds(table: dict[str, int]) -> dict[int, int]:
    """length -> the bucket of the commonest word of that length among the
    first `BOUND_WORDS`; the key 0 holds the bucket where they end."""
    by_length: dict[int, int] = {}
    bucket = 0
    for index, (word, bucket) in enumerate(table.items()):
        if index == BOUND_WORDS:
            break
        by_length.setdefault(len(word), bucket)
    by_length[0] = bucket
    return by_length


def cache_path() -> Path:
    base = os.environ.get("PASYANS_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pasyans")
    stat = source().stat()
    return Path(base) / f"frequency-ru-{FORMAT}-{stat.st_size}-{stat.st_mtime_ns}.dawg"


def build(path: Path) -> None:
    """Compile the list into a DAWG at `path` (written whole or not at all)."""
    import dawg

    table = read_list()
    items = list(table.items()) + [(_LENGTH_KEY.format(n), b) for n, b in _length_bounds(table).items()]
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".part")
    os.close(handle)
    try:
        dawg.IntDAWG(items).save(temporary)
        os.chmod(temporary, 0o644)  # mkstemp's file is private; the cache is not
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def table():
    """word -> centibel bucket (Zipf = 9 - bucket / 100), ё folded into е:
    anything with `get` (the compiled DAWG, or a dict where it cannot be had)."""
    return _TABLE if _TABLE is not None else _table()


def _table():
    global _TABLE
    if _TABLE is None:
        try:
            import dawg

            path = cache_path()
            if not path.exists():
                build(path)
            try:
                _TABLE = dawg.IntDAWG().load(str(path))
            except OSError:  # damaged (written by hand, or by another tool): built anew
                build(path)
                _TABLE = dawg.IntDAWG().load(str(path))
        except (ImportError, OSError):
            words = read_list()
            words.update((_LENGTH_KEY.format(n), b) for n, b in _length_bounds(words).items())
            _TABLE = words
    return _TABLE


@lru_cache(maxsize=50_000)
def zipf(word: str) -> float:
    """The Zipf frequency of a lower-case modern word (FLOOR if unlisted)."""
    bucket = _table().get(word.replace("ё", "е"))
    return FLOOR if bucket is None else 9 - bucket / 100


def highest(words) -> float:
    """The highest Zipf frequency of some lower-case modern words (FLOOR if none is listed)."""
    table = _table()
    low = None
    for word in words:
        bucket = table.get(word) if "ё" not in word else table.get(word.replace("ё", "е"))
        if bucket is not None and (low is None or bucket < low):
            low = bucket
    return FLOOR if low is None else 9 - low / 100


_LONGEST: tuple[list[float], float] | None = None


def highest_of_length(length: int) -> float:
    """An upper bound of the Zipf frequency of any listed word of `length - 3`
    to `length` letters (a word whose modern spelling may have lost up to
    three letters of its pre-reform one: final ъ, ъи -> ы, разсч -> расч).

    The commonest `BOUND_WORDS` words give the commonest word of each
    length, and the frequency where they end bounds every length not seen
    among them."""
    global _LONGEST
    if _LONGEST is None:
        words = table()
        rest = 9 - words.get(_LENGTH_KEY.format(0)) / 100
        lengths = [n for n in range(1, 200) if words.get(_LENGTH_KEY.format(n)) is not None]
        size = max(lengths) + 4
        exact = [9 - words.get(_LENGTH_KEY.format(n)) / 100 if n in lengths else rest for n in range(size)]
        _LONGEST = ([max(exact[max(0, n - 3) : n + 1]) for n in range(size)], rest)
    bounds, rest = _LONGEST
    return bounds[length] if length < len(bounds) else rest


if __name__ == "__main__":  # `make setup`: compile the cache now, not on the first run
    target = cache_path()
    if not target.exists():
        build(target)
    print(target)
