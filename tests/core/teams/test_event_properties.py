"""Properties of matches built from travellers: the VPs of a match add up to the scale's total
and the IMPs are antisymmetric, whatever was played (weighted and balanced artificial scores
included)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.scoring.vp import ACBL, WBF, WBF_DISCRETE
from bridgescore.core.table.adjusted import ArtificialScore, Average
from bridgescore.core.table.board import Board
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.core.teams.match import AWAY, HOME, TeamsMatch
from bridgescore.core.teams.travellers import build_event
from bridgescore.formats.csv.vp_scales import load_named
from tests.support.strategies import results, weighted_scores

SCALES = [WBF, WBF_DISCRETE, ACBL, load_named("seed-7-boards"), load_named("seed-old-20")]
BALANCED = [ArtificialScore(a, a.opposite) for a in Average]


@st.composite
def table_line(draw: st.DrawFn, board: int, ns: str, ew: str, table: int) -> TravellerLine:
    kind = draw(st.sampled_from(["played", "played", "played", "score", "weighted"]))
    if kind == "weighted":
        return TravellerLine(
            board, ns, ew, adjusted=draw(weighted_scores(board)), round=1, table=table
        )
    played = draw(results())
    if kind == "score":
        score = played.ns_score(Board(board).vulnerability)
        return TravellerLine(board, ns, ew, ns_score=score, round=1, table=table)
    return TravellerLine.played(board, ns, ew, played, round=1, table=table)


@st.composite
def matches(draw: st.DrawFn) -> TeamsMatch:
    """A match of 1 to 8 boards between A (home) and B, now and then an artificial board."""
    count = draw(st.integers(1, 8))
    lines = []
    for board in range(1, count + 1):
        lines.append(draw(table_line(board, "A", "B", 1)))
        if draw(st.integers(0, 9)) == 0:
            award = draw(st.sampled_from(BALANCED))
            lines.append(TravellerLine(board, "B", "A", adjusted=award, round=1, table=2))
        else:
            lines.append(draw(table_line(board, "B", "A", 2)))
    [match] = build_event(Session(tuple(lines))).matches
    return match


@settings(max_examples=150, deadline=None)
@given(matches())
def test_the_vps_of_a_match_add_up_to_the_scale_total(match: TeamsMatch) -> None:
    boards = len(match.boards)
    for scale in SCALES:
        home, away = match.vps(scale)
        assert home + away == scale.total(boards) == 20


@settings(max_examples=150, deadline=None)
@given(matches())
def test_the_imps_of_a_match_are_antisymmetric(match: TeamsMatch) -> None:
    assert (match.home, match.away) == ("A", "B")
    for home, away in match.board_imps():
        assert home == -away
    assert match.margin(HOME) == -match.margin(AWAY)
    assert match.imps_for(HOME) == match.imps_against(AWAY)
    assert match.imps_for(AWAY) == match.imps_against(HOME)
