"""The results of a Bridgemate file: ``ReceivedData`` rows made into traveller lines, each
checked against the section's movement.

One row per result entered at a table. A row the director erased (``Erased``) is passed over,
and a later row (higher ``ID``) for the same section, table, round and board replaces an earlier
one: the last word of the table stands. Each row is read as

* a played result: ``Contract`` (``3 NT``, ``2 D x``, ``4 S xx``, ``PASS``), the declarer's seat
  (``NS/EW``: ``N``, ``E``, ``S``, ``W``, what the table entered) and ``Result`` (``=``, ``+1``,
  ``-2``), with the lead (``LeadCard``, ``S10``); ``Declarer``, the declaring pair's number, is
  only checked: a pair that does not sit in that seat is a warning, the seat stands;
* an arbitral score in ``Remarks`` (``40%-60%``: NS Ave-, EW Ave+) as the artificial score
  ``A40/60``; percentages other than 40, 50 and 60 a side are refused;
* ``Not played`` in ``Remarks``: no result, said as a warning (the pairs are scored on the
  boards they played).

A row the movement does not expect (its table and round do not play that board, or other pairs
sit there) is an error naming the row: ``club.bws: ReceivedData ID 153: ...``. A board the
movement plays with no row is a warning.

>>> from bridgescore.core.movements.mitchell import mitchell
>>> movement = mitchell(3, boards=6)  # NS 1NS-3NS, EW 1EW-3EW; two boards a round
>>> row = {"ID": "7", "Section": "1", "Table": "1", "Round": "1", "Board": "1",
...        "PairNS": "1", "PairEW": "1", "Declarer": "1", "NS/EW": "N",
...        "Contract": "3 NT", "Result": "+1", "LeadCard": "S10", "Remarks": "", "Erased": "0"}
>>> read = read_results({None: movement}, {"1": None}, [row], "club.bws")
>>> [(l.board, l.ns, l.ew, str(l.result), l.ns_score, l.lead) for l in read.lines]
[(1, '1NS', '1EW', '3NTN+1', 430, 'ST')]
>>> len(read.missing), read.errors  # round 1's 5 other boards; rounds 2-3 in one
(6, ())
>>> print(read.missing[-1])
club.bws: ReceivedData: rounds 2-3 of tables 1-3 not played (curtailed): 12 boards
>>> wrong = read_results({None: movement}, {"1": None}, [{**row, "PairEW": "2"}], "club.bws")
>>> print(wrong.errors[0])
club.bws: ReceivedData ID 7: NS 1 v EW 2, but the movement seats NS 1 v EW 1 at table 1 in round 1
"""

from __future__ import annotations

__all__ = ["ReadResults", "read_results"]

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bridgescore.core.errors import BridgeScoreError, Problem, quoted
from bridgescore.core.movements.movement import Movement, Sitting, board_range
from bridgescore.core.movements.unplayed import unplayed_rounds
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.adjusted import ArtificialScore, Average
from bridgescore.core.table.deal import Card
from bridgescore.core.table.result import Result
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.formats.bws.mdb import Row

_ARBITRAL = re.compile(r"^\s*(\d{1,3})\s*%?\s*[-/]\s*(\d{1,3})\s*%?\s*$")
_NOT_PLAYED = re.compile(r"^\s*not\s+played\s*$", re.IGNORECASE)
_TRUE = frozenset({"1", "-1", "true", "yes", "y"})


@dataclass(frozen=True, slots=True)
class ReadResults:
    """The traveller lines read, the ``errors`` (rows that cannot be read or that the movement
    does not expect), the ``notes`` (boards not played, remarks beside a result, rows erased or
    replaced) and the ``missing`` results (warnings)."""

    lines: tuple[TravellerLine, ...]
    errors: tuple[Problem, ...]
    notes: tuple[Problem, ...]
    missing: tuple[Problem, ...]
    dates: tuple[str, ...] = ()


def _row_name(row: Row, index: int) -> str:
    written = row.get("ID", "").strip()
    return f"ReceivedData ID {written}" if written else f"ReceivedData row {index + 1}"


