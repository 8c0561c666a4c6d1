"""The typeface of the downloads, found on this machine, never fetched.

Old Standard TT (Alexey Kryukov, SIL Open Font License 1.0; Debian package
fonts-oldstandard, installed by `make system`) revives the "modern" book
face of Russian printing around 1900, the kind of type the 1912 book was
set in, and carries every pre-reform letter (ѣ, і, ѳ, ѵ and their capitals).
The card suits of the redrawn tables come from DejaVu Sans (fonts-dejavu-core).
The OFL allows embedding a subset in a document (OFL-FAQ 1.1): the EPUB
carries subsets of the faces it uses; WeasyPrint embeds its own subsets in
the PDF.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from pasyans.errors import InputError

FAMILY = "Old Standard TT"
SYMBOLS_FAMILY = "DejaVu Sans"
CREDIT = ("Old Standard TT by Alexey Kryukov (SIL Open Font License 1.0), "
          "with DejaVu Sans for the card suits (Bitstream Vera licence)")
# Where Debian puts them, should fontconfig not be asked.
DEBIAN_FILES = {
    ("normal", "normal"): "/usr/share/fonts/truetype/fonts-oldstandard/OldStandard-Regular.ttf",
    ("italic", "normal"): "/usr/share/fonts/truetype/fonts-oldstandard/OldStandard-Italic.ttf",
    ("normal", "bold"): "/usr/share/fonts/truetype/fonts-oldstandard/OldStandard-Bold.ttf",
}
SYMBOLS_FILE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
SYMBOLS = "♠♥♦♣✦↑↓·"  # what the tables and ornaments need beyond Old Standard


@dataclass
class Face:
    family: str
    style: str  # "normal" or "italic"
    weight: str  # "normal" or "bold"
    path: Path

    @property
    def name(self) -> str:
        return f"{self.family.replace(' ', '')}-{self.style}-{self.weight}.ttf"


def _installed(style: str, weight: str, debian: str) -> Path | None:
    """Debian's file, or what fontconfig finds elsewhere (its fallback, some
    other family, does not count)."""
    if Path(debian).exists():
        return Path(debian)
    if shutil.which("fc-match"):
        name = "Italic" if style == "italic" else "Bold" if weight == "bold" else "Regular"
        found = subprocess.run(["fc-match", "-f", "%{file}", f"{FAMILY}:style={name}"],
                               capture_output=True, text=True).stdout.strip()
        if found and "oldstandard" in Path(found).name.lower():
            return Path(found)
    return None


def faces() -> list[Face]:
    """The faces the downloads use; an error says how to install them."""
    found = []
    for (style, weight), debian in DEBIAN_FILES.items():
        path = _installed(style, weight, debian)
        if path is None:
            raise InputError(f"the font {FAMILY} is not installed: run `make system` (Debian package fonts-oldstandard)",
                             debian)
        found.append(Face(FAMILY, style, weight, path))
    if Path(SYMBOLS_FILE).exists():
        found.append(Face(SYMBOLS_FAMILY, "normal", "normal", Path(SYMBOLS_FILE)))
    return found


def subset(face: Face, text: str) -> bytes:
    """The face cut down to the characters of `text` (and the basics)."""
    import logging

    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # it reports every table it drops

    options = ft_subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.notdef_outline = True
    font = TTFont(face.path)
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(text=text + " 0123456789.,;:!?-–—()[]«»“”’*")
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def covers(path: Path, letters: str) -> str:
    """The letters of `letters` that the font file lacks."""
    from fontTools.ttLib import TTFont

    cmap = TTFont(path).getBestCmap()
    return "".join(letter for letter in letters if ord(letter) not in cmap)
