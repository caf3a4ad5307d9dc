"""Deal numbers: every deal is one whole number below :data:`DEALS`, and every such number one
deal (R. Pavlicek's mapping, "Mapping bridge deals").

There are 52! / (13!)^4 = 53,644,737,765,488,792,839,237,440,000 deals, just under 2^96, so a
deal number fits in 96 bits; it is written as 24 hexadecimal digits. The cards are taken in
the order SA, SK, ... S2, HA, ... C2; each card goes to the first seat of North, East, South,
West whose share of the deals still possible holds the number. A uniform number therefore gives
a uniform deal.

>>> deal_of(0)
Deal.parse('N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432')
>>> deal_of(DEALS - 1).hand(Seat.NORTH)
Hand.parse('...AKQJT98765432')
>>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> deal_of(number_of(deal)) == deal, deal_id(number_of(deal))
(True, '001ECDC2A6F837428BC45BD1')
"""

from __future__ import annotations

__all__ = ["DEALS", "deal_id", "deal_of", "number_of", "parse_deal_id"]

from math import factorial

from bridgescore.core.errors import NotationError
from bridgescore.core.table.deal import Card, Deal, Hand, Suit
from bridgescore.core.table.seats import Seat

DEALS = factorial(52) // factorial(13) ** 4
"""The number of different deals."""

_CARDS = tuple(Card(suit, rank) for suit in reversed(Suit) for rank in range(14, 1, -1))
_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def deal_of(number: int) -> Deal:
    """The deal with this number (0 to :data:`DEALS` - 1)."""
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < DEALS:
        raise NotationError(number, "a deal number is 0 to 52!/(13!)^4 - 1")
    room = [13, 13, 13, 13]
    hands: tuple[list[Card], ...] = ([], [], [], [])
    possible = DEALS
    for left, card in zip(range(52, 0, -1), _CARDS, strict=True):
        index = 0  # North's share of the deals still possible, else East's...
        share = possible * room[0] // left
        while number >= share:
            number -= share
            index += 1
            share = possible * room[index] // left
        hands[index].append(card)
        room[index] -= 1
        possible = share
    north, east, south, west = (Hand(frozenset(cards)) for cards in hands)
    return Deal((north, east, south, west))


def number_of(deal: Deal) -> int:
    """The number of a complete deal (the inverse of :func:`deal_of`)."""
    if not deal.is_complete:
        raise NotationError(str(deal), "only a complete deal has a number")
    holder = {card: seat.index for seat in _SEATS for card in (deal.hand(seat) or Hand.of(()))}
    room = [13, 13, 13, 13]
    possible = DEALS
    number = 0
    for left, card in zip(range(52, 0, -1), _CARDS, strict=True):
        owner = holder[card]
        for index in range(owner):
            number += possible * room[index] // left
        possible = possible * room[owner] // left
        room[owner] -= 1
    return number


def deal_id(number: int) -> str:
    """A deal number as 24 hexadecimal digits (96 bits), as the ``DealId`` tag carries it."""
    return format(number, "024X")


def parse_deal_id(text: str) -> int:
    """The deal number of 24 hexadecimal digits.

    >>> parse_deal_id("000000000000000000000001")
    1
    """
    body = text.strip()
    if len(body) != 24 or any(c not in "0123456789abcdefABCDEF" for c in body):
        raise NotationError(text, "a deal number is 24 hexadecimal digits")
    number = int(body, 16)
    if number >= DEALS:
        raise NotationError(text, "a deal number is below 52!/(13!)^4")
    return number
