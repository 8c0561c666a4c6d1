"""The corpus: the witnesses exactly as received, with their provenance.

In: `manifest.toml` and the files under `witnesses/`.
Out: `Witness` records whose text is checked against the manifest's sha256.
May import: the standard library, pydantic and `pasyans.errors`.

    >>> [w.id for w in load()]
    ['000', '001', '002', '003', '004']
"""

from __future__ import annotations

import hashlib
import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

import pydantic

from pasyans.errors import InputError

HERE = Path(__file__).parent
MANIFEST = HERE / "manifest.toml"
WITNESSES = HERE / "witnesses"

LineRange = tuple[pydantic.PositiveInt, pydantic.PositiveInt]


class Cite(pydantic.BaseModel):
    """What a citation of a witness that is not the 1912 book names; each
    field "unknown" where the witness does not say."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    kind: Literal["book", "web page"]
    title: str = pydantic.Field(min_length=1)
    publisher: str
    place: str
    year: str = pydantic.Field(pattern=r"^([0-9]{4}|unknown)$")
    dated: str = ""  # the editors' estimate of its age, never cited as its year


class Witness(pydantic.BaseModel):
    """One witness: a file of the corpus and what the manifest says of it."""

    model_config = pydantic.ConfigDict(frozen=True, extra="forbid")

    id: str = pydantic.Field(pattern=r"^[0-9]{3}$")
    file: str
    title: str
    origin: str
    date: str
    orthography: Literal["pre-reform", "modern"]
    source: Literal["1912-book", "modern-book", "web-site"]
    holds: str
    known_problems: str
    sha256: str = pydantic.Field(pattern=r"^[0-9a-f]{64}$")
    book: list[LineRange]
    boilerplate: list[LineRange]
    cite: Cite | None = None  # required unless the witness is the 1912 book
    _folder: Path = pydantic.PrivateAttr(default=WITNESSES)

    @pydantic.model_validator(mode="after")
    def _cited(self) -> Witness:
        if (self.cite is None) != (self.source == "1912-book"):
            raise ValueError("a witness has a [witness.cite] table exactly when it is not the 1912 book")
        return self

    @property
    def path(self) -> Path:
        return self._folder / self.file

    @property
    def text(self) -> str:
        return self.path.read_bytes().decode("utf-8")

    @property
    def lines(self) -> list[str]:
        """The witness's lines, without their line ends (line 1 is index 0)."""
        return split_lines(self.text)

    def is_book_line(self, number: int) -> bool:
        return any(start <= number <= end for start, end in self.book)


def split_lines(text: str) -> list[str]:
    """Lines as a reader counts them: a final line end starts no new line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _entry_lines(manifest_text: str) -> list[int]:
    """The line on which each [[witness]] entry starts, for error messages."""
    return [
        number
        for number, line in enumerate(manifest_text.splitlines(), 1)
        if line.strip() == "[[witness]]"
    ]


def _check_ranges(witness: Witness, line_count: int) -> str | None:
    """Book and boilerplate ranges must cover every line exactly once."""
    covered = [0] * (line_count + 1)
    for start, end in witness.book + witness.boilerplate:
        if start > end or end > line_count:
            return f"range {start}-{end} is outside lines 1-{line_count} of {witness.file}"
        for number in range(start, end + 1):
            covered[number] += 1
    for number in range(1, line_count + 1):
        if covered[number] != 1:
            state = "in no range" if covered[number] == 0 else "in more than one range"
            return f"line {number} of {witness.file} is {state}"
    return None


def load(manifest: Path = MANIFEST, witnesses: Path | None = None) -> list[Witness]:
    """Read the manifest and check every witness against its hash."""
    try:
        text = manifest.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the manifest: {error}", str(manifest)) from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"broken TOML: {error}", str(manifest)) from None
    entries = data.get("witness")
    if not isinstance(entries, list) or not entries:
        raise InputError("no [[witness]] entries", str(manifest), 1)
    starts = _entry_lines(text)
    result: list[Witness] = []
    for index, entry in enumerate(entries):
        line = starts[index] if index < len(starts) else None
        try:
            witness = Witness.model_validate(entry)
        except pydantic.ValidationError as error:
            first = error.errors()[0]
            field = ".".join(str(part) for part in first["loc"]) or "entry"
            raise InputError(f"witness entry {index + 1}: {field}: {first['msg']}", str(manifest), line) from None
        if witnesses is not None:
            witness._folder = witnesses
        path = witness.path
        try:
            data_bytes = path.read_bytes()
        except OSError as error:
            raise InputError(f"witness {witness.id}: cannot read {witness.file}: {error.strerror}", str(manifest), line) from None
        digest = hashlib.sha256(data_bytes).hexdigest()
        if digest != witness.sha256:
            raise InputError(
                f"witness {witness.id} ({witness.file}) has changed: sha256 is {digest}, "
                f"the manifest says {witness.sha256}; restore the file as received",
                str(path),
            )
        problem = _check_ranges(witness, len(split_lines(data_bytes.decode("utf-8"))))
        if problem:
            raise InputError(f"witness {witness.id}: {problem}", str(manifest), line)
        if witness.id in {w.id for w in result}:
            raise InputError(f"duplicate witness id {witness.id}", str(manifest), line)
        result.append(witness)
    return result


@cache
def witnesses() -> dict[str, Witness]:
    """The checked corpus, by witness id (loaded once per process)."""
    return {witness.id: witness for witness in load()}


def witness(identifier: str) -> Witness:
    """A witness by id ("000") or by file name."""
    for item in witnesses().values():
        if identifier in (item.id, item.file):
            return item
    raise InputError(f"no witness {identifier!r} in the corpus", str(MANIFEST))
