"""One teams match: nets, IMPs, board-a-match, point-a-board, aggregate, adjustments."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import ScoringError
from bridgescore.core.scoring.vp import WBF
from bridgescore.core.table.adjusted import Average, WeightedScore
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.teams.match import AWAY, HOME, Method, TeamsBoard, TeamsMatch
from bridgescore.formats.csv.vp_scales import load_named


def match_of_nets(*nets: int, method: Method = Method.IMPS) -> TeamsMatch:
    """A match whose board n has home's net nets[n-1] (table 1 NS scores it, table 2 scores 0)."""
    boards = tuple(TeamsBoard(n, net, 0) for n, net in enumerate(nets, start=1))
    return TeamsMatch("Home", "Away", boards, method)


def test_net_is_table_1_ns_minus_table_2_ns() -> None:
    # home NS +620 at table 1; away NS makes 4S+1 (+650) at table 2: home loses 30 net = 1 IMP
    board = TeamsBoard(1, 620, 650)
    assert board.net == -30
    assert board.played_points(Method.IMPS) == (Fraction(-1), Fraction(1))
    # home NS -100 at table 1, away NS -620 at table 2 (home EW +620): net +520 = 11 IMPs
    assert TeamsBoard(2, -100, -620).played_points(Method.IMPS) == (Fraction(11), Fraction(-11))


def test_seed_001_many_small_swings_beat_one_big_one() -> None:
    # seed 001: +320 on two deals is 8 + 8 = 16 IMPs; +640 on one deal is only 12
    assert match_of_nets(320, 320).margin(HOME) == 16
    assert match_of_nets(640, 0).margin(HOME) == 12


def test_seed_000_a_12_board_match_won_54_to_37() -> None:
    # seed 000: after 12 deals team A has won 54 IMPs and lost 37; the difference is 17
    # home gains: 430 (10) 600 (12) 750 (13) 500 (11) 320 (8) = 54
    # away gains: 600 (12) 430 (10) 220 (6) 170 (5) 130 (4) = 37; two flat boards
    match = match_of_nets(430, -600, 600, 0, -430, 750, -220, 500, -170, 320, 0, -130)
    assert (match.score(HOME), match.score(AWAY)) == (Fraction(54), Fraction(37))
    assert (match.imps_for(HOME), match.imps_against(HOME)) == (Fraction(54), Fraction(37))
    assert (match.imps_for(AWAY), match.imps_against(AWAY)) == (Fraction(37), Fraction(54))
    assert match.margin(HOME) == 17
    assert match.margin(AWAY) == -17
    # on seed 000's second VP table 17 IMPs earn 14-6
    assert match.vps(load_named("seed-old-20")) == (Fraction(14), Fraction(6))


def test_board_a_match_and_point_a_board_on_the_net() -> None:
    # ACBL: +120 at one table and -110 at the other is a win (net +10), though 0 IMPs
    nets = (10, 0, -50, 620)
    bam = match_of_nets(*nets, method=Method.BAM)
    assert [bam.board_points(b) for b in bam.boards] == [
        (1, 0),
        (Fraction(1, 2), Fraction(1, 2)),
        (0, 1),
        (1, 0),
    ]
    assert (bam.score(HOME), bam.score(AWAY), bam.margin(HOME)) == (
        Fraction(5, 2),
        Fraction(3, 2),
        Fraction(1),
    )
    pab = match_of_nets(*nets, method=Method.PAB)
    assert (pab.score(HOME), pab.score(AWAY), pab.margin(AWAY)) == (
        Fraction(5),
        Fraction(3),
        Fraction(-2),
    )
    imps = match_of_nets(*nets)
    assert (imps.score(HOME), imps.score(AWAY)) == (Fraction(12), Fraction(2))


def test_aggregate_total_points() -> None:
    match = match_of_nets(10, 0, -50, 620, method=Method.TOTAL)
    assert match.margin(HOME) == 580
    assert (match.score(HOME), match.score(AWAY)) == (Fraction(630), Fraction(50))


def test_carry_over_and_imp_penalties() -> None:
    # home wins the boards 45-32; the away team carries over 5.5 IMPs; home gets a 3 IMP penalty
    match = match_of_nets(1100, 450, 420, -1400, -130).with_adjustments(
        carry_over=Fraction(-11, 2), home_penalty=3
    )
    # 1100 = 15, 450 = 10, 420 = 9 (home 34); -1400 = 16, -130 = 4 (away 20)
    assert (match.points_won(HOME), match.points_won(AWAY)) == (Fraction(34), Fraction(20))
    assert match.score(HOME) == 34 - 3
    assert match.score(AWAY) == 20 + Fraction(11, 2)
    assert match.margin(HOME) == 34 - 20 - Fraction(11, 2) - 3 == Fraction(11, 2)
    assert match.margin(AWAY) == -Fraction(11, 2)
    # the IMP quotient counts boards only
    assert (match.imps_for(HOME), match.imps_against(HOME)) == (Fraction(34), Fraction(20))
    # an away penalty counts for home in the margin
    assert match.with_adjustments(away_penalty=2).margin(HOME) == 16


