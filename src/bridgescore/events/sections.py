"""A session file's sections checked against their movements before any result is read: the
movement fits the section (its tables and boards), and the section's pairs are the movement's,
each named once (the rule of every list of names, :mod:`bridgescore.formats.names`).

``bridgescore score`` checks a session file this way, and so does the club server with the
movements it was sent: one check, worded alike, each problem under its key with the likely fix.

>>> from pathlib import Path
>>> from bridgescore.events.movements import make_movement
>>> from bridgescore.formats import session as session_file
>>> text = '''title = "Nine"
... results = "nine.csv"
... [[sections]]
... tables = 9
... movement = "mitchell"
... pairs = [{pair = "1NS", names = ["Ann Archer", "Bob Baker"]},
...          {pair = "10EW", names = ["Cath Carter", "Dan Dyer"]}]
... '''
>>> file = session_file.loads(text, source="nine.toml")
>>> check_sections(file, {None: make_movement("mitchell", tables=9)})
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: nine.toml: sections[0].pairs[1].pair: pair '10EW' names no pair of the event (its pairs are 1NS-9NS, 1EW-9EW)
"""

from __future__ import annotations

__all__ = ["check_fit", "check_names", "check_sections", "movement_fit", "movement_pairs"]

import re
from collections.abc import Mapping, Sequence

from bridgescore.core.errors import FileFormatError, Problem
from bridgescore.core.movements.movement import Movement
from bridgescore.core.movements.plan import parse_tables
from bridgescore.core.pairs.fields import PairId, suffix_pattern
from bridgescore.core.table.seats import Side
from bridgescore.formats.names import NameEntry, names_problems
from bridgescore.formats.session import SectionEntry, SessionFile

_SUFFIXED = {side: re.compile(suffix_pattern(side)) for side in Side}
_MADE = ("mitchell", "howell", "individual")
"""The kinds of movement a session file can name to have one made for its tables."""


def movement_pairs(movement: Movement, section: str | None = None) -> list[PairId]:
    """The pairs (players) of a movement as the results name them: ``1NS`` is NS pair 1.

    >>> from bridgescore.events.movements import make_movement
    >>> movement_pairs(make_movement("mitchell", tables=3))[2:4]
    [PairId('3', Side.NS), PairId('1', Side.EW)]
    >>> movement_pairs(make_movement("howell", tables=3), "B")[0]
    PairId('1', section='B')
    """
    found = []
    for name in movement.pairs:
        pair = PairId(name, None, section)
        for side, pattern in _SUFFIXED.items():
            match = pattern.match(name) if movement.winners == 2 else None
            if match is not None:
                pair = PairId(match.group(1), side, section)
        found.append(pair)
    return found


def movement_fit(section: SectionEntry, movement: Movement) -> tuple[str, str] | None:
    """Why ``movement`` (read from the file the section names, or sent to the club server)
    does not fit the section, as ``(key, message)`` with the likely fix; ``None`` when it fits.
    Its tables must be the section's, and its boards as many as the section's range.

    >>> from bridgescore.events.movements import make_movement
    >>> seven = make_movement("howell", tables=7)
    >>> movement_fit(SectionEntry(None, "9", "seven.json", (1, 27)), seven)[1]
    'seven.json is a movement for 7 tables (Howell, 7 tables, 13 rounds of 2 boards), not for the 9 tables of this section: give the movement file of a 9-table section, or say movement = "howell" to have one made for 9 tables'
    >>> movement_fit(SectionEntry(None, "7", "seven.json", (1, 27)), seven)
    ('boards', 'seven.json plays 26 boards (13 rounds of 2), not the 27 of boards 1-27: say boards = "1-26", or give a movement of 27 boards')
    """
    tables, _ = parse_tables(section.tables)
    given = section.movement.lower().endswith(".json")
    name = section.movement if given else "the movement"
    if movement.tables != tables:
        made = (
            f', or say movement = "{movement.kind}" to have one made for {section.tables} tables'
            if given and movement.kind in _MADE
            else ""
        )
        return "movement", (
            f"{name} is a movement for {movement.tables} tables ({movement.title}), not for the "
            f"{section.tables} tables of this section: give the movement file of a "
            f"{section.tables}-table section{made}"
        )
    if section.boards is None:
        return None
    first, last = section.boards
    wanted = last - first + 1
    if movement.boards == wanted:
        return None
    rounds = len(movement.played_rounds)
    per_round = f"{rounds} rounds of {movement.boards_per_round}"
    return "boards", (
        f"{name} plays {movement.boards} boards ({per_round}), not the {wanted} of boards "
        f'{first}-{last}: say boards = "{first}-{first + movement.boards - 1}", or give a '
        f"movement of {wanted} boards"
    )


def _unfit(file: SessionFile, index: int, movement: Movement) -> Problem | None:
    unfit = movement_fit(file.sections[index], movement)
    if unfit is None:
        return None
    return Problem(file.source, None, f"sections[{index}].{unfit[0]}: {unfit[1]}")


def check_fit(file: SessionFile, section: SectionEntry, movement: Movement) -> None:
    """Raise :class:`FileFormatError` when ``movement`` does not fit ``section`` of ``file``
    (:func:`movement_fit`), the problem under the section's key."""
    unfit = _unfit(file, file.sections.index(section), movement)
    if unfit is not None:
        raise FileFormatError.from_problems([unfit])


def _section_problems(
    file: SessionFile, index: int, movement: Movement, among: str
) -> list[Problem]:
    section = file.sections[index]
    where = f"sections[{index}]"
    unfit = _unfit(file, index, movement)
    if unfit is not None:
        return [unfit]
    listed, key = ("players", "player") if movement.kind == "individual" else ("pairs", "pair")
    entries = [
        NameEntry(pair.pair, key=f"{where}.{listed}[{i}].{key}")
        for i, pair in enumerate(section.pairs)
    ]
    return names_problems(entries, file.source, movement_pairs(movement), among=among)


def check_sections(file: SessionFile, movements: Mapping[str | None, Movement]) -> None:
    """Check each section of ``file`` against its movement in ``movements`` (keyed by
    letter, ``None`` or ``""`` for a section without one), as the module docstring says;
    raise :class:`FileFormatError` with every problem found."""
    problems = []
    several = len(file.sections) > 1
    for index, section in enumerate(file.sections):
        movement = movements.get(section.letter, movements.get(section.letter or ""))
        if movement is not None:
            among = f"of section {section.letter}" if several else "of the event"
            problems += _section_problems(file, index, movement, among)
    if problems:
        raise FileFormatError.from_problems(problems)


def check_names(
    entries: Sequence[NameEntry], source: str | None, movements: Mapping[str | None, Movement]
) -> None:
    """Check a names file's entries (a names CSV a session file names, or given with it)
    against the pairs of the sections' ``movements``: the rule of every list of names."""
    pairs = [pair for letter, m in movements.items() for pair in movement_pairs(m, letter)]
    problems = names_problems(entries, source, pairs) if pairs else []
    if problems:
        raise FileFormatError.from_problems(problems)