def _latest(rows: Sequence[Row]) -> tuple[list[tuple[int, Row]], int, int]:
    """The rows that stand (in file order, each with its place), and how many were erased and
    how many replaced by a later row for the same table, round and board."""
    order = sorted(
        range(len(rows)),
        key=lambda i: (parse_count(rows[i].get("ID", ""), 12) or 0, i),
    )
    standing: dict[tuple[str, ...], int] = {}
    erased = 0
    for index in order:
        row = rows[index]
        if row.get("Erased", "").strip().lower() in _TRUE:
            erased += 1
            continue
        slot = tuple(row.get(k, "").strip() for k in ("Section", "Table", "Round", "Board"))
        standing[slot] = index
    kept = sorted(standing.values())
    replaced = len(rows) - erased - len(kept)
    return [(index, rows[index]) for index in kept], erased, replaced


def _artificial(remark: str) -> ArtificialScore | None:
    """``40%-60%`` as ``A40/60``; ``None`` when the remark is not a pair of percentages."""
    match = _ARBITRAL.match(remark)
    if match is None:
        return None
    ns, ew = int(match.group(1)), int(match.group(2))
    if ns not in (40, 50, 60) or ew not in (40, 50, 60):
        raise ValueError(
            f"the arbitral score {quoted(remark)} is not 40%, 50% or 60% a side (Ave-, Ave, "
            "Ave+): give the director's score in a corrected file"
        )
    return ArtificialScore(Average(ns), Average(ew))


def _result(row: Row, sitting: Sitting) -> tuple[Result, str | None]:
    """The played result of a row, and a remark when its ``Declarer`` is not the pair sitting
    in the seat it says (the seat stands: it is what the table entered)."""
    contract = row.get("Contract", "").replace(" ", "")
    if contract.upper() in ("PASS", "AP", "PASSED"):
        return Result.passed_out(), None
    seat_text = row.get("NS/EW", "").strip()
    try:
        seat = Seat.parse(seat_text)
    except BridgeScoreError:
        raise ValueError(
            f"NS/EW {quoted(seat_text)} is not the declarer's seat (N, E, S, W)"
        ) from None
    result = Result.parse(f"{contract}{seat}{row.get('Result', '').strip()}")
    declarer = row.get("Declarer", "").strip()
    sits = _number(sitting.ns if seat.side is Side.NS else sitting.ew)
    if declarer in ("", "0", sits):
        return result, None
    told = (
        f"declarer pair {declarer} does not sit {seat.name.title()} (pair {sits} does): scored "
        f"as {result}, the seat the table entered"
    )
    return result, told


def _number(pair: object) -> str:
    """A pair's number as the rows write it (``3`` for ``3NS``)."""
    return re.sub(r"(NS|EW)$", "", str(pair))


def _sitting(movement: Movement, row: Row) -> tuple[Sitting | None, str]:
    """The sitting a row belongs to, or why there is none."""
    table, round_ = parse_count(row.get("Table", "")), parse_count(row.get("Round", ""))
    board = parse_count(row.get("Board", ""))
    if table is None or round_ is None or board is None:
        return None, "Table, Round and Board are not numbers"
    sitting = movement.sitting(round_, table)
    if sitting is None:
        return None, f"the movement has no table {table} in round {round_}"
    if not sitting.plays:
        return None, f"table {table} sits out in round {round_}"
    boards = movement.boards_of(sitting)
    if board not in boards:
        played = board_range(boards)
        return None, f"table {table} plays boards {played} in round {round_}, not board {board}"
    return sitting, ""


def _pairs_fit(sitting: Sitting, row: Row) -> str | None:
    """Why the row's pairs are not the ones the movement seats there (``None`` if they are)."""
    seated = [_number(pair) for pair in (sitting.ns, sitting.ew)]
    written = [row.get("PairNS", "").strip(), row.get("PairEW", "").strip()]
    if written == seated:
        return None
    return (
        f"NS {written[0]} v EW {written[1]}, but the movement seats NS {seated[0]} v EW "
        f"{seated[1]} at table {sitting.table} in round {sitting.round}"
    )


