"""Artificial adjusted scores given their value (Law 12C2), rounded to the rules'
``board_precision`` as every board's points are.

At matchpoints Ave+ is 60 % or the pair's percentage on its other boards if higher, Ave- 40 %
or that percentage if lower (flat 60/50/40 with ``fixed_averages``), of the board's top; at IMPs
+3/0/-3 (times E-1 for total cross-IMPs).
"""

from __future__ import annotations

__all__ = ["give_averages"]

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.pairs.boards import BoardScores
from bridgescore.core.pairs.conventions import ShortBoards, board_percent, round_points
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.table.adjusted import ArtificialScore, Average

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


def _own_percentages(
    boards: Sequence[BoardScores],
    compared: Sequence[object],
    sides: tuple[Sequence[int], Sequence[int]],
    wanted: set[int],
    rules: PairsRules,
) -> dict[int, _Own]:
    """The ``wanted`` pairs' matchpoints on their boards with a real result (Law 12C2(c)),
    by pair number; ``sides`` holds each line's NS and EW pair."""
    own: dict[int, _Own] = {}
    unfactored = rules.short_boards is ShortBoards.UNFACTORED
    for board in boards:
        for index in board.lines:
            result = compared[index]
            if result is None:
                continue
            ns_points, ew_points, _, line_top = board.values[result]  # type: ignore[index]
            assert line_top is not None
            if not line_top and not unfactored:
                continue
            for pairs, points in zip(sides, (ns_points, ew_points), strict=True):
                pair = pairs[index]
                if pair in wanted:
                    record = own.setdefault(pair, _Own())
                    record.won += points
                    record.available += line_top
                    record.percents += board_percent(points, line_top)
                    record.boards += 1
    return own


def give_averages(
    boards: Sequence[BoardScores],
    compared: Sequence[object],
    artificial: dict[int, ArtificialScore],
    sides: tuple[Sequence[int], Sequence[int]],
    rules: PairsRules,
) -> None:
    """Give each artificial line (``artificial``, by its place in the session) its points, as
    :attr:`BoardScores.artificial` holds them; ``compared`` is what each line is compared as,
    ``sides`` each line's NS and EW pair by number."""
    on_board = {index: board for board in boards for index in board.lines if index in artificial}
    wanted = {pairs[index] for pairs in sides for index in artificial}
    own = (
        _own_percentages(boards, compared, sides, wanted, rules)
        if rules.method is PairsMethod.MP
        else {}
    )
    for index, score in artificial.items():
        board = on_board[index]
        given = [
            _average(average, own.get(pairs[index]), rules, board.expected)
            for pairs, average in zip(sides, (score.ns, score.ew), strict=True)
        ]
        ns, ew = (_average_points(average, board.top, rules) for average in given)
        board.artificial[index] = (ns, ew, given[0], given[1])


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


def _average_points(average: Fraction, top: Fraction | None, rules: PairsRules) -> Fraction:
    return round_points(average if top is None else average * top / _HUNDRED, rules.board_precision)
