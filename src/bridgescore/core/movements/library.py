"""The library of named movements: what a director asks for by name (``howell-7``,
``howell-9-3q``, ``mitchell-10-skip``, ``mitchell-13-rover``), each made by the generators for
its tables and rounds. ``bridgescore movement list`` lists them, ``movement show NAME`` prints
one, and a session file may name one (``movement = "howell-9-3q"``). Golden files in the tests
fix every entry, so that none changes without it being seen.

The names:

* ``howell-T`` (3 to 15 tables): the complete Howell; ``howell-3-mini``: the 3-table Howell
  with two mini-sets a round;
* ``howell-T-3q`` (5 to 15 tables): the three-quarter Howell a club plays, about 26 boards,
  every board played T times (13 to 15 tables: two groups of pairs move, an interwoven
  Howell);
* ``mitchell-T`` (odd T) or ``mitchell-T-skip`` and ``mitchell-T-relay`` (even T), 3 to 15
  tables, two winners; ``-arrow`` after it: one winner, tables arrow-switched; ``-rover``
  after it (5 tables on): with a rover (a late pair);
* ``mitchell-T-web`` (14 to 20 tables, even): the web Mitchell.

>>> entry = LIBRARY["howell-9-3q"]
>>> entry.tables, entry.rounds, entry.about
(9, 13, 'three-quarter Howell: every board played 9 times')
>>> print(compact(library_movement("mitchell-3", boards=6)))
Mitchell, 3 tables, 3 rounds of 2 boards: 3 sets of 2 boards
round 1: 1NS-1EW:1 2NS-2EW:2 3NS-3EW:3
round 2: 1NS-3EW:2 2NS-1EW:3 3NS-2EW:1
round 3: 1NS-2EW:3 2NS-3EW:1 3NS-1EW:2
"""

from __future__ import annotations

__all__ = ["LIBRARY", "THREE_QUARTER", "Entry", "compact", "library_movement"]

from collections.abc import Callable
from dataclasses import dataclass

from bridgescore.core.errors import MovementError
from bridgescore.core.movements.howell import howell, howell_minisets
from bridgescore.core.movements.mitchell import MitchellStyle, mitchell
from bridgescore.core.movements.movement import Movement, Sitter, members
from bridgescore.core.movements.plan import session_plan

Maker = Callable[[int | None, bool], Movement]
"""Makes an entry's movement: the boards each pair plays (``None``: the usual), a phantom."""

THREE_QUARTER = {5: 8, 6: 8, 7: 9, 8: 12, 9: 13, 10: 13, 11: 13, 12: 13, 13: 13, 14: 12, 15: 13}
"""The rounds of each table count's ``howell-T-3q``: about three quarters of the complete
Howell, 24 to 28 boards."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A named movement: its tables and rounds, a line about it, and its maker."""

    name: str
    tables: int
    rounds: int
    about: str
    make: Maker


def _howell(tables: int, rounds: int) -> Maker:
    return lambda boards, phantom: howell(tables, rounds=rounds, boards=boards, phantom=phantom)


def _mitchell(tables: int, style: MitchellStyle, winners: int, rover: bool) -> Maker:
    def make(boards: int | None, phantom: bool) -> Movement:
        return mitchell(
            tables, style=style, boards=boards, winners=winners, rover=rover, phantom=phantom
        )

    return make


def _entries() -> dict[str, Entry]:
    found: list[Entry] = []
    for tables in range(3, 16):
        full = 2 * tables - 1
        about = "complete Howell: every pair meets every other"
        found.append(Entry(f"howell-{tables}", tables, full, about, _howell(tables, full)))
    mini = "complete Howell, two mini-sets a round: every two pairs compared equally"
    found.append(
        Entry(
            "howell-3-mini",
            3,
            5,
            mini,
            lambda boards, phantom: howell_minisets(boards, phantom=phantom),
        )
    )
    for tables, rounds in THREE_QUARTER.items():
        kind = "three-quarter" if rounds > tables else "interwoven"
        about = f"{kind} Howell: every board played {tables} times"
        found.append(Entry(f"howell-{tables}-3q", tables, rounds, about, _howell(tables, rounds)))
    for tables in range(3, 16):
        styles: list[MitchellStyle] = ["standard"] if tables % 2 else ["skip", "relay"]
        for style in styles:
            base = f"mitchell-{tables}" + ("" if style == "standard" else f"-{style}")
            rounds = tables - 1 if style == "skip" else tables
            about = _STYLES[style]
            found.append(Entry(base, tables, rounds, about, _mitchell(tables, style, 2, False)))
            arrow = f"{about}, one winner (arrow switches)"
            maker = _mitchell(tables, style, 1, False)
            found.append(Entry(f"{base}-arrow", tables, rounds, arrow, maker))
            if tables >= 5:
                maker = _mitchell(tables, style, 2, True)
                found.append(Entry(f"{base}-rover", tables, rounds, f"{about} with a rover", maker))
    for tables in range(14, 21, 2):
        rounds = session_plan(tables - 1)[0]  # the generator's usual session, an odd count
        rounds -= rounds % 2 == 0
        maker = _mitchell(tables, "web", 2, False)
        found.append(Entry(f"mitchell-{tables}-web", tables, rounds, "web Mitchell", maker))
    return {entry.name: entry for entry in found}


_STYLES = {"standard": "Mitchell", "skip": "skip Mitchell", "relay": "share-and-relay Mitchell"}


LIBRARY = _entries()
"""Every named movement, by name (see the module docstring)."""


def library_movement(name: str, *, boards: int | None = None, phantom: bool = False) -> Movement:
    """The library's movement ``name``; ``boards`` is what each pair plays (by default the
    usual for its rounds), ``phantom`` a half table (pair 2T, or the last NS pair, missing)."""
    entry = LIBRARY.get(name.strip().lower())
    if entry is None:
        raise MovementError(f"there is no movement called {name!r} in the library")
    return entry.make(boards, phantom)


def _side(sitter: Sitter) -> str:
    return "+".join(members(sitter)) or "-"


def compact(movement: Movement) -> str:
    """The movement in a line a round, each table ``NS-EW:set`` (``*`` after an arrow switch,
    ``3+8`` for mini-sets): what the library's golden files hold."""
    sizes = sorted({len(b) for b in movement.sets.values()})
    head = (
        f"{movement.title}: {len(movement.sets)} sets of "
        f"{'/'.join(map(str, sizes))} board{'s' * (sizes != [1])}"
    )
    lines = [head]
    for number in movement.played_rounds:
        cells = [
            f"{_side(s.ns)}-{_side(s.ew)}:{'+'.join(s.sets)}{'*' * s.switch}"
            + (f"@{s.room}" if s.room else "")
            for s in movement.round(number)
        ]
        lines.append(f"round {number}: {' '.join(cells)}")
    return "\n".join(lines)
