"""The cards: suits, cards, hands and deals (the hand record of a board).

A :class:`Deal` holds the four hands in seat order N, E, S, W; a hand may be unknown (``None``),
as in a hand record with missing hands or a BBO file that leaves the fourth hand out. Its
notation is PBN's ``Deal`` tag: the first seat, then the hands clockwise, each hand
``spades.hearts.diamonds.clubs`` with ranks ``AKQJT98765432`` and ``-`` for an unknown hand.

>>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> str(deal.hand(Seat.EAST))
'T98.765.432.AKQJ'
>>> deal.to_pbn(Seat.EAST)
'E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432'
>>> Deal.parse("N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765").completed() == deal
True
>>> Card.parse("H10"), str(Card.parse("sq")), Card.parse("♦2").suit.symbol
(Card.parse('HT'), 'SQ', '♦')
"""

from __future__ import annotations

__all__ = ["RANKS", "Card", "Deal", "Hand", "Suit"]

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from bridgescore.core.errors import NotationError, quoted
from bridgescore.core.table.seats import Seat

RANKS = "23456789TJQKA"
"""Rank letters from the two (index 0, rank 2) to the ace (index 12, rank 14)."""

_SUIT_SPELLINGS = {"S": 3, "♠": 3, "H": 2, "♥": 2, "D": 1, "♦": 1, "C": 0, "♣": 0}


class Suit(IntEnum):
    """The four suits in rank order: clubs < diamonds < hearts < spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.letter

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """``S``, ``h``, ``♦``...

        >>> Suit.parse("h"), Suit.parse("♠")
        (Suit.HEARTS, Suit.SPADES)
        """
        value = _SUIT_SPELLINGS.get(text.strip().upper())
        if value is None:
            raise NotationError(text, "a suit is S, H, D or C")
        return cls(value)


SUITS_DOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits in the order a hand is written: spades, hearts, diamonds, clubs."""


def _rank(text: str) -> int:
    word = text.strip().upper()
    if word == "10":
        word = "T"
    if len(word) != 1 or word not in RANKS:
        raise NotationError(text, "a rank is A, K, Q, J, T (or 10) or 2 to 9")
    return RANKS.index(word) + 2


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: its suit and rank (2 to 14, the ace is 14)."""

    suit: Suit
    rank: int

    def __post_init__(self) -> None:
        if not 2 <= self.rank <= 14:
            raise NotationError(self.rank, "a card's rank is 2 to 14")

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card written suit first: ``SA``, ``HT``, ``H10``, ``♦2``."""
        word = text.strip()
        if len(word) < 2:
            raise NotationError(text, "a card is a suit and a rank, like SA, HT or D2")
        try:
            return cls(Suit.parse(word[0]), _rank(word[1:]))
        except NotationError:
            raise NotationError(text, "a card is a suit and a rank, like SA, HT or D2") from None

    @property
    def rank_letter(self) -> str:
        return RANKS[self.rank - 2]

    def __str__(self) -> str:
        return f"{self.suit.letter}{self.rank_letter}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS = {suit: {letter: Card(suit, rank) for rank, letter in enumerate(RANKS, 2)} for suit in Suit}
"""Each card by its suit and rank letter: a hand read is made of these (a card is a value)."""


