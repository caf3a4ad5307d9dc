"""The four seats at the table and the two sides.

>>> Seat.NORTH.partner, Seat.NORTH.next(), Seat.WEST.next()
(Seat.SOUTH, Seat.EAST, Seat.NORTH)
>>> Seat.parse("e").side
Side.EW
>>> Side.NS.opponent, [str(s) for s in Side.EW.seats]
(Side.EW, ['E', 'W'])
"""

from __future__ import annotations

__all__ = ["Seat", "Side"]

from enum import Enum

from bridgescore.core.errors import NotationError


class Side(Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    # Each side is one object, equal only to itself: hashed by its identity, which costs far
    # less than Enum's hash of its name (a side is in the key of every pair).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Side.{self.name}"

    def __str__(self) -> str:
        return self.value

    @property
    def opponent(self) -> Side:
        """The other side."""
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this side, North or East first."""
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)

    @property
    def sign(self) -> int:
        """+1 for NS, -1 for EW: turns a score for this side into an NS-signed score."""
        return 1 if self is Side.NS else -1

    @classmethod
    def parse(cls, text: str) -> Side:
        """Read ``NS``, ``N/S``, ``N-S``, ``EW``, ``E/W``... (case-insensitive).

        >>> Side.parse("n/s"), Side.parse("EW")
        (Side.NS, Side.EW)
        """
        key = text.strip().upper().replace("/", "").replace("-", "").replace(" ", "")
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
            return Side.EW
        raise NotationError(text, "a side is NS or EW")


_SEAT_WORDS = {
    "N": "N",
    "NORTH": "N",
    "E": "E",
    "EAST": "E",
    "S": "S",
    "SOUTH": "S",
    "W": "W",
    "WEST": "W",
}


class Seat(Enum):
    """A seat at the table, in clockwise order from North."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    # Hashed by identity, as a side is (a seat is in the key of every hand and card played).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.value

    @property
    def index(self) -> int:
        """0 for North, 1 East, 2 South, 3 West."""
        return _INDEX[self]

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise (the left-hand opponent for 1)."""
        return _ORDER[(_INDEX[self] + steps) % 4]

    @property
    def partner(self) -> Seat:
        return self.next(2)

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read ``N``, ``north``, ``E``... (case-insensitive).

        >>> Seat.parse("North"), Seat.parse(" w ")
        (Seat.NORTH, Seat.WEST)
        >>> Seat.parse("X")
        Traceback (most recent call last):
        ...
        bridgescore.core.errors.NotationError: 'X': a seat is N, E, S or W
        """
        letter = _SEAT_WORDS.get(text.strip().upper())
        if letter is None:
            raise NotationError(text, "a seat is N, E, S or W")
        return Seat(letter)


_ORDER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_INDEX = {seat: index for index, seat in enumerate(_ORDER)}
