"""A Bridgemate file's sections and their movements: the ``Section`` and ``RoundData`` tables
made into :class:`~bridgescore.core.movements.movement.Movement` values, and checked as
``bridgescore movement check`` checks a movement file.

Each ``RoundData`` row seats one table in one round: the NS and EW pair numbers and the boards,
``LowBoard`` to ``HighBoard``, or those ``CustomBoards`` lists (``1,2,7`` or ``1-2,7``). A pair
number of 0, or the section's ``MissingPair`` (the phantom), is nobody: that side sits out.
The boards played together in a round are one board set; sets must not overlap (a movement
that splits a round's boards into several sets is not read yet, and is refused saying so).

Pairs: a number seated twice in one round (NS at one table, EW at another) is two pairs, a
Mitchell's NS and EW pair (``3NS``, ``3EW``); otherwise pairs are numbered as written. Fields:
the section's ``Winners`` says one or two where the file has it; otherwise NS and EW sharing
numbers, or pairs that never change direction, are two fields, and pairs that do (an
arrow-switched Mitchell, a Howell) one.

>>> rows = [{"Section": "1", "Table": "1", "Round": "1", "NSPair": "1", "EWPair": "2",
...          "LowBoard": "1", "HighBoard": "2", "CustomBoards": ""},
...         {"Section": "1", "Table": "1", "Round": "2", "NSPair": "2", "EWPair": "1",
...          "LowBoard": "3", "HighBoard": "4", "CustomBoards": ""}]
>>> movement = section_movement(BwsSection("1", None, 1), rows, "club.bws")
>>> movement.title, movement.winners, movement.sets
('Howell, 1 table, 2 rounds of 2 boards', 1, mappingproxy({'1': (1, 2), '2': (3, 4)}))
>>> [(s.round, s.ns, s.ew, s.set) for s in movement.schedule]
[(1, '1', '2', '1'), (2, '2', '1', '2')]
"""

from __future__ import annotations

__all__ = ["BwsSection", "board_list", "read_sections", "section_movement"]

import re
from collections import Counter
from dataclasses import dataclass, replace

from bridgescore.core.errors import FileFormatError, MovementError, Problem, quoted
from bridgescore.core.movements.check import check_movement
from bridgescore.core.movements.movement import Movement, Sitting, board_range
from bridgescore.core.movements.schema import Kind
from bridgescore.core.numbers import natural_key, parse_count
from bridgescore.formats.bws.mdb import Row

_RANGE = re.compile(r"^(\d{1,4})(?:-(\d{1,4}))?$")


@dataclass(frozen=True, slots=True)
class BwsSection:
    """A section of the file: its ``ID`` (how the other tables name it), letter (``None`` when
    the file has one section), tables, phantom pair (``MissingPair``) and ``Winners`` (1, 2,
    or ``None`` when the file does not say)."""

    id: str
    letter: str | None
    tables: int
    missing_pair: str | None = None
    winners: int | None = None

    @property
    def where(self) -> str:
        """``section A: `` for messages in a file of sections (nothing in a file of one)."""
        return "" if self.letter is None else f"section {self.letter}: "


def read_sections(rows: list[Row], source: str) -> tuple[BwsSection, ...]:
    """The ``Section`` table's sections; the letter is dropped when there is only one."""
    found = []
    for row in rows:
        tables = parse_count(row.get("Tables", ""), 3) or 0
        missing = row.get("MissingPair", "").strip()
        winners = parse_count(row.get("Winners", ""), 1)
        found.append(
            BwsSection(
                row.get("ID", "").strip(),
                row.get("Letter", "").strip() or row.get("ID", "").strip(),
                tables,
                None if missing in ("", "0") else missing,
                winners if winners in (1, 2) else None,
            )
        )
    if not found:
        raise FileFormatError(source, None, "Section: the file has no section")
    if len(found) == 1:
        return (replace(found[0], letter=None),)
    return tuple(found)


def board_list(low: str, high: str, custom: str) -> tuple[int, ...]:
    """A ``RoundData`` row's boards: ``CustomBoards`` (numbers and runs, separated by commas
    or spaces) when it has any, else ``LowBoard`` to ``HighBoard``.

    >>> board_list("1", "3", ""), board_list("0", "0", "1-2, 7"), board_list("0", "0", "5 9")
    ((1, 2, 3), (1, 2, 7), (5, 9))
    """
    if custom.strip():
        boards: list[int] = []
        for part in re.split(r"[,;\s]+", re.sub(r"\s*-\s*", "-", custom.strip())):
            match = _RANGE.match(part)
            if match is None:
                raise MovementError(f"CustomBoards {quoted(custom)} is not a list of boards")
            first = int(match.group(1))
            boards.extend(range(first, int(match.group(2) or first) + 1))
        return tuple(boards)
    start, end = parse_count(low, 4, least=1), parse_count(high, 4, least=1)
    if start is None or end is None or end < start:
        raise MovementError(f"boards {quoted(low)} to {quoted(high)} are not a run of boards")
    return tuple(range(start, end + 1))


@dataclass(frozen=True, slots=True)
class _Seat:
    round: int
    table: int
    ns: str | None
    ew: str | None
    boards: tuple[int, ...]


