"""The conventions of other scoring programs, each on a hand-worked session with the exact
figures it gives, and the default unchanged beside it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.core.errors import NotationError, ScoringError
from bridgescore.core.pairs.conventions import (
    ShortBoards,
    SitOutScore,
    TieNotation,
    WeightedScores,
    round_points,
)
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.explain import explain
from bridgescore.core.pairs.fields import FieldName
from bridgescore.core.pairs.rules import FieldMode, PairsMethod, PairsRules, rules_from_scoring
from bridgescore.core.pairs.score import score_session
from bridgescore.core.scoring.butler import Datum, DatumRounding
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.scoring.matchpoints import Scale
from bridgescore.core.table.adjusted import WeightedScore
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.traveller import Session, TravellerLine

F = Fraction

# A Mitchell of four tables, two boards. Board 1 is played at all four: NS +170, +620, +140,
# +620 (2/1 matchpoints 2, 5, 0, 5 of 6). Board 2 only at three (NS 4 and EW 1 miss it), so
# E = 4 and A = 3: NS +450, +420, +400 earn 4, 2, 0 of 4.
SHORT = Session(
    (
        TravellerLine(1, "1", "1", ns_score=170),
        TravellerLine(1, "2", "2", ns_score=620),
        TravellerLine(1, "3", "3", ns_score=140),
        TravellerLine(1, "4", "4", ns_score=620),
        TravellerLine(2, "1", "2", ns_score=450),
        TravellerLine(2, "2", "3", ns_score=420),
        TravellerLine(2, "3", "4", ns_score=400),
    )
)
TWO = PairsRules(field=FieldMode.TWO)


def standings(
    event: PairsEvent, field: FieldName
) -> dict[str, tuple[str, Fraction, Fraction | None]]:
    """Each pair's place, score and percentage in a field."""
    return {e.pair.label: (e.rank_text, e.score, e.percent) for e in event.ranking(field).entries}


def board_points(event: PairsEvent, board: int) -> list[tuple[Fraction, Fraction]]:
    return [(line.ns_points, line.ew_points) for line in event.board(board).lines]


# --- 1. rounding each board's points before they are added ---------------------------------


def test_exact_totals_are_the_default() -> None:
    # Neuberg on board 2: (MP + 1) x 4/3 - 1 = 17/3, 3, 1/3 of 6.
    event = score_session(SHORT, TWO)
    assert board_points(event, 2) == [(F(17, 3), F(1, 3)), (F(3), F(3)), (F(1, 3), F(17, 3))]
    # NS 1: 2 + 17/3 = 23/3 of 12 = 63.89 %; NS 2: 5 + 3 = 8 of 12 = 66.67 %: NS 2 is second.
    assert standings(event, "NS") == {
        "4": ("1", F(5), F(250, 3)),
        "2": ("2", F(8), F(200, 3)),
        "1": ("3", F(23, 3), F(575, 9)),
        "3": ("4", F(1, 3), F(25, 9)),
    }


def test_board_points_rounded_to_whole_numbers_tie_two_pairs() -> None:
    # 17/3 -> 6 and 1/3 -> 0: NS 1 has 2 + 6 = 8 of 12, as NS 2 has 5 + 3: equal second.
    event = score_session(SHORT, PairsRules(field=FieldMode.TWO, board_precision=0))
    assert board_points(event, 2) == [(F(6), F(0)), (F(3), F(3)), (F(0), F(6))]
    assert standings(event, "NS") == {
        "4": ("1", F(5), F(250, 3)),
        "1": ("2=", F(8), F(200, 3)),
        "2": ("2=", F(8), F(200, 3)),
        "3": ("4", F(0), F(0)),
    }
    # EW 4: 1 + 6 = 7 of 12; EW 2: 1 + 0 = 1 of 12.
    ew = standings(event, "EW")
    assert (ew["4"][1:], ew["2"][1:]) == ((F(7), F(175, 3)), (F(1), F(25, 3)))


def test_board_points_rounded_to_two_decimals() -> None:
    # 17/3 = 5.666... -> 5.67 and 1/3 -> 0.33: NS 1 has 2 + 5.67 = 7.67 of 12 = 63.9166... %,
    # 0.03 % above the exact 63.888... %.
    event = score_session(SHORT, PairsRules(field=FieldMode.TWO, board_precision=2))
    assert board_points(event, 2)[0] == (F(567, 100), F(33, 100))
    ns = standings(event, "NS")
    assert ns["1"] == ("3", F(767, 100), F(767, 12))
    assert ns["3"] == ("4", F(33, 100), F(11, 4))


