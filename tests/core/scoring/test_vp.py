"""Victory Point scales: WBF continuous and discrete, ACBL, banded scales (rules-and-formats §4, §9.6)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import ScoringError
from bridgescore.core.scoring.vp import ACBL, WBF, WBF_DISCRETE, VpScale, wbf_hundredths
from bridgescore.formats.csv.vp_scales import load_named

# -- WBF continuous ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("boards", "margin", "winner", "loser"),
    [  # rules-and-formats §9.6
        (16, 10, "12.80", "7.20"),
        (16, 1, "10.31", "9.69"),
        (16, 14, "13.75", "6.25"),  # raw 13.74, concavity +0.01
        (16, 59, "19.93", "0.07"),
        (16, 60, "20.00", "0.00"),
        (16, 61, "20.00", "0.00"),
        (16, 500, "20.00", "0.00"),
        (8, 3, "11.27", "8.73"),
        (8, 10, "13.78", "6.22"),
        (7, 10, "13.99", "6.01"),
        (12, 20, "15.58", "4.42"),
        (24, 30, "15.83", "4.17"),
        (32, 50, "17.51", "2.49"),  # raw 17.50
        (14, 8, "12.44", "7.56"),  # raw 12.43
        (16, 0, "10.00", "10.00"),
    ],
)
def test_wbf_worked_values(boards: int, margin: int, winner: str, loser: str) -> None:
    assert WBF.vp(margin, boards) == (Fraction(winner), Fraction(loser))


# The 16-board table of rules-and-formats §4.1, winner's VPs for margins 0 … 60.
REFERENCE_16 = """
10.00 10.31 10.61 10.91 11.20 11.48 11.76 12.03 12.29 12.55 12.80
13.04 13.28 13.52 13.75 13.97 14.18 14.39 14.60 14.80 15.00
15.19 15.38 15.56 15.74 15.92 16.09 16.26 16.42 16.58 16.73
16.88 17.03 17.17 17.31 17.45 17.59 17.72 17.85 17.97 18.09
18.21 18.33 18.44 18.55 18.66 18.77 18.87 18.97 19.07 19.16
19.25 19.34 19.43 19.52 19.61 19.69 19.77 19.85 19.93 20.00
"""


def test_the_whole_16_board_table_is_the_published_one() -> None:
    expected = [Fraction(v) for v in REFERENCE_16.split()]
    rows = WBF.table(16)
    assert [row.margin for row in rows] == list(range(61))
    assert [row.winner for row in rows] == expected
    assert all(row.winner + row.loser == 20 for row in rows)


def _formula_table(boards: int) -> list[int]:
    """The WBF algorithm written again, independently, in floats (hundredths of a VP)."""
    tau = (math.sqrt(5) - 1) / 2
    blitz = 15 * math.sqrt(boards)
    top = math.ceil(blitz)
    raw = [min(20.0, 10 + 10 * (1 - tau ** (3 * m / blitz)) / (1 - tau**3)) for m in range(top + 1)]
    values = [math.floor(100 * v + 0.5) for v in raw]
    while True:
        bumped = [m for m in range(1, top) if values[m + 1] - values[m] > values[m] - values[m - 1]]
        if not bumped:
            return values
        values[bumped[0]] += 1


@pytest.mark.parametrize(
    "boards", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 64]
)
def test_wbf_tables_match_the_formula_computed_independently(boards: int) -> None:
    expected = _formula_table(boards)
    assert list(wbf_hundredths(boards)) == expected
    assert [row.winner * 100 for row in WBF.table(boards)] == expected[: len(WBF.table(boards))]
    assert WBF.table(boards)[-1].winner == 20


def test_wbf_table_lengths() -> None:
    # ceil(15 * sqrt(N)) non-zero margins: 37 for 6 boards, 85 for 32 boards (§4.1)
    assert len(WBF.table(6)) == 38
    assert len(WBF.table(32)) == 86


def test_wbf_fractional_margins_interpolate_to_the_hundredth() -> None:
    # 16 boards: 10 IMPs 12.80, 11 IMPs 13.04
    assert WBF.vp(Fraction(21, 2), 16)[0] == Fraction("12.92")
    assert WBF.vp(10.25, 16)[0] == Fraction("12.86")
    # a third of the way: 12.80 + 0.08 = 12.88 exactly
    assert WBF.vp(Fraction(31, 3), 16) == (Fraction("12.88"), Fraction("7.12"))
    # a sixth: 12.84 exactly; a seventh: 12.8343 rounds to 12.83
    assert WBF.vp(Fraction(61, 6), 16)[0] == Fraction("12.84")
    assert WBF.vp(Fraction(71, 7), 16)[0] == Fraction("12.83")
    assert WBF.vp(Fraction(119, 2), 16)[0] == Fraction(
        "19.97"
    )  # between 19.93 and 20.00 (rounded up)


# -- discrete scales ----------------------------------------------------------------------------


def test_wbf_discrete_16_boards_is_the_cited_reconstruction() -> None:
    # upper IMP limits of 10 … 19 VPs = 1, 4, 8, 12, 17, 22, 28, 35, 43, 53; 54+ = 20-0 (§4.1)
    uppers = [1, 4, 8, 12, 17, 22, 28, 35, 43, 53]
    for vp, upper in enumerate(uppers, start=10):
        assert WBF_DISCRETE.vp(upper, 16) == (Fraction(vp), Fraction(20 - vp))
        assert WBF_DISCRETE.vp(upper + 1, 16) == (Fraction(vp + 1), Fraction(19 - vp))
    assert WBF_DISCRETE.table(16)[-1].margin == 54


@pytest.mark.parametrize("boards", range(1, 65))
def test_wbf_discrete_ranges_never_shrink(boards: int) -> None:
    rows = WBF_DISCRETE.table(boards)
    widths = [sum(1 for row in rows if row.winner == vp) for vp in range(10, 20)]
    widths[0] = 2 * widths[0] - 1  # the draw band runs on both sides of 0
    assert widths == sorted(widths), widths
    # it stays close to the continuous scale: never more than 1 VP away at a whole margin
    for row in rows:
        assert abs(row.winner - WBF.vp(row.margin, boards)[0]) <= 1


def test_discrete_fractional_margins_fall_in_the_band_of_their_whole_part() -> None:
    assert WBF_DISCRETE.vp(Fraction(39, 10), 16) == (Fraction(11), Fraction(9))  # 3.9 counts as 3
    assert ACBL.vp(10.9, 7) == (Fraction(14), Fraction(6))
    assert ACBL.vp(Fraction(55, 2), 7) == (Fraction(19), Fraction(1))  # 27.5 -> 27


@pytest.mark.parametrize(
    ("boards", "margin", "winner"),
    [(7, 0, 10), (7, 9, 14), (7, 28, 20), (9, 9, 13), (1, 28, 20), (36, 85, 20), (36, 84, 19)],
)
def test_acbl_worked_values(boards: int, margin: int, winner: int) -> None:
    assert ACBL.vp(margin, boards) == (Fraction(winner), Fraction(20 - winner))


# ACBL 9-11 boards as the ACBL prints it (§4.2): (lowest, highest) margin of 10, 11, … 20 VPs
ACBL_9_11 = [
    (0, 0),
    (1, 2),
    (3, 5),
    (6, 9),
    (10, 13),
    (14, 17),
    (18, 21),
    (22, 25),
    (26, 30),
    (31, 35),
    (36, 60),
]


@pytest.mark.parametrize("boards", [9, 10, 11])
def test_acbl_9_to_11_boards_follows_the_printed_table(boards: int) -> None:
    for vp, (low, high) in enumerate(ACBL_9_11, start=10):
        for margin in range(low, high + 1):
            assert ACBL.vp(margin, boards) == (Fraction(vp), Fraction(20 - vp)), margin


@pytest.mark.parametrize("boards", [1, 5, 6, 7, 8])
def test_acbl_up_to_8_boards_is_the_seed_7_board_scale(boards: int) -> None:
    seed = load_named("seed-7-boards")
    for margin in range(60):
        assert ACBL.vp(margin, boards) == seed.vp(margin, boards)


def test_acbl_stops_at_36_boards() -> None:
    with pytest.raises(ScoringError, match="1 to 36 boards, not 37"):
        ACBL.vp(3, 37)


# -- the seed's tables ----------------------------------------------------------------------


def test_seed_7_board_scale() -> None:
    # seed 000: a tie 10-10, won by 10 IMPs 14-6, won by 28 IMPs 20-0
    seed = load_named("seed-7-boards")
    assert seed.vp(0, 7) == (Fraction(10), Fraction(10))
    assert seed.vp(10, 7) == (Fraction(14), Fraction(6))
    assert seed.vp(28, 7) == (Fraction(20), Fraction(0))
    assert seed.vp(27, 7) == (Fraction(19), Fraction(1))
    assert [row.margin for row in seed.table(7)] == list(range(29))


def test_seed_old_20_scale() -> None:
    # seed 000's second table; its example: 12 deals, IMPs 54-37, a margin of 17 -> 14-6
    seed = load_named("seed-old-20")
    assert seed.vp(54 - 37, 12) == (Fraction(14), Fraction(6))
    assert seed.vp(2, 12) == (Fraction(10), Fraction(10))
    assert seed.vp(3, 12) == (Fraction(11), Fraction(9))
    assert seed.vp(54, 12) == (Fraction(19), Fraction(1))
    assert seed.vp(55, 12) == (Fraction(20), Fraction(0))
    assert seed.table(12)[-1].margin == 55


def test_negative_vps_scale() -> None:
    # seed 001: 20 VPs to the winners, down to -5 to the losers for a massive landslide
    scale = load_named("negative-20-5")
    assert scale.vp(55, 8) == (Fraction(20), Fraction(0))
    assert scale.vp(64, 8) == (Fraction(20), Fraction(-1))
    assert scale.vp(80, 8) == (Fraction(20), Fraction(-5))
    assert scale.vp(800, 8) == (Fraction(20), Fraction(-5))
    assert scale.table(8)[-1].margin == 80  # the table runs on until the loser's VPs settle
    assert scale.split(-70, 8) == (Fraction(-3), Fraction(20))


# -- errors and properties ------------------------------------------------------------------

SCALES: list[VpScale] = [
    WBF,
    WBF_DISCRETE,
    ACBL,
    *(load_named(n) for n in ("seed-7-boards", "seed-old-20", "negative-20-5")),
]


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.name)
def test_bad_margins_and_board_counts(scale: VpScale) -> None:
    with pytest.raises(ScoringError, match="0 or more, not -1"):
        scale.vp(-1, 8)
    with pytest.raises(ScoringError, match="1 to 999 boards, not 0"):
        scale.vp(3, 0)
    with pytest.raises(ScoringError, match="not an IMP margin"):
        scale.vp(float("nan"), 8)


margins = st.fractions(min_value=0, max_value=150, max_denominator=12)


@given(st.sampled_from(SCALES), st.integers(1, 36), margins, margins)
def test_vps_share_the_total_and_the_winner_never_loses_by_winning_more(
    scale: VpScale, boards: int, margin: Fraction, more: Fraction
) -> None:
    winner, loser = scale.vp(margin, boards)
    if loser >= 0:
        assert winner + loser == scale.total(boards) == 20
    assert winner >= loser
    bigger_winner, bigger_loser = scale.vp(margin + more, boards)
    assert bigger_winner >= winner
    assert bigger_loser <= loser
    assert scale.split(-margin, boards) == (loser, winner)


@given(st.integers(1, 64))
def test_wbf_increments_never_grow(boards: int) -> None:
    values = wbf_hundredths(boards)
    steps = [b - a for a, b in itertools.pairwise(values)]
    assert all(later <= earlier for earlier, later in itertools.pairwise(steps))
    assert values[0] == 1000
    assert values[-1] == 2000


@given(st.sampled_from(SCALES), st.integers(1, 36))
def test_tables_end_at_the_first_margin_whose_vps_never_change(scale: VpScale, boards: int) -> None:
    rows = scale.table(boards)
    last = rows[-1]
    assert [row.margin for row in rows] == list(range(len(rows)))
    assert (rows[-2].winner, rows[-2].loser) != (last.winner, last.loser)
    for margin in range(last.margin, last.margin + 30):
        assert scale.vp(margin, boards) == (last.winner, last.loser)
