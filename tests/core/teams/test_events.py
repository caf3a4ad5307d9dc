"""Whole teams events from traveller files, worked by hand (the round robin and the Swiss are in
``tests.support.teams_events``, with their working), and a withdrawal."""

from __future__ import annotations

from fractions import Fraction

from bridgescore.core.teams.standings import Standings
from bridgescore.core.teams.travellers import build_event
from tests.support.teams_events import (
    EBU,
    ROUND_ROBIN_RANKING,
    SEVEN,
    SWISS,
    SWISS_RANKING,
    WBF,
    Match,
    round_robin,
    traveller_file,
)


def ranking(table: Standings) -> list[tuple[str, str, Fraction]]:
    return [(row.rank_text, row.team, row.total) for row in table.rows]


def test_the_round_robin_matches() -> None:
    event = round_robin()
    assert event.rounds == (1, 2, 3, 4, 5, 6, 7)
    assert [team.number for team in event.teams] == list("12345678")
    assert event.byes == ()
    first = event.matches[0]
    assert (first.round, first.home, first.away) == (1, "1", "8")
    assert [board.net for board in first.boards] == [720, 0]
    assert first.board_imps() == ((Fraction(12), Fraction(-12)), (Fraction(0), Fraction(0)))
    assert first.vps(SEVEN) == (Fraction(15), Fraction(5))
    eight_six = event.matches[5]
    assert (eight_six.home, eight_six.away) == ("8", "6")
    assert [board.net for board in eight_six.boards] == [-250, 100]
    assert eight_six.margin(eight_six.side_of("6")) == 3


def test_the_round_robin_standings_ebu() -> None:
    table = round_robin().standings(EBU)
    assert ranking(table) == ROUND_ROBIN_RANKING
    assert [row.decided_by for row in table.rows] == [
        None,
        "head-to-head",
        "head-to-head",
        "imp-difference",
        "imp-difference",
        None,
        None,
        None,
    ]
    # point-a-board: a match won on one board with the other flat is 3 - 1, a flat draw 2 - 2;
    # 8 v 6 (a board each) 2 - 2, 7 v 8 (both boards to 7) 4 - 0
    won_lost = {row.team: (row.imps_for, row.imps_against, row.pab) for row in table.rows}
    assert won_lost == {
        "1": (Fraction(53), Fraction(3), Fraction(19)),
        "2": (Fraction(29), Fraction(7), Fraction(17)),
        "3": (Fraction(27), Fraction(6), Fraction(18)),
        "4": (Fraction(20), Fraction(13), Fraction(15)),
        "5": (Fraction(12), Fraction(9), Fraction(14)),
        "6": (Fraction(7), Fraction(34), Fraction(11)),
        "7": (Fraction(8), Fraction(35), Fraction(11)),
        "8": (Fraction(3), Fraction(52), Fraction(7)),
    }
    assert sum(row.pab for row in table.rows) == 28 * 2 * 2
    assert sum(row.total for row in table.rows) == 560


def test_the_round_robin_standings_wbf() -> None:
    table = round_robin().standings(WBF)
    assert [row.rank_text for row in table.rows] == ["1", "2", "3", "4", "5", "6", "7", "8"]
    assert [row.team for row in table.rows] == list("12345768")
    assert table.row("7").decided_by == table.row("6").decided_by == "imp-quotient"
    assert table.row("4").imp_quotient == Fraction(20, 13)


# -- a 4-round Swiss of five teams ---------------------------------------------------------------
# 12 VPs for a bye. Each round was drawn by the Swiss draw from the standings before it; the
# test checks that the draw proposes exactly the matches in the file.
SWISS_DRAWS = {
    1: ("5", ()),
    2: ("2", ()),
    3: ("4", ("bye to 4, not 5: 5 had a bye in round 1; 2 had a bye in round 2",)),
    4: (
        "1",
        (
            "3 v 2 because 3 and 4 met in round 1",
            "bye to 1, not 5: 5 had a bye in round 1; 2 had a bye in round 2",
        ),
    ),
}