def test_rounding_goes_half_away_from_zero() -> None:
    assert [round_points(F(v, 1000), 2) for v in (2345, -2345, 2344, 5)] == [
        F(235, 100),
        F(-235, 100),
        F(234, 100),
        F(1, 100),
    ]
    assert round_points(F(1, 3), None) == F(1, 3)


def test_cross_imps_per_comparison_are_rounded_too() -> None:
    # Board 1 cross-IMPs: +170 v 620, 140, 620: -10 + 1 - 10 = -19, / 3 = -6.333... -> -6.3.
    rules = PairsRules(method=PairsMethod.CROSSIMPS, field=FieldMode.TWO, board_precision=1)
    event = score_session(SHORT, rules)
    assert board_points(event, 1)[0] == (F(-63, 10), F(63, 10))
    text = explain(event, 1, "1NS").text
    assert "Rounded to 1 decimal: NS -6.3333 -> -6.30, EW 6.3333 -> 6.30." in text


# --- 2. boards with fewer results than the others -------------------------------------------


@pytest.mark.parametrize(
    ("mode", "points", "ns", "ew"),
    [
        # Neuberg: 17/3, 3, 1/3 of 6; NS 1 2 + 17/3 of 12; EW 4 1 + 17/3 of 12.
        (ShortBoards.NEUBERG, [F(17, 3), F(3), F(1, 3)], F(575, 9), F(500, 9)),
        # Unfactored: 4, 2, 0 of 4; the mean of the boards' %: NS 1 (33.33 + 100) / 2,
        # EW 4 (16.67 + 100) / 2.
        (ShortBoards.UNFACTORED, [F(4), F(2), F(0)], F(200, 3), F(175, 3)),
        # Sum of tops: NS 1 (2 + 4) / (6 + 4) = 60 %; EW 4 (1 + 4) / 10 = 50 %.
        (ShortBoards.SUM_OF_TOPS, [F(4), F(2), F(0)], F(60), F(50)),
        # Add missing: E - A = 1 added to each: 5, 3, 1 of 6; NS 1 (2 + 5) / 12, EW 4 (1 + 5) / 12.
        (ShortBoards.ADD_MISSING, [F(5), F(3), F(1)], F(175, 3), F(50)),
    ],
)
def test_a_short_board_scored_each_way(
    mode: ShortBoards, points: list[Fraction], ns: Fraction, ew: Fraction
) -> None:
    event = score_session(SHORT, PairsRules(field=FieldMode.TWO, short_boards=mode))
    assert [line.ns_points for line in event.board(2).lines] == points
    assert standings(event, "NS")["1"][2] == ns
    assert standings(event, "EW")["4"][2] == ew
    # board 1 has every result: the same in every way
    assert board_points(event, 1) == [(F(2), F(4)), (F(5), F(1)), (F(0), F(6)), (F(5), F(1))]


def test_add_missing_on_the_acbl_scale_adds_half() -> None:
    # 4/2/0 of 4 expected on 2/1 is 5/3/1; on 1/0.5, 2.5/1.5/0.5 of 3.
    rules = PairsRules(field=FieldMode.TWO, short_boards=ShortBoards.ADD_MISSING, scale=Scale.ACBL)
    event = score_session(SHORT, rules)
    assert [line.ns_points for line in event.board(2).lines] == [F(5, 2), F(3, 2), F(1, 2)]
    assert event.board(2).top == 3


def test_unfactored_scores_a_board_of_one_result_at_50_percent() -> None:
    session = Session((*SHORT.lines, TravellerLine(3, "1", "3", ns_score=-50)))
    rules = PairsRules(field=FieldMode.TWO, short_boards=ShortBoards.UNFACTORED)
    event = score_session(session, rules)
    # NS 1: 33.33 %, 100 %, 50 % (no one to compare with): 61.11 %
    assert standings(event, "NS")["1"][2] == F(550, 9)


def test_short_board_explained() -> None:
    event = score_session(
        SHORT, PairsRules(field=FieldMode.TWO, short_boards=ShortBoards.ADD_MISSING)
    )
    text = explain(event, 2, "1NS").text
    assert (
        "Add missing: 3 results where 4 were expected, each of the 1 missing a tie: 4 + 1 = 5 of 6."
        in text
    )


