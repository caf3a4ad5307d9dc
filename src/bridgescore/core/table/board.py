"""Vulnerability, and the dealer and vulnerability a board number carries (Law 2).

The 16-board cycle repeats for boards 17-32 and every further group of 16.

>>> Board(7).dealer, Board(7).vulnerability
(Seat.SOUTH, Vulnerability.BOTH)
>>> Board(17) == Board(17), Board(17).vulnerability is Board(1).vulnerability
(True, True)
>>> Vulnerability.NS.is_vulnerable(Seat.SOUTH), Vulnerability.NS.is_vulnerable(Side.EW)
(True, False)
"""

from __future__ import annotations

__all__ = ["Board", "Vulnerability"]

from dataclasses import dataclass
from enum import Enum

from bridgescore.core.errors import NotationError
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.seats import Seat, Side

_VUL_WORDS = {
    "NONE": "NONE",
    "LOVE": "NONE",
    "-": "NONE",
    "O": "NONE",
    "0": "NONE",
    "NEITHER": "NONE",
    "NIL": "NONE",
    "NS": "NS",
    "N/S": "NS",
    "N-S": "NS",
    "N": "NS",
    "EW": "EW",
    "E/W": "EW",
    "E-W": "EW",
    "E": "EW",
    "BOTH": "BOTH",
    "ALL": "BOTH",
    "B": "BOTH",
}


class Vulnerability(Enum):
    """Which sides are vulnerable on a deal."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"

    def __str__(self) -> str:
        return self.value

    def is_vulnerable(self, who: Seat | Side) -> bool:
        """Whether a seat (or a side) is vulnerable."""
        side = who.side if isinstance(who, Seat) else who
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return (self is Vulnerability.NS) == (side is Side.NS)

    @classmethod
    def of(cls, ns: bool, ew: bool) -> Vulnerability:
        """The vulnerability from each side's state.

        >>> Vulnerability.of(ns=False, ew=True)
        Vulnerability.EW
        """
        if ns and ew:
            return cls.BOTH
        if ns:
            return cls.NS
        if ew:
            return cls.EW
        return cls.NONE

    @classmethod
    def for_board(cls, number: int) -> Vulnerability:
        """The vulnerability of a duplicate board number (Law 2).

        >>> [str(Vulnerability.for_board(n)) for n in (1, 2, 3, 4, 8, 16, 20, 35)]
        ['None', 'NS', 'EW', 'Both', 'None', 'EW', 'Both', 'EW']
        """
        i = _board_index(number)
        return _VUL_CYCLE[(i + i // 4) % 4]

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Read the spellings in use: ``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both``,
        and LIN's ``o``/``n``/``e``/``b``.

        >>> Vulnerability.parse("All"), Vulnerability.parse("love"), Vulnerability.parse("e")
        (Vulnerability.BOTH, Vulnerability.NONE, Vulnerability.EW)
        """
        name = _VUL_WORDS.get(text.strip().upper())
        if name is None:
            raise NotationError(text, "vulnerability is None, NS, EW or Both")
        return cls[name]


_VUL_CYCLE = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
_DEALERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def _board_index(number: int) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise NotationError(number, "a board number is a whole number from 1")
    return number - 1


@dataclass(frozen=True, slots=True, order=True)
class Board:
    """A duplicate board, known by its number.

    >>> Board(20)
    Board(20)
    >>> Board(0)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.NotationError: 0: a board number is a whole number from 1
    """

    number: int

    def __post_init__(self) -> None:
        _board_index(self.number)

    def __repr__(self) -> str:
        return f"Board({self.number})"

    def __str__(self) -> str:
        return str(self.number)

    @property
    def dealer(self) -> Seat:
        """N for boards 1, 5, 9, 13; E for 2, 6, 10, 14; S for 3, 7, ...; W for 4, 8, ..."""
        return _DEALERS[_board_index(self.number) % 4]

    @property
    def vulnerability(self) -> Vulnerability:
        return Vulnerability.for_board(self.number)

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read a board number such as ``7`` or ``Board 7``.

        >>> Board.parse("Board 12")
        Board(12)
        """
        stripped = text.strip()
        if stripped.lower().startswith("board"):
            stripped = stripped[5:].strip()
        number = parse_count(stripped)
        if number is None:
            raise NotationError(text, "a board number is a whole number from 1")
        return cls(number)
