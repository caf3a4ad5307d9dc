"""The card play: cards as played, tricks (each trick's cards by seat, as PBN writes them), the
play, and who won each trick, which follows from the trump suit.

The example game of the PBN standard, hearts trumps, West leading, seven tricks given:

>>> rows = ["SK H3 S4 S3", "C5 C2 C6 CK", "S2 H6 S5 S7", "C8 CA CT C4", "D2 DA DT D3",
...         "D4 DK H5 H7", "- - - H2"]
>>> play = Play.parse(Seat.WEST, rows)
>>> [str(seat) for seat in play.winners(Strain.HEARTS)]
['N', 'S', 'N', 'N', 'N', 'S']
>>> play.tricks_won(Seat.SOUTH, Strain.HEARTS), play.declarer_tricks(Seat.SOUTH, Strain.HEARTS)
(6, None)
"""

from __future__ import annotations

__all__ = ["Play", "PlayedCard", "Trick", "trump_suit"]

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from bridgescore.core.errors import NotationError
from bridgescore.core.table.deal import Card, Suit
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import Strain

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def _frozen(mapping: Mapping[int, str] | None) -> Mapping[int, str]:
    return MappingProxyType(dict(mapping or {}))


def trump_suit(strain: Strain | None) -> Suit | None:
    """The trump suit of a strain (``None`` at no trumps or when there is no contract).

    >>> trump_suit(Strain.HEARTS), trump_suit(Strain.NOTRUMP)
    (Suit.HEARTS, None)
    """
    if strain is None or strain is Strain.NOTRUMP:
        return None
    return Suit(int(strain))


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card as played, with its PBN note number, glyphs and irregularity (``R`` revoke,
    ``L`` lead out of turn)."""

    card: Card
    note: int | None = None
    nags: tuple[int, ...] = ()
    irregularity: str | None = None

    def __post_init__(self) -> None:
        if self.irregularity not in (None, "R", "L"):
            raise NotationError(self.irregularity, "a card's irregularity is R or L")

    def __str__(self) -> str:
        return str(self.card)


Slot = PlayedCard | None


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: the card of each seat, North, East, South, West (``None``: unknown/not played)."""

    cards: tuple[Slot, Slot, Slot, Slot]

    @classmethod
    def of(cls, cards: Mapping[Seat, PlayedCard | None]) -> Trick:
        north, east, south, west = (cards.get(seat) for seat in _SEATS)
        return cls((north, east, south, west))

    def card(self, seat: Seat) -> PlayedCard | None:
        return self.cards[seat.index]

    @property
    def is_complete(self) -> bool:
        return all(played is not None for played in self.cards)

    def winner(self, leader: Seat, trump: Strain | None) -> Seat | None:
        """Who won the trick ``leader`` led (``None`` unless all four cards are known)."""
        order = [leader.next(step) for step in range(4)]
        played = [self.card(seat) for seat in order]
        if any(p is None for p in played):
            return None
        cards = [p.card for p in played if p is not None]
        trumps = trump_suit(trump)
        best = 0
        for index, card in enumerate(cards[1:], start=1):
            top = cards[best]
            if (card.suit == top.suit and card.rank > top.rank) or (
                card.suit == trumps and top.suit != trumps
            ):
                best = index
        return order[best]

    def __str__(self) -> str:
        return " ".join("-" if p is None else str(p) for p in self.cards)


