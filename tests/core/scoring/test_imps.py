"""The IMP scale (Law 78B)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import imps

# (lowest difference, highest difference, IMPs) as the Law prints the scale
SCALE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, 9000, 24),
]  # fmt: skip


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
