"""Pairs scoring: the seeds' and the reference's worked examples, with exact figures."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.core.errors import Problem, ScoringError
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.rules import CompareMode, FieldMode, PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.scoring.butler import ButlerDrop, DatumRounding
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.scoring.matchpoints import Scale
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.result import Result
from bridgescore.core.table.traveller import Session, TravellerLine

F = Fraction


def played(board: int, ns: str, ew: str, result: str) -> TravellerLine:
    return TravellerLine.played(board, ns, ew, Result.parse(result))


def scores(board: int, values: list[int], *, first_ew: int = 11) -> list[TravellerLine]:
    """One line per NS score, NS pairs 1..n against EW pairs first_ew.. (a Mitchell)."""
    return [
        TravellerLine(board, str(n), str(first_ew + n), ns_score=s) for n, s in enumerate(values, 1)
    ]


def ns_points(event: PairsEvent, board: int = 1) -> list[Fraction]:
    return [line.ns_points for line in event.board(board).lines]


def ew_points(event: PairsEvent, board: int = 1) -> list[Fraction]:
    return [line.ew_points for line in event.board(board).lines]


# --- seed 002: the club TD newsletter ---------------------------------------------------------

SEED_002_BOARD_1 = ["4SN+2", "4SN+1", "4SN+1", "3NTN+1", "4SN=", "3NTN="]
SEED_002_BOARD_2 = ["4SN+2", "4SN+1", "4SN+1", "3NTN+1", "4SN=", "7HXXN-13"]


def seed_002_board(number: int, results: list[str]) -> list[TravellerLine]:
    return [
        played(number, str(n), str(ew), r)
        for n, (ew, r) in enumerate(zip([7, 9, 11, 8, 10, 12], results, strict=True), 1)
    ]


def test_seed_002_board_1_matchpoints() -> None:
    event = score_session(Session(tuple(seed_002_board(1, SEED_002_BOARD_1))))
    assert [line.line.ns_score for line in event.board(1).lines] == [480, 450, 450, 430, 420, 400]
    assert ns_points(event) == [10, 7, 7, 4, 2, 0]
    assert ew_points(event) == [0, 3, 3, 6, 8, 10]
    assert event.board(1).top == 10


def test_seed_002_board_2_the_7600_disaster_is_just_a_bottom() -> None:
    event = score_session(Session(tuple(seed_002_board(2, SEED_002_BOARD_2))))
    assert [line.line.ns_score for line in event.board(2).lines] == [680, 650, 650, 630, 620, -7600]
    assert ns_points(event, 2) == [10, 7, 7, 4, 2, 0]


def test_seed_002_cross_imps_boards_1_and_2() -> None:
    rules = PairsRules(method=PairsMethod.CROSSIMPS)
    lines = seed_002_board(1, SEED_002_BOARD_1) + seed_002_board(2, SEED_002_BOARD_2)
    event = score_session(Session(tuple(lines)), rules)
    assert ns_points(event, 1) == [F(8, 5), F(3, 5), F(3, 5), F(-3, 5), F(-3, 5), F(-8, 5)]
    assert ns_points(event, 2) == [6, 5, 5, 4, 4, -24]
    assert ew_points(event, 2) == [-6, -5, -5, -4, -4, 24]


def test_seed_002_average_on_board_1_is_neuberg_factored() -> None:
    lines = seed_002_board(1, SEED_002_BOARD_1)
    lines[3] = TravellerLine(1, "4", "8", adjusted=ArtificialScore.parse("AVE"))
    event = score_session(Session(tuple(lines)))
    assert ns_points(event) == [F(49, 5), F(31, 5), F(31, 5), 5, F(13, 5), F(1, 5)]
    assert ew_points(event) == [F(1, 5), F(19, 5), F(19, 5), 5, F(37, 5), F(49, 5)]


def test_seed_002_averages_at_imps_are_plus_minus_three() -> None:
    lines = seed_002_board(1, SEED_002_BOARD_1)
    lines[3] = TravellerLine(1, "4", "8", adjusted=ArtificialScore.parse("A60/40"))
    event = score_session(Session(tuple(lines)), PairsRules(method=PairsMethod.CROSSIMPS))
    line = event.board(1).lines[3]
    assert (line.ns_points, line.ew_points) == (F(3), F(-3))
    total = score_session(
        Session(tuple(lines)), PairsRules(method=PairsMethod.CROSSIMPS, cross=CrossNorm.TOTAL)
    )
    assert total.board(1).lines[3].ns_points == 15  # 3 x (E - 1), as ACBLscore's total IMPs


# --- seed 003: matchpoints on the 1/0.5 scale and Butler ---------------------------------------

SEED_003 = [620, -100, 630, 620, 1100]


def test_seed_003_acbl_matchpoints() -> None:
    event = score_session(Session(tuple(scores(10, SEED_003))), PairsRules.preset("acbl"))
    assert ns_points(event, 10) == [F(3, 2), 0, 3, F(3, 2), 4]
    assert ew_points(event, 10) == [F(5, 2), 4, 1, F(5, 2), 0]
    assert event.board(10).top == 4


def test_seed_003_butler_drops_top_and_bottom() -> None:
    event = score_session(
        Session(tuple(scores(10, SEED_003))), PairsRules(method=PairsMethod.BUTLER)
    )
    board = event.board(10)
    assert board.datum == 620
    assert board.dropped == (-100, 1100)
    assert ns_points(event, 10) == [0, -12, 0, 0, 10]
    assert ew_points(event, 10) == [0, 12, 0, 0, -10]


# --- rules-and-formats §9: the reference's worked examples -------------------------------------


def test_reference_9_3_neuberg_five_of_six() -> None:
    lines = scores(1, [620, 620, 170, 140, -100])
    six = scores(2, [620, 620, 170, 140, -100, 50])
    event = score_session(Session(tuple(lines + six)))
    assert ns_points(event) == [F(43, 5), F(43, 5), 5, F(13, 5), F(1, 5)]
    acbl = score_session(Session(tuple(lines + six)), PairsRules(scale=Scale.ACBL))
    assert ns_points(acbl) == [F(43, 10), F(43, 10), F(5, 2), F(13, 10), F(1, 10)]
    sole = score_session(Session(tuple(scores(1, [1, 2, 3, 4, 5]) + six)))
    assert max(ns_points(sole)) == F(49, 5)


def test_reference_9_3_ebu_ten_of_eleven() -> None:
    lines = scores(1, list(range(1000, 0, -100)), first_ew=20)
    eleven = scores(2, list(range(11)), first_ew=20)
    event = score_session(Session(tuple(lines + eleven)))
    assert [float(p) for p in ns_points(event)] == pytest.approx(
        [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
    )
    assert ns_points(event)[0] == F(199, 10)


def test_reference_9_3_averages_follow_law_12c2c() -> None:
    board_1 = [
        *scores(1, [620, 620, 170, 140, -100]),
        TravellerLine(1, "6", "17", adjusted=ArtificialScore.parse("A60/40")),
    ]
    # Board 2: pair 6 NS tops it (above 60 %), EW 17 gets a bottom (below 40 %).
    board_2 = scores(2, [100, 110, 120, 130, 140, 150])
    event = score_session(Session(tuple(board_1 + board_2)))
    average = event.board(1).lines[5]
    assert ns_points(event)[:5] == [F(43, 5), F(43, 5), 5, F(13, 5), F(1, 5)]
    assert (average.ns_average, average.ew_average) == (F(100), F(0))
    assert (average.ns_points, average.ew_points) == (F(10), F(0))
    fixed = score_session(Session(tuple(board_1 + board_2)), PairsRules(fixed_averages=True))
    assert (fixed.board(1).lines[5].ns_points, fixed.board(1).lines[5].ew_points) == (F(6), F(4))
    # With middling other boards the nominal 60/40 stand.
    middling = scores(2, [100, 110, 120, 150, 140, 130])
    plain = score_session(Session(tuple(board_1 + middling)))
    assert (plain.board(1).lines[5].ns_points, plain.board(1).lines[5].ew_points) == (F(6), F(4))


def test_reference_9_4_weighted_score() -> None:
    weighted = WeightedScore.parse("60% 420 40% -50", Vulnerability.NONE)
    lines = [
        TravellerLine(1, "1", "11", adjusted=weighted),
        *scores(1, [450, 420, 170, -50, -100])[0:5],
    ]
    lines = [lines[0]] + [
        TravellerLine(1, str(n), str(n + 10), ns_score=s)
        for n, s in zip(range(2, 7), [450, 420, 170, -50, -100], strict=True)
    ]
    event = score_session(Session(tuple(lines)))
    assert ns_points(event) == [F(27, 5), 10, F(37, 5), F(24, 5), F(12, 5), 0]
    assert ew_points(event)[0] == F(23, 5)
    assert sum(ns_points(event)) == 30


def test_reference_9_5_cross_imps_three_normalisations() -> None:
    session = Session(tuple(scores(1, [420, 450, -100, -200, 400, 590])))
    by_norm = {
        norm: ns_points(
            score_session(session, PairsRules(method=PairsMethod.CROSSIMPS, cross=norm))
        )
        for norm in CrossNorm
    }
    assert (
        by_norm[CrossNorm.TOTAL][0],
        by_norm[CrossNorm.AVERAGE][0],
        by_norm[CrossNorm.PER_SCORE][0],
    ) == (F(18), F(18, 5), F(3))
    assert (
        by_norm[CrossNorm.TOTAL][5],
        by_norm[CrossNorm.AVERAGE][5],
        by_norm[CrossNorm.PER_SCORE][5],
    ) == (F(39), F(39, 5), F(13, 2))


def test_reference_9_5_butler() -> None:
    session = Session(tuple(scores(1, [620, 620, 650, 170, 140, 620, -100, 600])))
    event = score_session(session, PairsRules(method=PairsMethod.BUTLER))
    assert event.board(1).datum == 460
    assert ns_points(event) == [4, 4, 5, -7, -8, 4, -11, 4]
    none_dropped = score_session(
        session, PairsRules(method=PairsMethod.BUTLER, butler_drop=ButlerDrop(count=0))
    )
    assert none_dropped.board(1).datum == 420
    acbl = score_session(
        Session(tuple(scores(1, [425, 425]))),
        PairsRules(method=PairsMethod.BUTLER, datum_rounding=DatumRounding.EVEN),
    )
    assert acbl.board(1).datum == 420


# --- edge cases --------------------------------------------------------------------------------


def test_a_board_played_once_scores_an_average() -> None:
    lines = [*scores(1, [620]), *scores(2, [100, 200, 300])]
    event = score_session(Session(tuple(lines)))
    assert (ns_points(event), ew_points(event)) == ([F(2)], [F(2)])


def test_all_results_equal_share_the_board() -> None:
    event = score_session(Session(tuple(scores(1, [420] * 7))))
    assert ns_points(event) == [6] * 7
    cross = score_session(
        Session(tuple(scores(1, [420] * 7))), PairsRules(method=PairsMethod.CROSSIMPS)
    )
    assert ns_points(cross) == [0] * 7


def test_redoubled_grand_slam_down_thirteen_on_a_traveller() -> None:
    line = played(7, "1", "2", "7NTXXN-13")  # board 7: both vulnerable
    assert line.ns_score == -7600


def test_total_points_refuses_an_artificial_score() -> None:
    lines = [
        *scores(1, [100, 200]),
        TravellerLine(1, "3", "14", adjusted=ArtificialScore.parse("AVE")),
    ]
    with pytest.raises(ScoringError, match="board 1: total-points scoring needs an assigned score"):
        score_session(Session(tuple(lines)), PairsRules(method=PairsMethod.TOTAL))


def test_expected_below_the_results_played_is_an_error() -> None:
    with pytest.raises(ScoringError, match="board 1 has 3 results but the expected number is 2"):
        score_session(Session(tuple(scores(1, [1, 2, 3]))), PairsRules(expected=2))


def test_expected_factors_every_board() -> None:
    event = score_session(Session(tuple(scores(1, [100, 200]))), PairsRules(expected=4))
    assert ns_points(event) == [1, 5] and event.board(1).top == 6


# --- fields, percentages and rankings ----------------------------------------------------------


def howell() -> Session:
    """Four pairs, two tables, three rounds: pairs change direction."""
    rounds = [(("1", "2"), ("3", "4")), (("1", "3"), ("4", "2")), (("1", "4"), ("2", "3"))]
    lines = []
    for number, ((a, b), (c, d)) in enumerate(rounds, 1):
        lines.append(TravellerLine(number, a, b, ns_score=420))
        lines.append(TravellerLine(number, c, d, ns_score=450))
    return Session(tuple(lines))


def test_a_howell_is_one_field() -> None:
    event = score_session(howell())
    assert [r.field for r in event.rankings] == ["ALL"]
    entries = event.ranking("ALL").entries
    # Two tables, a top of 2; pair 1 is NS for 420 on every board, the other table NS for 450.
    # Board 1 (1-2, 3-4): 3 and 2 score 2, 1 and 4 score 0. Board 2 (1-3, 4-2): 4 and 3 score 2.
    # Board 3 (1-4, 2-3): 2 and 4 score 2. Totals: 1 0, 2 2+0+2 = 4, 3 2+2+0 = 4, 4 0+2+2 = 4.
    totals = {e.pair.label: e.score for e in entries}
    assert totals == {"1": 0, "2": 4, "3": 4, "4": 4}
    assert [e.rank_text for e in entries] == ["1=", "1=", "1=", "4"]


def test_forcing_two_fields_and_one_field() -> None:
    assert [r.field for r in score_session(howell(), PairsRules(field=FieldMode.TWO)).rankings] == [
        "NS",
        "EW",
    ]
    mitchell = Session(tuple(scores(1, [420, 450])))
    assert [r.field for r in score_session(mitchell).rankings] == ["NS", "EW"]
    assert [r.field for r in score_session(mitchell, PairsRules(field=FieldMode.ONE)).rankings] == [
        "ALL"
    ]


def test_same_numbers_in_both_directions_make_two_fields_with_names() -> None:
    lines = (TravellerLine(1, "1", "1", ns_score=420), TravellerLine(1, "2", "2", ns_score=450))
    session = Session(lines, names={"1NS": "Ann & Bob", "1 EW": "Cath & Dan", "2": "Eve & Fred"})
    event = score_session(session)
    ns, ew = event.ranking("NS"), event.ranking("EW")
    # "2" would name both NS 2 and EW 2: a Mitchell's names are keyed 2NS / 2EW.
    assert [(e.pair.label, e.names, e.score) for e in ns.entries] == [
        ("2", None, F(2)),
        ("1", "Ann & Bob", F(0)),
    ]
    assert [(e.pair.label, e.names, e.score) for e in ew.entries] == [
        ("1", "Cath & Dan", F(2)),
        ("2", None, F(0)),
    ]
    # With distinct numbers (NS 1-2, EW 11-12) a bare number is unambiguous.
    distinct = Session(tuple(scores(1, [420, 450])), names={"2": "Eve & Fred", "12": "Gill & Hugh"})
    named = {e.pair.label: e.names for r in score_session(distinct).rankings for e in r.entries}
    assert (named["2"], named["12"]) == ("Eve & Fred", "Gill & Hugh")


def test_suffixed_ids_are_stripped_into_directions() -> None:
    lines = (
        TravellerLine(1, "1NS", "1EW", ns_score=420),
        TravellerLine(1, "2NS", "2EW", ns_score=450),
    )
    event = score_session(Session(lines))
    assert [e.pair.label for e in event.ranking("NS").entries] == ["2", "1"]


def test_percent_is_over_the_boards_played_and_scaled_to_the_usual_count() -> None:
    # Three boards at three tables; NS pair 3 misses board 3 (a sit-out).
    lines = [
        *scores(1, [100, 200, 300]),
        *scores(2, [100, 200, 300]),
        *scores(3, [300, 200]),
    ]
    event = score_session(Session(tuple(lines)))
    entry = {e.pair.label: e for e in event.ranking("NS").entries}["3"]
    assert (entry.score, entry.max, entry.boards) == (F(8), F(8), 2)
    assert entry.percent == 100 and entry.scaled == 12
    assert entry.rank_text == "1"
    assert event.board(3).lines[0].ns_points == F(7, 2)  # Neuberg: (2 + 1) x 3/2 - 1


def test_ranking_ties_are_exact() -> None:
    from bridgescore.core.scoring.ranking import rank

    lines = scores(1, [100, 100, 50]) + scores(2, [10, 20, 20])
    event = score_session(Session(tuple(lines)))
    assert [(e.pair.label, e.score, e.rank_text) for e in event.ranking("NS").entries] == [
        ("2", F(6), "1"),
        ("1", F(3), "2="),
        ("3", F(3), "2="),
    ]
    # 33.33 % both when rounded, but not tied: ties are decided on exact values.
    ranked = rank({"a": F(100, 3), "b": F(3333, 100)})
    assert [(r.key, r.rank_text) for r in ranked] == [("a", "1"), ("b", "2")]


def test_sections_are_compared_separately_within_sections() -> None:
    a = [
        TravellerLine(1, "1", "2", ns_score=420, section="A"),
        TravellerLine(1, "3", "4", ns_score=450, section="A"),
    ]
    b = [
        TravellerLine(1, "1", "2", ns_score=-50, section="B"),
        TravellerLine(1, "3", "4", ns_score=100, section="B"),
    ]
    event = score_session(Session(tuple(a + b)), PairsRules(compare=CompareMode.WITHIN))
    assert [b.section for b in event.boards] == ["A", "B"]
    assert ns_points(event) == [0, 2]
    assert event.board(1, "B").lines[0].ns_points == 0
    assert {(r.section, r.field) for r in event.rankings} == {
        ("A", "NS"),
        ("A", "EW"),
        ("B", "NS"),
        ("B", "EW"),
    }


# The newsletter's 12-pair session prints each pair's matchpoints board by board, but travellers
# for boards 1 and 2 only. Boards 3 to 12 below are one movement that gives exactly the printed
# matchpoints: each table's NS and EW matchpoints add up to 10, and the NS scores (400 for 10
# matchpoints, 300 for 8, 250 for 7, 200 for 6, 100 for 4, 50 for 3, 0 for 2, -50 for 1, -100
# for 0) rank the NS lines as printed. Pairs change direction, so the 12 pairs are one field.
# Lines are "NS-EW score".
SEED_002_SESSION = {
    1: "1-7 480, 2-9 450, 3-11 450, 4-8 430, 5-10 420, 6-12 400",
    2: "1-7 680, 2-9 650, 3-11 650, 4-8 630, 5-10 620, 6-12 -7600",
    3: "12-8 400, 7-11 300, 10-5 200, 3-9 100, 4-6 0, 1-2 -100",
    4: "10-3 400, 7-9 300, 12-11 200, 1-6 100, 4-5 0, 2-8 -100",
    5: "11-10 400, 2-3 300, 12-8 200, 4-5 100, 7-9 0, 1-6 -100",
    6: "4-6 400, 11-8 300, 2-3 200, 7-9 100, 1-5 0, 12-10 -100",
    7: "1-2 400, 9-6 250, 11-7 250, 3-5 50, 4-8 50, 10-12 -100",
    8: "1-10 400, 11-4 300, 5-6 200, 7-9 100, 2-8 -50, 3-12 -50",
    9: "9-7 400, 2-11 300, 6-8 200, 4-5 50, 12-10 50, 1-3 -100",
    10: "1-3 400, 4-10 300, 2-6 200, 11-8 100, 12-5 0, 9-7 -100",
    11: "3-7 400, 10-9 300, 11-5 200, 1-8 100, 2-4 0, 12-6 -100",
    12: "10-12 400, 9-4 300, 11-6 200, 5-7 100, 1-8 0, 2-3 -100",
}


def seed_002_session() -> Session:
    lines = []
    for board, text in SEED_002_SESSION.items():
        for entry in text.split(", "):
            pairs, score = entry.split()
            ns, ew = pairs.split("-")
            lines.append(TravellerLine(board, ns, ew, ns_score=int(score)))
    return Session(tuple(lines))


def test_seed_002_session_totals_percentages_and_ranks() -> None:
    """The newsletter's matchpoints board by board, totals, percentages of the 120 top
    (12 boards x 10) and ranks."""
    event = score_session(seed_002_session())
    assert [ranking.field for ranking in event.rankings] == ["ALL"]
    by_pair: dict[str, list[Fraction]] = {}
    for board in event.boards:
        for line in board.lines:
            by_pair.setdefault(line.ns_pair.label, []).append(line.ns_points)
            by_pair.setdefault(line.ew_pair.label, []).append(line.ew_points)
    printed_boards = {
        "1": [10, 10, 0, 4, 0, 2, 10, 10, 0, 10, 4, 2],
        "2": [7, 7, 10, 0, 8, 6, 0, 1, 8, 6, 2, 0],
        "3": [7, 7, 4, 0, 2, 4, 3, 1, 10, 0, 10, 10],
        "4": [4, 4, 2, 2, 4, 10, 3, 2, 3, 8, 8, 2],
        "5": [2, 2, 4, 8, 6, 8, 7, 6, 7, 8, 4, 4],
        "6": [0, 0, 8, 6, 10, 0, 3, 4, 6, 4, 10, 4],
        "7": [0, 0, 8, 8, 2, 4, 3, 4, 0, 10, 0, 6],
        "8": [6, 6, 0, 10, 4, 2, 7, 9, 4, 6, 6, 8],
        "9": [3, 3, 6, 2, 8, 6, 7, 6, 10, 0, 2, 8],
        "10": [8, 8, 6, 10, 0, 10, 0, 0, 7, 2, 8, 10],
        "11": [3, 3, 2, 4, 10, 8, 7, 8, 2, 4, 6, 6],
        "12": [10, 10, 10, 6, 6, 0, 10, 9, 3, 2, 0, 0],
    }
    assert by_pair == {pair: [F(mps) for mps in row] for pair, row in printed_boards.items()}
    printed = {
        e.pair.label: (e.score, e.max, f"{float(e.percent or 0):.2f}", e.rank_text)
        for e in event.ranking("ALL").entries
    }
    assert printed == {
        "1": (F(62), F(120), "51.67", "6"),
        "2": (F(55), F(120), "45.83", "9="),
        "3": (F(58), F(120), "48.33", "8"),
        "4": (F(52), F(120), "43.33", "11"),
        "5": (F(66), F(120), "55.00", "3="),
        "6": (F(55), F(120), "45.83", "9="),
        "7": (F(45), F(120), "37.50", "12"),
        "8": (F(68), F(120), "56.67", "2"),
        "9": (F(61), F(120), "50.83", "7"),
        "10": (F(69), F(120), "57.50", "1"),
        "11": (F(63), F(120), "52.50", "5"),
        "12": (F(66), F(120), "55.00", "3="),
    }
    # the percentages are exact: pair 1's 62 of 120 is 155/3 %, not the printed 51.67
    pair_1 = next(e for e in event.ranking("ALL").entries if e.pair.label == "1")
    assert pair_1.percent == F(155, 3)


def test_seed_002_cross_imp_totals_rank_as_printed() -> None:
    """The newsletter's cross-IMP totals (only the totals are printed) rank 1 to 12 as it shows."""
    from bridgescore.core.scoring.ranking import rank

    totals = {"1": "2.2", "2": "-14.6", "3": "-13.0", "4": "7.2", "5": "26.0", "6": "-30.6",
              "7": "-10.0", "8": "6.4", "9": "3.8", "10": "-7.2", "11": "11.6", "12": "18.2"}  # fmt: skip
    ranked = {r.key: r.rank_text for r in rank({p: Fraction(v) for p, v in totals.items()})}
    assert ranked == {
        "1": "7", "2": "11", "3": "10", "4": "4", "5": "1", "6": "12",
        "7": "9", "8": "5", "9": "6", "10": "8", "11": "3", "12": "2",
    }  # fmt: skip