# --- 3. a weighted score in the pool of comparisons, or apart ---------------------------------

# rules-and-formats §9.4: six tables, top 10; table 1 assigned 60 % of NS +420 and 40 % of
# NS -50; the others +450, +420, +170, -50, -100.
WEIGHTED = Session(
    (
        TravellerLine(
            1, "1", "11", adjusted=WeightedScore.parse("60% 420 40% -50", Vulnerability.NONE)
        ),
        *(
            TravellerLine(1, str(n), str(10 + n), ns_score=s)
            for n, s in enumerate([450, 420, 170, -50, -100], 2)
        ),
    )
)


def test_a_weighted_score_is_in_the_pool_by_default() -> None:
    # 0.6 x 7 + 0.4 x 3 = 5.4; the others compare with each part: 10, 7.4, 4.8, 2.4, 0.
    event = score_session(WEIGHTED)
    assert [line.ns_points for line in event.board(1).lines] == [
        F(27, 5),
        F(10),
        F(37, 5),
        F(24, 5),
        F(12, 5),
        F(0),
    ]


def test_a_weighted_score_apart() -> None:
    # The five table results among themselves: 8, 6, 4, 2, 0 of 8, Neuberg to six results:
    # (MP + 1) x 6/5 - 1 = 9.8, 7.4, 5, 2.6, 0.2. The weighted score against those five:
    # +420 beats three and ties one (7), -50 beats one and ties one (3): 0.6 x 7 + 0.4 x 3 = 5.4
    # among six results, of 10. The NS field has 30.4, not 30: the weighted score does not
    # balance the others, as an artificial score does not.
    event = score_session(WEIGHTED, PairsRules(weighted=WeightedScores.APART))
    points = [line.ns_points for line in event.board(1).lines]
    assert points == [F(27, 5), F(49, 5), F(37, 5), F(5), F(13, 5), F(1, 5)]
    assert sum(points) == F(152, 5)
    text = explain(event, 1, "2").text
    assert "Compared with the 4 other results" in text
    assert "Neuberg: 5 results where 6 were expected: (8 + 1) x 6/5 - 1 = 9.80 of 10." in text


def test_a_weighted_score_apart_at_cross_imps() -> None:
    # +450 among the table results: v 420 +1, v 170 +7, v -50 +11, v -100 +11 = 30, / 4.
    # The weighted score v the five: 60 % of +420's (-1 + 0 + 6 + 10 + 11 = 26) and 40 % of
    # -50's (-11 - 10 - 6 + 0 + 2 = -25) = 15.6 - 10 = 5.6, / 5 comparisons = 1.12.
    rules = PairsRules(method=PairsMethod.CROSSIMPS, weighted=WeightedScores.APART)
    event = score_session(WEIGHTED, rules)
    points = [line.ns_points for line in event.board(1).lines]
    assert points[:2] == [F(28, 25), F(15, 2)]


# --- 4. the Butler datum: the median --------------------------------------------------------

BUTLER = Session(
    tuple(
        TravellerLine(1, str(n), str(10 + n), ns_score=s)
        for n, s in enumerate([620, 620, 650, 170, 140, 620, -100, 600], 1)
    )
)


def test_the_median_datum() -> None:
    # Sorted: -100 140 170 600 620 620 620 650; the middle two 600 and 620: datum 610.
    # 620 -> +10: 0; 650 -> +40: 1; 170 -> -440: -10; 140 -> -470: -10; -100 -> -710: -12;
    # 600 -> -10: 0. The default (the mean without the top and bottom: 460) is unchanged.
    median = score_session(BUTLER, PairsRules(method=PairsMethod.BUTLER, datum=Datum.MEDIAN))
    assert median.board(1).datum == 610 and median.board(1).dropped == ()
    assert [line.ns_points for line in median.board(1).lines] == [0, 0, 1, -10, -10, 0, -12, 0]
    mean = score_session(BUTLER, PairsRules(method=PairsMethod.BUTLER))
    assert mean.board(1).datum == 460
    assert "Datum +610 (NS): the median of the NS scores" in explain(median, 1, "1").text


