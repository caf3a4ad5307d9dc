"""Deal numbers: a bijection between 0 .. 52!/(13!)^4 - 1 and the deals, its ends, and ids."""

from __future__ import annotations

from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import NotationError
from bridgescore.core.hands.numbering import DEALS, deal_id, deal_of, number_of, parse_deal_id
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.seats import Seat


def test_the_number_of_deals() -> None:
    # 52 choose 13 for North, 39 choose 13 for East, 26 choose 13 for South.
    assert comb(52, 13) * comb(39, 13) * comb(26, 13) == DEALS
    assert DEALS == 53_644_737_765_488_792_839_237_440_000
    assert DEALS.bit_length() == 96


def test_the_first_and_last_deals() -> None:
    first = deal_of(0)
    assert [str(first.hand(seat)) for seat in Seat] == [
        "AKQJT98765432...",
        ".AKQJT98765432..",
        "..AKQJT98765432.",
        "...AKQJT98765432",
    ]
    last = deal_of(DEALS - 1)
    assert [str(last.hand(seat)) for seat in Seat] == [
        "...AKQJT98765432",
        "..AKQJT98765432.",
        ".AKQJT98765432..",
        "AKQJT98765432...",
    ]
    assert number_of(first) == 0 and number_of(last) == DEALS - 1


@given(st.integers(0, DEALS - 1))
def test_numbers_round_trip(number: int) -> None:
    deal = deal_of(number)
    assert deal.is_complete
    assert number_of(deal) == number
    assert parse_deal_id(deal_id(number)) == number
    assert len(deal_id(number)) == 24


@pytest.mark.parametrize("number", [-1, DEALS, 2**96, True, 1.5])
def test_numbers_out_of_range(number: object) -> None:
    with pytest.raises(NotationError):
        deal_of(number)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["12", "G" * 24, "F" * 24, ""])
def test_bad_ids(text: str) -> None:
    with pytest.raises(NotationError):
        parse_deal_id(text)


def test_an_incomplete_deal_has_no_number() -> None:
    with pytest.raises(NotationError, match="complete"):
        number_of(Deal.parse("N:AKQJ.T98.765.432 - - -"))
