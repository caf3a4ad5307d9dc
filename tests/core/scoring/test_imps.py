"""The IMP scale (Law 78B)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import imps
from tests.support.imp_scale import SCALE


def test_every_multiple_of_ten_follows_the_printed_scale() -> None:
    for low, high, expected in SCALE:
        for difference in range(low, high + 1, 10):
            assert imps(difference) == expected, difference
            assert imps(-difference) == -expected, -difference


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(450, 10), (10, 0), (20, 1), (4000, 24), (-720, -12), (240, 6), (-240, -6), (8220, 24)],
)
def test_worked_examples(difference: int, expected: int) -> None:
    assert imps(difference) == expected


@given(st.integers(min_value=-20000, max_value=20000))
def test_imps_are_antisymmetric_and_bounded(difference: int) -> None:
    assert imps(-difference) == -imps(difference)
    assert -24 <= imps(difference) <= 24


@given(st.integers(0, 10000), st.integers(0, 500))
def test_imps_never_fall_as_the_difference_grows(difference: int, more: int) -> None:
    assert imps(difference + more) >= imps(difference)
