"""One traveller line from its CSV fields: the columns and the checks of a line, shared by every
reader of traveller tables (the small reader here, the polars reader and the archive in
:mod:`bridgescore.fast`).

A line's fields are its cells by column name (:func:`column_name` of the header, stripped
text); :func:`read_line` checks them and builds the :class:`TravellerLine`, or raises
:class:`LineError` (or a :class:`BridgeScoreError`) with the reason, which the caller locates
with its file and line.

>>> fields = {"board": "3", "ns": "1", "ew": "7", "contract": "4S", "declarer": "N", "result": "+1"}
>>> line = read_line(fields, 2)
>>> (line.board, str(line.result), line.ns_score, line.line)
(3, '4SN+1', 450, 2)
>>> read_line(fields | {"score": "420"}, 2)
Traceback (most recent call last):
...
bridgescore.formats.csv.traveller_line.LineError: board 3: score 420 does not match 4SN+1 (NS +450)
>>> column_name(" NS-Pair ")
'ns'
"""

from __future__ import annotations

__all__ = [
    "COLUMNS",
    "LEAD",
    "REQUIRED",
    "SEPARATORS",
    "KeptAtScore",
    "LineError",
    "column_name",
    "line_score",
    "plays_itself",
    "read_line",
]

import re
from dataclasses import replace
from typing import TypedDict

from bridgescore.core.errors import BridgeScoreError, quoted
from bridgescore.core.numbers import parse_count, parse_signed
from bridgescore.core.pairs.fields import suffix_pattern
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.law77 import possible_scores
from bridgescore.core.table.result import Result, tricks_from_relative
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.formats.text import unsafe_field

REQUIRED = ("board", "ns", "ew")
"""The columns every traveller table has."""

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
"""Every column a traveller table may have, in the order they are written."""

LEAD = r"^[SHDC](10|[2-9TJQKA])$"
"""An opening lead as the column holds it (upper case), as a regular expression (for ``re`` and
Polars)."""

_LEAD = re.compile(LEAD)
_SCORE_DIGITS = 5
"""A score has at most five digits (7NTXX+0 vulnerable with overtricks is 2980; -7600 down 13)."""
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


class LineError(Exception):
    """A problem with one line, without its place: the reader turns it into a located
    :class:`~bridgescore.core.errors.Problem`."""


class KeptAtScore(LineError):
    """A line whose contract, declarer or result cannot be read but whose score column holds a
    score: strictly an error like any other; read leniently, ``line`` is kept at that score
    (leaving it out would change every other result on the board)."""

    def __init__(self, message: str, line: TravellerLine) -> None:
        super().__init__(message)
        self.line = line


def column_name(raw: str) -> str:
    """The column a header cell names: lower case, spaces and dashes as ``_``, aliases resolved
    (``BD`` is ``board``, ``NS Pair`` is ``ns``, ``tricks`` is ``result``, ...).

    >>> [column_name(cell) for cell in ("Bd", "score_ns", "Lead")]
    ['board', 'score', 'lead']
    """
    key = re.sub(r"[\s\-]+", "_", raw.strip().lower())
    return _ALIASES.get(key, key)


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


def _reason(error: BridgeScoreError) -> str:
    return str(getattr(error, "reason", error))


def _check_score(board: int, text: str, vulnerability: Vulnerability) -> int:
    score = parse_signed(text, _SCORE_DIGITS)
    if score is None:
        raise LineError(
            f"board {board}: score {quoted(text)} is not a number, an artificial score "
            "(A60/40, AVE+) or a weighted score (60% 4SN= 40% 4SN-1)"
        )
    ns_possible = possible_scores(vulnerability.is_vulnerable(Seat.NORTH))
    ew_possible = possible_scores(vulnerability.is_vulnerable(Seat.EAST))
    if score not in ns_possible and -score not in ew_possible:
        raise LineError(
            f"board {board}: NS score {score} cannot happen on a board vulnerable {vulnerability}"
        )
    return score


def _as_written(text: str) -> str:
    """A short field as it is written (``8NT``), a long one quoted and cut short."""
    text = text.strip()
    return text if len(text) <= 20 else quoted(text)


def _recorded(board: int, score_text: str, vulnerability: Vulnerability) -> int | None:
    """The NS score the score column records, if it holds a possible one."""
    if not score_text:
        return None
    try:
        return _check_score(board, score_text, vulnerability)
    except LineError:
        return None


