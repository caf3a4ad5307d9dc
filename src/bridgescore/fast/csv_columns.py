r"""A clean traveller CSV read in columns, for the pairs engine
(:class:`~bridgescore.core.pairs.lines.Lines`): every distinct text of a column checked once,
by the CSV reader's own rules (a result by
:func:`~bridgescore.formats.csv.traveller_line.line_score`), and each line made by that reader
(:func:`~bridgescore.formats.csv.traveller_line.read_line`) only when it is asked for. A file
of a million lines is read without an object for each.

It answers only for clean files: a line it has any doubt about (a board, round or table
number, a lead, a result, a quote running over lines, a control character) raises
:class:`ExactEngineNeeded`, and the CSV reader then reads the file and reports each problem
with its line. What it reads is what the CSV reader reads, line for line. (A pair at two
tables of a board, which the CSV reader reports, the engine refuses too: the caller then
reads the file with the CSV reader, which says where.)

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "board.csv"
>>> _ = path.write_text("board,ns,ew,contract,declarer,result,score\n"
...                     "3,1,2,4S,N,+1,\n3,3,4,,,,A60/40\n")
>>> session, lines = read_columns(path)
>>> lines.board, lines.ns, lines.ew, lines.compared, lines.number
([3, 3], ['1', '3'], ['2', '4'], [450, None], [2, 3])
>>> session.lines == travellers.load(path).lines
True
"""

from __future__ import annotations

__all__ = ["read_columns"]

import csv
import io
import os
import re
from collections.abc import Iterator, Sequence
from operator import eq, methodcaller
from typing import cast

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.lazy import Made
from bridgescore.core.numbers import parse_count
from bridgescore.core.pairs.lines import Compared, Lines, compared_as
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.fast import ExactEngineNeeded
from bridgescore.formats.csv import travellers
from bridgescore.formats.csv.traveller_line import (
    COLUMNS,
    LEAD,
    SEPARATORS,
    LineError,
    column_name,
    line_score,
    plays_itself,
    read_line,
)
from bridgescore.formats.text import is_comment

