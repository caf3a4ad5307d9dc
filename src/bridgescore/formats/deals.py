"""The deal file of a rubber or Chicago session: one deal a line, as written on a score pad.

::

    # rubber, Tuesday
    4S N 10                    # contract, declarer, tricks taken
    3NTX E 7 honours=NS:150    # honours: the side (or seat) holding them, 100 or 150
    4SX N -2                   # or the result relative to the contract: =, +1, -2
    4HN+1
    pass                       # passed out

``#`` starts a comment anywhere on a line; blank lines are skipped. Every bad line is reported
with its file and line, and nothing is returned if any line is bad.

>>> [str(d) for d in loads("4S N 10\\n\\n pass # redeal\\n3NTX E 7 honours=NS:150")]
['4SN=', 'PASS', '3NTXE-2 honours=NS:150']
>>> loads("4S N 10\\n8S N 10\\n4S 10\\n", source="deals.txt")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: deals.txt:2: '8S N 10': a contract's level is 1 to 7
deals.txt:3: '4S 10': the declarer is missing: write it after the contract, 4S N 10
"""

from __future__ import annotations

__all__ = ["load", "loads", "read"]

from pathlib import Path
from typing import TextIO

from bridgescore.core.errors import BridgeScoreError, FileFormatError, Problem, quoted
from bridgescore.core.rubber.sheet import PlayedDeal
from bridgescore.formats.text import read_text


def _message(line: str, error: BridgeScoreError) -> str:
    reason = getattr(error, "reason", None)
    return f"{quoted(line)}: {reason if reason is not None else error}"


def loads(text: str, source: str = "<deals>") -> list[PlayedDeal]:
    """The deals in ``text``, in order; ``source`` names the file in error messages.

    Raises :class:`FileFormatError` listing every bad line (and when there is no deal at all).
    """
    deals: list[PlayedDeal] = []
    problems: list[Problem] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.partition("#")[0].strip()
        if not line:
            continue
        try:
            deals.append(PlayedDeal.parse(line))
        except BridgeScoreError as error:
            problems.append(Problem(source, number, _message(line, error)))
    if problems:
        raise FileFormatError.from_problems(problems)
    if not deals:
        raise FileFormatError(source, None, "no deals: write one deal a line, e.g. 4S N 10")
    return deals


def load(fp: TextIO, source: str | None = None) -> list[PlayedDeal]:
    """The deals in an open text file (named by ``source``, else by the file's name)."""
    return loads(fp.read(), source if source is not None else str(getattr(fp, "name", "<deals>")))


def read(path: str | Path) -> list[PlayedDeal]:
    """The deals in the file at ``path`` (UTF-8, UTF-16 with its mark or Windows-1252, as
    :func:`~bridgescore.formats.text.read_text` reads them); an unreadable file is a
    :class:`FileFormatError`."""
    return loads(read_text(path), str(path))
