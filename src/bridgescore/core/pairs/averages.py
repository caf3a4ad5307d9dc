"""Artificial adjusted scores given their value (Law 12C2), and every board's points as the
pairs add them up (rounded to the rules' ``board_precision``, if any).

At matchpoints Ave+ is 60 % or the pair's percentage on its other boards if higher, Ave- 40 %
or that percentage if lower (flat 60/50/40 with ``fixed_averages``), of the board's top; at IMPs
+3/0/-3 (times E-1 for total cross-IMPs).
"""

from __future__ import annotations

__all__ = ["with_averages"]

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.pairs.boards import BoardScores
from bridgescore.core.pairs.conventions import ShortBoards, board_percent, round_points
from bridgescore.core.pairs.fields import Fields, PairId
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.scored import ScoredBoard, ScoredLine
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.table.adjusted import Average
from bridgescore.core.table.seats import Side

_ZERO = Fraction(0)
_HUNDRED = Fraction(100)


@dataclass(slots=True)
class _Own:
    """A pair's matchpoints on its boards with a real result: for Law 12C2(c)."""

    won: Fraction = _ZERO
    available: Fraction = _ZERO
    percents: Fraction = _ZERO
    boards: int = 0

    def percent(self, rules: PairsRules) -> Fraction | None:
        if rules.short_boards is ShortBoards.UNFACTORED:
            return self.percents / self.boards if self.boards else None
        return self.won / self.available * _HUNDRED if self.available else None


def _board_top(board: BoardScores, rules: PairsRules, expected: int) -> Fraction | None:
    """The board's matchpoint top (``None`` at the other methods)."""
    if rules.method is not PairsMethod.MP:
        return None
    units = board.top
    if units is None:  # no real result: the full top, or nothing to be out of
        units = 0 if rules.short_boards.own_top else 2 * (expected - 1)
    return rules.scale.points(Fraction(units))


def _real_points(
    board: BoardScores, index: int, ns: Fraction, top: Fraction | None, rules: PairsRules
) -> tuple[Fraction, Fraction, Fraction | None]:
    """A real result's NS and EW points as added up, and its own top (matchpoints)."""
    places = rules.board_precision
    units = board.tops[index]
    if top is None or units is None:
        return round_points(ns, places), round_points(-ns, places), None
    own = rules.scale.points(Fraction(units))
    return round_points(ns, places), round_points(own - ns, places), own


def _own_percentages(
    boards: list[BoardScores],
    fields: Fields,
    expected: Mapping[tuple[int, str | None], int],
    rules: PairsRules,
) -> dict[PairId, _Own]:
    """Each pair's matchpoints on its boards with a real result (Law 12C2(c))."""
    own: dict[PairId, _Own] = {}
    for board in boards:
        top = _board_top(board, rules, expected[(board.number, board.section)])
        for index, (line, ns) in enumerate(zip(board.lines, board.ns_points, strict=True)):
            if ns is None or top is None:
                continue
            ns_points, ew_points, line_top = _real_points(board, index, ns, top, rules)
            assert line_top is not None
            if not line_top and rules.short_boards is not ShortBoards.UNFACTORED:
                continue
            for side, points in ((Side.NS, ns_points), (Side.EW, ew_points)):
                record = own.setdefault(fields.pair_of(line, side), _Own())
                record.won += points
                record.available += line_top
                record.percents += board_percent(points, line_top)
                record.boards += 1
    return own


def with_averages(
    boards: list[BoardScores],
    fields: Fields,
    expected: Mapping[tuple[int, str | None], int],
    rules: PairsRules,
) -> tuple[ScoredBoard, ...]:
    """Give artificial scores their value and build the scored boards; ``expected`` is each
    board's E, keyed by its number and section (``None`` across the field)."""
    adjusted = any(ns is None for board in boards for ns in board.ns_points)
    own = _own_percentages(boards, fields, expected, rules) if adjusted else {}
    result = []
    for board in boards:
        e = expected[(board.number, board.section)]
        top = _board_top(board, rules, e)
        scored_lines = []
        for index, (line, ns, working) in enumerate(
            zip(board.lines, board.ns_points, board.working, strict=True)
        ):
            ns_pair, ew_pair = fields.pair_of(line, Side.NS), fields.pair_of(line, Side.EW)
            averages: dict[Side, Fraction | None] = {Side.NS: None, Side.EW: None}
            line_top = None
            if ns is None:
                artificial = line.artificial_score
                assert artificial is not None
                for side, average in ((Side.NS, artificial.ns), (Side.EW, artificial.ew)):
                    pair = ns_pair if side is Side.NS else ew_pair
                    averages[side] = _average(average, own.get(pair), rules, e)
                ns_points = _average_points(averages[Side.NS], top, rules)
                ew_points = _average_points(averages[Side.EW], top, rules)
            else:
                ns_points, ew_points, line_top = _real_points(board, index, ns, top, rules)
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
                    None if line_top == top else line_top,
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


def _average(average: Average, own: _Own | None, rules: PairsRules, expected: int) -> Fraction:
    """An artificial score as a percentage (matchpoints) or IMPs (the other methods)."""
    if rules.method is not PairsMethod.MP:
        step = rules.average_imps * (
            expected - 1
            if rules.cross is CrossNorm.TOTAL and rules.method is PairsMethod.CROSSIMPS
            else 1
        )
        return {Average.PLUS: step, Average.AVERAGE: _ZERO, Average.MINUS: -step}[average]
    nominal = average.percent
    percent = None if own is None else own.percent(rules)
    if rules.fixed_averages or average is Average.AVERAGE or percent is None:
        return nominal
    return max(nominal, percent) if average is Average.PLUS else min(nominal, percent)


def _average_points(average: Fraction | None, top: Fraction | None, rules: PairsRules) -> Fraction:
    assert average is not None
    return round_points(average if top is None else average * top / _HUNDRED, rules.board_precision)