_UNSAFE = re.compile(r"[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What the exact reader refuses in a field (:data:`~bridgescore.formats.text.UNSAFE_CHARACTERS`),
line ends aside."""
_LEAD = re.compile(LEAD)
_HASH = methodcaller("startswith", "#")
_COMMAS = methodcaller("count", ",")
_FIRST_BOARD = {Vulnerability.for_board(n): n for n in range(1, 5)}
"""The first board of each vulnerability: a result is checked once for all the boards of its
vulnerability (a line's score depends on nothing else of its board)."""


def _source(path: str | os.PathLike[str]) -> str:
    """The file's name as the CSV reader gives it (``str(Path(path))``), without importing
    pathlib for a name that is written plainly already.

    >>> _source("examples/board1.csv"), _source("./examples//board1.csv")
    ('examples/board1.csv', 'examples/board1.csv')
    """
    text = os.fspath(path)
    parts = text.split(os.sep)
    if "." in parts or "" in parts[1:]:  # (a "." part, "//" or a last "/": pathlib says it)
        from pathlib import PurePath

        return str(PurePath(text))
    return text


def _text(path: str | os.PathLike[str], source: str) -> str:
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        raise ExactEngineNeeded(f"{source} cannot be read") from None
    try:
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError:
        raise ExactEngineNeeded(f"{source} is not UTF-8 text") from None
    if _UNSAFE.search(text):
        raise ExactEngineNeeded(f"{source} has control characters")
    if text.count("\r") != text.count("\r\n"):
        raise ExactEngineNeeded(f"{source} has lines ending in a CR alone")
    return text


def _numbers(texts: Sequence[str] | None, *, blank: bool = False) -> list[int | None]:
    """A column of board, round or table numbers (from 1; a blank is ``None`` where allowed,
    a column the file lacks all blank), each distinct text read once; anything else leaves the
    file to the CSV reader."""
    if texts is None:
        return []
    read = {}
    for text in set(texts):
        number = None if blank and not text else parse_count(text, least=1)
        if number is None and not (blank and not text):
            raise ExactEngineNeeded(f"{text!r} is not a number from 1")
        read[text] = number
    return list(map(read.__getitem__, texts))


def _cells(text: str, source: str, width: int) -> tuple[list[Sequence[str]], list[int]]:
    """The columns of the rows after the header, with the rows' line numbers; blank and
    comment rows left out."""
    lines = text.replace("\r\n", "\n").split("\n")  # (no CR stands alone: see _text)
    if not lines[-1]:
        lines.pop()
    body = lines[1:]
    ends = "\n".join(lines) + "\n"  # (every row between line ends, the header's first)
    if (  # nothing quoted, padded, blank or a comment, every row as wide as the header
        '"' not in text
        and " " not in text
        and "\n#" not in ends
        and "\n" + "," * (width - 1) + "\n" not in ends
        and set(map(_COMMAS, body)) == {width - 1}
        and (len(text) <= csv.field_size_limit() or max(map(len, body)) <= csv.field_size_limit())
    ):
        cells = ",".join(body).split(",")  # as the csv module reads them, only sooner
        return [cells[i::width] for i in range(width)], list(range(2, len(body) + 2))
    rows, numbers = _rows(text, source, width)
    return list(zip(*rows, strict=True)) if rows else [], numbers


def _rows(text: str, source: str, width: int) -> tuple[list[list[str]], list[int]]:
    """The rows after the header with their line numbers, read by the csv module."""
    try:
        rows = list(csv.reader(io.StringIO(text)))
    except csv.Error:  # a field over the csv module's limit, say: the exact reader says why
        raise ExactEngineNeeded(f"{source}: a line to check") from None
    if len(rows) != text.count("\n") + (not text.endswith("\n")):
        raise ExactEngineNeeded(f"{source}: a quoted field runs over lines")
    body = rows[1:]
    if " " in text:
        body = [[cell.strip() for cell in row] for row in body]
    kept, numbers = [], []
    for number, row in enumerate(body, start=2):
        if not any(row) or is_comment(row[0]):
            continue
        if len(row) > width:
            raise ExactEngineNeeded(f"{source}:{number}: more fields than the header")
        kept.append(row + [""] * (width - len(row)))
        numbers.append(number)
    return kept, numbers


def read_columns(path: str | os.PathLike[str]) -> tuple[Session, Lines]:
    """The session of a clean traveller CSV and its lines in columns (see the module); else
    :class:`ExactEngineNeeded`, or a :class:`FileFormatError` for a header that is wrong."""
    source = _source(path)
    text = _text(path, source)
    header_line = text.split("\n", 1)[0].rstrip("\r")
    travellers.check_header(header_line, source)
    try:
        header = [column_name(cell.strip()) for cell in next(csv.reader([header_line]))]
    except csv.Error:
        raise ExactEngineNeeded(f"{source}: a header to check") from None
    cells, numbers = _cells(text, source, len(header))
    if not numbers:
        raise ExactEngineNeeded(f"{source} has no results")
    found: dict[str, Sequence[str]] = dict(zip(header, cells, strict=True))
    blank = ("",) * len(numbers)

    def get(name: str) -> Sequence[str]:
        return found.get(name, blank)

    board_texts = get("board")
    boards = cast(list[int], _numbers(board_texts))  # (no blank)
    ns, ew = list(get("ns")), list(get("ew"))
    if "" in ns or "" in ew:
        raise ExactEngineNeeded(f"{source}: a pair is missing")
    labels = "\0" + "\0".join({*ns, *ew})  # (no NUL is left: see _text)
    if "\0#" in labels or _plays_itself(ns, ew, labels):
        raise ExactEngineNeeded(f"{source}: a pair to check")
    if any(lead and not _LEAD.match(lead.upper()) for lead in set(get("lead"))):
        raise ExactEngineNeeded(f"{source}: a lead to check")
    rounds = _numbers(found.get("round"), blank=True) or [None] * len(numbers)
    _numbers(found.get("table"), blank=True)
    given = found.get("section")
    sections: list[str | None] = (
        [None] * len(numbers) if given is None else [s or None for s in given]
    )
    board_of = dict(zip(board_texts, boards, strict=True))
    first = {text: _FIRST_BOARD[Vulnerability.for_board(n)] for text, n in board_of.items()}

    def results() -> Iterator[tuple[int, str, str, str, str]]:  # (made again, not kept)
        texts = (get(name) for name in ("contract", "declarer", "result", "score"))
        return zip(map(first.__getitem__, board_texts), *texts, strict=True)

    scores = {result: _score(*result) for result in set(results())}
    compared: list[Compared] = list(map(scores.__getitem__, results()))
    made = Made(len(numbers), _LineMaker(found, board_texts, first, boards, numbers).line)
    for index, score in enumerate(compared):
        if score is None:  # an adjusted score: its line says what it is compared as
            compared[index] = compared_as(made[index])
    session = Session(made, source=source)
    return session, Lines(boards, sections, rounds, ns, ew, compared, numbers, made)


_PLACED = ("board", "ns", "ew")
"""What places a line, beside its number: each line's own."""


class _LineMaker:
    """Each line as the CSV reader reads it (:func:`read_line`), made when asked for: the
    reader reads the first line of each distinct result and details (a board of the same
    vulnerability, its contract, declarer, result, score, lead, section, round and table), and
    each line with them is that line placed at its own board, pairs and line number."""

    def __init__(
        self,
        found: dict[str, Sequence[str]],
        board_texts: Sequence[str],
        first: dict[str, int],
        boards: list[int],
        numbers: list[int],
    ) -> None:
        self.names = [name for name in COLUMNS if name in found and name not in _PLACED]
        self.found, self.board_texts, self.first = found, board_texts, first
        self.boards, self.numbers = boards, numbers
        self.read: dict[tuple[object, ...], TravellerLine] = {}

    def line(self, index: int) -> TravellerLine:
        details = tuple(self.found[name][index] for name in self.names)
        key = (self.first[self.board_texts[index]], *details)
        read = self.read.get(key)
        if read is None:
            fields = dict(zip(self.names, details, strict=True))
            fields |= {"board": str(key[0]), "ns": "1", "ew": "2"}
            read = self.read[key] = read_line(fields, 0)
        ns, ew = self.found["ns"][index], self.found["ew"][index]
        return TravellerLine(  # (the line read, placed: as dataclasses.replace makes it, sooner)
            self.boards[index],
            ns,
            ew,
            read.result,
            read.ns_score,
            read.adjusted,
            read.lead,
            read.section,
            read.round,
            read.table,
            self.numbers[index],
        )


_SAYS_DIRECTION = re.compile(r"(?i)(?:ns|ew)(?=\0|$)")
"""A label that ends as one saying its direction does (``3NS``, ``4 ew``), in the labels
joined by NULs."""


def _plays_itself(ns: list[str], ew: list[str], labels: str) -> bool:
    """Whether a line's pair plays itself (:func:`plays_itself`): never where no label says
    its direction; else every line looked at only where a label has a space or a dash, else
    only where a line's two labels are one."""
    if not _SAYS_DIRECTION.search(labels):
        return False
    if not SEPARATORS.search(labels):
        if labels.upper() == labels:  # (as most labels are: numbers)
            same = map(eq, ns, ew)
        else:
            same = map(eq, map(str.upper, ns), map(str.upper, ew))
        if not any(same):
            return False
    return any(map(plays_itself, ns, ew))


def _score(board: int, contract: str, declarer: str, result: str, score: str) -> int | None:
    """The NS score of a result as written (``None``: an adjusted score)."""
    try:
        return line_score(board, contract, declarer, result, score)
    except (LineError, BridgeScoreError):
        raise ExactEngineNeeded("a result to check") from None
