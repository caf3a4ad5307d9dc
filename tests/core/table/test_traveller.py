"""Adjusted scores and traveller lines."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore import NotationError, Result, ScoringError, Vulnerability
from bridgescore.core.table.adjusted import ArtificialScore, Average, WeightedScore
from bridgescore.core.table.traveller import Seating, Session, TravellerLine, played_twice


@pytest.mark.parametrize(
    ("text", "ns", "ew"),
    [
        ("A60/40", Average.PLUS, Average.MINUS),
        ("A50/50", Average.AVERAGE, Average.AVERAGE),
        ("A40/40", Average.MINUS, Average.MINUS),
        ("A60/60", Average.PLUS, Average.PLUS),
        ("AVE", Average.AVERAGE, Average.AVERAGE),
        ("ave+", Average.PLUS, Average.MINUS),
        ("AVE-", Average.MINUS, Average.PLUS),
        ("a 60 / 50", Average.PLUS, Average.AVERAGE),
    ],
)
def test_artificial_score_spellings(text: str, ns: Average, ew: Average) -> None:
    score = ArtificialScore.parse(text)
    assert (score.ns, score.ew) == (ns, ew)
    assert ArtificialScore.parse(str(score)) == score


def test_artificial_values_follow_law_12c2() -> None:
    assert [a.percent for a in (Average.PLUS, Average.AVERAGE, Average.MINUS)] == [60, 50, 40]
    assert [a.imps for a in (Average.PLUS, Average.AVERAGE, Average.MINUS)] == [3, 0, -3]


@pytest.mark.parametrize("text", ["A70/30", "AVE++", "A6040"])
def test_bad_artificial_scores(text: str) -> None:
    with pytest.raises(NotationError, match="an artificial score is A60/40"):
        ArtificialScore.parse(text)


def test_weighted_score_of_the_reference_example() -> None:
    """Reference 9.4: table A assigned 60% of NS +420 and 40% of NS -50."""
    score = WeightedScore.parse("60% 4SN= 40% 4SN-1", Vulnerability.NONE)
    assert [(c.weight, c.ns_score) for c in score.components] == [
        (Fraction(3, 5), 420),
        (Fraction(2, 5), -50),
    ]
    assert score.expected_ns_score == Fraction(232)
    assert str(score) == "60% 4SN= 40% 4SN-1"
    numeric = WeightedScore.parse("60% 420 40% -50", Vulnerability.NONE)
    assert [c.ns_score for c in numeric.components] == [420, -50]
    assert WeightedScore.parse("33.5% 3NTN= 66.5% 3NTN-1", Vulnerability.NS).components[
        0
    ].weight == Fraction(67, 200)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("60% 4SN= 30% 4SN-1", "add up to 90%, not 100%"),
        ("100% 4SN=", "two or more results"),
        ("60% 8SN= 40% 4SN-1", "'8SN=': a contract's level is 1 to 7"),
        ("sixty percent", "a weighted score is written like"),
    ],
)
def test_bad_weighted_scores(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason):
        WeightedScore.parse(text, Vulnerability.NONE)


def test_traveller_line_kinds() -> None:
    played = TravellerLine.played(2, "1", "7", Result.parse("4SN+2"))
    assert (played.kind, played.ns_score, played.is_real) == ("played", 680, True)
    assert TravellerLine(2, "1", "7", ns_score=-100).kind == "score"
    average = TravellerLine(2, "4", "8", adjusted=ArtificialScore.parse("A50/50"))
    assert (average.kind, average.ns_score, average.is_real) == ("artificial", None, False)
    with pytest.raises(ScoringError, match="needs a result or a score"):
        TravellerLine(2, "1", "7")
    with pytest.raises(ScoringError, match="replaces the table result"):
        TravellerLine(2, "1", "7", ns_score=420, adjusted=ArtificialScore.parse("AVE"))
    # In a Mitchell NS 1 meets EW 1: the same number in both directions is two pairs.
    assert TravellerLine(2, "1", "1", ns_score=420).ns == "1"


def test_session_groups_travellers_by_board() -> None:
    lines = (
        TravellerLine(3, "1", "2", ns_score=100),
        TravellerLine(1, "1", "2", ns_score=-100),
        TravellerLine(3, "3", "4", ns_score=140),
    )
    session = Session(lines, names={"1": "A & B"})
    assert session.boards == (1, 3)
    assert [line.ns_score for line in session.traveller(3)] == [100, 140]
    assert list(session.travellers()) == [1, 3]
    assert session.with_names({"2": "C & D"}).names == {"1": "A & B", "2": "C & D"}


def test_a_weighted_score_with_an_impossible_ns_score_is_refused() -> None:
    from bridgescore.core.errors import NotationError
    from bridgescore.core.table.adjusted import WeightedScore
    from bridgescore.core.table.board import Vulnerability

    assert WeightedScore.parse("50% 620 50% -100", Vulnerability.NS).expected_ns_score == 260
    with pytest.raises(
        NotationError, match="NS score 625 cannot happen on a board vulnerable None"
    ):
        WeightedScore.parse("50% 625 50% -100", Vulnerability.NONE)


# --- a pair plays a board once ------------------------------------------------------------------


def twice(*seatings: Seating) -> list[tuple[int, int | None, str]]:
    return [(t.index, t.line, t.message) for t in played_twice(seatings)]


def test_each_later_table_names_the_first_line_the_pair_played_on() -> None:
    assert twice(
        Seating(5, "1", "2", 10),
        Seating(5, "1", "3", 11),
        Seating(5, "1", "4", 12),
        Seating(6, "1", "2", 13),
    ) == [
        (1, 11, "board 5: NS pair 1 plays the board twice (also line 10)"),
        (2, 12, "board 5: NS pair 1 plays the board twice (also line 10)"),
    ]


def test_a_table_clashing_with_two_tables_names_both_pairs() -> None:
    assert twice(Seating(5, "1", "2", 2), Seating(5, "3", "4", 3), Seating(5, "1", "4", 4)) == [
        (2, 4, "board 5: NS pair 1 plays the board twice (also line 2)"),
        (2, 4, "board 5: EW pair 4 plays the board twice (also line 3)"),
    ]


def test_rounds_and_sections_tell_boards_apart_when_given() -> None:
    assert twice(Seating(5, "1", "2", 2, round=1), Seating(5, "1", "2", 3, round=2)) == []
    assert twice(Seating(5, "1", "2", 2, section="A"), Seating(5, "1", "2", 3, section="B")) == []
    assert twice(Seating(5, "1", "2", 2, section="A"), Seating(5, "1", "3", 3, section="A")) == [
        (1, 3, "board 5 of section A: NS pair 1 plays the board twice (also line 2)")
    ]


def test_the_direction_tells_pairs_apart_only_when_directed() -> None:
    mitchell = (Seating(5, "1", "2", 2), Seating(5, "2", "1", 3), Seating(5, "3", "3", 4))
    assert twice(*mitchell) == []
    howell = [Seating(s.board, s.ns, s.ew, s.line, directed=False) for s in mitchell]
    assert twice(*howell) == [
        (1, 3, "board 5: pair 2 and pair 1 play the board twice (also line 2)"),
        (2, 4, "board 5: pair 3 sits both NS and EW"),
    ]


def test_a_pair_on_both_sides_names_the_line_it_also_played_on_when_known() -> None:
    assert twice(Seating(5, "1", "2", directed=False), Seating(5, "1", "1", 7, directed=False)) == [
        (1, 7, "board 5: pair 1 sits both NS and EW")
    ]
    assert twice(
        Seating(5, "2", "1", 6, directed=False), Seating(5, "1", "1", 7, directed=False)
    ) == [(1, 7, "board 5: pair 1 sits both NS and EW (also line 6)")]
