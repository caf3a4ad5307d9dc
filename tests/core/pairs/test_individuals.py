"""Individual events scored by hand: each player scores the partnership's points."""

from __future__ import annotations

import pytest

from bridgescore.core.errors import ScoringError
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import Session, TravellerLine


def test_each_player_scores_the_partnerships_points_on_each_board() -> None:
    """Two tables, two boards. Board 1: 1+2 v 3+4 NS +420, 5+6 v 7+8 NS +450: top 2, so 5 and
    6 get 2, 1 and 2 get 0, EW 3 and 4 get 2, 7 and 8 get 0. Board 2 (new partners): 1+5 v
    2+6 NS -100, 3+7 v 4+8 NS +110: 3 and 7 get 2, 2 and 6 get 2, the others 0."""
    lines = (
        TravellerLine(1, "1+2", "3+4", ns_score=420),
        TravellerLine(1, "5+6", "7+8", ns_score=450),
        TravellerLine(2, "1+5", "2+6", ns_score=-100),
        TravellerLine(2, "3+7", "4+8", ns_score=110),
    )
    event = score_session(Session(lines, names={"3": "Cath Carter"}))
    (ranking,) = event.rankings
    assert ranking.players and ranking.field == "ALL"
    scores = {e.pair.label: int(e.score) for e in ranking.entries}
    assert scores == {"1": 0, "2": 2, "3": 4, "4": 2, "5": 2, "6": 4, "7": 2, "8": 0}
    assert [e.rank_text for e in ranking.entries][:2] == ["1=", "1="]
    assert next(e.names for e in ranking.entries if e.pair.label == "3") == "Cath Carter"
    assert all(e.percent is not None and e.max == 4 for e in ranking.entries)
    assert event.to_dict()["rankings"][0]["players"] is True


def test_a_player_playing_a_board_twice_is_refused() -> None:
    lines = (
        TravellerLine(1, "1+2", "3+4", ns_score=420, line=2),
        TravellerLine(1, "1+6", "7+8", ns_score=450, line=3),
    )
    with pytest.raises(ScoringError, match="line 3, board 1: player 1 plays the board twice"):
        score_session(Session(lines))
