"""The double-dummy table of a deal: the tricks each seat takes as declarer in each strain, with
every card in view and best play by all four (20 numbers), and the contracts they make.

Its notation is the 20 hexadecimal digits of the PBN tag ``DoubleDummyTricks``: declarers North,
South, East, West, each with the strains NT, spades, hearts, diamonds, clubs (``0``-``d`` for
0-13 tricks).

>>> table = DDTable.parse("43367433678a9668a966")
>>> table[Seat.NORTH, Strain.NOTRUMP], table[Seat.WEST, Strain.CLUBS], table.side_tricks(Side.EW, Strain.HEARTS)
(4, 6, 9)
>>> str(table) == "43367433678a9668a966"
True
>>> [(side, [str(c) for c in contracts]) for side, contracts in table.makeable()]
[('NS', ['1C']), ('EW', ['2NT', '4S', '3H'])]
"""

from __future__ import annotations

__all__ = ["DD_SEATS", "DD_STRAINS", "DDTable"]

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from bridgescore.core.errors import NotationError
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.strain import Strain

DD_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
"""The declarers in the order of the ``DoubleDummyTricks`` notation."""
DD_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
"""The strains in the order of the notation, and of the grids people print: NT first."""

_SEAT_ORDER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


@dataclass(frozen=True, slots=True)
class DDTable:
    """Tricks by declarer and strain; ``tricks[seat.index][strain]`` (seats N, E, S, W; strains
    in bidding order C, D, H, S, NT), each 0 to 13."""

    tricks: tuple[tuple[int, int, int, int, int], ...]

    def __post_init__(self) -> None:
        rows = tuple(tuple(row) for row in self.tricks)
        if len(rows) != 4 or any(len(row) != 5 for row in rows):
            raise NotationError(rows, "a double-dummy table has 4 declarers and 5 strains")
        for row in rows:
            for value in row:
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
                    raise NotationError(value, "a double-dummy result is 0 to 13 tricks")
        object.__setattr__(self, "tricks", rows)

    @classmethod
    def of(cls, tricks: Mapping[tuple[Seat, Strain], int]) -> DDTable:
        """From the 20 results by (declarer, strain); every pair must be there."""
        missing = [(seat, strain) for seat in _SEAT_ORDER for strain in Strain]
        missing = [key for key in missing if key not in tricks]
        if missing:
            seat, strain = missing[0]
            raise NotationError(
                f"{seat}{strain}", f"the double-dummy table lacks {len(missing)} of 20 results"
            )
        rows = tuple(
            (
                tricks[seat, Strain.CLUBS],
                tricks[seat, Strain.DIAMONDS],
                tricks[seat, Strain.HEARTS],
                tricks[seat, Strain.SPADES],
                tricks[seat, Strain.NOTRUMP],
            )
            for seat in _SEAT_ORDER
        )
        return cls(rows)

    @classmethod
    def parse(cls, text: str) -> DDTable:
        """The 20 hexadecimal digits of ``DoubleDummyTricks`` (any case)."""
        body = text.strip().lower()
        if len(body) != 20 or any(c not in "0123456789abcd" for c in body):
            raise NotationError(
                text, "double-dummy tricks are 20 digits 0-9 and a-d (N, S, E, W; NT S H D C)"
            )
        values = iter(int(c, 16) for c in body)
        return cls.of({(seat, strain): next(values) for seat in DD_SEATS for strain in DD_STRAINS})

    def __getitem__(self, key: tuple[Seat, Strain]) -> int:
        seat, strain = key
        return self.tricks[seat.index][strain]

    def __iter__(self) -> Iterator[tuple[Seat, Strain, int]]:
        """The 20 results as (declarer, strain, tricks), in the order of the notation."""
        for seat in DD_SEATS:
            for strain in DD_STRAINS:
                yield seat, strain, self[seat, strain]

    def __str__(self) -> str:
        return "".join(format(tricks, "x") for _, _, tricks in self)

    def __repr__(self) -> str:
        return f"DDTable.parse({str(self)!r})"

    def side_tricks(self, side: Side, strain: Strain) -> int:
        """The tricks a side takes in a strain with the better of its two declarers."""
        return max(self[seat, strain] for seat in side.seats)

    def makeable(self) -> tuple[tuple[str, tuple[Contract, ...]], ...]:
        """The highest contract each declarer makes in each strain (NT first), by side (``NS``)
        when both partners make the same, else by seat (``N``, ``S``); nobody who makes nothing.
        """
        out: list[tuple[str, tuple[Contract, ...]]] = []
        for side in Side:
            rows = {seat: self._made(seat) for seat in side.seats}
            first, second = side.seats
            if rows[first] == rows[second]:
                groups = [(str(side), rows[first])]
            else:
                groups = [(str(seat), rows[seat]) for seat in side.seats]
            out.extend((who, made) for who, made in groups if made)
        return tuple(out)

    def _made(self, seat: Seat) -> tuple[Contract, ...]:
        return tuple(
            Contract(self[seat, strain] - 6, strain)
            for strain in DD_STRAINS
            if self[seat, strain] >= 7
        )