def test_artificial_boards() -> None:
    plus_minus = TeamsBoard.adjusted(2, Average.PLUS, Average.MINUS, Method.IMPS)
    assert plus_minus.artificial == (Fraction(3), Fraction(-3))
    assert plus_minus.net is None
    match = TeamsMatch("Home", "Away", (TeamsBoard(1, 430, 0), plus_minus))
    assert match.margin(HOME) == 13
    assert match.margin(AWAY) == -13
    assert (match.imps_for(HOME), match.imps_against(HOME)) == (Fraction(13), Fraction(0))
    # neither side at fault: Ave+ to both; unbalanced, each side is 3 IMPs better off
    both = TeamsMatch(
        "Home",
        "Away",
        (TeamsBoard(1, 430, 0), TeamsBoard(2, artificial=(Fraction(3), Fraction(3)))),
    )
    assert (both.margin(HOME), both.margin(AWAY)) == (Fraction(13), Fraction(-7))
    assert both.vps(WBF) == (WBF.for_margin(13, 2), WBF.for_margin(-7, 2))
    # board-a-match: 60 % and 40 % of the board
    bam = TeamsBoard.adjusted(3, Average.PLUS, Average.MINUS, Method.BAM)
    assert bam.artificial == (Fraction(3, 5), Fraction(2, 5))
    bam_match = TeamsMatch("Home", "Away", (TeamsBoard(1, 0, 0), bam), Method.BAM)
    assert bam_match.margin(HOME) == Fraction(1, 5)
    # in another method the artificial board counts as a win (count-back) or 0 IMPs
    assert bam_match.points_won(HOME, Method.PAB) == 1 + 2
    assert bam_match.imps_for(HOME) == 0
    with pytest.raises(ScoringError, match="total-points scoring has no artificial score"):
        TeamsBoard.adjusted(1, Average.PLUS, Average.MINUS, Method.TOTAL)


def test_weighted_scores_are_weighed_result_by_result() -> None:
    weighted = WeightedScore.parse("50% 620 50% -100", Vulnerability.NS)
    board = TeamsBoard(2, weighted, 170)
    # nets +450 (10 IMPs) and -270 (-7 IMPs), half each: 1.5 IMPs, not IMPs(+90) = 3
    assert board.played_points(Method.IMPS) == (Fraction(3, 2), Fraction(-3, 2))
    assert board.net == 90
    assert board.played_points(Method.BAM) == (Fraction(1, 2), Fraction(1, 2))


def test_a_board_at_one_table_is_an_error_naming_it() -> None:
    with pytest.raises(
        ScoringError, match=r"^round 2: A v B: board 5 was played only at table 2 \(B NS v A EW\)$"
    ):
        TeamsMatch.from_tables("A", "B", {4: 100}, {4: 100, 5: -50}, round=2)
    with pytest.raises(ScoringError, match="board 3 was played only at table 1"):
        TeamsBoard(3, 100, None)
    with pytest.raises(ScoringError, match="board 3 has no score at either table"):
        TeamsBoard(3)


def test_bad_matches() -> None:
    with pytest.raises(ScoringError, match="team A cannot play a match against itself"):
        TeamsMatch("A", "A", (TeamsBoard(1, 0, 0),))
    with pytest.raises(ScoringError, match="round 4: A v B has no boards"):
        TeamsMatch("A", "B", (), round=4)
    with pytest.raises(ScoringError, match="A v B: board 1 twice"):
        TeamsMatch("A", "B", (TeamsBoard(1, 0, 0), TeamsBoard(1, 10, 0)))
    match = TeamsMatch("A", "B", (TeamsBoard(1, 0, 0),))
    with pytest.raises(ScoringError, match="team C did not play A v B"):
        match.side_of("C")
    assert match.opponent("B") == "A"


def test_from_tables_with_an_artificial_board() -> None:
    match = TeamsMatch.from_tables(
        "A", "B", {1: 420}, {1: -50}, artificial={2: (Fraction(3), Fraction(-3))}, round=1
    )
    assert [b.number for b in match.boards] == [1, 2]
    assert match.margin(HOME) == 10 + 3


scores = st.integers(-400, 400).map(lambda x: x * 10)


@given(st.lists(st.tuples(scores, scores), min_size=1, max_size=12), st.sampled_from(list(Method)))
def test_matches_are_antisymmetric(tables: list[tuple[int, int]], method: Method) -> None:
    boards = tuple(TeamsBoard(n, a, b) for n, (a, b) in enumerate(tables, start=1))
    match = TeamsMatch("A", "B", boards, method)
    mirrored = TeamsMatch(
        "B", "A", tuple(TeamsBoard(b.number, b.away_ns, b.home_ns) for b in boards), method
    )
    assert match.margin(HOME) == -match.margin(AWAY) == mirrored.margin(AWAY)
    assert match.imps_for(HOME) == match.imps_against(AWAY) == mirrored.imps_for(AWAY)
    for home, away in match.board_imps():
        assert home == -away
    if method is Method.BAM:
        assert match.score(HOME) + match.score(AWAY) == len(boards)
    if method is Method.PAB:
        assert match.score(HOME) + match.score(AWAY) == 2 * len(boards)
    if method is Method.IMPS:
        assert match.score(HOME) - match.score(AWAY) == match.margin(HOME)
        home_vp, away_vp = match.vps(WBF)
        assert home_vp + away_vp == 20
        assert (home_vp >= away_vp) == (match.margin(HOME) >= 0)
