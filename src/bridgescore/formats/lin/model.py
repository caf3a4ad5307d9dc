"""What a LIN file holds once read: its boards (deal, players, auction, play and what follows
from them) and the file's event title, scoring and problems.

>>> board = LinBoard(3, Seat.NORTH, Vulnerability.BOTH, Deal.parse("N:AKQJ.T98.765.432 - - -"))
>>> board.result is None, LinFile((board,)).title
(True, None)
"""

from __future__ import annotations

__all__ = ["LinBoard", "LinFile", "tagged"]

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from bridgescore.core.errors import Problem
from bridgescore.core.table.auction import Auction
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.play import Play
from bridgescore.core.table.result import Result
from bridgescore.core.table.seats import Seat


def tagged(tag: str, value: str) -> str:
    """A tag and its value as a message shows them, a long value cut short.

    >>> tagged("mb", "1N"), tagged("nt", "x" * 100)
    ('mb|1N|', 'nt|xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...|')
    """
    return f"{tag}|{value if len(value) <= 40 else value[:37] + '...'}|"


@dataclass(frozen=True, slots=True)
class LinBoard:
    """One board of a LIN file, with what follows from it: contract, declarer and tricks
    (``None`` when the file does not tell). ``line`` is where its ``md`` stands."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    players: Mapping[Seat, str] = field(default_factory=lambda: MappingProxyType({}))
    auction: Auction | None = None
    play: Play | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    room: str | None = None
    headings: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()
    line: int | None = field(default=None, compare=False)

    @property
    def result(self) -> Result | None:
        """The result, when the contract, declarer and tricks are known."""
        if self.contract is not None and self.contract.is_pass:
            return Result.passed_out()
        if self.contract is None or self.tricks is None:
            return None
        return Result(self.contract, self.declarer, self.tricks)


@dataclass(frozen=True, slots=True)
class LinFile:
    """The boards of a LIN file, its event title and scoring (from ``vg``), and the problems."""

    boards: tuple[LinBoard, ...]
    title: str | None = None
    scoring: str | None = None
    source: str | None = field(default=None, compare=False)
    problems: tuple[Problem, ...] = field(default=(), compare=False)
