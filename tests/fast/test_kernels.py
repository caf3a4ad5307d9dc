"""The numpy kernels give exactly the pure functions' figures, on random boards full of ties,
and the engine scores alike with either."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.scoring import crossimps, matchpoints
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
def test_matchpoints_are_the_pure_functions(scores: list[int]) -> None:
    assert kernels.matchpoints(np.array(scores)).tolist() == matchpoints.raw_matchpoints(scores)


@settings(max_examples=40, deadline=None)
@given(boards())
def test_cross_imps_are_the_pure_functions(scores: list[int]) -> None:
    assert kernels.cross_imps(np.array(scores)).tolist() == crossimps.cross_imp_totals(scores)


def test_a_board_of_one_result_and_of_one_score() -> None:
    # one result beats nobody; five equal results each tie four others (2/1: 4 MPs each)
    assert kernels.matchpoints([620]).tolist() == [0]
    assert kernels.matchpoints([620] * 5).tolist() == [4] * 5
    # 620 against -100: 720 points, 12 IMPs (Law 78B), each way
    assert kernels.cross_imps([620, -100]).tolist() == [12, -12]


def test_the_switch_is_by_size_alone_and_agrees() -> None:
    """numpy is loaded here, and the switch does not care: the kernels only for a board of
    millions of results (importing numpy counted), unless a test forces them."""
    small, big = [620, 620, 170], [620, 620, 170, -100, 450] * 600
    assert not select.uses_kernels(len(small)) and not select.uses_kernels(len(big))
    assert select.uses_kernels(10_000_000)
    for forced in (True, False):
        with select._forcing(kernels=forced):
            assert select.uses_kernels(len(small)) is forced
            for scores in (small, big):
                assert select.raw_matchpoints(scores) == matchpoints.raw_matchpoints(scores)
                assert select.cross_imps(scores) == crossimps.cross_imp_totals(scores)
