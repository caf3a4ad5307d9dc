"""BBO LIN hand records: one line a board, as BBO's hand-record files have them.

``qx|o<board>|md|<dealer><S>,<W>,<N>,<E>|sv|<vul>|ah|Board <board>|pg||`` with the dealer digit
(1 South, 2 West, 3 North, 4 East), the four hands from South as suit letters and ranks, and
the vulnerability ``o``, ``n``, ``e`` or ``b``. Reading goes through the LIN reader
(:mod:`bridgescore.formats.lin`), which takes any LIN file with deals.

>>> from bridgescore.core.table.deal import Deal
>>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> print(dumps([HandRecord(3, deal)]), end="")
qx|o3|md|1S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|sv|e|ah|Board 3|pg||
"""

from __future__ import annotations

__all__ = ["dumps"]

from collections.abc import Sequence

from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.deal import SUITS_DOWN, Hand
from bridgescore.formats.hands.cards import complete_deals
from bridgescore.formats.lin.hands import LIN_SEATS

_VUL = {
    Vulnerability.NONE: "o",
    Vulnerability.NS: "n",
    Vulnerability.EW: "e",
    Vulnerability.BOTH: "b",
}


def _hand(hand: Hand | None) -> str:
    assert hand is not None
    return "".join(f"{suit.letter}{hand.holding(suit)}" for suit in SUITS_DOWN)


def dumps(records: Sequence[HandRecord], target: str = "<lin>") -> str:
    """The LIN text of the records (each deal complete), one board a line."""
    complete_deals(records, target, "a LIN hand record")
    lines = []
    for record in records:
        digit = LIN_SEATS.index(record.dealer) + 1
        hands = ",".join(_hand(record.deal.hand(seat)) for seat in LIN_SEATS)
        vul = _VUL[record.vulnerability]
        board = record.board
        lines.append(f"qx|o{board}|md|{digit}{hands}|sv|{vul}|ah|Board {board}|pg||\n")
    return "".join(lines)
