"""Reading a user's text file: the encoding guessed, line ends kept, memory bounded.

`read_lines(path)` yields `(line, ending)` pairs, where `ending` is the line
end exactly as it came ("\\n", "\\r\\n" or "" for a last line without one), so
that a command can print one output line per input line and keep CRLF files
CRLF. The file is read in blocks, never whole, so a 100 MB file costs a few
hundred kilobytes.

Encodings, in order:
- UTF-8 with a byte-order mark: the mark is dropped (noted on stderr);
- UTF-16 with a byte-order mark, or without one when every other byte is
  0x00 or 0x04 (Latin or Cyrillic text; noted on stderr);
- UTF-8;
- cp1251, when the bytes are not UTF-8 and look like Cyrillic text in it
  (noted on stderr; a pre-reform text in cp1251 cannot hold ѣ, so the note
  matters). A file that is plain ASCII for its first blocks and cp1251 later
  is switched to cp1251 where its first non-ASCII byte comes;
- anything else is refused with the byte offset of the first bad byte.
A NUL byte (outside UTF-16) or a NUL character means a binary file, which is
refused.
"""

from __future__ import annotations

import codecs
import sys
from collections.abc import Iterator
from typing import BinaryIO

from pasyans.errors import InputError

BLOCK = 1 << 16
BOM = codecs.BOM_UTF8
# In cp1251 Cyrillic letters are 0xC0-0xFF (and Ёё 0xA8/0xB8, Іі 0xB2/0xB3):
# a file whose high bytes are mostly these is Cyrillic text.
CP1251_LETTERS = set(range(0xC0, 0x100)) | {0xA8, 0xB8, 0xB2, 0xB3, 0xAB, 0xBB, 0x96, 0x97, 0xB9}


def open_binary(path: str) -> BinaryIO:
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as error:
        raise InputError(f"cannot read: {error.strerror}", path) from None


def _read(stream: BinaryIO) -> bytes:
    """Up to one block, without waiting for a full block on a pipe (a reader may be waiting for our output)."""
    read1 = getattr(stream, "read1", None)
    return read1(BLOCK) if read1 else stream.read(BLOCK)


def _first_bad_utf8(data: bytes) -> int | None:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        return error.start
    return None


def _looks_cp1251(sample: bytes) -> bool:
    """Mostly Cyrillic letters among the high bytes, and at least one two-letter run."""
    high = [b for b in sample if b >= 0x80]
    if len(high) < 2 or sum(b in CP1251_LETTERS for b in high) / len(high) < 0.9:
        return False
    return any(a in CP1251_LETTERS and b in CP1251_LETTERS for a, b in zip(sample, sample[1:]))


def _utf16(head: bytes) -> str | None:
    """utf-16-le/-be for a head of UTF-16 text without a byte-order mark."""
    sample = head[: len(head) // 2 * 2][:4096]
    if len(sample) < 4:
        return None
    even, odd = sample[0::2], sample[1::2]
    def high(part):  # the high bytes of Latin (0x00) or Cyrillic (0x04) characters
        return sum(b in (0x00, 0x04) for b in part) / len(part)
    if high(odd) >= 0.9 and high(even) < 0.5:
        return "utf-16-le"
    if high(even) >= 0.9 and high(odd) < 0.5:
        return "utf-16-be"
    return None


def detect(head: bytes, name: str, note=None) -> tuple[str, int]:
    """(encoding, bytes to skip) for a file starting with `head`."""
    note = note or (lambda message: print(f"pasyans: {name}: {message}", file=sys.stderr))
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16-le" if head.startswith(codecs.BOM_UTF16_LE) else "utf-16-be"
        note(f"UTF-16 ({encoding[-2:].upper()}) with a byte-order mark; the mark is dropped")
        return encoding, 2
    if b"\0" in head and (encoding := _utf16(head)):
        note(f"UTF-16 ({encoding[-2:].upper()}) without a byte-order mark")
        return encoding, 0
    if head.startswith(BOM):
        note("UTF-8 with a byte-order mark; the mark is dropped")
        return "utf-8", len(BOM)
    bad = _first_bad_utf8(head)
    # a bad byte in the last 3 bytes of the sample may be a character cut in two
    if bad is None or bad >= len(head) - 3:
        return "utf-8", 0
    if _first_bad_utf8(head[:bad]) is None and any(b >= 0x80 for b in head[:bad]):
        pass  # valid UTF-8 Cyrillic before the bad byte: a damaged UTF-8 file, not cp1251
    elif _looks_cp1251(head):
        note("not UTF-8; decoded as Windows-1251 (cp1251)")
        return "cp1251", 0
    raise InputError(f"not UTF-8: invalid byte 0x{head[bad]:02x} at byte offset {bad}", name)


def read_lines(path: str, *, note=None) -> Iterator[tuple[str, str]]:
    """The lines of a text file as (text, line end), decoded and checked, in bounded memory."""
    stream = open_binary(path)
    name = "<stdin>" if path == "-" else path
    try:
        head = _read(stream)
        if not head:
            return
        if b"\0" in head and not head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) and not _utf16(head):
            # before guessing an encoding: a binary file is text in none
            at = head.index(b"\0")
            raise InputError(f"binary file (NUL byte at byte offset {at}); give a text file", name)
        encoding, skip = detect(head, name, note)
        wide = encoding.startswith("utf-16")
        ascii_so_far = True  # every byte so far below 0x80: a later cp1251 byte can still switch
        done = 0  # lines yielded, for the line number of a bad byte
        decoder = codecs.getincrementaldecoder(encoding)("strict")
        offset = 0  # bytes consumed before the current block
        block = head[skip:]
        offset = skip
        pending = ""
        while True:
            if not wide and b"\0" in block:
                at = offset + block.index(b"\0")
                raise InputError(f"binary file (NUL byte at byte offset {at}); give a text file", name)
            final = not block
            carried = decoder.getstate()[0]  # bytes of a character cut by the previous block
            try:
                text = decoder.decode(block, final=final)
            except UnicodeDecodeError as error:
                data = carried + block
                if (encoding == "utf-8" and ascii_so_far and not carried
                        and data[: error.start].isascii() and _looks_cp1251(data)):
                    (note or (lambda m: print(f"pasyans: {name}: {m}", file=sys.stderr)))(
                        f"not UTF-8 from byte offset {offset + error.start}; decoded as Windows-1251 (cp1251)")
                    encoding = "cp1251"
                    decoder = codecs.getincrementaldecoder(encoding)("strict")
                    text = decoder.decode(data, final=final)
                    error = None
                if error is None:
                    pass
                elif error.start >= len(data):
                    raise InputError(f"not {encoding.upper()}: the file ends inside a character", name,
                                     done + pending.count("\n") + data.count(b"\n") + 1) from None
                else:
                    raise InputError(
                        f"not {encoding.upper()}: invalid byte 0x{data[error.start]:02x} "
                        f"at byte offset {offset - len(carried) + error.start}", name,
                        done + data[: error.start].count(b"\n") + 1) from None
            ascii_so_far = ascii_so_far and block.isascii()
            if wide and "\0" in text:
                raise InputError("binary file (a NUL character in UTF-16 text); give a text file", name)
            offset += len(block)
            pending += text
            lines = pending.split("\n")
            pending = lines.pop()
            done += len(lines)
            for line in lines:
                if line.endswith("\r"):
                    yield line[:-1], "\r\n"
                else:
                    yield line, "\n"
            if final:
                break
            block = _read(stream)
        if pending:
            yield pending, ""
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
