"""Cards, hands and deals: notation round-trips, validation and the deduced fourth hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import NotationError
from bridgescore.core.table.deal import Card, Deal, Hand, Suit
from bridgescore.core.table.seats import Seat

FULL = [Card(suit, rank) for suit in Suit for rank in range(2, 15)]


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    seed = draw(st.integers(0, 2**32))
    cards = FULL[:]
    random.Random(seed).shuffle(cards)
    unknown = draw(st.sets(st.integers(0, 3), max_size=4))
    north, east, south, west = (
        None if i in unknown else Hand.of(cards[13 * i : 13 * i + 13]) for i in range(4)
    )
    return Deal((north, east, south, west))


@given(deals(), st.sampled_from(list(Seat)))
def test_pbn_notation_round_trips_from_any_first_seat(deal: Deal, first: Seat) -> None:
    assert Deal.parse(deal.to_pbn(first)) == deal


@given(deals())
def test_a_single_missing_hand_is_deduced(deal: Deal) -> None:
    known = sum(hand is not None for hand in deal.hands)
    completed = deal.completed()
    assert completed.is_complete == (known >= 3)
    for seat in Seat:
        if deal.hand(seat) is not None:
            assert completed.hand(seat) == deal.hand(seat)


def test_a_hand_of_fourteen_cards_is_refused() -> None:
    with pytest.raises(NotationError, match="North's hand has 14 cards, not 13"):
        Deal.parse("N:AKQJ.T98.765.5432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.76")


def test_a_card_in_two_hands_is_refused() -> None:
    with pytest.raises(NotationError, match="in both North's and East's hands"):
        Deal.parse("N:AKQJ.T98.765.432 AKQJ.765.432.T98 - -")


def test_hands_write_ranks_highest_first_and_tens_as_t() -> None:
    hand = Hand.parse("2AK.10J.-.".replace("-", ""))
    assert str(hand) == "AK2.JT.."
    assert [str(c) for c in hand] == ["SA", "SK", "S2", "HJ", "HT"]
    assert Card.parse("d10") == Card(Suit.DIAMONDS, 10)
