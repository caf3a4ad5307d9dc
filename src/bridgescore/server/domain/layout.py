"""Where the boards are played: each table's rounds, as the movements say.

A session's sections are named by their letters; a session file with one unnamed section is
section ``A`` on the server (:data:`UNNAMED`), everywhere: in the log, the codes, the pages.
A :class:`Place` is a table of a section, a :class:`TableRound` what a table plays in a round,
and a :class:`SlotKey` one board at a table in a round: the unit the log's results are about.

>>> layout = Layout({Place("A", 1): (TableRound(1, "1", "2", (1, 2)), TableRound(2, None, None, ()))})
>>> [tuple(key) for key in layout.slots()]
[('A', 1, 1, 1), ('A', 1, 1, 2)]
>>> layout.table_round(Place("A", 1), 2).sit_out, layout.first_round(Place("A", 1), after=1)
(True, None)
"""

from __future__ import annotations

__all__ = ["UNNAMED", "Layout", "Place", "SlotKey", "TableRound", "section_key"]

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

UNNAMED = "A"
"""The server's name for the one section of a session file that names none."""


def section_key(letter: str | None) -> str:
    """The server's name of a session file's section (``A`` for an unnamed one).

    >>> section_key(None), section_key("B")
    ('A', 'B')
    """
    return letter or UNNAMED


class Place(NamedTuple):
    """A table of a section."""

    section: str
    table: int

    def __str__(self) -> str:
        return f"{self.section}{self.table}"


class SlotKey(NamedTuple):
    """A board at a table in a round."""

    section: str
    table: int
    round: int
    board: int

    @property
    def place(self) -> Place:
        return Place(self.section, self.table)


@dataclass(frozen=True, slots=True)
class TableRound:
    """A round at a table: its number, the NS and EW pairs holding the cards (as the
    movement names them; ``None`` for an empty seat) and the boards played, in order."""

    number: int
    ns: str | None
    ew: str | None
    boards: tuple[int, ...]

    @property
    def sit_out(self) -> bool:
        """Whether nothing is played there this round (a pair sits out, or a relay)."""
        return not self.boards or self.ns is None or self.ew is None


@dataclass(frozen=True)
class Layout:
    """Each table's rounds in order, by place, with the lookups the fold needs made once."""

    rounds: Mapping[Place, tuple[TableRound, ...]]
    _by_number: dict[Place, dict[int, TableRound]] = field(init=False, repr=False, compare=False)
    _next: dict[tuple[Place, int], int | None] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_number = {place: {r.number: r for r in rounds} for place, rounds in self.rounds.items()}
        following: dict[tuple[Place, int], int | None] = {}
        for place, rounds in self.rounds.items():
            playing = [r.number for r in rounds if not r.sit_out]
            for r in rounds:
                following[(place, r.number)] = next((n for n in playing if n > r.number), None)
            following[(place, 0)] = playing[0] if playing else None
        object.__setattr__(self, "_by_number", by_number)
        object.__setattr__(self, "_next", following)

    @functools.cached_property
    def size(self) -> int:
        """How many slots the session has."""
        return sum(1 for _key in self.slots())

    @functools.cached_property
    def plays_of(self) -> dict[int, int]:
        """How many times each board is played, at every table of every section."""
        found: dict[int, int] = {}
        for key in self.slots():
            found[key.board] = found.get(key.board, 0) + 1
        return found

    @property
    def places(self) -> list[Place]:
        """Every table, in order."""
        return sorted(self.rounds)

    @functools.cached_property
    def sections(self) -> tuple[str, ...]:
        """The sections, in order (made once: every log-on asks)."""
        return tuple(sorted({place.section for place in self.rounds}))

    def slots(self) -> Iterator[SlotKey]:
        """Every board at every table in every round."""
        for place, rounds in self.rounds.items():
            for r in rounds:
                if r.sit_out:
                    continue
                for board in r.boards:
                    yield SlotKey(place.section, place.table, r.number, board)

    def table_round(self, place: Place, number: int) -> TableRound | None:
        """What ``place`` plays in round ``number`` (``None``: no such round there)."""
        return self._by_number.get(place, {}).get(number)

    def first_round(self, place: Place, after: int = 0) -> int | None:
        """The first round after ``after`` in which the table plays (``None``: no more)."""
        if (place, after) in self._next:
            return self._next[(place, after)]
        return next(
            (r.number for r in self.rounds.get(place, ()) if r.number > after and not r.sit_out),
            None,
        )

    def plays(self, key: SlotKey) -> TableRound | None:
        """The round of ``key`` when its board is played there, else ``None``."""
        found = self.table_round(key.place, key.round)
        if found is None or found.sit_out or key.board not in found.boards:
            return None
        return found
