"""A hand record: one board's deal, its dealer and vulnerability, and what double-dummy
analysis says of it (the 20-number table and par), when it has been analysed.

>>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> record = HandRecord(5, deal)
>>> record.dealer, record.vulnerability, record.deal_id, record.analysed
(Seat.NORTH, Vulnerability.NS, '001ECDC2A6F837428BC45BD1', False)
>>> table = DDTable.parse("76666766666666666666")
>>> done = record.with_table(table)
>>> done.analysed, done.par
(True, Par.parse('NS 90: NS 1NT'))
>>> done.double_dummy == DoubleDummy(table, done.par)
True
"""

from __future__ import annotations

__all__ = ["HandRecord"]

from dataclasses import dataclass, replace

from bridgescore.core.hands.numbering import deal_id, number_of
from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.ddtable import DDTable
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.par import DoubleDummy, Par, par
from bridgescore.core.table.seats import Seat


@dataclass(frozen=True, slots=True, init=False)
class HandRecord:
    """One board of a hand record.

    ``dealer`` and ``vulnerability`` follow the board number (Law 2) unless given; ``table`` is
    the double-dummy table and ``par`` the par, when the deal has been analysed (a par given
    without a table is kept as it is).
    """

    board: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    table: DDTable | None
    par: Par | None

    def __init__(
        self,
        board: int,
        deal: Deal,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
        table: DDTable | None = None,
        par: Par | None = None,
    ) -> None:
        number = Board(board)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "dealer", number.dealer if dealer is None else dealer)
        vul = number.vulnerability if vulnerability is None else vulnerability
        object.__setattr__(self, "vulnerability", vul)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "par", par)

    @property
    def deal_number(self) -> int | None:
        """The deal's number (:mod:`.numbering`), when all four hands are known."""
        return number_of(self.deal) if self.deal.is_complete else None

    @property
    def deal_id(self) -> str | None:
        """The deal number as 24 hexadecimal digits (PBN's ``DealId``)."""
        number = self.deal_number
        return None if number is None else deal_id(number)

    @property
    def analysed(self) -> bool:
        """Whether the record has its double-dummy table."""
        return self.table is not None

    @property
    def double_dummy(self) -> DoubleDummy | None:
        if self.table is None and self.par is None:
            return None
        return DoubleDummy(self.table, self.par)

    def with_table(self, table: DDTable) -> HandRecord:
        """The record with this double-dummy table and the par it gives for the dealer and
        vulnerability."""
        return replace(self, table=table, par=par(table, self.dealer, self.vulnerability))

    def with_double_dummy(self, analysis: DoubleDummy | None) -> HandRecord:
        """The record with a table and par read from a file (the par worked out from the
        table when the file has none)."""
        if analysis is None:
            return replace(self, table=None, par=None)
        if analysis.table is not None and analysis.par is None:
            return self.with_table(analysis.table)
        return replace(self, table=analysis.table, par=analysis.par)
