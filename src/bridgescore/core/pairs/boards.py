"""Each board of a pairs session compared: matchpoints (a short board Neuberg-factored or as
the rules say), cross-IMPs, Butler or total points, for the real results (played, score-only,
weighted: in the pool of comparisons or apart); artificial scores are left out.

A real result's figures depend only on what it is compared as and on the board, so each
distinct result of a board is worked out once (a board of a big field has a few dozen), and
its lines share the figures: both pairs' points (rounded to the rules' ``board_precision``),
how they were reached (:class:`Working`) and the top they are out of.

>>> board = BoardScores(1, None, [0, 1, 2], 3, 3)
>>> score_board(board, [420, 450, 420], PairsRules(), BoardKernels())
>>> [(str(ns), str(ew)) for ns, ew, _, _ in (board.values[s] for s in (420, 450))]
[('1', '3'), ('4', '0')]
"""

from __future__ import annotations

__all__ = ["BoardKernels", "BoardScores", "RealFigures", "check_expected", "score_board"]

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

from bridgescore.core.errors import ScoringError
from bridgescore.core.pairs.conventions import ShortBoards, WeightedScores, round_points
from bridgescore.core.pairs.lines import Compared
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

_ZERO = Fraction(0)

Result = int | Distribution
"""A real result as it is compared: an NS score, or a weighted score's distribution."""

RealFigures = tuple[Fraction, Fraction, Working, Fraction | None]
"""A real result's NS and EW points as added up, how they were reached, and (matchpoints) the
top they are out of."""


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
    each board to E); ``counts`` holds each board's number, section and results.

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


@dataclass(slots=True)
class BoardScores:
    """One board of one section (``None``: compared across the field), being scored.

    ``lines`` are its lines (their places in the session's :class:`~bridgescore.core.pairs.
    lines.Lines`), ``expected`` E and ``actual`` A its real results; once scored, ``values``
    holds each distinct real result's :data:`RealFigures`, ``artificial`` each artificial
    line's NS and EW points and the percentages or IMPs they were given as, ``top`` the
    matchpoint top (``None`` at the other methods), ``datum`` and ``dropped`` Butler's.
    """

    number: int
    section: str | None
    lines: list[int]
    expected: int
    actual: int
    top: Fraction | None = None
    datum: int | None = None
    dropped: tuple[int, ...] = ()
    values: dict[Result, RealFigures] = field(default_factory=dict)
    artificial: dict[int, tuple[Fraction, Fraction, Fraction, Fraction]] = field(
        default_factory=dict
    )


def _compared(
    results: list[Result],
    rules: PairsRules,
    whole: Callable[[Sequence[int]], Sequence[int]],
    against: Callable[[Result, Result], Fraction],
    weighted: Callable[[list[Result]], list[Fraction]],
    only_scores: bool,
) -> dict[Result, Fraction]:
    """Each distinct result's total against the others it is compared with: all of them, or
    with the weighted scores apart, the table results among themselves and each weighted score
    against the table results only. ``only_scores``: every result is an NS score."""
    plain = cast(list[int], results) if only_scores else [r for r in results if isinstance(r, int)]
    if len(plain) == len(results):
        units = dict(zip(plain, whole(plain), strict=True))
        return {score: Fraction(total) for score, total in units.items()}
    if rules.weighted is WeightedScores.POOL:
        return dict(zip(results, weighted(results), strict=True))
    plain_points = dict(zip(plain, whole(plain), strict=True))
    return {
        r: Fraction(plain_points[r])
        if isinstance(r, int)
        else sum((against(r, p) for p in plain), _ZERO)
        for r in dict.fromkeys(results)
    }


def _among(results: list[Result], rules: PairsRules) -> Callable[[Result], int]:
    """How many results a result is compared among, itself included."""
    if rules.weighted is WeightedScores.POOL:
        return lambda result: len(results)
    plain = sum(isinstance(r, int) for r in results)
    return lambda result: plain if isinstance(result, int) else plain + 1


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


def _butler(board: BoardScores, results: list[Result], rules: PairsRules) -> dict[Result, Fraction]:
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
    return {
        r: Fraction(imps(r - datum))
        if isinstance(r, int)
        else sum((w * imps(s - datum) for w, s in r), _ZERO)
        for r in dict.fromkeys(results)
    }


def score_board(
    board: BoardScores,
    compared: list[Compared],
    rules: PairsRules,
    kernels: BoardKernels,
    *,
    only_scores: bool = False,
) -> None:
    """The board's top and each distinct real result's figures (see :class:`BoardScores`);
    ``compared`` is what each of its lines is compared as (``only_scores``: an NS score
    each, as most boards' are)."""
    results = (
        cast(list[Result], compared) if only_scores else [c for c in compared if c is not None]
    )
    board.actual = len(results)
    expected, places = board.expected, rules.board_precision
    mp = rules.method is PairsMethod.MP
    if mp:
        units = 0 if rules.short_boards.own_top else 2 * (expected - 1)
        board.top = rules.scale.points(Fraction(units))
    if not results:
        return
    among = _among(results, rules)
    if mp:
        totals = _compared(
            results,
            rules,
            kernels.matchpoints,
            matchpoints_against,
            weighted_matchpoints,
            only_scores,
        )
        plain = next((r for r in results if isinstance(r, int)), results[0])
        board.top = rules.scale.points(
            Fraction(_short_board(_ZERO, among(plain), expected, rules)[1])
        )
        for result, raw in totals.items():
            a = among(result)
            units_factored, top = _short_board(raw, a, expected, rules)
            ns, own = rules.scale.points(units_factored), rules.scale.points(Fraction(top))
            # NS and EW share each comparison's 2 points: 2(A-1) in all, 2(E-1) once factored
            working = Working((raw, 2 * (a - 1) - raw), (units_factored, top - units_factored), a)
            board.values[result] = (
                round_points(ns, places),
                round_points(own - ns, places),
                working,
                own,
            )
        return
    factored: dict[Result, Fraction]
    if rules.method is PairsMethod.CROSSIMPS:
        totals = _compared(
            results, rules, kernels.cross_imps, imps_against, weighted_cross_imps, only_scores
        )
        factored = {r: rules.cross.normalise(x, among(r), expected) for r, x in totals.items()}
    elif rules.method is PairsMethod.BUTLER:
        totals = factored = _butler(board, results, rules)
    else:
        totals = factored = {
            r: Fraction(r) if isinstance(r, int) else sum((w * s for w, s in r), _ZERO)
            for r in dict.fromkeys(results)
        }
    for result, compared_total in totals.items():
        raw, fair = compared_total, factored[result]  # what NS gains, EW loses
        working = Working((raw, -raw), (fair, -fair), among(result))
        board.values[result] = (
            round_points(fair, places),
            round_points(-fair, places),
            working,
            None,
        )