def _seats(section: BwsSection, rows: list[Row], source: str) -> list[_Seat]:
    """The section's ``RoundData`` rows read; a row that cannot be is a located error."""
    seats: list[_Seat] = []
    problems: list[Problem] = []
    for row in rows:
        table, round_ = parse_count(row.get("Table", "")), parse_count(row.get("Round", ""))
        where = f"RoundData: {section.where}table {row.get('Table')}, round {row.get('Round')}"
        if not table or not round_:
            problems.append(Problem(source, None, f"{where}: not a table and a round"))
            continue
        sides: list[str | None] = []
        for column in ("NSPair", "EWPair"):
            written = row.get(column, "").strip()
            if written in ("", "0") or written == section.missing_pair:
                sides.append(None)
            elif parse_count(written) is None:
                problems.append(Problem(source, None, f"{where}: {column} {quoted(written)}"))
                break
            else:
                sides.append(str(parse_count(written)))
        else:
            try:
                boards = board_list(
                    row.get("LowBoard", ""), row.get("HighBoard", ""), row.get("CustomBoards", "")
                )
            except MovementError as error:
                problems.append(Problem(source, None, f"{where}: {error}"))
                continue
            seats.append(_Seat(round_, table, sides[0], sides[1], boards))
    if problems:
        raise FileFormatError.from_problems(problems)
    return seats


def _two_fields(seats: list[_Seat], winners: int | None) -> tuple[bool, bool]:
    """Whether the section has two fields, and whether NS and EW share numbers (so that the
    pairs are written ``3NS``, ``3EW``)."""
    by_round: dict[int, Counter[str]] = {}
    for seat in seats:
        for pair in (seat.ns, seat.ew):
            if pair is not None:
                by_round.setdefault(seat.round, Counter())[pair] += 1
    shared = any(count > 1 for counts in by_round.values() for count in counts.values())
    sides = {(pair, side) for s in seats for side, pair in (("NS", s.ns), ("EW", s.ew)) if pair}
    switching = {pair for pair, side in sides if (pair, "EW" if side == "NS" else "NS") in sides}
    two = winners == 2 if winners is not None else shared or not switching
    return two, shared


def _sets(seats: list[_Seat], source: str, section: BwsSection) -> dict[tuple[int, ...], str]:
    """Each round's boards named as a set (``1``, ``2``, ... in board order); sets that overlap
    without being the same boards are refused."""
    runs = sorted({seat.boards for seat in seats if seat.boards}, key=lambda b: (min(b), b))
    owner: dict[int, tuple[int, ...]] = {}
    for boards in runs:
        for board in boards:
            other = owner.setdefault(board, boards)
            if other != boards:
                raise FileFormatError(
                    source,
                    None,
                    f"RoundData: {section.where}boards {board_range(boards)} and "
                    f"{board_range(other)} are both played in a round: a movement whose rounds "
                    "play several board sets is not read yet",
                )
    return {boards: str(index) for index, boards in enumerate(runs, start=1)}


def section_movement(section: BwsSection, rows: list[Row], source: str) -> Movement:
    """The movement of ``section`` from the file's ``RoundData`` rows (those of other sections
    are passed over), checked: what breaks the hard rules of a movement is a
    :class:`FileFormatError` naming the file and section."""
    mine = [row for row in rows if row.get("Section", "").strip() == section.id]
    seats = _seats(section, mine, source)
    if not seats:
        raise FileFormatError(source, None, f"RoundData: {section.where}no rounds")
    two, shared = _two_fields(seats, section.winners)

    def label(pair: str | None, side: str) -> str | None:
        return None if pair is None else f"{pair}{side}" if shared else pair

    sets = _sets(seats, source, section)
    schedule = tuple(
        Sitting(s.round, s.table, label(s.ns, "NS"), label(s.ew, "EW"), sets[s.boards])
        for s in seats
        if s.boards
    )
    pairs = sorted(
        {p for s in schedule for p in (s.ns, s.ew) if isinstance(p, str)}, key=natural_key
    )
    home = Counter((s.table, str(s.ns)) for s in schedule)
    rounds = max(s.round for s in seats)
    stationary = all(count * 2 > rounds for count in _most_per_table(home).values())
    kind: Kind = "mitchell" if two or stationary else "howell"
    try:
        movement = Movement(
            kind,
            max(section.tables, *(s.table for s in seats)),
            rounds,
            sum(len(boards) for boards in sets),
            2 if two else 1,
            {name: boards for boards, name in sets.items()},
            tuple(pairs),
            schedule,
        )
    except MovementError as error:
        raise FileFormatError(source, None, f"RoundData: {section.where}{error}") from None
    report = check_movement(movement)
    if report.problems:
        raise FileFormatError.from_problems(
            [Problem(source, None, f"RoundData: {section.where}{p}") for p in report.problems]
        )
    return movement


def _most_per_table(home: Counter[tuple[int, str]]) -> dict[int, int]:
    """How many rounds each table keeps its most frequent NS pair."""
    most: dict[int, int] = {}
    for (table, _), count in home.items():
        most[table] = max(most.get(table, 0), count)
    return most