def _read_result(board: int, contract_text: str, declarer_text: str, result_text: str) -> Result:
    key = (contract_text, declarer_text, result_text)
    known = _KNOWN_RESULTS.get(key)
    if known is None:
        known = _parse_result(board, contract_text, declarer_text, result_text)
        if len(_KNOWN_RESULTS) >= _KNOWN_LIMIT:
            _KNOWN_RESULTS.clear()
        _KNOWN_RESULTS[key] = known
    return known


_KNOWN_RESULTS: dict[tuple[str, str, str], Result] = {}
"""The results read, by the text of their contract, declarer and result: a session writes the
same few hundred results again and again (a bad one is read again, for its message)."""
_KNOWN_LIMIT = 10_000


def _parse_result(board: int, contract_text: str, declarer_text: str, result_text: str) -> Result:
    try:
        contract, rest = Contract.parse_prefix(contract_text)
    except BridgeScoreError as error:
        raise LineError(
            f"board {board}: {_as_written(contract_text)} is not a contract: {_reason(error)}"
        ) from None
    if contract.is_pass:
        if rest or declarer_text or result_text.strip() not in ("", "0", "="):
            raise LineError(f"board {board}: a passed-out board has no declarer or result")
        return Result.passed_out()
    if rest and not declarer_text and not result_text:
        try:
            return Result.parse(contract_text)
        except BridgeScoreError as error:
            raise LineError(
                f"board {board}: {quoted(contract_text.strip())}: {_reason(error)}"
            ) from None
    if rest:
        if rest in ("N", "E", "S", "W") and not declarer_text:
            declarer_text = rest
        else:
            raise LineError(f"board {board}: {_as_written(contract_text)} is not a contract")
    if not declarer_text:
        raise LineError(f"board {board}: {contract} has no declarer")
    try:
        declarer = Seat.parse(declarer_text)
    except BridgeScoreError:
        raise LineError(
            f"board {board}: the declarer is N, E, S or W, not {quoted(declarer_text)}"
        ) from None
    if not result_text.strip():
        raise LineError(f"board {board}: {contract} by {declarer} has no result")
    try:
        tricks = tricks_from_relative(
            contract, result_text, source=f"{contract}{declarer}{result_text}"
        )
    except BridgeScoreError as error:
        raise LineError(
            f"board {board}: {contract} by {declarer}, result {quoted(result_text)}: {_reason(error)}"
        ) from None
    return Result(contract, declarer, tricks)


def _optional_int(board: int, name: str, text: str) -> int | None:
    if not text:
        return None
    number = parse_count(text, least=1)
    if number is None:
        raise LineError(f"board {board}: {name} {quoted(text)} is not a number from 1")
    return number


def _check_printable(fields: dict[str, str]) -> None:
    """No field holds a control character or a bidirectional override (a stray byte would reach
    every file written and the terminal)."""
    if all(map(str.isprintable, fields.values())):  # (every unsafe character is unprintable)
        return
    labels = {"ns": "NS pair", "ew": "EW pair"}
    message = unsafe_field(  # in the columns' order, whatever the file's: one message for all
        (labels.get(name, name), fields[name]) for name in COLUMNS if name in fields
    )
    if message is not None:
        raise LineError(message)


def plays_itself(ns: str, ew: str) -> bool:
    """Whether the two pairs are one: the same label saying its direction (``1NS`` and
    ``1 ns``). NS 1 and EW 1 are two pairs of a Mitchell, but ``1NS`` is one pair whichever
    column it is in.

    >>> plays_itself("1NS", "1 ns"), plays_itself("1", "1"), plays_itself("1NS", "1EW")
    (True, False, False)
    """
    same = SEPARATORS.sub("", ns).upper() == SEPARATORS.sub("", ew).upper()
    return same and any(pattern.match(ns) for pattern in _DIRECTED)


SEPARATORS = re.compile(r"[\s\-]+")
"""What may stand between a pair's label and its direction (``3 NS``, ``3-ns``)."""
_DIRECTED = tuple(re.compile(suffix_pattern(side)) for side in Side)


def _board(text: str) -> int:
    board = parse_count(text, least=1)
    if board is None:
        raise LineError(
            f"{quoted(text)} is not a board number" if text else "the board number is missing"
        )
    return board


