"""A column of figures has one format: whole numbers as they are when every one is whole, else
every one with its decimals; a blank stays blank."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.render.text import figures

_FIGURES = st.one_of(
    st.integers(-50_000, 50_000),
    st.fractions(-500, 500, max_denominator=12),
    st.integers(-500, 500).map(Fraction),  # whole, as a Fraction
    st.floats(-500, 500, allow_nan=False).map(lambda x: round(x, 3)),
    st.none(),
)


@given(st.lists(_FIGURES, max_size=12), st.integers(0, 3))
def test_a_column_of_figures_has_one_format(
    values: list[int | Fraction | float | None], places: int
) -> None:
    def is_whole(value: int | Fraction | float | None) -> bool:
        return value is None or Fraction(value).denominator == 1

    if all(map(is_whole, values)):
        want = ["" if v is None else str(int(v)) for v in values]
    else:
        want = ["" if v is None else f"{float(v):.{places}f}" for v in values]
    assert figures(values, places) == want


def test_whole_numbers_as_they_are() -> None:
    assert figures([Fraction(248), 318, True]) == ["248", "318", "1"]
    assert figures([Fraction(248), None]) == ["248", ""]
    assert figures([Fraction(1, 2), 3]) == ["0.50", "3.00"]
    assert figures([]) == []
