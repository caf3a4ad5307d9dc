"""Each board of a pairs session compared: matchpoints and Neuberg, cross-IMPs, Butler or total
points, for the real results (played, score-only, weighted); artificial scores are left out.
"""

from __future__ import annotations

__all__ = ["BoardKernels", "BoardScores", "check_expected", "comparable", "score_board"]

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bridgescore.core.errors import ScoringError
from bridgescore.core.pairs.event import Working
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.scoring.butler import butler_datum, round_to_ten
from bridgescore.core.scoring.crossimps import cross_imp_totals, weighted_cross_imps
from bridgescore.core.scoring.imps import imps
from bridgescore.core.scoring.matchpoints import (
    Distribution,
    neuberg,
    raw_matchpoints,
    weighted_matchpoints,
)
from bridgescore.core.table.adjusted import WeightedScore
from bridgescore.core.table.traveller import TravellerLine

_ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class BoardKernels:
    """The per-board comparisons for plain NS scores; an outer layer may swap in vectorised ones.

    Each takes one board's NS scores and returns, in the same order, 2/1 matchpoints and total
    cross-IMPs; they must give exactly the figures of the pure functions (the default).
    """

    matchpoints: Callable[[Sequence[int]], Sequence[int]] = raw_matchpoints
    cross_imps: Callable[[Sequence[int]], Sequence[int]] = cross_imp_totals


def check_expected(counts: Iterable[tuple[int, str | None, int]], expected: int) -> None:
    """No board has more results than the expected number E the rules give (Neuberg factors
    each board to E); ``counts`` holds each board's number, section and results. Both pairs
    engines check with this.

    >>> check_expected([(2, None, 9), (1, None, 8)], 8)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ScoringError: board 2 has 9 results but the expected number is 8
    """
    over = [(board, section or "", count) for board, section, count in counts if count > expected]
    if over:
        board, section, count = min(over)
        where = f"board {board}" + (f" of section {section}" if section else "")
        raise ScoringError(f"{where} has {count} results but the expected number is {expected}")


def comparable(line: TravellerLine) -> int | Distribution | None:
    """What a line is compared as: an NS score, a weighted distribution, or nothing."""
    if isinstance(line.adjusted, WeightedScore):
        return tuple((c.weight, c.ns_score) for c in line.adjusted.components)
    if line.adjusted is not None:
        return None
    assert line.ns_score is not None
    return line.ns_score


@dataclass(slots=True)
class BoardScores:
    """A board being scored: NS points of its real lines (artificial ones filled in later) and
    how they were reached."""

    number: int
    section: str | None
    lines: list[TravellerLine]
    ns_points: list[Fraction | None]
    actual: int
    datum: int | None = None
    dropped: tuple[int, ...] = ()
    working: list[Working | None] = field(default_factory=list)


def _matchpoints(results: list[int | Distribution], kernels: BoardKernels) -> list[Fraction]:
    """Each result's 2/1 matchpoints among the board's real results."""
    if all(isinstance(r, int) for r in results):
        return [Fraction(u) for u in kernels.matchpoints(results)]  # type: ignore[arg-type]
    return weighted_matchpoints(results)


def _cross_totals(results: list[int | Distribution], kernels: BoardKernels) -> list[Fraction]:
    """Each result's total cross-IMPs against the board's other real results."""
    if all(isinstance(r, int) for r in results):
        return [Fraction(x) for x in kernels.cross_imps(results)]  # type: ignore[arg-type]
    return weighted_cross_imps(results)


def _butler(
    board: BoardScores, results: list[int | Distribution], rules: PairsRules
) -> list[Fraction]:
    plain = sorted(r for r in results if isinstance(r, int))
    if plain:
        drop = rules.butler_drop.count_for(len(plain))
        board.datum = butler_datum(plain, drop, rules.datum_rounding)
        board.dropped = tuple(plain[:drop] + plain[len(plain) - drop :]) if drop else ()
    else:
        expected_scores = [
            sum((w * s for w, s in r), _ZERO) for r in results if not isinstance(r, int)
        ]
        board.datum = round_to_ten(sum(expected_scores, _ZERO) / len(expected_scores))
    datum = board.datum
    return [
        Fraction(imps(r - datum))
        if isinstance(r, int)
        else sum((w * imps(s - datum) for w, s in r), _ZERO)
        for r in results
    ]


def score_board(
    board: BoardScores, expected: int, rules: PairsRules, kernels: BoardKernels
) -> None:
    """NS points of the board's real results, and the working of each (:class:`Working`)."""
    real = [(i, c) for i, line in enumerate(board.lines) if (c := comparable(line)) is not None]
    results = [c for _, c in real]
    board.working = [None] * len(board.lines)
    if not results:
        return
    actual = len(results)
    method = rules.method
    if method is PairsMethod.MP:
        compared = _matchpoints(results, kernels)
        factored = [neuberg(u, actual, expected) for u in compared]
        points = [rules.scale.points(f) for f in factored]
        # NS and EW share each comparison's 2 points: 2(A-1) in all, 2(E-1) once factored
        tops = (Fraction(2 * (actual - 1)), Fraction(2 * (expected - 1)))
    else:
        if method is PairsMethod.CROSSIMPS:
            compared = _cross_totals(results, kernels)
            factored = rules.cross.apply(compared, expected)
        elif method is PairsMethod.BUTLER:
            compared = factored = _butler(board, results, rules)
        else:
            compared = factored = [
                Fraction(r) if isinstance(r, int) else sum((w * s for w, s in r), _ZERO)
                for r in results
            ]
        points = factored
        tops = (_ZERO, _ZERO)  # what NS gains, EW loses
    for (index, _), raw, fair, value in zip(real, compared, factored, points, strict=True):
        board.ns_points[index] = value
        board.working[index] = Working((raw, tops[0] - raw), (fair, tops[1] - fair))
