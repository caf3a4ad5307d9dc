"""``explain`` shows the engine's own figures: on random events, for every method, the totals
it prints and its final result are those the engine scored with."""

from __future__ import annotations

import re
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bridgescore.core.pairs.conventions import (
    ShortBoards,
    SitOutScore,
    WeightedScores,
    round_points,
)
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.explain import explain
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.pairs.scored import ScoredBoard, ScoredLine
from bridgescore.core.scoring.butler import Datum
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.scoring.matchpoints import Scale, neuberg
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session
from tests.support.strategies import sessions

EVERY_METHOD = [
    PairsRules(),
    PairsRules(scale=Scale.ACBL),
    PairsRules(expected=7),
    PairsRules(scale=Scale.ACBL, expected=7, fixed_averages=True),
    PairsRules(method=PairsMethod.CROSSIMPS),
    PairsRules(method=PairsMethod.CROSSIMPS, cross=CrossNorm.PER_SCORE),
    PairsRules(method=PairsMethod.CROSSIMPS, cross=CrossNorm.TOTAL),
    PairsRules(method=PairsMethod.CROSSIMPS, cross=CrossNorm.TOTAL, expected=7),
    PairsRules(method=PairsMethod.BUTLER),
    PairsRules(method=PairsMethod.TOTAL),
    # the conventions of other programs
    PairsRules(board_precision=2),
    PairsRules(method=PairsMethod.CROSSIMPS, board_precision=1),
    PairsRules(short_boards=ShortBoards.UNFACTORED),
    PairsRules(short_boards=ShortBoards.SUM_OF_TOPS, scale=Scale.ACBL),
    PairsRules(short_boards=ShortBoards.ADD_MISSING, board_precision=0),
    PairsRules(weighted=WeightedScores.APART),
    PairsRules(weighted=WeightedScores.APART, short_boards=ShortBoards.SUM_OF_TOPS),
    PairsRules(method=PairsMethod.CROSSIMPS, weighted=WeightedScores.APART),
    PairsRules(method=PairsMethod.CROSSIMPS, cross=CrossNorm.TOTAL, weighted=WeightedScores.APART),
    PairsRules(method=PairsMethod.BUTLER, datum=Datum.MEDIAN),
    PairsRules(sit_out=SitOutScore.parse("60%"), fixed_averages=True),
]


def shown(value: Fraction) -> str:
    """A figure as explain writes it: whole, or to two decimals."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def found(pattern: str, text: str) -> tuple[str, ...]:
    match = re.search(pattern, text, re.MULTILINE)
    assert match is not None, f"{pattern!r} not in:\n{text}"
    return match.groups()


def check_working(rules: PairsRules, board: ScoredBoard, line: ScoredLine) -> None:
    """The engine's working leads to the points it gave."""
    assert line.working is not None
    (ns_compared, ns_factored), (ew_compared, ew_factored) = (
        line.working.of(Side.NS),
        line.working.of(Side.EW),
    )
    a, e = line.working.among or board.actual, board.expected
    places = rules.board_precision
    if rules.weighted is WeightedScores.POOL:
        assert a == board.actual
    if rules.method is PairsMethod.MP:
        assert ns_compared + ew_compared == 2 * (a - 1)
        mode = rules.short_boards
        if mode is ShortBoards.NEUBERG:
            assert ns_factored == neuberg(ns_compared, a, e)
        elif mode is ShortBoards.ADD_MISSING:
            assert ns_factored == ns_compared + e - a
        else:
            assert ns_factored == ns_compared
        assert ns_factored + ew_factored == 2 * ((a if mode.own_top else e) - 1)
        assert (line.ns_points, line.ew_points) == (
            round_points(rules.scale.points(ns_factored), places),
            round_points(rules.scale.points(ew_factored), places),
        )
        return
    assert (ew_compared, ew_factored) == (-ns_compared, -ns_factored)
    assert (line.ns_points, line.ew_points) == (
        round_points(ns_factored, places),
        round_points(ew_factored, places),
    )
    if rules.method is PairsMethod.CROSSIMPS and a > 1:
        per = {CrossNorm.AVERAGE: a - 1, CrossNorm.PER_SCORE: a}
        assert ns_factored == (
            ns_compared / per[rules.cross]
            if rules.cross in per
            else ns_compared * (e - 1) / (a - 1)
        )
    elif rules.method is not PairsMethod.CROSSIMPS:
        assert ns_compared == ns_factored


def check_text(
    rules: PairsRules, board: ScoredBoard, line: ScoredLine, side: Side, text: str
) -> None:
    """The figures explain prints for ``side`` are the engine's."""
    assert found(r"^Result: NS (\S+) \(EW (\S+)\)\.$", text) == (
        shown(line.ns_points),
        shown(line.ew_points),
    )
    if line.working is None:
        return
    compared, factored = line.working.of(side)
    a, e = line.working.among or board.actual, board.expected
    if rules.method is PairsMethod.MP:
        assert found(r"^Matchpoints: (?:.* = )?(\S+) of (\d+)", text) == (
            shown(compared),
            str(2 * (a - 1)),
        )
        if a != e and not rules.short_boards.own_top:
            assert found(r"^(?:Neuberg|Add missing): .* = (\S+) of (\d+)\.$", text) == (
                shown(factored),
                str(2 * (e - 1)),
            )
        if rules.board_precision is not None and re.search("^Rounded", text, re.MULTILINE):
            assert found(r"^Rounded to .*: NS \S+ -> (\S+), EW \S+ -> (\S+)\.$", text) == (
                shown(line.ns_points),
                shown(line.ew_points),
            )
    elif rules.method is PairsMethod.CROSSIMPS:
        assert found(r"; total (\S+)\.$", text) == (shown(compared),)
        if re.search(r"^(Per |Factored)", text, re.MULTILINE):
            assert found(r"^(?:Per |Factored).* = (\S+)\.$", text) == (shown(factored),)
    elif rules.method is PairsMethod.BUTLER:
        assert found(r"; (\S+) IMPs\.$", text) == (shown(compared),)
        of = "the median" if rules.datum is Datum.MEDIAN else "the mean"
        assert found(rf"^Datum (\S+) \(NS\): {of}", text) == (f"{board.datum:+d}",)
    else:
        assert found(r"^Total points: NS (\S+)\.$", text) == (shown(line.working.compared[0]),)


def check_event(event: PairsEvent) -> None:
    for board in event.boards:
        for line in board.lines:
            if line.working is not None:
                check_working(event.rules, board, line)
            for side in Side:
                pair = line.pair(side)
                text = explain(event, board.board, f"{pair.label}{pair.direction}").text
                check_text(event.rules, board, line, side, text)


@settings(max_examples=300)
@given(sessions(max_boards=3, max_tables=7), st.sampled_from(EVERY_METHOD))
def test_explain_prints_the_engines_figures(session: Session, rules: PairsRules) -> None:
    if rules.method is PairsMethod.TOTAL:  # total points refuse artificial scores
        assume(all(line.artificial_score is None for line in session.lines))
    if rules.expected is not None:
        assume(all(len(session.traveller(b)) <= rules.expected for b in session.boards))
    check_event(score_session(session, rules))
