"""Auctions: calls, the auction, and the contract and declarer it reaches.

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

The card play is in :mod:`bridgescore.core.table.play` (re-exported here).
"""

from __future__ import annotations

__all__ = ["Auction", "AuctionCall", "Call", "CallKind", "Play", "PlayedCard", "Trick"]

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType

from bridgescore.core.errors import NotationError
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.play import Play, PlayedCard, Trick
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.strain import Doubling, Strain

_PASS_WORDS = frozenset({"P", "PASS"})
_DOUBLE_WORDS = frozenset({"X", "D", "DBL"})
_REDOUBLE_WORDS = frozenset({"XX", "R", "RDBL", "REDBL"})


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
