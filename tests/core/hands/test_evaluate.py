"""Hand evaluation against endplay's ``evaluate`` module, on hands of random deals, and on
holdings worked by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.hands.evaluate import (
    controls,
    exact_shape,
    hcp,
    is_balanced,
    losers,
    shape,
    suit_losers,
)
from bridgescore.core.hands.numbering import DEALS, deal_of
from bridgescore.core.table.deal import Hand
from bridgescore.core.table.seats import Seat
from tests.support.endplay_oracle import endplay

hands = st.builds(
    lambda number, seat: deal_of(number).hand(seat),
    st.integers(0, DEALS - 1),
    st.sampled_from(list(Seat)),
)


@given(hands)
def test_every_figure_is_endplays(hand: Hand | None) -> None:
    assert hand is not None
    endplay()
    from endplay import evaluate
    from endplay.types import Hand as EndplayHand

    theirs = EndplayHand(str(hand))
    assert hcp(hand) == evaluate.hcp(theirs)
    assert controls(hand) == evaluate.controls(theirs)
    assert losers(hand) == evaluate.losers(theirs)
    assert exact_shape(hand) == "-".join(map(str, evaluate.exact_shape(theirs)))
    assert shape(hand) == "-".join(map(str, evaluate.shape(theirs)))
    assert is_balanced(hand) == evaluate.is_balanced(theirs)


@pytest.mark.parametrize(
    ("holding", "count"),
    [
        ("", 0),  # a void
        ("A", 0),
        ("K", 1),  # a singleton king still loses
        ("AK", 0),
        ("KQ", 1),
        ("Q2", 2),
        ("AKQ", 0),
        ("AQ2", 1),
        ("QJT98", 2),
        ("J98765", 3),  # never more than three in a suit
    ],
)
def test_losers_of_a_suit(holding: str, count: int) -> None:
    ranks = {"AKQJT98765432".index(c) for c in holding}
    assert suit_losers({14 - r for r in ranks}) == count


def test_a_deal_has_40_points_and_12_controls() -> None:
    deal = deal_of(123456789)
    assert sum(hcp(h) for h in deal.hands if h) == 40
    assert sum(controls(h) for h in deal.hands if h) == 12


def test_shape_words() -> None:
    hand = Hand.parse("AKQ2.J9.T8765.43")
    assert (shape(hand), exact_shape(hand), is_balanced(hand)) == ("5-4-2-2", "4-2-5-2", False)
