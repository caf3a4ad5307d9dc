"""One board's scores compared as a caller asks (``bridgescore.matchpoints``, ``cross_imps``,
``butler``): figures worked by hand, and the same figures as the pairs engine gives a board."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import NotationError, ScoringError
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.scoring.butler import ButlerDrop, DatumRounding, butler, butler_datum
from bridgescore.core.scoring.crossimps import CrossNorm, cross_imps
from bridgescore.core.scoring.matchpoints import Scale, matchpoints
from bridgescore.core.table.traveller import Session, TravellerLine

F = Fraction


def test_matchpoints_by_hand() -> None:
    # 480 beats all four: 8; each 450 beats two and ties one: 5; 420 beats one: 2; 400: 0
    assert matchpoints([480, 450, 450, 420, 400]) == [F(8), F(5), F(5), F(2), F(0)]
    assert matchpoints([480, 450, 450, 420, 400], scale="1/0.5") == [
        F(4), F(5, 2), F(5, 2), F(1), F(0)
    ]  # fmt: skip
    assert matchpoints([480, 450], scale=Scale.ACBL) == [F(1), F(0)]
    # Neuberg: 3 scores factored to 4, (MP + 1) x 4/3 - 1: 4 -> 17/3, 2 -> 3, 0 -> 1/3
    assert matchpoints([620, 170, -100], expected=4) == [F(17, 3), F(3), F(1, 3)]
    assert matchpoints([]) == []
    with pytest.raises(ScoringError, match="3 results cannot be factored down to 2 expected"):
        matchpoints([620, 170, -100], expected=2)
    with pytest.raises(NotationError, match=r"a matchpoint scale is 2/1 or 1/0\.5"):
        matchpoints([1], scale="3/1")


def test_cross_imps_by_hand() -> None:
    # 620 v 620: 0, v 170 (450): 10, v -100 (720): 12 -> 22; 170: -10 -10 +7 -> -13;
    # -100: -12 -12 -7 -> -31
    scores = [620, 620, 170, -100]
    assert cross_imps(scores, norm="total") == [F(22), F(22), F(-13), F(-31)]
    assert cross_imps(scores) == [F(22, 3), F(22, 3), F(-13, 3), F(-31, 3)]
    assert cross_imps(scores, norm=CrossNorm.PER_SCORE) == [
        F(22, 4),
        F(22, 4),
        F(-13, 4),
        F(-31, 4),
    ]
    assert cross_imps([620]) == [F(0)]
    with pytest.raises(NotationError, match="cross-IMPs are normalised"):
        cross_imps(scores, norm="median")


def test_butler_by_hand() -> None:
    scores = [620, 620, 650, 170, 140, 620, -100, 600]
    # one off each end (8 scores): -100 and 650 go, (140+170+600+3x620)/6 = 461.67 -> 460;
    # 620: +160 -> 4, 650: +190 -> 5, 170: -290 -> -7, 140: -320 -> -8, -100: -560 -> -11
    assert butler_datum(scores) == 460
    assert butler(scores) == [4, 4, 5, -7, -8, 4, -11, 4]
    # none dropped: 3320/8 = 415 -> 420 half-up, 420 to even too (42 is even)
    assert butler_datum(scores, drop=0) == 420
    assert butler_datum([425, 425], drop="0", rounding="even") == 420
    assert butler_datum([435, 435], drop=ButlerDrop(count=0), rounding=DatumRounding.EVEN) == 440
    # 10 % of 8 scores, rounded up: one at each end; 3 at each end leaves 600 and 620
    assert butler_datum(scores, drop="10%") == 460
    assert butler_datum(scores, drop=3) == 610
    assert butler_datum(scores, drop=9) == 610  # never more than leaves a score in
    with pytest.raises(NotationError, match="rounds half-up"):
        butler([1, 2], rounding="down")


boards = st.lists(st.integers(-200, 200).map(lambda n: n * 10), min_size=1, max_size=12)


def _engine(scores: list[int], rules: PairsRules) -> list[Fraction]:
    lines = tuple(TravellerLine(1, str(i), str(i), ns_score=s) for i, s in enumerate(scores, 1))
    event = score_session(Session(lines), rules)
    return [line.ns_points for line in event.board(1).lines]


@given(boards)
def test_one_board_figures_are_the_engines(scores: list[int]) -> None:
    assert matchpoints(scores) == _engine(scores, PairsRules())
    assert matchpoints(scores, scale="1/0.5") == _engine(scores, PairsRules(scale=Scale.ACBL))
    for norm in CrossNorm:
        rules = PairsRules(method=PairsMethod.CROSSIMPS, cross=norm)
        assert cross_imps(scores, norm=norm) == _engine(scores, rules)
    for rounding in DatumRounding:
        rules = PairsRules(method=PairsMethod.BUTLER, datum_rounding=rounding)
        assert butler(scores, rounding=rounding) == _engine(scores, rules)
