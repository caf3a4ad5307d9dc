"""Each board of a pairs session compared: matchpoints (a short board Neuberg-factored or as
the rules say), cross-IMPs, Butler or total points, for the real results (played, score-only,
weighted: in the pool of comparisons or apart); artificial scores are left out.
"""

from __future__ import annotations

__all__ = ["BoardKernels", "BoardScores", "check_expected", "comparable", "score_board"]

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bridgescore.core.errors import ScoringError
from bridgescore.core.pairs.conventions import ShortBoards, WeightedScores
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.scored import Working
from bridgescore.core.scoring.butler import Datum, DatumRounding, butler_datum
from bridgescore.core.scoring.crossimps import cross_imp_totals, imps_against, weighted_cross_imps
from bridgescore.core.scoring.imps import imps
from bridgescore.core.scoring.matchpoints import (
    Distribution,
    matchpoints_against,
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
    how they were reached; at matchpoints, each real line's top and the board's (2/1 units)."""

    number: int
    section: str | None
    lines: list[TravellerLine]
    ns_points: list[Fraction | None]
    actual: int
    datum: int | None = None
    dropped: tuple[int, ...] = ()
    working: list[Working | None] = field(default_factory=list)
    tops: list[int | None] = field(default_factory=list)
    top: int | None = None


def _compared(
    results: list[int | Distribution],
    rules: PairsRules,
    whole: Callable[[Sequence[int]], Sequence[int]],
    against: Callable[[int | Distribution, int | Distribution], Fraction],
    weighted: Callable[[list[int | Distribution]], list[Fraction]],
) -> list[Fraction]:
    """Each result's total against the others it is compared with: all of them, or with the
    weighted scores apart, the table results among themselves and each weighted score against
    the table results only."""
    if all(isinstance(r, int) for r in results):
        return [Fraction(u) for u in whole(results)]  # type: ignore[arg-type]
    if rules.weighted is WeightedScores.POOL:
        return weighted(results)
    plain = [r for r in results if isinstance(r, int)]
    plain_points = iter(whole(plain))
    return [
        Fraction(next(plain_points))
        if isinstance(r, int)
        else sum((against(r, p) for p in plain), _ZERO)
        for r in results
    ]


def _among(results: list[int | Distribution], rules: PairsRules) -> list[int]:
    """How many results each one is compared among, itself included."""
    if rules.weighted is WeightedScores.POOL:
        return [len(results)] * len(results)
    plain = sum(isinstance(r, int) for r in results)
    return [plain if isinstance(r, int) else plain + 1 for r in results]


def _short_board(
    units: Fraction, among: int, expected: int, rules: PairsRules
) -> tuple[Fraction, int]:
    """2/1 matchpoints earned among ``among`` results as the rules score a short board, and
    the top they are out of (rules-and-formats §3.2, :class:`ShortBoards`)."""
    mode = rules.short_boards
    if mode is ShortBoards.NEUBERG:
        return neuberg(units, among, expected), 2 * (expected - 1)
    if mode is ShortBoards.ADD_MISSING:
        return units + expected - among, 2 * (expected - 1)
    return units, 2 * (among - 1)


def _butler(
    board: BoardScores, results: list[int | Distribution], rules: PairsRules
) -> list[Fraction]:
    plain = sorted(r for r in results if isinstance(r, int))
    if plain:
        drop = 0 if rules.datum is Datum.MEDIAN else rules.butler_drop.count_for(len(plain))
        board.datum = butler_datum(plain, drop, rules.datum_rounding, rules.datum)
        board.dropped = tuple(plain[:drop] + plain[len(plain) - drop :]) if drop else ()
    else:
        expected_scores = [
            sum((w * s for w, s in r), _ZERO) for r in results if not isinstance(r, int)
        ]
        board.datum = butler_datum(expected_scores, 0, DatumRounding.HALF_UP, rules.datum)
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
    board.tops = [None] * len(board.lines)
    if not results:
        return
    among = _among(results, rules)
    method = rules.method
    tops: list[tuple[Fraction, Fraction]]
    if method is PairsMethod.MP:
        compared = _compared(
            results, rules, kernels.matchpoints, matchpoints_against, weighted_matchpoints
        )
        shorts = [_short_board(u, a, expected, rules) for u, a in zip(compared, among, strict=True)]
        factored = [f for f, _ in shorts]
        points = [rules.scale.points(f) for f in factored]
        # NS and EW share each comparison's 2 points: 2(A-1) in all, 2(E-1) once factored
        tops = [
            (Fraction(2 * (a - 1)), Fraction(top))
            for a, (_, top) in zip(among, shorts, strict=True)
        ]
        for (index, _), (_, top) in zip(real, shorts, strict=True):
            board.tops[index] = top
        plain = [a for a, r in zip(among, results, strict=True) if isinstance(r, int)]
        board.top = _short_board(_ZERO, (plain or among)[0], expected, rules)[1]
    else:
        if method is PairsMethod.CROSSIMPS:
            compared = _compared(
                results, rules, kernels.cross_imps, imps_against, weighted_cross_imps
            )
            factored = [
                rules.cross.normalise(x, a, expected) for x, a in zip(compared, among, strict=True)
            ]
        elif method is PairsMethod.BUTLER:
            compared = factored = _butler(board, results, rules)
        else:
            compared = factored = [
                Fraction(r) if isinstance(r, int) else sum((w * s for w, s in r), _ZERO)
                for r in results
            ]
        points = factored
        tops = [(_ZERO, _ZERO)] * len(results)  # what NS gains, EW loses
    for (index, _), raw, fair, value, a, (top, full) in zip(
        real, compared, factored, points, among, tops, strict=True
    ):
        board.ns_points[index] = value
        board.working[index] = Working((raw, top - raw), (fair, full - fair), a)
