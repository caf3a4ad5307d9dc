"""What the dealing-machine formats share: the pack in their order (SA, SK, ... S2, HA, ...
C2), who holds each card, and boards numbered from one without a gap.

>>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> holders = holders_of(deal)
>>> holders[:4], holders[4:7]
([0, 0, 0, 0], [1, 1, 1])
>>> deal_of_holders(holders) == deal
True
"""

from __future__ import annotations

__all__ = [
    "PACK",
    "SEATS",
    "boards_in_records",
    "complete_deals",
    "consecutive_boards",
    "deal_of_holders",
    "holders_of",
]

from collections.abc import Callable, Sequence

from bridgescore.core.errors import FileFormatError, NotationError, Problem
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.deal import Card, Deal, Hand, Suit
from bridgescore.core.table.seats import Seat

PACK = tuple(Card(suit, rank) for suit in reversed(Suit) for rank in range(14, 1, -1))
"""The 52 cards in the order of the formats: spades ace to two, then hearts, diamonds, clubs."""
SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
"""Holders 0 to 3."""


def holders_of(deal: Deal) -> list[int]:
    """Who holds each card of :data:`PACK` (0 North, 1 East, 2 South, 3 West)."""
    seat_of = {card: index for index, seat in enumerate(SEATS) for card in deal.hand(seat) or ()}
    return [seat_of[card] for card in PACK]


def deal_of_holders(holders: Sequence[int]) -> Deal:
    """The deal in which card ``i`` of :data:`PACK` is held by ``holders[i]``; a hand that does
    not get 13 cards is a :class:`NotationError`."""
    hands: list[list[Card]] = [[], [], [], []]
    for card, holder in zip(PACK, holders, strict=True):
        hands[holder].append(card)
    for seat, cards in zip(SEATS, hands, strict=True):
        if len(cards) != 13:
            raise NotationError(
                "".join(map(str, holders)), f"{seat.name.title()} gets {len(cards)} cards, not 13"
            )
    return Deal.of({seat: Hand.of(cards) for seat, cards in zip(SEATS, hands, strict=True)})


def complete_deals(records: Sequence[HandRecord], target: str, title: str) -> None:
    """Refuse to write a deal with a hand unknown: a dealing machine needs every card."""
    for record in records:
        if not record.deal.is_complete:
            raise FileFormatError(
                target, None, f"board {record.board}: {title} needs all four hands"
            )


def consecutive_boards(records: Sequence[HandRecord], target: str, title: str) -> int:
    """The first board of records numbered one after another (as a file without board numbers,
    or with only the first and last, has them); else a :class:`FileFormatError`."""
    if not records:
        raise FileFormatError(target, None, "there are no deals to write")
    first = records[0].board
    numbers = [record.board for record in records]
    if numbers != list(range(first, first + len(records))):
        raise FileFormatError(
            target,
            None,
            f"{title} holds boards one after another; these are {_ranges(numbers)}",
        )
    complete_deals(records, target, title)
    return first


def _ranges(numbers: list[int]) -> str:
    parts: list[str] = []
    for number in numbers:
        if parts and parts[-1].split("-")[-1] == str(number - 1):
            parts[-1] = f"{parts[-1].split('-')[0]}-{number}"
        else:
            parts.append(str(number))
    return ", ".join(parts)


def boards_in_records(
    data: bytes, source: str, size: int, decode: Callable[[bytes], Deal], first: int = 1
) -> tuple[list[HandRecord], list[Problem]]:
    """The boards of a file of fixed-size records, one board a record numbered from ``first``
    (a record of padding only is skipped); each record that is not a deal is a problem."""
    records: list[HandRecord] = []
    problems: list[Problem] = []
    for index in range(0, len(data), size):
        chunk = data[index : index + size]
        if not chunk.strip(b" \0\r\n\x1a"):
            continue
        board = first + index // size
        try:
            records.append(HandRecord(board, decode(chunk)))
        except NotationError as error:
            where = f"board {board} (record {index // size + 1})"
            problems.append(Problem(source, None, f"{where}: {error.reason}"))
    return records, problems
