"""A live event scored again after each change, with the boards of the last scoring kept
(:mod:`bridgescore.core.pairs.kept`), has the figures of scoring it afresh."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import ScoringError
from bridgescore.core.pairs.conventions import ShortBoards
from bridgescore.core.pairs.kept import KeptBoards
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import Session, TravellerLine
from tests.support.strategies import sessions, traveller_lines

rules = st.builds(
    PairsRules,
    method=st.sampled_from([PairsMethod.MP, PairsMethod.CROSSIMPS, PairsMethod.BUTLER]),
    short_boards=st.sampled_from(list(ShortBoards)),
)


def scored(session: Session, chosen: PairsRules, kept: KeptBoards | None) -> Any:
    """The event as ``score --json`` has it, or what was wrong."""
    try:
        return score_session(session, chosen, kept=kept).to_dict()
    except ScoringError as error:
        return str(error)


@given(sessions(max_boards=4, max_tables=5), st.data())
def test_a_board_is_compared_again_only_when_its_results_change(
    session: Session, data: st.DataObject
) -> None:
    kept = KeptBoards()
    chosen = data.draw(rules)
    assert scored(session, chosen, kept) == scored(session, chosen, None)
    for _step in range(data.draw(st.integers(1, 6))):
        lines = list(session.lines)
        where = data.draw(st.integers(0, len(lines) - 1))
        line = lines[where]
        action = data.draw(st.sampled_from(["change", "change", "erase", "rules"]))
        if action == "change":
            lines[where] = data.draw(traveller_lines(line.board, line.ns, line.ew))
        elif action == "erase" and len(lines) > 1:
            del lines[where]
        else:
            chosen = data.draw(rules)
        session = replace(session, lines=tuple(lines))
        before = kept.reused
        assert scored(session, chosen, kept) == scored(session, chosen, None)
        boards = len({line.board for line in session.lines})
        if action == "change" and boards > 1:
            assert kept.reused > before  # the other boards' figures were used again


def test_a_changed_result_compares_its_board_alone_again() -> None:
    lines = [
        TravellerLine(board, str(table), str(table), ns_score=score + board * 10)
        for board in (1, 2, 3)
        for table, score in ((1, 420), (2, 450), (3, 400))
    ]  # (each board its own scores: boards with the same results share their figures)
    kept = KeptBoards()
    score_session(Session(tuple(lines)), kept=kept)
    assert (kept.compared, kept.reused) == (3, 0)
    lines[4] = TravellerLine(2, "2", "2", ns_score=-50)  # board 2, table 2
    event = score_session(Session(tuple(lines)), kept=kept)
    assert (kept.compared, kept.reused) == (4, 2)
    assert [str(line.ns_points) for line in event.board(2).lines] == ["4", "0", "2"]
    assert [str(line.ns_points) for line in event.board(1).lines] == ["2", "4", "0"]
