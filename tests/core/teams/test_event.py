"""Building the matches of a teams event from travellers: pairing the two tables of each board,
the home team, adjusted scores, and every error with its line."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from bridgescore.core.errors import FileFormatError, Problem, ScoringError
from bridgescore.core.scoring.vp import WBF
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.core.teams.event import Team, TeamsEvent, event_conditions, team_order
from bridgescore.core.teams.match import AWAY, HOME, Method
from bridgescore.core.teams.standings import Bye, ByeScore
from bridgescore.core.teams.travellers import build_event
from bridgescore.formats.csv import travellers

HEADER = "round,table,board,ns,ew,contract,declarer,result,score\n"


def build(text: str, teams: Sequence[Team] = (), method: Method = Method.IMPS) -> TeamsEvent:
    return build_event(travellers.loads(HEADER + text, source="t.csv"), teams=teams, method=method)


def event_from(text: str, method: Method = Method.IMPS) -> list[tuple[str, str, list[object]]]:
    """(home, away, [(board, home's points, away's points), ...]) for each match."""
    event = build(text, method=method)
    return [
        (m.home, m.away, [(b.number, *m.board_points(b)) for b in m.boards]) for m in event.matches
    ]


def problems(text: str, teams: Sequence[Team] = (), method: Method = Method.IMPS) -> list[str]:
    with pytest.raises(FileFormatError) as caught:
        build(text, teams, method)
    return [str(problem) for problem in caught.value.problems]


def test_the_two_tables_of_each_board_are_paired() -> None:
    text = (
        "1,1,1,A,B,4S,N,=,\n"  # line 2: +420
        "1,1,2,A,B,3NT,S,-1,\n"  # -100 (board 2: NS vulnerable)
        "1,2,1,B,A,4S,N,-1,\n"  # -50
        "1,2,2,B,A,,,,110\n"
    )
    [(home, away, boards)] = event_from(text)
    # board 1: 420 - (-50) = 470 -> 10 IMPs; board 2: -100 - 110 = -210 -> -5
    assert (home, away) == ("A", "B")
    assert boards == [(1, 10, -10), (2, -5, 5)]


def test_the_home_team_sits_ns_at_the_lower_table() -> None:
    text = "1,4,1,B,A,,,,-50\n1,3,1,A,B,,,,420\n"
    assert event_from(text) == [("A", "B", [(1, 10, -10)])]
    # without table numbers: the NS team of the match's first line
    plain = "board,ns,ew,score\n1,B,A,-50\n1,A,B,420\n"
    event = build_event(travellers.loads(plain))
    match = event.matches[0]
    assert (match.home, match.away, match.round) == ("B", "A", 1)
    assert [b.net for b in match.boards] == [-470]


def test_artificial_scores() -> None:
    # A60/40 at table 2: the away team (NS there) Ave+, the home team Ave-; table 1 not compared
    text = "1,1,1,A,B,4S,N,=,\n1,2,1,B,A,,,,A60/40\n"
    assert event_from(text) == [("A", "B", [(1, -3, 3)])]
    # the same award written at both tables; an artificial score alone settles the board
    both = "1,1,1,A,B,,,,A40/60\n1,2,1,B,A,,,,A60/40\n1,1,2,A,B,,,,A50/50\n"
    assert event_from(both) == [("A", "B", [(1, -3, 3), (2, 0, 0)])]
    # board-a-match: 60 % and 40 % of the board's point
    assert event_from(text, method=Method.BAM) == [
        ("A", "B", [(1, Fraction(2, 5), Fraction(3, 5))])
    ]


def test_weighted_scores_are_weighed_result_by_result() -> None:
    text = "1,1,1,A,B,,,,60% 4SN= 40% 4SN-1\n1,2,1,B,A,,,,-420\n"
    # 60 %: 420 + 420 = 840 -> 13 IMPs; 40 %: -50 + 420 = 370 -> 9 IMPs; 7.8 + 3.6 = 11.4
    assert event_from(text) == [("A", "B", [(1, Fraction(57, 5), Fraction(-57, 5))])]


def test_byes_and_the_list_of_teams() -> None:
    text = "1,1,1,1,2,,,,420\n1,2,1,2,1,,,,420\n2,1,3,3,1,,,,110\n2,2,3,1,3,,,,110\n"
    session = travellers.loads(HEADER + text)
    event = build_event(session)
    assert [(b.round, b.team) for b in event.byes] == [(1, "3"), (2, "2")]
    teams = [Team("3", "Carrick"), Team("1", "Ashdown", "Ann, Bob"), Team("2")]
    named = build_event(session, teams=teams)
    assert [t.number for t in named.teams] == ["3", "1", "2"]
    assert (named.label("1"), named.label("2"), named.label("9")) == ("Ashdown", "2", "9")
    assert event.rounds == (1, 2)
    assert event.before(2).rounds == (1,)
    assert team_order(["10", "9", "B", "a"]) == ["9", "10", "a", "B"]


def test_a_board_played_at_one_table() -> None:
    text = "1,1,1,A,B,,,,420\n1,2,1,B,A,,,,-50\n1,1,2,A,B,,,,110\n"
    assert problems(text) == [
        "t.csv:4: round 1, board 2: only A NS v B EW has a result; the other table "
        "(B NS v A EW) has none"
    ]


def test_the_other_table_in_the_wrong_round() -> None:
    text = "1,1,1,A,B,,,,420\n1,2,1,B,A,,,,-50\n1,1,2,A,B,,,,110\n2,2,2,B,A,,,,110\n"
    assert problems(text) == [
        "t.csv:4: round 1, board 2: only A NS v B EW has a result; the other table "
        "(B NS v A EW) has none (line 5 has it in round 2)",
        "t.csv:5: round 2, board 2: only B NS v A EW has a result; the other table "
        "(A NS v B EW) has none (line 4 has it in round 1)",
    ]


def test_a_board_played_by_the_wrong_teams() -> None:
    text = (
        "1,1,1,A,B,,,,420\n"
        "1,2,1,B,A,,,,-50\n"
        "1,3,1,C,D,,,,420\n"
        "1,4,1,D,C,,,,-50\n"
        "1,1,2,A,B,,,,110\n"
        "1,2,2,B,E,,,,110\n"  # line 7: should be B NS v A EW
        "1,3,2,C,D,,,,110\n"
        "1,4,2,D,C,,,,110\n"
    )
    assert problems(text) == [
        "t.csv:6: round 1, board 2: only A NS v B EW has a result; the other table "
        "(B NS v A EW) has none (line 7 has B NS v E EW: wrong teams?)",
        "t.csv:7: round 1, board 2: team B plays two matches in the round: against A "
        "(line 2) and against E",
    ]


def test_unknown_teams_and_lines_without_a_round() -> None:
    text = "1,1,1,A,B,,,,420\n1,2,1,B,A,,,,-50\n,3,1,C,D,,,,420\n1,4,1,D,E,,,,-50\n"
    teams = [Team("A"), Team("B"), Team("C"), Team("D")]
    # (C and D then have no match in round 1: the byes are decided once the lines are right and
    # the withdrawals known, see test_two_idle_teams_in_a_round)
    assert problems(text, teams=teams) == [
        "t.csv:4: board 1: no round (each line of a teams event says its round)",
        "t.csv:5: board 1: team E is not in the list of teams",
    ]


def test_artificial_scores_that_disagree_and_total_points() -> None:
    text = "1,1,1,A,B,,,,A60/40\n1,2,1,B,A,,,,A50/50\n"
    assert problems(text) == [
        "t.csv:3: round 1, board 1: the two tables' artificial scores disagree: A60/40 gives "
        "A Ave+ and B Ave- (line 2), A50/50 gives A Ave and B Ave"
    ]
    total = "1,1,1,A,B,,,,A60/40\n"
    assert problems(total, method=Method.TOTAL) == [
        "t.csv:2: round 1, board 1: total-points scoring has no artificial score: assign a score"
    ]


def test_a_team_against_itself() -> None:
    # a traveller line allows NS 1 v EW 1 within a section (two pairs of a Mitchell)
    line = TravellerLine(1, "1", "1", ns_score=420, round=1, section="A", line=2)
    with pytest.raises(FileFormatError, match="<teams>:2: board 1: team 1 cannot play against"):
        build_event(Session((line,)))


def test_a_line_twice_when_no_reader_caught_it() -> None:
    first = TravellerLine(1, "A", "B", ns_score=420, round=1, line=2)
    again = TravellerLine(1, "A", "B", ns_score=450, round=1, line=3)
    other = TravellerLine(1, "B", "A", ns_score=-50, round=1, line=4)
    with pytest.raises(FileFormatError) as caught:
        build_event(Session((first, again, other)))
    assert str(caught.value) == (
        "<teams>:3: board 1: NS pair A and EW pair B play the board twice (also line 2)"
    )


def test_drawing_a_round_that_cannot_be_drawn() -> None:
    event = build_event(travellers.loads(HEADER + "1,1,1,A,B,,,,420\n1,2,1,B,A,,,,-50\n"))
    conditions = event_conditions(Method.IMPS, WBF)
    with pytest.raises(
        ScoringError, match="round 3 cannot be drawn yet: the results go up to round 1"
    ):
        event.draw(conditions, 3)
    with pytest.raises(ScoringError, match="round 0: rounds are numbered from 1"):
        event.draw(conditions, 0)
    with pytest.raises(ScoringError, match="no draw is possible"):
        event.draw(conditions)
    first = event.draw(conditions, 1)
    assert [(t.home, t.away) for t in first.tables] == [("A", "B")]


def test_conditions_of_an_event() -> None:
    assert event_conditions(Method.IMPS, WBF).bye == ByeScore(Fraction(12))
    assert event_conditions(Method.IMPS, None).bye == ByeScore(None, average=True)
    assert event_conditions(Method.BAM, None, ByeScore.parse("1")).bye == ByeScore(Fraction(1))
    with pytest.raises(ScoringError, match="a bam event is ranked by its BAM points"):
        event_conditions(Method.BAM, WBF)


def test_the_match_from_either_side() -> None:
    text = "1,1,1,A,B,,,,420\n1,2,1,B,A,,,,-50\n1,1,2,A,B,,,,-100\n1,2,2,B,A,,,,110\n"
    match = build_event(travellers.loads(HEADER + text)).matches[0]
    assert (match.imps_for(HOME), match.imps_for(AWAY)) == (Fraction(10), Fraction(5))
    assert match.margin(HOME) == -match.margin(AWAY) == 5


def test_two_idle_teams_in_a_round() -> None:
    text = "1,1,1,A,B,,,,420\n1,2,1,B,A,,,,-50\n"
    teams = [Team("A"), Team("B"), Team("C"), Team("D")]
    event = build(text, teams)
    with pytest.raises(ScoringError) as caught:
        event.byes  # noqa: B018
    assert str(caught.value) == (
        "round 1: teams C and D have no match; only one team a round can have a bye (a team "
        "that withdrew is given as withdrawn: --withdrawn TEAM)"
    )
    # C withdrew before round 1: D, the team left without an opponent, has the bye
    assert event.with_director(withdrawn=["C"]).byes == (Bye(1, "D"),)
    assert event.with_director(withdrawn=["C", "D"]).byes == ()


def test_every_bye_problem_is_reported_at_once() -> None:
    # round 1 A v B, round 2 A v C; D never plays, so two teams are idle in each round
    text = "1,1,1,A,B,,,,420\n1,2,1,B,A,,,,-50\n2,1,1,A,C,,,,420\n2,2,1,C,A,,,,-50\n"
    event = build(text, [Team("A"), Team("B"), Team("C"), Team("D")])
    with pytest.raises(ScoringError) as caught:
        event.byes  # noqa: B018
    bye = "only one team a round can have a bye (a team that withdrew is given as withdrawn: "
    assert caught.value.problems == (
        Problem(
            None,
            None,
            "team D has no match in rounds 1 to 2: if it withdrew or never came, give it as "
            "withdrawn (--withdrawn D); a team that never plays gets no byes",
        ),
        Problem(None, None, f"round 1: teams C and D have no match; {bye}--withdrawn TEAM)"),
        Problem(None, None, f"round 2: teams B and D have no match; {bye}--withdrawn TEAM)"),
    )
    assert str(caught.value) == "\n".join(p.message for p in caught.value.problems)
