"""Artificial adjusted scores given their value (Law 12C2): at matchpoints Ave+ is 60 % or the
pair's percentage on its other boards if higher, Ave- 40 % or that percentage if lower (flat
60/50/40 with ``fixed_averages``); at IMPs +3/0/-3 (times E-1 for total cross-IMPs).
"""

from __future__ import annotations

__all__ = ["matchpoint_top", "with_averages"]

from collections.abc import Mapping
from fractions import Fraction

from bridgescore.core.pairs.boards import BoardScores
from bridgescore.core.pairs.event import ScoredBoard, ScoredLine
from bridgescore.core.pairs.fields import Fields, PairId
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.table.adjusted import Average
from bridgescore.core.table.seats import Side

_ZERO = Fraction(0)
_HUNDRED = Fraction(100)


def matchpoint_top(rules: PairsRules, expected: int) -> Fraction | None:
    return rules.scale.top(expected) if rules.method is PairsMethod.MP else None


def with_averages(
    boards: list[BoardScores],
    fields: Fields,
    expected: Mapping[tuple[int, str | None], int],
    rules: PairsRules,
) -> tuple[ScoredBoard, ...]:
    """Give artificial scores their value and build the scored boards; ``expected`` is each
    board's E, keyed by its number and section (``None`` across the field)."""
    # Each pair's percentage on its boards with a real result (Law 12C2(c)).
    won: dict[PairId, Fraction] = {}
    available: dict[PairId, Fraction] = {}
    for board in boards:
        top = matchpoint_top(rules, expected[(board.number, board.section)])
        for line, ns in zip(board.lines, board.ns_points, strict=True):
            if ns is None or top is None or top == 0:
                continue
            for side in Side:
                pair = fields.pair_of(line, side)
                won[pair] = won.get(pair, _ZERO) + (ns if side is Side.NS else top - ns)
                available[pair] = available.get(pair, _ZERO) + top
    result = []
    for board in boards:
        e = expected[(board.number, board.section)]
        top = matchpoint_top(rules, e)
        scored_lines = []
        for line, ns, working in zip(board.lines, board.ns_points, board.working, strict=True):
            ns_pair, ew_pair = fields.pair_of(line, Side.NS), fields.pair_of(line, Side.EW)
            averages: dict[Side, Fraction | None] = {Side.NS: None, Side.EW: None}
            if ns is None:
                artificial = line.artificial_score
                assert artificial is not None
                for side, average in ((Side.NS, artificial.ns), (Side.EW, artificial.ew)):
                    pair = ns_pair if side is Side.NS else ew_pair
                    averages[side] = _average(average, pair, won, available, rules, e)
                ns_points = _average_points(averages[Side.NS], top)
                ew_points = _average_points(averages[Side.EW], top)
            else:
                ns_points = ns
                ew_points = top - ns if top is not None else -ns
            scored_lines.append(
                ScoredLine(
                    line,
                    ns_pair,
                    ew_pair,
                    ns_points,
                    ew_points,
                    averages[Side.NS],
                    averages[Side.EW],
                    working,
                )
            )
        result.append(
            ScoredBoard(
                board.number,
                board.section,
                tuple(scored_lines),
                e,
                board.actual,
                top,
                board.datum,
                board.dropped,
            )
        )
    return tuple(result)


def _average(
    average: Average,
    pair: PairId,
    won: dict[PairId, Fraction],
    available: dict[PairId, Fraction],
    rules: PairsRules,
    expected: int,
) -> Fraction:
    """An artificial score as a percentage (matchpoints) or IMPs (the other methods)."""
    if rules.method is not PairsMethod.MP:
        step = rules.average_imps * (
            expected - 1
            if rules.cross is CrossNorm.TOTAL and rules.method is PairsMethod.CROSSIMPS
            else 1
        )
        return {Average.PLUS: step, Average.AVERAGE: _ZERO, Average.MINUS: -step}[average]
    nominal = average.percent
    if rules.fixed_averages or average is Average.AVERAGE or not available.get(pair):
        return nominal
    own = won[pair] / available[pair] * _HUNDRED
    return max(nominal, own) if average is Average.PLUS else min(nominal, own)


def _average_points(average: Fraction | None, top: Fraction | None) -> Fraction:
    assert average is not None
    return average if top is None else average * top / _HUNDRED
