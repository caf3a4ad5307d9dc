"""Travellers as CSV: one line per table per board, read and written like ``json``.

Columns (header row required, any order, case-insensitive): ``board``, ``ns``, ``ew``,
``contract``, ``declarer``, ``result``, and optionally ``lead``, ``score``, ``section``, ``round``,
``table``. A line whose first field is ``#`` or starts with ``# `` is a comment; a pair is
never written with a ``#`` (``#1`` is refused). ``result`` is the tricks taken (``10``) or relative (``=``, ``+1``, ``-2``). ``score`` is
the NS score: it stands alone when the contract is unknown, holds an artificial adjusted score
(``A60/40``, ``AVE+``) or a weighted score (``60% 4SN= 40% 4SN-1``), and is checked against the
contract when both are given.

>>> text = "board,ns,ew,contract,declarer,result\\n1,1,7,4S,N,12\\n1,2,9,3NT,S,=\\n"
>>> session = loads(text)
>>> [(l.ns, str(l.result), l.ns_score) for l in session.lines]
[('1', '4SN+2', 480), ('2', '3NTS=', 400)]
>>> loads("board,ns,ew,contract,declarer,result\\n7,1,2,8NT,N,=\\n", source="club.csv")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: club.csv:2: board 7: 8NT is not a contract: a contract's level is 1 to 7
"""

from __future__ import annotations

__all__ = [
    "COLUMNS",
    "NameTable",
    "check_header",
    "dump",
    "dumps",
    "load",
    "load_names",
    "loads",
    "loads_names",
]

import csv
import io
import os
from collections.abc import Iterable

from bridgescore.core.errors import BridgeScoreError, FileFormatError, Problem
from bridgescore.core.table.traveller import (
    EventInfo,
    Session,
    TravellerLine,
    drop_played_twice,
)
from bridgescore.formats.csv.traveller_line import (
    COLUMNS,
    REQUIRED,
    KeptAtScore,
    LineError,
    column_name,
    read_line,
)
from bridgescore.formats.names import NameEntry, names_problems
from bridgescore.formats.text import csv_rows, is_comment, printable, unsafe_field
from bridgescore.formats.text import read_text as _read_text


def _columns(header: list[str], source: str) -> list[str]:
    """The columns the header row names; raises :class:`FileFormatError` on line 1 when a
    column is unknown, missing or repeated."""
    columns = [column_name(name) for name in header]
    unknown = [raw for raw, name in zip(header, columns, strict=True) if name not in COLUMNS]
    missing = [name for name in REQUIRED if name not in columns]
    if "contract" not in columns and "score" not in columns:
        missing.append("contract (or score)")
    if unknown or missing or len(set(columns)) != len(columns):
        parts = []
        if missing:
            parts.append(f"missing column(s) {', '.join(missing)}")
        if unknown:
            parts.append(f"unknown column(s) {', '.join(map(repr, unknown))}")
        if len(set(columns)) != len(columns):
            parts.append("a column appears twice")
        raise FileFormatError(
            source, 1, "; ".join(parts) + f" (the columns are {', '.join(COLUMNS)})"
        )
    return columns


def check_header(header: str, source: str) -> None:
    """Check a traveller file's header line as :func:`loads` does (unknown, missing or repeated
    columns raise :class:`FileFormatError` on line 1), for readers that read the rest
    themselves."""
    try:
        loads(header + "\n", source=source)
    except FileFormatError as error:
        if error.line is not None:
            raise


def loads(
    text: str, *, source: str = "<text>", lenient: bool = False, info: EventInfo | None = None
) -> Session:
    """Read travellers from CSV text.

    Every problem is reported with the file and line. Strictly (the default), any problem raises
    :class:`FileFormatError` listing them all and nothing is read; with ``lenient`` the bad lines
    are skipped and the problems kept in ``session.problems`` (a line whose result cannot be
    read but whose score column holds a score is kept at that score, with a warning).
    """
    problems: list[Problem] = []
    rows = csv_rows(text, source, problems)
    first = next(rows, None)
    if problems:
        raise FileFormatError.from_problems(problems)
    if first is None:
        raise FileFormatError(source, None, "the file is empty; it needs a header row")
    columns = _columns(first[1], source)
    lines: list[TravellerLine] = []
    for number, row in rows:
        if not any(cell.strip() for cell in row) or is_comment(row[0]):
            continue
        if len(row) > len(columns):
            problems.append(
                Problem(source, number, f"{len(row)} fields but the header has {len(columns)}")
            )
            continue
        fields = {name: cell.strip() for name, cell in zip(columns, row, strict=False)}
        try:
            lines.append(read_line(fields, number))
        except KeptAtScore as kept:
            if lenient:
                lines.append(kept.line)
                assert kept.line.ns_score is not None
                problems.append(Problem.kept_at(source, number, str(kept), kept.line.ns_score))
            else:
                problems.append(Problem(source, number, str(kept)))
        except (LineError, BridgeScoreError) as error:
            problems.append(Problem(source, number, str(error)))
    lines, clashes = drop_played_twice(lines, source)
    problems.extend(clashes)
    problems.sort(key=lambda p: p.line or 0)
    if problems and not lenient:
        raise FileFormatError.from_problems(problems)
    if not lines and not problems:
        raise FileFormatError(source, None, "no results: the file has a header but no lines")
    return Session(tuple(lines), info=info or EventInfo(), source=source, problems=tuple(problems))


