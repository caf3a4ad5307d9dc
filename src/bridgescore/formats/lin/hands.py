"""The hands of a BBO LIN ``md`` tag, and the deal they make.

``md|<dealer><S hand>,<W hand>,<N hand>,<E hand>|``: the dealer digit (1 South, 2 West, 3 North,
4 East), then the hands in the order South, West, North, East, whoever deals; each hand is suit
letters followed by ranks (``S269H2568QADTQC2T``, any case, ``10`` for the ten, spaces ignored).
BBO leaves the fourth hand empty: it is deduced from the other three. Teaching files send
``md|0...`` while a deal is shown to add cards to hands (``0`` leaves a hand as it is).

>>> draft = HandsDraft.parse("3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,")
>>> draft.dealer, draft.given[Seat.NORTH]
(Seat.NORTH, 'S58QH479KDKAC38JA')
>>> deal, notes = draft.deal()
>>> str(deal.hand(Seat.EAST)), notes
('KJT3.T3.J8652.K9', [])
"""

from __future__ import annotations

__all__ = ["LIN_SEATS", "HandsDraft", "read_cards"]

import re
from collections import Counter
from dataclasses import dataclass, field

from bridgescore.core.errors import NotationError, quoted
from bridgescore.core.table.deal import RANKS, Card, Deal, Hand, Suit
from bridgescore.core.table.seats import Seat

LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""The order of LIN's hands and player names; dealer digit ``n`` is ``LIN_SEATS[n - 1]``."""

_DEALER = re.compile(r"^\s*([^0-9,]{0,2}?)([0-9])")


def read_cards(text: str) -> list[Card]:
    """Cards written suit letter then ranks: ``SAK4HQ``, ``c89tj``, ``hq``.

    >>> [str(c) for c in read_cards("c89tj h10")]
    ['C8', 'C9', 'CT', 'CJ', 'HT']
    """
    body = re.sub(r"\s+", "", text).upper().replace("10", "T")
    cards: list[Card] = []
    suit: Suit | None = None
    for char in body:
        if char in "SHDC":
            suit = Suit.parse(char)
        elif char in RANKS and suit is not None:
            cards.append(Card(suit, RANKS.index(char) + 2))
        else:
            raise NotationError(text, f"{quoted(char)} is not a suit letter or a rank here")
    return cards


def _count(cards: list[Card]) -> str:
    shown = " ".join(str(c) for c in cards)
    return f"{len(cards)} card{'s' if len(cards) != 1 else ''}" + (f" ({shown})" if shown else "")


@dataclass
class HandsDraft:
    """The hands as a LIN file gives them, before they are checked: cards by seat as read,
    what was written for each seat, and the dealer (``None`` when the digit is not 1-4)."""

    dealer: Seat | None
    cards: dict[Seat, list[Card]] = field(default_factory=dict)
    given: dict[Seat, str] = field(default_factory=dict)
    bad: dict[Seat, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @classmethod
    def parse(cls, value: str) -> HandsDraft:
        match = _DEALER.match(value)
        if match is None:
            draft = cls(None, notes=[f"{quoted(value[:12])} does not start with the dealer digit"])
            draft.add(value)
            return draft
        digit = int(match.group(2))
        dealer = LIN_SEATS[digit - 1] if 1 <= digit <= 4 else None
        draft = cls(dealer)
        if match.group(1).strip():
            draft.notes.append(f"{quoted(match.group(1))} before the dealer digit is ignored")
        if dealer is None:
            draft.notes.append(f"the dealer digit is {digit}, not 1-4 (1 South ... 4 East)")
        draft.add(value[match.end() :])
        return draft

    def add(self, text: str, *, amending: bool = False) -> None:
        """Read the hands of an ``md`` value (after the dealer digit); when ``amending`` the
        cards are added to what the hands hold and ``0`` leaves a hand alone."""
        for seat, hand_text in zip(LIN_SEATS, text.split(","), strict=False):
            body = hand_text.strip()
            if amending and body in ("", "0"):
                continue
            self.given[seat] = (self.given.get(seat, "") + body) if amending else body
            try:
                self.cards.setdefault(seat, []).extend(read_cards(body))
            except NotationError as error:
                self.bad[seat] = error.reason

    def deal(self) -> tuple[Deal, list[str]]:
        """The deal, with each hand that is not 13 good cards unknown; a single missing hand is
        deduced. The notes say what was left out (empty for a normal BBO deal)."""
        notes: list[str] = list(self.notes)
        hands: dict[Seat, Hand | None] = {}
        seen: dict[Card, Seat] = {}
        unsure: dict[Seat, str] = {}
        for seat in LIN_SEATS:
            cards = self.cards.get(seat, [])
            text = self.given.get(seat, "")
            hand = Hand.of(cards)
            clash = next((c for c in cards if c in seen), None)
            if seat in self.bad:
                unsure[seat] = f"{quoted(text)} is not a hand: {self.bad[seat]}"
            elif not text:
                unsure[seat] = "is missing"
            elif len(hand) != len(cards):
                twice = sorted(card for card, n in Counter(cards).items() if n > 1)
                unsure[seat] = f"{quoted(text)} has {', '.join(map(str, twice))} twice"
            elif clash is not None:
                unsure[seat] = f"has {clash}, which is in {seen[clash].name.title()}'s hand"
            elif len(cards) != 13:
                unsure[seat] = f"has {_count(cards)}, not 13"
            else:
                hands[seat] = hand
                seen.update(dict.fromkeys(cards, seat))
        deal = Deal.of(hands)
        if len(unsure) == 1:
            deduced = deal.completed()
            seat, why = next(iter(unsure.items()))
            if why != "is missing":
                notes.append(f"{seat.name.title()}'s hand {why}: deduced from the other three")
            return deduced, notes
        notes.extend(
            f"{seat.name.title()}'s hand {why}: written as unknown" for seat, why in unsure.items()
        )
        return deal, notes
