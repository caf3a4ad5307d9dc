"""Auctions and card play: calls, the contract an auction reaches, tricks and who won them.

A :class:`Call` is a pass, a double, a redouble or a bid. An :class:`Auction` is the dealer and
the calls in turn from the dealer (each an :class:`AuctionCall`, which may carry an alert, an
explanation, a note number and annotation glyphs); illegal calls are refused. The final contract
and the declarer (the first player of the final side to name the final strain) follow from it.

>>> auction = Auction.parse(Seat.NORTH, "1D 1S 3H 4S 4NT X Pass Pass 5C X 5H X Pass Pass Pass")
>>> auction.contract, auction.declarer
(Contract.parse('5HX'), Seat.SOUTH)
>>> Auction.parse(Seat.EAST, "P P P P").contract
Contract.parse('PASS')
>>> Auction.parse(Seat.EAST, "1S 1H")
Traceback (most recent call last):
...
bridgescore.core.errors.NotationError: '1H': South cannot bid 1H over 1S

A :class:`Play` is the opening leader and the tricks, each trick's cards by seat (as PBN writes
them); who won each trick follows from the trump suit. The example game of the PBN standard,
hearts trumps, West leading, seven tricks given:

>>> rows = ["SK H3 S4 S3", "C5 C2 C6 CK", "S2 H6 S5 S7", "C8 CA CT C4", "D2 DA DT D3",
...         "D4 DK H5 H7", "- - - H2"]
>>> play = Play.parse(Seat.WEST, rows)
>>> [str(seat) for seat in play.winners(Strain.HEARTS)]
['N', 'S', 'N', 'N', 'N', 'S']
>>> play.tricks_won(Seat.SOUTH, Strain.HEARTS), play.declarer_tricks(Seat.SOUTH, Strain.HEARTS)
(6, None)
"""

from __future__ import annotations

__all__ = ["Auction", "AuctionCall", "Call", "CallKind", "Play", "PlayedCard", "Trick"]

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType

from bridgescore.core.contract import Contract
from bridgescore.core.deal import Card, Suit
from bridgescore.core.errors import NotationError
from bridgescore.core.seats import Seat, Side
from bridgescore.core.strain import Doubling, Strain

_PASS_WORDS = frozenset({"P", "PASS"})
_DOUBLE_WORDS = frozenset({"X", "D", "DBL"})
_REDOUBLE_WORDS = frozenset({"XX", "R", "RDBL", "REDBL"})
_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class CallKind(Enum):
    """What a call is: a pass, a double, a redouble, a bid, or a skipped turn (PBN ``^S``)."""

    PASS = "Pass"
    DOUBLE = "X"
    REDOUBLE = "XX"
    BID = "bid"
    SKIPPED = "^S"

    def __repr__(self) -> str:
        return f"CallKind.{self.name}"


def _frozen(mapping: Mapping[int, str] | None) -> Mapping[int, str]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True, slots=True, order=True)
class Call:
    """One call. Bids have a level (1-7) and a strain; other calls have level 0 and no strain.

    >>> [str(Call.parse(t)) for t in ("p", "x", "r", "1n", "3NT", "4♠", "^S")]
    ['Pass', 'X', 'XX', '1NT', '3NT', '4S', '^S']
    """

    kind: CallKind
    level: int = 0
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            if self.strain is None or isinstance(self.level, bool) or self.level not in range(1, 8):
                raise NotationError(
                    f"{self.level}{self.strain or ''}", "a bid is 1 to 7 of a strain"
                )
        elif self.level != 0 or self.strain is not None:
            raise NotationError(self.kind.value, "only a bid has a level and a strain")

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        return cls(CallKind.BID, level, strain)

    @classmethod
    def parse(cls, text: str) -> Call:
        """``Pass``/``P``, ``X``/``D``/``Dbl``, ``XX``/``R``/``Rdbl``, ``1C`` ... ``7NT`` (``7N``)."""
        word = text.strip().upper()
        if word in _PASS_WORDS:
            return cls(CallKind.PASS)
        if word in _DOUBLE_WORDS:
            return cls(CallKind.DOUBLE)
        if word in _REDOUBLE_WORDS:
            return cls(CallKind.REDOUBLE)
        if word == "^S":
            return cls(CallKind.SKIPPED)
        if len(word) >= 2 and word[0] in "1234567":
            try:
                return cls.bid(int(word[0]), Strain.parse(word[1:]))
            except NotationError:
                pass
        raise NotationError(text, "a call is Pass, X, XX or a bid from 1C to 7NT")

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            assert self.strain is not None
            return f"{self.level}{self.strain.letter}"
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class AuctionCall:
    """A call as made at the table, with what was said about it.

    ``alert`` and ``explanation`` are what online play records (BBO's ``!`` and ``an``);
    ``note`` is a PBN note number (1-32) and ``nags`` are PBN annotation glyphs (``$n``);
    ``insufficient`` marks an insufficient bid the opponents accepted (PBN ``^I``).
    """

    call: Call
    alert: bool = False
    explanation: str | None = None
    note: int | None = None
    nags: tuple[int, ...] = ()
    insufficient: bool = False

    def __str__(self) -> str:
        return str(self.call)