def load(
    path: str | os.PathLike[str], *, lenient: bool = False, info: EventInfo | None = None
) -> Session:
    """Read travellers from a CSV file (see :func:`loads`)."""
    return loads(_read_text(path), source=str(path), lenient=lenient, info=info)


class NameTable(dict[str, str]):
    """A names file's entries, pair (or team) to names, and where each was read: ``source``
    and ``lines`` (the line of each entry), so that an entry can be pointed at."""

    def __init__(self, source: str | None = None) -> None:
        super().__init__()
        self.source = source
        self.lines: dict[str, int] = {}

    def entries(self) -> list[NameEntry]:
        """Each entry as the rule of names files reads it (:mod:`bridgescore.formats.names`)."""
        return [NameEntry(pair, line=self.lines.get(pair)) for pair in self]


def load_names(path: str | os.PathLike[str]) -> NameTable:
    """Read a names file: CSV with columns ``pair,names`` (one row per pair or team).

    ``team,name`` is accepted too. Problems are reported with the file and line.
    """
    return loads_names(_read_text(path), source=str(path))


def loads_names(text: str, *, source: str = "<names>") -> NameTable:
    """A names file's text read as :func:`load_names` reads the file (``source`` names it in
    messages).

    >>> dict(loads_names("pair,names\\n1NS,Ann Smith & Bob Jones\\n"))
    {'1NS': 'Ann Smith & Bob Jones'}
    """
    problems: list[Problem] = []
    rows = csv_rows(text, source, problems)
    header = [column_name(h) for h in next(rows, (1, []))[1]]
    if len(header) < 2 or header[0] not in ("pair", "team") or header[1] not in ("names", "name"):
        raise FileFormatError(source, 1, "a names file starts with the header 'pair,names'")
    names = NameTable(source)
    entries = []
    for number, row in rows:
        if not any(cell.strip() for cell in row):
            continue
        pair = row[0].strip()
        text = row[1].strip() if len(row) > 1 else ""
        unfit = unsafe_field([("pair", pair), ("names", text)])
        if unfit is not None:
            problems.append(Problem(source, number, unfit))
        elif not pair or not text:
            problems.append(Problem(source, number, "each line needs a pair and its names"))
        else:
            entries.append(NameEntry(pair, line=number))
            names.setdefault(pair, text)
            names.lines.setdefault(pair, number)
    problems += names_problems(entries, source)
    if problems:
        raise FileFormatError.from_problems(sorted(problems, key=lambda p: p.line or 0))
    return names


def _row(line: TravellerLine, extra: Iterable[str]) -> list[str]:
    contract = declarer = result = score = ""
    if line.result is not None:
        contract = str(line.result.contract)
        declarer = "" if line.result.declarer is None else str(line.result.declarer)
        result = line.result.result_text
    if line.adjusted is not None:
        score = str(line.adjusted)
    elif line.ns_score is not None:
        score = str(line.ns_score)
    row = [str(line.board), line.ns, line.ew, contract, declarer, result, score]
    values = {"lead": line.lead, "section": line.section, "round": line.round, "table": line.table}
    row += ["" if values[name] is None else str(values[name]) for name in extra]
    return [printable(cell) for cell in row]


def dumps(session: Session) -> str:
    """The session as traveller CSV (only the optional columns that are used)."""
    optional = ("lead", "section", "round", "table")
    extra = [
        name for name in optional if any(getattr(line, name) is not None for line in session.lines)
    ]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["board", "ns", "ew", "contract", "declarer", "result", "score", *extra])
    for line in session.lines:
        writer.writerow(_row(line, extra))
    return buffer.getvalue()


def dump(session: Session, path: str | os.PathLike[str]) -> None:
    """Write the session as traveller CSV, completely or not at all."""
    from bridgescore.formats.atomic import write_text_atomic

    write_text_atomic(path, dumps(session))