@dataclass(frozen=True, slots=True)
class Play:
    """The card play: the opening leader, the tricks (cards by seat), and a claim if the play
    ended with one (``claim`` is declarer's total number of tricks). ``notes`` explain notes."""

    leader: Seat
    tricks: tuple[Trick, ...] = ()
    claim: int | None = None
    notes: Mapping[int, str] = field(default_factory=lambda: _frozen(None))

    def __post_init__(self) -> None:
        object.__setattr__(self, "tricks", tuple(self.tricks))
        object.__setattr__(self, "notes", _frozen(self.notes))
        if len(self.tricks) > 13:
            raise NotationError(len(self.tricks), "a deal has 13 tricks")
        if self.claim is not None and (isinstance(self.claim, bool) or self.claim not in range(14)):
            raise NotationError(self.claim, "a claim is 0 to 13 tricks for declarer")
        seen: set[Card] = set()
        for trick in self.tricks:
            for played in trick.cards:
                if played is None:
                    continue
                if played.card in seen:
                    raise NotationError(str(played.card), "the card is played twice")
                seen.add(played.card)

    @classmethod
    def parse(cls, leader: Seat, rows: Sequence[str]) -> Play:
        """Tricks as PBN writes them: four cards a row in seat columns from ``leader``."""
        tricks = []
        for row in rows:
            words = row.split()
            if len(words) != 4:
                raise NotationError(row, "a trick has four cards (- for an unknown card)")
            cards = {
                leader.next(step): None if word == "-" else PlayedCard(Card.parse(word))
                for step, word in enumerate(words)
            }
            tricks.append(Trick.of(cards))
        return cls(leader, tuple(tricks))

    @classmethod
    def from_cards(
        cls,
        leader: Seat,
        cards: Iterable[PlayedCard],
        trump: Strain | None,
        *,
        claim: int | None = None,
    ) -> Play:
        """The play from cards in the order they were played (as BBO records them).

        >>> cards = [PlayedCard(Card.parse(c)) for c in "HQ H9 H2 HK C3 C2 C6 C9 D2".split()]
        >>> play = Play.from_cards(Seat.WEST, cards, Strain.NOTRUMP)
        >>> [str(t) for t in play.tricks]
        ['H9 H2 HK HQ', 'C6 C9 C3 C2', '- D2 - -']
        """
        tricks: list[Trick] = []
        current: dict[Seat, PlayedCard | None] = {}
        turn = leader
        trick_leader = leader
        for played in cards:
            current[turn] = played
            turn = turn.next()
            if len(current) == 4:
                trick = Trick.of(current)
                tricks.append(trick)
                winner = trick.winner(trick_leader, trump)
                assert winner is not None
                trick_leader = turn = winner
                current = {}
        if current:
            tricks.append(Trick.of(current))
        return cls(leader, tuple(tricks), claim=claim)

    def leaders(self, trump: Strain | None) -> tuple[Seat | None, ...]:
        """Who led each trick (``None`` after a trick whose winner is unknown)."""
        leaders: list[Seat | None] = []
        leader: Seat | None = self.leader
        for trick in self.tricks:
            leaders.append(leader)
            leader = None if leader is None else trick.winner(leader, trump)
        return tuple(leaders)

    def winners(self, trump: Strain | None) -> tuple[Seat | None, ...]:
        """Who won each complete trick, as far as the cards tell."""
        return tuple(
            None if leader is None else trick.winner(leader, trump)
            for trick, leader in zip(self.tricks, self.leaders(trump), strict=True)
            if trick.is_complete
        )

    def in_order(self, trump: Strain | None) -> tuple[tuple[Seat, PlayedCard], ...]:
        """The cards in the order they were played, as far as it is known."""
        order: list[tuple[Seat, PlayedCard]] = []
        for trick, leader in zip(self.tricks, self.leaders(trump), strict=True):
            if leader is None:
                break
            for step in range(4):
                played = trick.card(leader.next(step))
                if played is None:
                    return tuple(order)
                order.append((leader.next(step), played))
        return tuple(order)

    def next_to_play(self, trump: Strain | None) -> Seat | None:
        """Who plays the next card, if the cards so far tell (played in turn from each leader)."""
        if not self.tricks:
            return self.leader
        last, leader = self.tricks[-1], self.leaders(trump)[-1]
        if leader is None:
            return None
        if last.is_complete:
            return last.winner(leader, trump)
        return leader.next(sum(1 for p in last.cards if p is not None))

    def tricks_won(self, declarer: Seat, trump: Strain | None) -> int:
        """Tricks declarer's side won among the complete tricks with a known winner."""
        return sum(
            1 for seat in self.winners(trump) if seat is not None and seat.side is declarer.side
        )

    def declarer_tricks(self, declarer: Seat, trump: Strain | None) -> int | None:
        """Declarer's total tricks: the claim, or the count after 13 known tricks; else ``None``."""
        if self.claim is not None:
            return self.claim
        winners = self.winners(trump)
        if len(winners) < 13 or None in winners:
            return None
        return self.tricks_won(declarer, trump)

    @property
    def cards_played(self) -> int:
        return sum(1 for trick in self.tricks for p in trick.cards if p is not None)
