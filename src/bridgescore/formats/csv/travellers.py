"""Travellers as CSV: one line per table per board, read and written like ``json``.

Columns (header row required, any order, case-insensitive): ``board``, ``ns``, ``ew``,
``contract``, ``declarer``, ``result``, and optionally ``lead``, ``score``, ``section``, ``round``,
``table``. ``result`` is the tricks taken (``10``) or relative (``=``, ``+1``, ``-2``). ``score`` is
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

__all__ = ["COLUMNS", "dump", "dumps", "load", "load_names", "loads"]

import csv
import io
import os
import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TypedDict

from bridgescore.core.errors import BridgeScoreError, FileFormatError, Problem
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.law77 import possible_scores
from bridgescore.core.table.result import Result, tricks_from_relative
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.traveller import EventInfo, Session, TravellerLine
from bridgescore.formats.atomic import write_text_atomic
from bridgescore.formats.text import CONTROL, csv_rows, printable
from bridgescore.formats.text import read_text as _read_text

REQUIRED = ("board", "ns", "ew")
COLUMNS = (
    "board",
    "ns",
    "ew",
    "contract",
    "declarer",
    "result",
    "lead",
    "score",
    "section",
    "round",
    "table",
)
_ALIASES = {
    "bd": "board",
    "board_number": "board",
    "ns_pair": "ns",
    "pair_ns": "ns",
    "nspair": "ns",
    "ew_pair": "ew",
    "pair_ew": "ew",
    "ewpair": "ew",
    "by": "declarer",
    "decl": "declarer",
    "tricks": "result",
    "ns_score": "score",
    "score_ns": "score",
    "rnd": "round",
}
_LEAD = re.compile(r"^[SHDC](10|[2-9TJQKA])$")


class _Where(TypedDict):
    """Where a traveller line stands and its optional details."""

    lead: str | None
    section: str | None
    round: int | None
    table: int | None
    line: int


def _placed(line: TravellerLine, where: _Where) -> TravellerLine:
    return replace(
        line,
        lead=where["lead"],
        section=where["section"],
        round=where["round"],
        table=where["table"],
        line=where["line"],
    )


class _LineError(Exception):
    """A problem with one line; becomes a located :class:`Problem`."""


def _column_name(raw: str) -> str:
    key = re.sub(r"[\s\-]+", "_", raw.strip().lower())
    return _ALIASES.get(key, key)


def _reason(error: BridgeScoreError) -> str:
    return str(getattr(error, "reason", error))


def _check_score(board: int, text: str, vulnerability: Vulnerability) -> int:
    try:
        score = int(text)
    except ValueError:
        raise _LineError(
            f"board {board}: score {text!r} is not a number, an artificial score (A60/40, AVE+) "
            "or a weighted score (60% 4SN= 40% 4SN-1)"
        ) from None
    ns_possible = possible_scores(vulnerability.is_vulnerable(Seat.NORTH))
    ew_possible = possible_scores(vulnerability.is_vulnerable(Seat.EAST))
    if score not in ns_possible and -score not in ew_possible:
        raise _LineError(
            f"board {board}: NS score {score} cannot happen on a board vulnerable {vulnerability}"
        )
    return score


def _read_result(board: int, contract_text: str, declarer_text: str, result_text: str) -> Result:
    try:
        contract, rest = Contract.parse_prefix(contract_text)
    except BridgeScoreError as error:
        raise _LineError(
            f"board {board}: {contract_text.strip()} is not a contract: {_reason(error)}"
        ) from None
    if contract.is_pass:
        if rest or declarer_text or result_text.strip() not in ("", "0", "="):
            raise _LineError(f"board {board}: a passed-out board has no declarer or result")
        return Result.passed_out()
    if rest and not declarer_text and not result_text:
        try:
            return Result.parse(contract_text)
        except BridgeScoreError as error:
            raise _LineError(
                f"board {board}: {contract_text.strip()!r}: {_reason(error)}"
            ) from None
    if rest:
        if rest in ("N", "E", "S", "W") and not declarer_text:
            declarer_text = rest
        else:
            raise _LineError(f"board {board}: {contract_text.strip()} is not a contract")
    if not declarer_text:
        raise _LineError(f"board {board}: {contract} has no declarer")
    try:
        declarer = Seat.parse(declarer_text)
    except BridgeScoreError as error:
        raise _LineError(
            f"board {board}: declarer {_reason(error)}, not {declarer_text!r}"
        ) from None
    if not result_text.strip():
        raise _LineError(f"board {board}: {contract} by {declarer} has no result")
    try:
        tricks = tricks_from_relative(
            contract, result_text, source=f"{contract}{declarer}{result_text}"
        )
    except BridgeScoreError as error:
        raise _LineError(
            f"board {board}: {contract} by {declarer}, result {result_text!r}: {_reason(error)}"
        ) from None
    return Result(contract, declarer, tricks)


def _optional_int(board: int, name: str, text: str) -> int | None:
    if not text:
        return None
    number = parse_count(text, least=1)
    if number is None:
        raise _LineError(f"board {board}: {name} {text!r} is not a number from 1")
    return number


def _check_printable(fields: dict[str, str]) -> None:
    """No field holds a control character (a stray byte would reach every file written)."""
    if CONTROL.search("".join(fields.values())):
        name, value = next((n, v) for n, v in fields.items() if CONTROL.search(v))
        label = {"ns": "NS pair", "ew": "EW pair"}.get(name, name)
        raise _LineError(f"{label} {value!r} has a control character")


def _read_line(fields: dict[str, str], number: int) -> TravellerLine:
    _check_printable(fields)
    board_text = fields.get("board", "")
    board = parse_count(board_text, least=1)
    if board is None:
        raise _LineError(
            f"{board_text!r} is not a board number" if board_text else "the board number is missing"
        )
    ns, ew = fields.get("ns", ""), fields.get("ew", "")
    if not ns or not ew:
        raise _LineError(f"board {board}: the {'NS' if not ns else 'EW'} pair is missing")
    vulnerability = Board(board).vulnerability
    contract_text, declarer_text = fields.get("contract", ""), fields.get("declarer", "")
    result_text, score_text = fields.get("result", ""), fields.get("score", "")
    lead = fields.get("lead", "").upper() or None
    if lead is not None and not _LEAD.match(lead):
        raise _LineError(f"board {board}: lead {lead!r} is not a card (write it like SA, H10, DT)")
    section = fields.get("section") or None
    round_number = _optional_int(board, "round", fields.get("round", ""))
    table = _optional_int(board, "table", fields.get("table", ""))
    where = _Where(lead=lead, section=section, round=round_number, table=table, line=number)
    adjusted: ArtificialScore | WeightedScore | None = None
    try:
        if WeightedScore.looks_like(score_text):
            adjusted = WeightedScore.parse(score_text, vulnerability)
        elif ArtificialScore.looks_like(score_text):
            adjusted = ArtificialScore.parse(score_text)
    except BridgeScoreError as error:
        raise _LineError(f"board {board}: {error}") from None
    if adjusted is not None:
        if contract_text or result_text:
            raise _LineError(f"board {board}: both a contract and an adjusted score ({score_text})")
        return _placed(TravellerLine(board, ns, ew, adjusted=adjusted), where)
    if contract_text:
        result = _read_result(board, contract_text, declarer_text, result_text)
        line = _placed(TravellerLine.played(board, ns, ew, result, vulnerability), where)
        if score_text:
            given = _check_score(board, score_text, vulnerability)
            if given != line.ns_score:
                raise _LineError(
                    f"board {board}: score {given} does not match {result} (NS {line.ns_score:+d})"
                )
        return line
    if declarer_text or result_text:
        raise _LineError(f"board {board}: a result without a contract")
    if not score_text:
        raise _LineError(f"board {board}: no contract and no score")
    score = _check_score(board, score_text, vulnerability)
    return _placed(TravellerLine(board, ns, ew, ns_score=score), where)


def _duplicates(
    lines: list[TravellerLine], source: str
) -> tuple[list[TravellerLine], list[Problem]]:
    """Drop (and report) a pair's second line in the same direction on the same board.

    A board is known by its round too: teams events may redeal boards 1-8 every round.
    """
    seen: dict[tuple[int, str | None, int | None, str, str], TravellerLine] = {}
    kept: list[TravellerLine] = []
    problems: list[Problem] = []
    for line in lines:
        clash = None
        for direction, pair in (("NS", line.ns), ("EW", line.ew)):
            key = (line.board, line.section, line.round, direction, pair)
            if key in seen:
                clash = (direction, pair, seen[key])
            else:
                seen[key] = line
        if clash is None:
            kept.append(line)
            continue
        direction, pair, first = clash
        problems.append(
            Problem(
                source,
                line.line,
                f"board {line.board}: {direction} pair {pair} plays the board twice (also line {first.line})",
            )
        )
    return kept, problems


def loads(
    text: str, *, source: str = "<text>", lenient: bool = False, info: EventInfo | None = None
) -> Session:
    """Read travellers from CSV text.

    Every problem is reported with the file and line. Strictly (the default), any problem raises
    :class:`FileFormatError` listing them all and nothing is read; with ``lenient`` the bad lines
    are skipped and the problems kept in ``session.problems``.
    """
    problems: list[Problem] = []
    rows = csv_rows(text, source, problems)
    first = next(rows, None)
    if problems:
        raise FileFormatError.from_problems(problems)
    if first is None:
        raise FileFormatError(source, None, "the file is empty; it needs a header row")
    header = first[1]
    columns = [_column_name(name) for name in header]
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
    lines: list[TravellerLine] = []
    for number, row in rows:
        if not any(cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
            continue
        if len(row) > len(columns):
            problems.append(
                Problem(source, number, f"{len(row)} fields but the header has {len(columns)}")
            )
            continue
        fields = {name: cell.strip() for name, cell in zip(columns, row, strict=False)}
        try:
            lines.append(_read_line(fields, number))
        except (_LineError, BridgeScoreError) as error:
            problems.append(Problem(source, number, str(error)))
    lines, clashes = _duplicates(lines, source)
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


def load_names(path: str | os.PathLike[str]) -> dict[str, str]:
    """Read a names file: CSV with columns ``pair,names`` (one row per pair or team).

    ``team,name`` is accepted too. Problems are reported with the file and line.
    """
    source = str(path)
    problems: list[Problem] = []
    rows = csv_rows(_read_text(path), source, problems)
    header = [_column_name(h) for h in next(rows, (1, []))[1]]
    if len(header) < 2 or header[0] not in ("pair", "team") or header[1] not in ("names", "name"):
        raise FileFormatError(source, 1, "a names file starts with the header 'pair,names'")
    names: dict[str, str] = {}
    for number, row in rows:
        if not any(cell.strip() for cell in row):
            continue
        pair = row[0].strip()
        text = row[1].strip() if len(row) > 1 else ""
        if not pair or not text:
            problems.append(Problem(source, number, "each line needs a pair and its names"))
        elif pair in names:
            problems.append(Problem(source, number, f"pair {pair} is named twice"))
        else:
            names[pair] = text
    if problems:
        raise FileFormatError.from_problems(problems)
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
    write_text_atomic(path, dumps(session))