def read_results(
    movements: Mapping[str | None, Movement],
    section_ids: Mapping[str, str | None],
    rows: Sequence[Row],
    source: str,
) -> ReadResults:
    """The results of every section (``section_ids`` maps a section's ``ID`` to its letter,
    ``movements`` the letter to its movement); see the module docstring."""
    lines: list[TravellerLine] = []
    errors: list[Problem] = []
    notes: list[Problem] = []
    found: set[tuple[str | None, int, int, int]] = set()
    dates: set[str] = set()
    kept, erased, replaced = _latest(rows)
    if erased or replaced:
        said = [f"{erased} erased by the director"] if erased else []
        said += [f"{replaced} replaced by a later entry"] if replaced else []
        notes.append(Problem(source, None, f"ReceivedData: rows not read: {', '.join(said)}"))
    for index, row in kept:
        name = _row_name(row, index)
        section_id = row.get("Section", "").strip()
        if section_id not in section_ids:
            errors.append(Problem(source, None, f"{name}: there is no section {section_id}"))
            continue
        letter = section_ids[section_id]
        movement = movements[letter]
        sitting, why = _sitting(movement, row)
        if sitting is None:
            errors.append(Problem(source, None, f"{name}: {why}"))
            continue
        wrong = _pairs_fit(sitting, row)
        if wrong is not None:
            errors.append(Problem(source, None, f"{name}: {wrong}"))
            continue
        board = int(row["Board"])
        assert isinstance(sitting.ns, str) and isinstance(sitting.ew, str)
        where = f"board {board}, NS {row['PairNS'].strip()} v EW {row['PairEW'].strip()}"
        remark = row.get("Remarks", "").strip()
        try:
            line, told = _line(row, sitting, board, remark, letter)
        except (ValueError, BridgeScoreError) as error:
            errors.append(Problem(source, None, f"{name}: {where}: {error}"))
            continue
        found.add((letter, sitting.round, sitting.table, board))
        if line is None:
            notes.append(Problem(source, None, f"{name}: {where}: {remark}: no result"))
            continue
        if remark and line.artificial_score is None:
            notes.append(Problem(source, None, f"{name}: {where}: remark {quoted(remark)}"))
        if told is not None:
            notes.append(Problem(source, None, f"{name}: {where}: {told}"))
        lines.append(line)
        date = row.get("DateLog", "").strip()[:10]
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
            dates.add(date)
    missing = _missing(movements, found, source)
    return ReadResults(tuple(lines), tuple(errors), tuple(notes), missing, tuple(sorted(dates)))


def _line(
    row: Row, sitting: Sitting, board: int, remark: str, letter: str | None
) -> tuple[TravellerLine | None, str | None]:
    """The traveller line of a row (``None`` for a board not played), and a remark on it."""
    ns, ew, round_, table = str(sitting.ns), str(sitting.ew), sitting.round, sitting.table
    if not row.get("Contract", "").strip():
        if _NOT_PLAYED.match(remark):
            return None, None
        artificial = _artificial(remark)
        if artificial is None:
            said = f"the remark {quoted(remark)} is not" if remark else "and no"
            raise ValueError(f"no contract, {said} arbitral score (40%-60%) or Not played")
        line = TravellerLine(
            board, ns, ew, adjusted=artificial, section=letter, round=round_, table=table
        )
        return line, None
    lead_text = row.get("LeadCard", "").strip()
    lead = str(Card.parse(lead_text)) if lead_text else None
    result, told = _result(row, sitting)
    line = TravellerLine.played(
        board, ns, ew, result, lead=lead, section=letter, round=round_, table=table
    )
    return line, told


def _missing(
    movements: Mapping[str | None, Movement],
    found: set[tuple[str | None, int, int, int]],
    source: str,
) -> tuple[Problem, ...]:
    """A warning for each board a table of the movement plays that has no row; rounds no
    table played in one warning (:func:`unplayed_rounds`)."""
    missing = []
    for letter, movement in movements.items():
        where = "" if letter is None else f" of section {letter}"
        lacking = {
            (sitting.round, sitting.table, board): sitting
            for sitting in movement.schedule
            for board in movement.boards_of(sitting)
            if (letter, sitting.round, sitting.table, board) not in found
        }
        runs = unplayed_rounds(movement, lacking)
        section = "" if letter is None else f"section {letter}: "
        said = [(rounds[0], 0, f"ReceivedData: {section}{run}") for rounds, run in runs]
        curtailed = {number for rounds, _ in runs for number in rounds}
        said += [
            (
                round_,
                table,
                f"ReceivedData: board {board}{where}, NS {sitting.ns} v EW {sitting.ew} "
                f"(round {round_}, table {table}): no result",
            )
            for (round_, table, board), sitting in lacking.items()
            if round_ not in curtailed
        ]
        missing += [Problem(source, None, m) for *_, m in sorted(said, key=lambda m: m[:2])]
    return tuple(missing)