@dataclass(frozen=True, slots=True)
class Hand:
    """The thirteen cards (or fewer, while reading) one player holds.

    >>> hand = Hand.parse("AKQ.J9.T8765.432")
    >>> len(hand), hand.holding(Suit.DIAMONDS), hand.hcp
    (13, 'T8765', 10)
    """

    cards: frozenset[Card]

    @classmethod
    def parse(cls, text: str) -> Hand:
        """A hand in PBN order ``spades.hearts.diamonds.clubs`` (a void is empty)."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise NotationError(text, "a hand is four suits separated by dots: S.H.D.C")
        cards: list[Card] = []
        for suit, holding in zip(SUITS_DOWN, parts, strict=True):
            body = holding.strip().upper().replace("10", "T")
            of_suit = _CARDS[suit]
            for letter in body:
                card = of_suit.get(letter)
                if card is None:
                    raise NotationError(text, f"{quoted(letter)} is not a rank (AKQJT98765432)")
                cards.append(card)
        held = frozenset(cards)
        if len(held) != len(cards):
            raise NotationError(text, "a card appears twice in the hand")
        return cls(held)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        return cls(frozenset(cards))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, reverse=True))

    def holding(self, suit: Suit) -> str:
        """The ranks held in a suit, highest first (``''`` for a void)."""
        ranks = sorted((c.rank for c in self.cards if c.suit is suit), reverse=True)
        return "".join(RANKS[r - 2] for r in ranks)

    @property
    def hcp(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1."""
        return sum(max(0, c.rank - 10) for c in self.cards)

    def __str__(self) -> str:
        return ".".join(self.holding(suit) for suit in SUITS_DOWN)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"


_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_FULL = frozenset(Card(suit, rank) for suit in Suit for rank in range(2, 15))


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of a board, North, East, South, West; an unknown hand is ``None``.

    Every known hand has 13 cards and no card is in two hands.
    """

    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]

    def __post_init__(self) -> None:
        known = [hand.cards for hand in self.hands if hand is not None]
        if all(len(cards) == 13 for cards in known) and len(frozenset().union(*known)) == 13 * len(
            known
        ):
            return  # (the sets keep their cards' hashes: checked without hashing a card again)
        seen: dict[Card, Seat] = {}
        for seat, hand in zip(_SEATS, self.hands, strict=True):
            if hand is None:
                continue
            if len(hand) != 13:
                raise NotationError(
                    str(hand), f"{seat.name.title()}'s hand has {len(hand)} cards, not 13"
                )
            for card in hand.cards:
                if card in seen:
                    raise NotationError(
                        str(card),
                        f"the card is in both {seen[card].name.title()}'s and {seat.name.title()}'s hands",
                    )
                seen[card] = seat

    @classmethod
    def of(cls, hands: dict[Seat, Hand | None]) -> Deal:
        """From hands by seat (seats left out are unknown)."""
        north, east, south, west = (hands.get(seat) for seat in _SEATS)
        return cls((north, east, south, west))

    @classmethod
    def parse(cls, text: str) -> Deal:
        """PBN ``Deal`` notation: ``N:<hand> <hand> <hand> <hand>``, hands clockwise from the seat."""
        body = text.strip()
        first_text, colon, rest = body.partition(":")
        if not colon:
            raise NotationError(text, "a deal starts with the first hand's seat: 'N:...'")
        first = Seat.parse(first_text)
        words = rest.split()
        if len(words) != 4:
            raise NotationError(text, f"a deal has 4 hands, not {len(words)}")
        hands: dict[Seat, Hand | None] = {}
        for step, word in enumerate(words):
            seat = first.next(step)
            hands[seat] = None if word == "-" else Hand.parse(word)
        return cls.of(hands)

    def hand(self, seat: Seat) -> Hand | None:
        return self.hands[seat.index]

    @property
    def is_complete(self) -> bool:
        return all(hand is not None for hand in self.hands)

    @property
    def is_empty(self) -> bool:
        return all(hand is None for hand in self.hands)

    def completed(self) -> Deal:
        """The same deal with a single unknown hand filled in from the other three."""
        missing = [seat for seat, hand in zip(_SEATS, self.hands, strict=True) if hand is None]
        if len(missing) != 1:
            return self
        held = frozenset().union(*(hand.cards for hand in self.hands if hand is not None))
        return Deal.of({**self.by_seat(), missing[0]: Hand(_FULL - held)})

    def by_seat(self) -> dict[Seat, Hand | None]:
        return dict(zip(_SEATS, self.hands, strict=True))

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """The PBN ``Deal`` value, hands clockwise from ``first``."""
        hands = (self.hand(first.next(step)) for step in range(4))
        return f"{first}:" + " ".join("-" if h is None else str(h) for h in hands)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.parse({self.to_pbn()!r})"