def _where(board: int, fields: dict[str, str], number: int) -> _Where:
    """The line's lead, section, round and table, checked, and its line ``number``."""
    lead = fields.get("lead", "").upper() or None
    if lead is not None and not _LEAD.match(lead):
        raise LineError(
            f"board {board}: lead {quoted(lead)} is not a card (write it like SA, H10, DT)"
        )
    section = fields.get("section") or None
    round_number = _optional_int(board, "round", fields.get("round", ""))
    table = _optional_int(board, "table", fields.get("table", ""))
    return _Where(lead=lead, section=section, round=round_number, table=table, line=number)


def _adjusted(
    board: int, score_text: str, vulnerability: Vulnerability
) -> ArtificialScore | WeightedScore | None:
    """The adjusted score in the score column, if that is what it holds."""
    try:
        if WeightedScore.looks_like(score_text):
            return WeightedScore.parse(score_text, vulnerability)
        if ArtificialScore.looks_like(score_text):
            return ArtificialScore.parse(score_text)
    except BridgeScoreError as error:
        raise LineError(f"board {board}: {error}") from None
    return None


def _played(line: TravellerLine, score_text: str, vulnerability: Vulnerability) -> TravellerLine:
    """A played line, its score column (when given) checked against its contract's score."""
    if score_text:
        given = _check_score(line.board, score_text, vulnerability)
        if given != line.ns_score:
            raise LineError(
                f"board {line.board}: score {given} does not match {line.result} "
                f"(NS {line.ns_score:+d})"
            )
    return line


def read_line(fields: dict[str, str], number: int) -> TravellerLine:
    """The traveller line of one row's ``fields`` (by :func:`column_name`), read from line
    ``number`` of its file; raises :class:`LineError` or a
    :class:`~bridgescore.core.errors.BridgeScoreError` with the reason it is wrong."""
    _check_printable(fields)
    board = _board(fields.get("board", ""))
    ns, ew = fields.get("ns", ""), fields.get("ew", "")
    if not ns or not ew:
        raise LineError(f"board {board}: the {'NS' if not ns else 'EW'} pair is missing")
    if plays_itself(ns, ew):
        raise LineError(f"board {board}: pair {ns} plays against itself (it is both NS and EW)")
    if ns.startswith("#") or ew.startswith("#"):
        side, pair = ("NS", ns) if ns.startswith("#") else ("EW", ew)
        raise LineError(
            f"board {board}: {side} pair {quoted(pair)} starts with #: a comment line is # "
            "alone or # and a space, and a pair is written without #"
        )
    vulnerability = Vulnerability.for_board(board)
    contract_text, declarer_text = fields.get("contract", ""), fields.get("declarer", "")
    result_text, score_text = fields.get("result", ""), fields.get("score", "")
    where = _where(board, fields, number)
    adjusted = _adjusted(board, score_text, vulnerability)
    if adjusted is not None:
        if contract_text or result_text:
            raise LineError(f"board {board}: both a contract and an adjusted score ({score_text})")
        return _placed(TravellerLine(board, ns, ew, adjusted=adjusted), where)
    if contract_text:
        try:
            result = _read_result(board, contract_text, declarer_text, result_text)
        except LineError as error:
            recorded = _recorded(board, score_text, vulnerability)
            if recorded is None:
                raise
            kept = TravellerLine(board, ns, ew, ns_score=recorded)
            raise KeptAtScore(str(error), _placed(kept, where)) from None
        line = TravellerLine.played(board, ns, ew, result, vulnerability, **where)
        return _played(line, score_text, vulnerability)
    if declarer_text or result_text:
        raise LineError(f"board {board}: a result without a contract")
    if not score_text:
        raise LineError(f"board {board}: no contract and no score")
    score = _check_score(board, score_text, vulnerability)
    return _placed(TravellerLine(board, ns, ew, ns_score=score), where)


def line_score(board: int, contract: str, declarer: str, result: str, score: str) -> int | None:
    """The NS score of a line whose result columns hold these texts, on a board of ``board``'s
    vulnerability; ``None`` when the score column holds an adjusted score. Raises as
    :func:`read_line` does when they are wrong. The readers that check a whole table at once
    check each distinct combination of these columns with it, once.

    >>> line_score(3, "4S", "N", "+1", ""), line_score(1, "", "", "", "A60/40")
    (450, None)
    """
    fields = {"board": str(board), "ns": "1", "ew": "2", "contract": contract}
    fields |= {"declarer": declarer, "result": result, "score": score}
    line = read_line(fields, 0)
    return None if line.adjusted is not None else line.ns_score
