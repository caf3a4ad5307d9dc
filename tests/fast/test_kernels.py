"""The numpy kernels give exactly the reference figures, on random boards full of ties."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.scoring import butler, crossimps, matchpoints
from bridgescore.core.scoring.butler import ButlerDrop, DatumRounding
from bridgescore.core.scoring.imps import imps as reference_imps
from bridgescore.fast import kernels, select


@st.composite
def boards(draw: st.DrawFn, max_size: int = 2000) -> list[int]:
    """One board: a few likely scores (ties galore) and now and then a wild one."""
    pool = draw(st.lists(st.integers(-760, 760).map(lambda x: x * 10), min_size=1, max_size=12))
    size = draw(st.integers(1, max_size))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    scores = rng.choice(np.array(pool), size=size).tolist()
    extra = draw(st.lists(st.integers(-7600, 7600), max_size=5))
    return [int(s) for s in scores] + extra


@settings(max_examples=60, deadline=None)
@given(boards())
def test_matchpoints_and_neuberg_are_the_reference(scores: list[int]) -> None:
    units = kernels.matchpoints(np.array(scores))
    assert units.tolist() == matchpoints.raw_matchpoints(scores)
    actual = len(scores)
    for expected in (actual, actual + 1, 2 * actual + 3):
        numerators, denominator = kernels.neuberg(units, expected)
        assert [Fraction(n, denominator) for n in numerators.tolist()] == [
            matchpoints.neuberg(u, actual, expected) for u in units.tolist()
        ]


@settings(max_examples=40, deadline=None)
@given(boards())
def test_cross_imps_are_the_reference(scores: list[int]) -> None:
    assert kernels.cross_imps(np.array(scores)).tolist() == crossimps.cross_imp_totals(scores)


@settings(max_examples=60, deadline=None)
@given(boards(), st.sampled_from(list(DatumRounding)), st.integers(0, 30))
def test_butler_is_the_reference(scores: list[int], rounding: DatumRounding, drop: int) -> None:
    drop = ButlerDrop(count=drop).count_for(len(scores))
    datum = kernels.butler_datum(np.array(scores), drop, rounding)
    assert datum == butler.butler_datum(scores, drop, rounding)
    assert kernels.imps(np.array(scores) - datum).tolist() == [
        reference_imps(s - datum) for s in scores
    ]


@given(st.lists(st.integers(-10_000, 10_000), max_size=50))
def test_imps_are_the_reference(differences: list[int]) -> None:
    assert kernels.imps(np.array(differences, dtype=np.int64)).tolist() == [
        reference_imps(d) for d in differences
    ]


def test_datums_ending_in_five_round_both_ways() -> None:
    sums = [425, -425, 435, -435, 4615, -4615, 0, 5, -5, 15]
    for rounding in DatumRounding:
        got = kernels.round_to_ten(sums, [1] * len(sums), rounding).tolist()
        assert got == [butler.round_to_ten(Fraction(s), rounding) for s in sums]


@settings(max_examples=30, deadline=None)
@given(st.lists(boards(max_size=300), min_size=1, max_size=8), st.integers(0, 2**32 - 1))
def test_many_boards_at_once_are_each_board_alone(board_list: list[list[int]], seed: int) -> None:
    groups = np.concatenate([np.full(len(b), i) for i, b in enumerate(board_list)])
    scores = np.concatenate([np.array(b) for b in board_list])
    shuffle = np.random.default_rng(seed).permutation(groups.size)
    groups, scores = groups[shuffle], scores[shuffle]
    together = kernels.Boards(groups, scores)
    assert together.sizes.tolist() == [len(b) for b in board_list]
    mp, cross = together.matchpoints(), together.cross_imps()
    drops = [ButlerDrop().count_for(len(b)) for b in board_list]
    datums = together.butler_datums(drops, DatumRounding.EVEN)
    against = together.imps_against(datums)
    for i, board in enumerate(board_list):
        mine = groups == i
        scores_here = scores[mine].tolist()
        assert mp[mine].tolist() == matchpoints.raw_matchpoints(scores_here)
        assert cross[mine].tolist() == crossimps.cross_imp_totals(scores_here)
        datum = butler.butler_datum(scores_here, drops[i], DatumRounding.EVEN)
        assert datums[i] == datum
        assert against[mine].tolist() == [reference_imps(s - datum) for s in scores_here]
        assert sorted(board) == sorted(scores_here)


def test_grouped_neuberg_and_exact_sums() -> None:
    units = np.array([4, 2, 0, 0])
    actual = np.array([3, 3, 3, 1])
    expected = np.array([4, 4, 4, 4])
    numerators, denominators = kernels.neuberg_grouped(units, actual, expected)
    got = [Fraction(n, d) for n, d in zip(numerators.tolist(), denominators.tolist(), strict=True)]
    assert got == [matchpoints.neuberg(u, a, 4) for u, a in ((4, 3), (2, 3), (0, 3), (0, 1))]
    sums, common = kernels.exact_numerators(np.array([0, 1, 0, 1]), numerators, denominators, 2)
    totals = [Fraction(total, common) for total in sums]
    assert totals == [got[0] + got[2], got[1] + got[3]]


def test_the_switch_picks_the_path_by_cost_and_agrees() -> None:
    """numpy is loaded here: the kernels from a board of a few thousand results."""
    small, big = [620, 620, 170], [620, 620, 170, -100, 450] * 600
    assert not select.uses_kernels(len(small)) and select.uses_kernels(len(big))
    for scores in (small, big):
        assert select.raw_matchpoints(scores) == matchpoints.raw_matchpoints(scores)
        assert select.cross_imps(scores) == crossimps.cross_imp_totals(scores)
        assert select.butler_datum(scores, 1) == butler.butler_datum(scores, 1)


def test_a_single_result_and_errors() -> None:
    assert kernels.matchpoints(np.array([620])).tolist() == [0]
    assert kernels.cross_imps(np.array([620])).tolist() == [0]
    assert kernels.butler_datum(np.array([625]), 0) == 630
    with pytest.raises(ValueError, match="cannot factor 2 results to 1"):
        kernels.neuberg(np.array([0, 2]), 1)