def _bid_key(call: Call) -> tuple[int, int]:
    assert call.strain is not None
    return (call.level, int(call.strain))


class _Bidding:
    """The state of an auction as calls are added; refuses calls the laws do not allow."""

    def __init__(self, dealer: Seat) -> None:
        self.turn = dealer
        self.last_bid: tuple[Seat, Call] | None = None
        self.doubling = Doubling.UNDOUBLED
        self.last_action: Seat | None = None
        self.passes = 0
        self.first_to_name: dict[tuple[Side, Strain], Seat] = {}

    @property
    def complete(self) -> bool:
        return (self.last_bid is None and self.passes >= 4) or (
            self.last_bid is not None and self.passes >= 3
        )

    def add(self, made: AuctionCall) -> None:
        call, seat = made.call, self.turn
        if self.complete:
            raise NotationError(str(call), f"{seat.name.title()} calls after the auction is over")
        if call.kind is CallKind.BID:
            last = self.last_bid
            if last is not None and not made.insufficient and _bid_key(call) <= _bid_key(last[1]):
                raise NotationError(
                    str(call), f"{seat.name.title()} cannot bid {call} over {last[1]}"
                )
            assert call.strain is not None
            self.first_to_name.setdefault((seat.side, call.strain), seat)
            self.last_bid, self.last_action, self.passes = (seat, call), seat, 0
            self.doubling = Doubling.UNDOUBLED
        elif call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE):
            wanted = Doubling.UNDOUBLED if call.kind is CallKind.DOUBLE else Doubling.DOUBLED
            if (
                self.last_bid is None
                or self.doubling is not wanted
                or self.last_action is None
                or self.last_action.side is seat.side
            ):
                what = "double" if call.kind is CallKind.DOUBLE else "redouble"
                raise NotationError(str(call), f"{seat.name.title()} cannot {what} here")
            self.doubling = Doubling(self.doubling + 1)
            self.last_action, self.passes = seat, 0
        elif call.kind is CallKind.PASS:
            self.passes += 1
        self.turn = seat.next()


@dataclass(frozen=True, slots=True)
class Auction:
    """The dealer and the calls in order from the dealer; ``notes`` explain note numbers.

    Every call must be legal after the ones before it (:class:`NotationError` otherwise).
    """

    dealer: Seat
    calls: tuple[AuctionCall, ...] = ()
    notes: Mapping[int, str] = field(default_factory=lambda: _frozen(None))

    def __post_init__(self) -> None:
        object.__setattr__(self, "calls", tuple(self.calls))
        object.__setattr__(self, "notes", _frozen(self.notes))
        self._bidding()

    def _bidding(self) -> _Bidding:
        bidding = _Bidding(self.dealer)
        for made in self.calls:
            bidding.add(made)
        return bidding

    @classmethod
    def parse(cls, dealer: Seat, text: str) -> Auction:
        """Calls separated by spaces, from the dealer: ``1NT Pass 3NT Pass Pass Pass``."""
        return cls(dealer, tuple(AuctionCall(Call.parse(word)) for word in text.split()))

    def then(self, call: Call | AuctionCall) -> Auction:
        """This auction with one more call (refused with :class:`NotationError` if illegal)."""
        made = call if isinstance(call, AuctionCall) else AuctionCall(call)
        bidding = self._bidding()
        bidding.add(made)
        return replace(self, calls=(*self.calls, made))

    def with_notes(self, notes: Mapping[int, str]) -> Auction:
        return replace(self, notes={**self.notes, **notes})

    def seat(self, index: int) -> Seat:
        """Who made call number ``index`` (0 is the dealer's first call)."""
        return self.dealer.next(index)

    @property
    def next_to_call(self) -> Seat:
        return self.dealer.next(len(self.calls))

    @property
    def is_complete(self) -> bool:
        """Four passes, or three passes after the last bid, double or redouble."""
        return self._bidding().complete

    @property
    def is_passed_out(self) -> bool:
        bidding = self._bidding()
        return bidding.complete and bidding.last_bid is None

    @property
    def contract(self) -> Contract | None:
        """The final contract (``PASS`` when passed out); ``None`` while the auction goes on."""
        bidding = self._bidding()
        if not bidding.complete:
            return None
        if bidding.last_bid is None:
            return Contract.passed_out()
        _, bid = bidding.last_bid
        assert bid.strain is not None
        return Contract(bid.level, bid.strain, bidding.doubling)

    @property
    def declarer(self) -> Seat | None:
        """The first player of the final side to name the final strain (``None`` if none)."""
        bidding = self._bidding()
        if not bidding.complete or bidding.last_bid is None:
            return None
        seat, bid = bidding.last_bid
        assert bid.strain is not None
        return bidding.first_to_name[(seat.side, bid.strain)]

    def __str__(self) -> str:
        return " ".join(str(made) for made in self.calls)


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