def test_each_swiss_round_is_the_draw_of_the_standings_before_it() -> None:
    event = build_event(traveller_file(SWISS))
    for round_, (bye, notes) in SWISS_DRAWS.items():
        draw = event.draw(EBU, round_)
        played = [(m.home, m.away) for m in event.matches if m.round == round_]
        assert [(t.home, t.away) for t in draw.tables] == played
        assert (draw.bye, draw.notes) == (bye, notes)
    assert [(b.round, b.team) for b in event.byes] == [(1, "5"), (2, "2"), (3, "4"), (4, "1")]
    after_one = event.before(2).standings(EBU)
    assert ranking(after_one) == [
        ("1", "1", Fraction(13)),
        ("2", "4", Fraction(12)),
        ("3", "5", Fraction(12)),
        ("4", "3", Fraction(8)),
        ("5", "2", Fraction(7)),
    ]
    assert after_one.row("4").decided_by == "imp-difference"


def test_the_swiss_standings() -> None:
    event = build_event(traveller_file(SWISS))
    table = event.standings(EBU)
    assert ranking(table) == SWISS_RANKING
    assert [row.decided_by for row in table.rows][:4] == [
        "head-to-head",
        "head-to-head",
        "imp-difference",
        "imp-difference",
    ]
    assert table.row("1").bye_rounds == (4,)
    assert table.row("1").bye_points == 12
    assert sum(row.total for row in table.rows) == 208
    wbf = event.standings(WBF)
    assert [row.team for row in wbf.rows] == ["3", "1", "4", "2", "5"]
    assert wbf.row("4").decided_by == "imp-quotient"
    assert (wbf.row("2").imps_for, wbf.row("2").imps_against) == (Fraction(5), Fraction(7))


# -- five teams, and D withdraws after round 2 -----------------------------------------------------
# With an odd number of teams one team has a bye every round; once D has gone, the other four
# all play, and D, idle in round 3, must not be credited with a bye.
WITHDRAWAL: list[Match] = [
    (1, "A", "B", (420, 140), (110, 110)),  # net 280 = 7, 13-7; bye E 12
    (1, "C", "D", (-50, 90), (-140, -140)),  # net -140 = -4, 8-12
    (2, "A", "C", (140, 110), (620, 620)),  # net 30 = 1, 11-9; bye B 12
    (2, "D", "E", (-110, 300), (-620, -620)),  # net -410 = -9, 6-14
    (3, "A", "E", (100, 200), (400, 400)),  # net -100 = -3, 8-12; D has gone: no bye
    (3, "B", "C", (600, 660), (-90, -90)),  # net -60 = -2, 9-11
]
# A 13 + 11 + 8 = 32, B 7 + 12 + 9 = 28, C 8 + 9 + 11 = 28 (C beat B), D 12 + 6 = 18 (not
# ranked), E 12 + 14 + 12 = 38: 6 matches x 20 + 2 byes x 12 = 144.


def test_a_team_that_withdraws_gets_no_bye_after_it() -> None:
    event = build_event(traveller_file(WITHDRAWAL))
    # not told of the withdrawal, D is the one team idle in round 3 and has the bye
    assert [(b.round, b.team) for b in event.byes] == [(1, "E"), (2, "B"), (3, "D")]
    gone = event.with_director(withdrawn=["D"])
    assert [(b.round, b.team) for b in gone.byes] == [(1, "E"), (2, "B")]
    assert gone.withdrawals() == (("D", 2),)
    table = gone.standings(EBU)
    assert ranking(table) == [
        ("1", "E", Fraction(38)),
        ("2", "A", Fraction(32)),
        ("3", "C", Fraction(28)),
        ("4", "B", Fraction(28)),
        ("-", "D", Fraction(18)),
    ]
    assert table.row("D").bye_rounds == ()
    assert sum(row.total for row in table.rows) == 144
    # D played round 2, so it is drawn for round 2; after round 2 it is gone. After round 2:
    # E 12 + 14 = 26, A 24, B 19, C 17: E v A, B v C.
    assert gone.before(2).withdrawn == frozenset()
    second = gone.draw(EBU, 2)
    assert "D" in {team for t in second.tables for team in (t.home, t.away)}
    third = gone.draw(EBU, 3)
    assert [(t.home, t.away) for t in third.tables] == [("E", "A"), ("B", "C")]
    assert third.bye is None
