"""The hand diagram on a board's page: dealer, vulnerability and, when the hand record has the
board, the four hands suit by suit with their high-card points, and what double-dummy analysis
says of the deal (:mod:`.analysis`) when the hand record has it.

>>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> shown = diagram(5, deal)
>>> shown.dealer, shown.vulnerability, shown.hands is not None and shown.hands["N"].hcp
('North', 'NS', 10)
>>> [(s.symbol, s.cards) for s in shown.hands["N"].suits]
[('♠', 'AKQJ'), ('♥', '1098'), ('♦', '765'), ('♣', '432')]
>>> diagram(6, None).hands is None, shown.analysis is None
(True, True)
"""

from __future__ import annotations

__all__ = ["Diagram", "HandView", "SuitHolding", "diagram"]

from collections.abc import Mapping
from dataclasses import dataclass

from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.deal import SUITS_DOWN, Deal, Hand
from bridgescore.core.table.par import DoubleDummy
from bridgescore.core.table.seats import Seat
from bridgescore.render.html.analysis import AnalysisView, analysis_view
from bridgescore.render.html.symbols import card_rank


@dataclass(frozen=True, slots=True)
class SuitHolding:
    symbol: str
    red: bool
    cards: str


@dataclass(frozen=True, slots=True)
class HandView:
    """One seat of a hand diagram; ``suits`` is ``None`` when the hand is unknown."""

    seat: str
    suits: tuple[SuitHolding, ...] | None
    hcp: int | None


@dataclass(frozen=True, slots=True)
class Diagram:
    """Dealer, vulnerability and, when the hand record has the board, the four hands and its
    analysis."""

    board: int
    dealer: str
    vulnerability: str
    hands: Mapping[str, HandView] | None
    analysis: AnalysisView | None = None


def _hand_view(seat: Seat, hand: Hand | None) -> HandView:
    if hand is None:
        return HandView(seat.name.title(), None, None)
    suits = tuple(
        SuitHolding(
            suit.symbol,
            suit.is_red,
            "".join(card_rank(letter) for letter in hand.holding(suit)) or "—",
        )
        for suit in SUITS_DOWN
    )
    return HandView(seat.name.title(), suits, hand.hcp)


def diagram(
    number: int,
    deal: Deal | None,
    analysis: DoubleDummy | None = None,
    *,
    dealer: Seat | None = None,
    vulnerability: Vulnerability | None = None,
) -> Diagram:
    """Board ``number``'s diagram; the hands when ``deal`` has them (a partly known deal is
    completed first), and the double-dummy ``analysis`` when there is one. The dealer and
    vulnerability are the board number's unless given."""
    board = Board(number)
    hands = None
    if deal is not None and not deal.is_empty:
        deal = deal.completed()
        hands = {seat.value: _hand_view(seat, deal.hand(seat)) for seat in Seat}
    return Diagram(
        number,
        (dealer or board.dealer).name.title(),
        str(vulnerability or board.vulnerability),
        hands,
        analysis_view(analysis),
    )
