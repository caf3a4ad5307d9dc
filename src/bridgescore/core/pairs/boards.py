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
) -> dict[Result, int | Fraction]:
    """Each distinct result's total against the others it is compared with: all of them, or
    with the weighted scores apart, the table results among themselves and each weighted score
    against the table results only. ``only_scores``: every result is an NS score (whose totals
    are whole numbers)."""
    plain = cast(list[int], results) if only_scores else [r for r in results if isinstance(r, int)]
    if len(plain) == len(results):
        return dict(zip(plain, whole(plain), strict=True))
    if rules.weighted is WeightedScores.POOL:
        return dict(zip(results, weighted(results), strict=True))
    plain_points = dict(zip(plain, whole(plain), strict=True))
    return {
        r: plain_points[r] if isinstance(r, int) else sum((against(r, p) for p in plain), _ZERO)
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
        return neuberg(units, among, expected), _top_units(among, expected, rules)
    if mode is ShortBoards.ADD_MISSING:
        return units + expected - among, _top_units(among, expected, rules)
    return units, _top_units(among, expected, rules)


def _top_units(among: int, expected: int, rules: PairsRules) -> int:
    """The top, in 2/1 units, of a result compared among ``among`` results as the rules score
    a short board: the full one, or its own (:attr:`ShortBoards.own_top`)."""
    return 2 * (among - 1) if rules.short_boards.own_top else 2 * (expected - 1)


def _butler(
    board: BoardScores, results: list[Result], rules: PairsRules
) -> dict[Result, int | Fraction]:
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
        r: imps(r - datum)
        if isinstance(r, int)
        else sum((w * imps(s - datum) for w, s in r), _ZERO)
        for r in dict.fromkeys(results)
    }


Figured = dict[tuple[object, ...], RealFigures | Fraction]
"""The figures worked out so far in one scoring, by what they follow from: boards of a big
event share most of them (a board of two results has a few patterns in all)."""


def score_board(
    board: BoardScores,
    compared: list[Compared],
    rules: PairsRules,
    kernels: BoardKernels,
    *,
    only_scores: bool = False,
    figured: Figured | None = None,
) -> None:
    """The board's top and each distinct real result's figures (see :class:`BoardScores`);
    ``compared`` is what each of its lines is compared as (``only_scores``: an NS score
    each, as most boards' are); ``figured`` keeps the figures worked out, for the next boards
    of the same scoring."""
    figured = {} if figured is None else figured
    results = (
        cast(list[Result], compared) if only_scores else [c for c in compared if c is not None]
    )
    board.actual = len(results)
    expected = board.expected
    mp = rules.method is PairsMethod.MP
    if mp and not results:  # no real result: the full top, or nothing to be out of
        board.top = _top(0 if rules.short_boards.own_top else 2 * (expected - 1), rules, figured)
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
        board.top = _top(_top_units(among(plain), expected, rules), rules, figured)
        for result, raw in totals.items():
            key: tuple[object, ...] = (PairsMethod.MP, raw, among(result), expected)
            found = figured.get(key)
            if found is None:
                found = figured[key] = _matchpoints(Fraction(raw), among(result), expected, rules)
            board.values[result] = cast(RealFigures, found)
        return
    if rules.method is PairsMethod.CROSSIMPS:
        totals = _compared(
            results, rules, kernels.cross_imps, imps_against, weighted_cross_imps, only_scores
        )
    elif rules.method is PairsMethod.BUTLER:
        totals = _butler(board, results, rules)
    else:
        totals = {
            r: r if isinstance(r, int) else sum((w * s for w, s in r), _ZERO)
            for r in dict.fromkeys(results)
        }
    for result, raw in totals.items():
        key = (rules.method, raw, among(result), expected)
        found = figured.get(key)
        if found is None:
            raw_total = Fraction(raw)
            fair = raw_total
            if rules.method is PairsMethod.CROSSIMPS:
                fair = rules.cross.normalise(raw_total, among(result), expected)
            # what NS gains, EW loses
            working = Working((raw_total, -raw_total), (fair, -fair), among(result))
            places = rules.board_precision
            found = figured[key] = (
                round_points(fair, places),
                round_points(-fair, places),
                working,
                None,
            )
        board.values[result] = cast(RealFigures, found)


def _top(units: int, rules: PairsRules, figured: Figured) -> Fraction:
    """A matchpoint top of ``units`` 2/1 units, on the rules' scale (each worked out once)."""
    key = ("top", units)
    found = figured.get(key)
    if found is None:
        found = figured[key] = rules.scale.points(Fraction(units))
    return cast(Fraction, found)


def _matchpoints(raw: Fraction, a: int, expected: int, rules: PairsRules) -> RealFigures:
    """A real result's matchpoints as the rules score a short board (``raw`` of them earned
    among ``a`` results, E ``expected``)."""
    units_factored, top = _short_board(raw, a, expected, rules)
    ns, own = rules.scale.points(units_factored), rules.scale.points(Fraction(top))
    # NS and EW share each comparison's 2 points: 2(A-1) in all, 2(E-1) once factored
    working = Working((raw, 2 * (a - 1) - raw), (units_factored, top - units_factored), a)
    places = rules.board_precision
    return round_points(ns, places), round_points(own - ns, places), working, own