def test_a_median_ending_in_5_is_rounded_as_the_rules_say() -> None:
    # 400 and 450: 425 -> 430 half-up, 420 to the even ten.
    two = Session(
        (TravellerLine(1, "1", "11", ns_score=400), TravellerLine(1, "2", "12", ns_score=450))
    )
    rules = PairsRules(method=PairsMethod.BUTLER, datum=Datum.MEDIAN)
    assert score_session(two, rules).board(1).datum == 430
    even = PairsRules(
        method=PairsMethod.BUTLER, datum=Datum.MEDIAN, datum_rounding=DatumRounding.EVEN
    )
    assert score_session(two, even).board(1).datum == 420


def test_a_pbn_scoring_tag_says_median() -> None:
    assert rules_from_scoring("IMP;Butler;Median")["datum"] is Datum.MEDIAN
    assert rules_from_scoring("IMP;Butler-2;Mean")["datum"] is Datum.MEAN
    assert "datum" not in rules_from_scoring("BUTLER_IMPS")


# --- 5. sit-outs ------------------------------------------------------------------------------


def test_missed_boards_are_not_scored_by_default() -> None:
    # NS 4 and EW 1 missed board 2: NS 4 has 5 of 6, EW 1 4 of 6.
    event = score_session(SHORT, TWO)
    assert standings(event, "NS")["4"] == ("1", F(5), F(250, 3))
    assert standings(event, "EW")["1"][1:] == (F(4), F(200, 3))


def test_missed_boards_at_a_fixed_percentage() -> None:
    # 60 % of board 2's full top 6 = 3.6: NS 4 5 + 3.6 = 8.6 of 12 = 71.67 %, EW 1 7.6 of 12.
    event = score_session(SHORT, PairsRules(field=FieldMode.TWO, sit_out=SitOutScore.parse("60%")))
    ns4 = next(e for e in event.ranking("NS").entries if e.pair.label == "4")
    assert (ns4.score, ns4.max, ns4.percent, ns4.boards) == (F(43, 5), F(12), F(215, 3), 1)
    assert standings(event, "EW")["1"][1:] == (F(38, 5), F(190, 3))
    # the others are as they were
    assert standings(event, "NS")["2"][1:] == (F(8), F(200, 3))


def test_missed_boards_at_imps() -> None:
    # Board 1 cross-IMPs per comparison for +620 (NS 4): 0 + 10 + 10 = 20, / 3. By default its
    # score is scaled to the 2 boards most pairs played: 40/3. With 0 IMPs a missed board: 20/3.
    imps = PairsRules(method=PairsMethod.CROSSIMPS, field=FieldMode.TWO)
    default = score_session(SHORT, imps).ranking("NS").entries
    assert next(e.scaled for e in default if e.pair.label == "4") == F(40, 3)
    rules = PairsRules(
        method=PairsMethod.CROSSIMPS, field=FieldMode.TWO, sit_out=SitOutScore.parse("0")
    )
    entries = score_session(SHORT, rules).ranking("NS").entries
    assert next((e.scaled, e.boards) for e in entries if e.pair.label == "4") == (F(20, 3), 1)


def test_a_sit_out_score_in_the_wrong_units_is_refused() -> None:
    with pytest.raises(ScoringError, match="a sit-out score at matchpoints is a percentage"):
        PairsRules(sit_out=SitOutScore.parse("1"))
    with pytest.raises(ScoringError, match="at butler imps is a number"):
        PairsRules(method=PairsMethod.BUTLER, sit_out=SitOutScore.parse("60%"))
    with pytest.raises(NotationError):
        SitOutScore.parse("120%")


# --- 9. tie notation ------------------------------------------------------------------------


def test_a_shared_place_written_plain() -> None:
    rules = PairsRules(field=FieldMode.TWO, board_precision=0, ties=TieNotation.PLAIN)
    ns = standings(score_session(SHORT, rules), "NS")
    assert (ns["1"][0], ns["2"][0], ns["3"][0]) == ("2", "2", "4")
    assert score_session(SHORT, rules).to_dict()["rankings"][0]["entries"][1]["rank"] == "2"


def test_unknown_words_are_refused() -> None:
    for parse in (ShortBoards.parse, WeightedScores.parse, TieNotation.parse, Datum.parse):
        with pytest.raises(NotationError):
            parse("sometimes")
    assert CrossNorm.AVERAGE.normalise(5, 1) == 0
