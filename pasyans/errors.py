"""The one error type a user can cause, and how it is reported.

Every stage raises `InputError` for bad input (a wrong encoding, a broken
manifest, a tampered game state, an illegal move). The command line prints
it as one line, ``pasyans: FILE:LINE: problem``, and exits with status 2.
"""

from __future__ import annotations

EXIT_BAD_INPUT = 2


class InputError(Exception):
    """Bad input from the user: names the file, the line and the problem."""

    def __init__(self, problem: str, path: str | None = None, line: int | None = None):
        super().__init__(problem)
        self.problem = problem
        self.path = path
        self.line = line

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:"
            if self.line is not None:
                where += f"{self.line}:"
            where += " "
        return f"{where}{self.problem}"