def test_seed_000_cross_imp_board_with_its_slip_corrected() -> None:
    """Seed 000 prints -2.25 for pairs 3 and 4; (-10 - 1 + 0 + 6) / 4 is -1.25, and only
    then do the five figures sum to zero."""
    event = score_session(
        Session(tuple(scores(4, [620, 170, 140, 140, -100]))),  # board 4: both vulnerable
        PairsRules(method=PairsMethod.CROSSIMPS),
    )
    assert ns_points(event, 4) == [F(21, 2), F(-1, 4), F(-5, 4), F(-5, 4), F(-31, 4)]
    assert sum(ns_points(event, 4)) == 0
    assert ew_points(event, 4)[0] == F(-21, 2)


def test_a_pair_playing_a_board_twice_is_refused_even_across_rounds() -> None:
    lines = (
        TravellerLine(1, "1", "2", ns_score=420, round=1, line=2),
        TravellerLine(1, "3", "4", ns_score=450, round=2, line=3),
        TravellerLine(1, "1", "5", ns_score=100, round=3, line=4),
    )
    with pytest.raises(ScoringError) as caught:
        score_session(Session(lines))
    assert str(caught.value) == "line 4, board 1: NS pair 1 plays the board twice (also line 2)"
    assert caught.value.problems == (
        Problem(None, 4, "board 1: NS pair 1 plays the board twice (also line 2)"),
    )
