"""Sections compared across the field, worked by hand: every result on a board against every
other, whatever its section; Neuberg's E is the sum of the sections' E; each pair is ranked in
its section and overall."""

from __future__ import annotations

from fractions import Fraction as F

from bridgescore.core.pairs.rules import CompareMode, PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import EventInfo, Session, TravellerLine


def _board_one(a: list[int], b: list[int]) -> list[TravellerLine]:
    lines = [TravellerLine(1, str(n), str(n), ns_score=s, section="A") for n, s in enumerate(a, 1)]
    lines += [TravellerLine(1, str(n), str(n), ns_score=s, section="B") for n, s in enumerate(b, 1)]
    return lines


def test_a_two_section_board_is_matchpointed_across_the_field() -> None:
    """Section A: NS +420, +450, -50; section B: +420, +400, +170. Six results, top 10 (2/1):
    +450 beats five: 10; each +420 beats three and ties one: 7; +400 beats two: 4; +170 beats
    one: 2; -50: 0. EW gets the rest of 10."""
    lines = _board_one([420, 450, -50], [420, 400, 170])
    event = score_session(Session(tuple(lines)))
    (board,) = event.boards
    assert board.section is None and board.top == 10 and board.expected == 6
    assert [(s.line.section, int(s.ns_points), int(s.ew_points)) for s in board.lines] == [
        ("A", 7, 3),
        ("A", 10, 0),
        ("A", 0, 10),
        ("B", 7, 3),
        ("B", 4, 6),
        ("B", 2, 8),
    ]


def test_within_sections_the_same_board_has_two_tops() -> None:
    """Within: A has 450 (4), 420 (2), -50 (0); B 420 (4), 400 (2), 170 (0), top 4 each."""
    lines = _board_one([420, 450, -50], [420, 400, 170])
    event = score_session(Session(tuple(lines)), PairsRules(compare=CompareMode.WITHIN))
    assert [(b.section, b.top) for b in event.boards] == [("A", F(4)), ("B", F(4))]
    assert [s.ns_points for b in event.boards for s in b.lines] == [2, 4, 0, 4, 2, 0]
    assert all(not r.overall for r in event.rankings)


def test_a_file_that_says_within_is_scored_within_unless_the_rules_say_across() -> None:
    lines = _board_one([420, 450, -50], [420, 400, 170])
    session = Session(tuple(lines), info=EventInfo(compare="within"))
    assert len(score_session(session).boards) == 2
    assert len(score_session(session, PairsRules(compare=CompareMode.ACROSS)).boards) == 1


def test_neuberg_factors_each_sections_missing_results_across_the_field() -> None:
    """Board 1 has three results in each section, so each section's E is 3 and a board played
    in both is expected 3 + 3 = 6 times. Board 2 has two results in each: its 4 results are
    factored to 6, (MP + 1) x 6/4 - 1."""
    lines = _board_one([420, 450, -50], [420, 400, 170])
    lines += [
        TravellerLine(2, "1", "1", ns_score=110, section="A"),
        TravellerLine(2, "2", "2", ns_score=140, section="A"),
        TravellerLine(2, "1", "1", ns_score=-100, section="B"),
        TravellerLine(2, "2", "2", ns_score=140, section="B"),
    ]
    event = score_session(Session(tuple(lines)))
    board = event.board(2)
    assert board.expected == 6 and board.actual == 4 and board.top == 10
    # raw 2/1 out of 6: 110 -> 2, 140 -> 5 (twice), -100 -> 0; factored (MP + 1) x 6/4 - 1
    assert [s.ns_points for s in board.lines] == [F(7, 2), F(8), F(1, 2), F(8)]


def test_pairs_are_ranked_in_their_section_and_overall() -> None:
    lines = _board_one([420, 450, -50], [420, 400, 170])
    event = score_session(Session(tuple(lines)))
    overall = event.ranking("NS")
    assert overall.overall and overall.section is None
    assert [(e.pair.section, e.pair.label, int(e.score)) for e in overall.entries] == [
        ("A", "2", 10),
        ("A", "1", 7),
        ("B", "1", 7),
        ("B", "2", 4),
        ("B", "3", 2),
        ("A", "3", 0),
    ]
    assert [e.rank_text for e in overall.entries] == ["1", "2=", "2=", "4", "5", "6"]
    section_b = event.ranking("NS", "B")
    assert not section_b.overall and [e.pair.label for e in section_b.entries] == ["1", "2", "3"]
    data = event.to_dict()["rankings"][0]
    assert data["overall"] is True and data["entries"][0]["section"] == "A"


def test_cross_imps_across_the_field_compare_every_section() -> None:
    """Cross-IMPs per comparison: +450 against 420, -50, 420, 400, 170: 1 + 11 + 1 + 2 + 7 =
    22 IMPs over 5 comparisons."""
    lines = _board_one([420, 450, -50], [420, 400, 170])
    event = score_session(Session(tuple(lines)), PairsRules(method=PairsMethod.CROSSIMPS))
    assert event.boards[0].lines[1].ns_points == F(22, 5)
