"""Standings of teams events: a round robin and a Swiss worked by hand, byes, penalties, ties."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.core.errors import ScoringError
from bridgescore.core.teams.match import Method, TeamsMatch
from bridgescore.core.teams.standings import (
    Bye,
    ByeScore,
    Conditions,
    Penalty,
    Standings,
    standings,
)
from bridgescore.core.teams.swiss import next_round
from bridgescore.core.teams.tiebreaks import EBU_TIE_BREAKS, WBF_TIE_BREAKS, tie_break_order
from bridgescore.formats.csv.vp_scales import load_named
from tests.support.teams import imp_match, margin_match

SEVEN = load_named("seed-7-boards")
# The seed's 7-board scale: margin 0 10-10, 1-2 11-9, 3-4 12-8, 5-7 13-7, 8-10 14-6,
# 11-13 15-5, 14-16 16-4, 17-19 17-3, 20-23 18-2, 24-27 19-1, 28+ 20-0.

# An 8-team round robin, 2 boards a match. Each entry: round, home, away, home's IMP margin.
# margin_match() wins one board by the margin and halves the other (past 24: 24 + the rest).
ROUND_ROBIN = [
    (1, "A", "H", 28),  # 20-0
    (1, "B", "G", 14),  # 16-4
    (1, "C", "F", 14),  # 16-4
    (1, "D", "E", 10),  # 14-6
    (2, "A", "G", 28),  # 20-0
    (2, "H", "F", -5),  # 7-13
    (2, "B", "E", 10),  # 14-6
    (2, "C", "D", 14),  # 16-4
    (3, "A", "F", 28),  # 20-0
    (3, "G", "E", -5),  # 7-13
    (3, "H", "D", -5),  # 7-13
    (3, "B", "C", 5),  # 13-7
    (4, "A", "E", 20),  # 18-2
    (4, "F", "D", 8),  # 14-6
    (4, "G", "C", -14),  # 4-16
    (4, "H", "B", -17),  # 3-17
    (5, "A", "D", 20),  # 18-2
    (5, "E", "C", -14),  # 4-16
    (5, "F", "B", -5),  # 7-13
    (5, "G", "H", 0),  # 10-10 (boards +10 and -10, see below)
    (6, "A", "C", 10),  # 14-6
    (6, "D", "B", -10),  # 6-14
    (6, "E", "H", 5),  # 13-7
    (6, "F", "G", 8),  # 14-6
    (7, "A", "B", 10),  # 14-6
    (7, "C", "H", 14),  # 16-4
    (7, "D", "G", 5),  # 13-7
    (7, "E", "F", 10),  # 14-6
]
# Totals (VPs, by round):
#   A 20+20+20+18+18+14+14 = 124
#   B 16+14+13+17+13+14+6  = 93
#   C 16+16+7+16+16+6+16   = 93   B and C level: B won their match 13-7 -> B 2nd, C 3rd
#   D 14+4+13+6+2+6+13     = 58
#   E 6+6+13+2+4+13+14     = 58
#   F 4+13+0+14+7+14+6     = 58   D, E, F all met: D beat E by 10, E beat F by 10, F beat D
#                                 by 8, 20 VPs each among themselves; IMPs among them
#                                 D +10-8 = +2, E -10+10 = 0, F +8-10 = -2 -> D 4th, E 5th, F 6th
#   G 4+0+7+4+10+6+7       = 38
#   H 0+7+7+3+10+7+4       = 38   G and H drew 10-10 (one board each way, 10 IMPs);
#                                 IMPs over the event: G won 10, lost 14+28+5+14+10+8+5 = 84;
#                                 H won 10, lost 28+5+5+17+10+5+14 = 84 (difference -74 each);
#                                 point-a-board: 7 each (a tied board in each 1-board loss,
#                                 none against A, 2 against each other) -> 7= both
#   28 matches x 20 VP = 560 = 124 + 93 + 93 + 58 * 3 + 38 * 2


def round_robin() -> list[TeamsMatch]:
    matches = [margin_match(r, home, away, m) for r, home, away, m in ROUND_ROBIN if m]
    matches.append(imp_match(5, "G", "H", 10, -10))
    return matches


def table(result: Standings) -> list[tuple[str, str, Fraction]]:
    return [(row.rank_text, row.team, row.total) for row in result.rows]


def test_round_robin_by_hand() -> None:
    result = standings(list("ABCDEFGH"), round_robin(), conditions=Conditions(scale=SEVEN))
    assert result.unit == "VP"
    assert table(result) == [
        ("1", "A", Fraction(124)),
        ("2", "B", Fraction(93)),
        ("3", "C", Fraction(93)),
        ("4", "D", Fraction(58)),
        ("5", "E", Fraction(58)),
        ("6", "F", Fraction(58)),
        ("7=", "G", Fraction(38)),
        ("7=", "H", Fraction(38)),
    ]
    decided = {row.team: row.decided_by for row in result.rows}
    assert decided == {
        "A": None,
        "B": "head-to-head",
        "C": "head-to-head",
        "D": "head-to-head-imps",
        "E": "head-to-head-imps",
        "F": "head-to-head-imps",
        "G": None,
        "H": None,
    }
    g, h = result.row("G"), result.row("H")
    assert (g.imps_for, g.imps_against, h.imps_for, h.imps_against) == (
        Fraction(10),
        Fraction(84),
        Fraction(10),
        Fraction(84),
    )
    assert g.pab == h.pab == 7
    a = result.row("A")
    # A: 24+4 three times, 20 twice, 10 twice; nothing lost
    assert (a.imps_for, a.imps_against, a.imp_quotient) == (Fraction(144), Fraction(0), None)
    assert len(a.matches) == 7
    assert sum(row.total for row in result.rows) == 560


def test_round_robin_with_the_wbf_order_and_by_imps() -> None:
    wbf = standings(
        list("ABCDEFGH"), round_robin(), conditions=Conditions(SEVEN, tie_breaks=WBF_TIE_BREAKS)
    )
    assert [row.rank_text for row in wbf.rows] == ["1", "2", "3", "4", "5", "6", "7=", "7="]
    # ranked by net IMPs instead: A +144; B 14+10+5+17+5+10-10 = +51; C 14+14-5+14+14-10+14 = +55
    by_imps = standings(list("ABCDEFGH"), round_robin(), conditions=Conditions(scale=None))
    assert by_imps.unit == "IMPs"
    assert [(row.team, row.total) for row in by_imps.rows[:3]] == [
        ("A", Fraction(144)),
        ("C", Fraction(55)),
        ("B", Fraction(51)),
    ]


def test_penalties_and_withdrawn_teams() -> None:
    result = standings(
        list("ABCDEFGH"),
        round_robin(),
        penalties=[Penalty("B", Fraction(1), "slow play")],
        withdrawn=["H"],
        conditions=Conditions(scale=SEVEN),
    )
    # B 93 - 1 = 92: C is 2nd outright; H's matches still count for its opponents
    assert table(result)[:3] == [
        ("1", "A", Fraction(124)),
        ("2", "C", Fraction(93)),
        ("3", "B", Fraction(92)),
    ]
    assert result.row("B").penalty == 1
    assert table(result)[-2:] == [("7", "G", Fraction(38)), ("-", "H", Fraction(38))]
    assert result.order() == tuple("ACBDEFG")
    assert result.row("H").withdrawn


# A 4-round Swiss of five teams, 2 boards a match, 12 VP for a bye, each round drawn by
# next_round() from the standings so far. Entries: round, home, away, boards (home's IMPs).
SWISS_DRAWS = {
    1: ([("1", "2"), ("3", "4")], "5", ()),
    2: ([("1", "4"), ("5", "3")], "2", ()),
    3: (
        [("4", "2"), ("5", "1")],
        "3",
        ("4 v 2 because 4 v 5 would leave no legal draw for the rest; 4 and 1 met in round 2",),
    ),
    4: (
        [("4", "5"), ("3", "2")],
        "1",
        (
            "bye to 1, not 2: 2 had a bye in round 2; 3 had a bye in round 3; 5 had a bye in round 1",
        ),
    ),
}
SWISS_RESULTS = {
    1: [("1", "2", (10, 0)), ("3", "4", (-3, 0))],  # 14-6, 8-12; 5 bye 12
    2: [("1", "4", (-5, 0)), ("5", "3", (1, 0))],  # 7-13, 11-9; 2 bye 12
    3: [("4", "2", (0, 0)), ("5", "1", (-8, 0))],  # 10-10, 6-14; 3 bye 12
    4: [("4", "5", (-3, 0)), ("3", "2", (24, -4))],  # 8-12, 18-2 (margin 20); 1 bye 12
}
# After round 1: 1 14, 4 12, 5 12, 3 8, 2 6 (4 and 5 level: they have not met; 5 had the bye
#   and has no opponent for tie-break points; IMPs +3 against 0 -> 4 above 5). Round 2: bye to 2.
# After round 2: 4 25, 5 23, 1 21, 2 18, 3 17. Round 3: bye to 3 (the last, no bye yet);
#   4 v 5 would leave 1 v 2, who met in round 1, and 4 met 1 in round 2: 4 v 2 and 5 v 1.
# After round 3: 1 35, 4 35 (4 beat 1 13-7 -> 4 first), 5 29, 3 29 (5 beat 3 11-9), 2 28.
#   Round 4: only 4 and 1 have had no bye: the bye goes to 1.
# Final: 1 14+7+14+12 = 47, 2 6+12+10+2 = 30, 3 8+9+12+18 = 47, 4 12+13+10+8 = 43,
#   5 12+11+6+12 = 41 (8 matches x 20 + 4 byes x 12 = 208).
# 1 and 3 are level on 47 and have not met. EBU order: tie-break points: both played 2, 4 and
#   5: 30+43+41 = 114 each; then IMPs over all boards: 1 won 10+8 = 18, lost 5: +13;
#   3 won 24, lost 3+1+4 = 8: +16 -> 3 first. WBF order: IMP quotient 18/5 = 3.6 for 1
#   against 24/8 = 3 for 3 -> 1 first.


def play_swiss(conditions: Conditions) -> tuple[list[TeamsMatch], list[Bye]]:
    matches: list[TeamsMatch] = []
    byes: list[Bye] = []
    teams = ["1", "2", "3", "4", "5"]
    for round_ in range(1, 5):
        current = standings(teams, matches, byes=byes, conditions=conditions)
        draw = next_round(current, matches, byes)
        tables, bye, notes = SWISS_DRAWS[round_]
        assert draw.round == round_
        assert [(t.home, t.away) for t in draw.tables] == tables
        assert (draw.bye, draw.notes) == (bye, notes)
        for home, away, boards in SWISS_RESULTS[round_]:
            matches.append(imp_match(round_, home, away, *boards))
        byes.append(Bye(round_, bye))
    return matches, byes


def final_swiss(conditions: Conditions) -> Standings:
    """The Swiss played round by round under these conditions, and its final standings."""
    matches, byes = play_swiss(conditions)
    return standings(["1", "2", "3", "4", "5"], matches, byes=byes, conditions=conditions)


def test_a_swiss_by_hand_with_the_ebu_order() -> None:
    result = final_swiss(
        Conditions(scale=SEVEN, bye=ByeScore(Fraction(12)), tie_breaks=EBU_TIE_BREAKS)
    )
    assert table(result) == [
        ("1", "3", Fraction(47)),
        ("2", "1", Fraction(47)),
        ("3", "4", Fraction(43)),
        ("4", "5", Fraction(41)),
        ("5", "2", Fraction(30)),
    ]
    assert result.row("3").decided_by == result.row("1").decided_by == "imp-difference"
    assert result.row("3").bye_rounds == (3,)
    assert result.row("3").bye_points == 12
    assert sum(row.total for row in result.rows) == 208


def test_the_same_swiss_with_the_wbf_order() -> None:
    result = final_swiss(Conditions(scale=SEVEN, tie_breaks=WBF_TIE_BREAKS))
    assert table(result)[:2] == [("1", "1", Fraction(47)), ("2", "3", Fraction(47))]
    assert result.row("1").imp_quotient == Fraction(18, 5)
    assert result.row("3").imp_quotient == 3
    assert result.row("1").decided_by == "imp-quotient"


def test_average_byes() -> None:
    matches = [
        margin_match(1, "A", "B", 10),
        margin_match(2, "A", "C", -3),
        margin_match(3, "B", "C", 0),
    ]
    byes = [Bye(1, "C"), Bye(2, "B"), Bye(3, "A")]
    average = Conditions(scale=SEVEN, bye=ByeScore.parse("average"))
    result = standings(["A", "B", "C"], matches, byes=byes, conditions=average)
    # A: 14 + 8, bye = (14 + 8) / 2 = 11 -> 33; B: 6 + 10, bye 8 -> 24; C: 12 + 10, bye 11 -> 33
    assert {row.team: row.total for row in result.rows} == {"A": 33, "B": 24, "C": 33}
    # A and C drew level: A lost to C 8-12 -> C first
    assert [row.rank_text for row in result.rows] == ["1", "2", "3"]
    assert result.order() == ("C", "A", "B")
    higher = standings(
        ["A", "B", "C"],
        matches,
        byes=byes,
        conditions=Conditions(SEVEN, ByeScore.parse("12-or-average")),
    )
    assert {row.team: row.bye_points for row in higher.rows} == {"A": 12, "B": 12, "C": 12}


def test_ranking_by_board_a_match_points() -> None:
    matches = [
        imp_match(1, "A", "B", 1, 0, -2, method=Method.BAM),
        imp_match(2, "B", "C", 5, 5, 5, method=Method.BAM),
    ]
    result = standings(
        ["A", "B", "C"],
        matches,
        byes=[Bye(1, "C"), Bye(2, "A")],
        conditions=Conditions(None, ByeScore(Fraction(3, 2))),
    )
    assert result.unit == "BAM points"
    # A: 1 + 0.5 + 0 = 1.5 and a bye of 1.5; B: 1.5 + 3 = 4.5; C: 0 and a bye of 1.5
    assert table(result) == [("1", "B", Fraction(9, 2)), ("2", "A", 3), ("3", "C", Fraction(3, 2))]


def test_bad_events() -> None:
    with pytest.raises(ScoringError, match=r"round 1: team A has two fixtures \(A v B and A v B\)"):
        standings(["A", "B", "C"], [margin_match(1, "A", "B", 1), margin_match(1, "A", "B", 2)])
    # three teams playing each other: each plays two matches in the round
    three = [
        margin_match(1, "A", "B", 1),
        margin_match(1, "B", "C", 1),
        margin_match(1, "C", "A", 1),
    ]
    assert len(standings(["A", "B", "C"], three).rows) == 3
    with pytest.raises(
        ScoringError, match=r"round 2: team A has two fixtures \(A v B and a bye for A\)"
    ):
        standings(["A", "B"], [margin_match(2, "A", "B", 1)], byes=[Bye(2, "A")])
    with pytest.raises(ScoringError, match="round 1: A v Z: team Z is not in the event"):
        standings(["A", "B"], [margin_match(1, "A", "Z", 1)])
    with pytest.raises(ScoringError, match="team A is listed twice"):
        standings(["A", "A"], [])
    with pytest.raises(ScoringError, match=r"different methods \(bam and imps\)"):
        standings(
            ["A", "B", "C"],
            [margin_match(1, "A", "B", 1), imp_match(2, "A", "C", 1, method=Method.BAM)],
        )
    with pytest.raises(ScoringError, match="'coin-toss' is not a tie-break step"):
        tie_break_order("head-to-head,coin-toss")
    with pytest.raises(ScoringError, match="not a tie-break step"):
        Conditions(tie_breaks=("imp-quotient", "luck"))
    with pytest.raises(ScoringError, match="'twelve' is not a bye score"):
        ByeScore.parse("twelve")
    with pytest.raises(ScoringError, match="team Q is not in the standings"):
        standings(["A", "B"], []).row("Q")


def test_nobody_has_played_yet() -> None:
    result = standings(["A", "B", "C"], [])
    assert [row.rank_text for row in result.rows] == ["1=", "1=", "1="]
    assert result.order() == ("A", "B", "C")


def test_tie_break_points_per_match_when_a_team_had_a_bye() -> None:
    # Five teams, two rounds, 12 VPs for a bye. Round 1: A beat B by 5 (13-7), C beat D by 1
    # (11-9), bye E. Round 2: A beat C by 3 (12-8), D beat E by 8 (14-6), bye B.
    matches = [
        margin_match(1, "A", "B", 5),
        margin_match(1, "C", "D", 1),
        margin_match(2, "A", "C", 3),
        margin_match(2, "D", "E", 8),
    ]
    byes = [Bye(1, "E"), Bye(2, "B")]
    conditions = Conditions(SEVEN, ByeScore(Fraction(12)), EBU_TIE_BREAKS)
    result = standings(list("ABCDE"), matches, byes=byes, conditions=conditions)
    # A 13 + 12 = 25, D 9 + 14 = 23, B 7 + 12 = 19, C 11 + 8 = 19, E 12 + 6 = 18.
    # B and C are level and have not met. Added up, C's opponents (D 23, A 25) make 48 and B's
    # one opponent (A) 25; per match played, B has 25 and C (23 + 25) / 2 = 24: B above C.
    assert table(result) == [
        ("1", "A", Fraction(25)),
        ("2", "D", Fraction(23)),
        ("3", "B", Fraction(19)),
        ("4", "C", Fraction(19)),
        ("5", "E", Fraction(18)),
    ]
    assert result.row("B").decided_by == result.row("C").decided_by == "tie-break-points"


def test_tie_break_points_do_not_compare_a_team_that_has_not_played() -> None:
    # After one round: A beat B by 3 (12-8), C had the bye (12). A and C are level; C has no
    # opponent to compare, so tie-break points are skipped and the IMPs decide: A +3, C 0.
    result = standings(
        ["A", "B", "C"],
        [margin_match(1, "A", "B", 3)],
        byes=[Bye(1, "C")],
        conditions=Conditions(SEVEN, ByeScore(Fraction(12)), EBU_TIE_BREAKS),
    )
    assert table(result) == [
        ("1", "A", Fraction(12)),
        ("2", "C", Fraction(12)),
        ("3", "B", Fraction(8)),
    ]
    assert result.row("A").decided_by == "imp-difference"


def test_a_withdrawn_team_is_not_paid_a_bye_after_it_withdrew() -> None:
    matches = [margin_match(1, "A", "B", 3), margin_match(1, "C", "D", 1)]
    with pytest.raises(
        ScoringError,
        match=r"^round 2: a bye for D, which withdrew after round 1: a withdrawn team gets no "
        r"bye after it withdrew$",
    ):
        standings(list("ABCD"), matches, byes=[Bye(2, "D")], withdrawn=["D"])
    with pytest.raises(ScoringError, match=r"^round 1: a bye for E, which withdrew before playing"):
        standings(list("ABCDE"), matches, byes=[Bye(1, "E")], withdrawn=["E"])
    # a bye before the team withdrew stands
    kept = standings(
        list("ABCDE"),
        [*matches, margin_match(2, "A", "E", 3)],
        byes=[Bye(1, "E"), Bye(2, "D")],
        withdrawn=["E"],
        conditions=Conditions(SEVEN, ByeScore(Fraction(12))),
    )
    assert (kept.row("E").bye_rounds, kept.row("E").total) == ((1,), Fraction(12 + 8))


def test_the_issues_order_decides_the_swiss_otherwise_than_the_ebu_order() -> None:
    # 1 and 3 finish level on 47 without having met: the EBU order goes on to the IMP
    # difference (3 +16 against 1 +13), head-to-head then IMP quotient to 18/5 against 24/8
    result = final_swiss(
        Conditions(SEVEN, ByeScore(Fraction(12)), tie_break_order("head-to-head,imp-quotient"))
    )
    assert table(result) == [
        ("1", "1", Fraction(47)),
        ("2", "3", Fraction(47)),
        ("3", "4", Fraction(43)),
        ("4", "5", Fraction(41)),
        ("5", "2", Fraction(30)),
    ]
    assert result.row("1").decided_by == result.row("3").decided_by == "imp-quotient"
