"""The four pairs scoring methods over many boards at once, as exact integer numerators.

:func:`score_lines` takes each traveller line's board (0, 1, ...) and NS score and gives both
sides' points on the method's scale as numerators over a per-line denominator, the same figures
the pure engine gives as Fractions:

* ``mp``: matchpoints (2/1 or 1/0.5), Neuberg-factored to each board's expected number of results;
* ``crossimps``: cross-IMPs, normalised per comparison (÷ n-1), per score (÷ n) or in total;
* ``butler``: IMPs against each board's datum;
* ``total``: the NS score itself (EW: its negative).

>>> import numpy as np
>>> points = score_lines(np.array([0, 0, 0]), np.array([420, 450, 420]), FastRules(), np.array([4]))
>>> points.ns.tolist(), points.ew.tolist(), points.denominator.tolist(), points.top.tolist()
([5, 11, 5], [11, 5, 11], [3, 3, 3], [6, 6, 6])
"""

from __future__ import annotations

__all__ = ["METHODS", "FastRules", "LinePoints", "ScoringRules", "score_lines"]

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from bridgescore.core.crossimps import ButlerDrop, CrossNorm, DatumRounding
from bridgescore.core.errors import NotationError, ScoringError
from bridgescore.core.matchpoints import Scale
from bridgescore.fast.kernels import Boards, Ints, neuberg_grouped

METHODS = ("mp", "crossimps", "butler", "total")


class ScoringRules(Protocol):
    """What the fast path reads of a pairs event's rules (the pairs engine's rules fit it)."""

    @property
    def method(self) -> object: ...  # "mp", "crossimps", "butler", "total" (or an enum of them)
    @property
    def scale(self) -> Scale: ...
    @property
    def expected(self) -> int | None: ...
    @property
    def cross(self) -> CrossNorm: ...
    @property
    def butler_drop(self) -> ButlerDrop: ...
    @property
    def datum_rounding(self) -> DatumRounding: ...


@dataclass(frozen=True, slots=True)
class FastRules:
    """Rules for the fast path on its own: the method and its settings.

    >>> FastRules(method="crossimps").method
    'crossimps'
    >>> FastRules(method="imps")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.NotationError: 'imps': a pairs scoring method is mp, crossimps, butler or total
    """

    method: str = "mp"
    scale: Scale = Scale.EBU
    expected: int | None = None
    cross: CrossNorm = CrossNorm.AVERAGE
    butler_drop: ButlerDrop = field(default_factory=ButlerDrop)
    datum_rounding: DatumRounding = DatumRounding.HALF_UP

    def __post_init__(self) -> None:
        if method_name(self) not in METHODS:
            raise NotationError(
                self.method, "a pairs scoring method is mp, crossimps, butler or total"
            )
        if self.expected is not None and self.expected < 1:
            raise NotationError(self.expected, "the expected number of results is at least 1")


def method_name(rules: ScoringRules) -> str:
    """The method as ``mp``, ``crossimps``, ``butler`` or ``total``."""
    method = rules.method
    return str(getattr(method, "value", method))


@dataclass(frozen=True, slots=True)
class LinePoints:
    """Both sides' points on each line: ``ns / denominator`` and ``ew / denominator``.

    ``top`` is the board's top on the method's scale (matchpoints only; 0 otherwise).
    """

    ns: Ints
    ew: Ints
    denominator: Ints
    top: Ints


def _ones(count: int) -> Ints:
    return np.ones(count, dtype=np.int64)


def score_lines(groups: Ints, scores: Ints, rules: ScoringRules, expected: Ints) -> LinePoints:
    """Score every line: ``groups`` numbers the boards 0, 1, ...; ``expected`` is per board.

    ``expected`` is Neuberg's E for each board (matchpoints only; at least its results).
    """
    boards = Boards(groups, scores)
    board = groups
    size = boards.sizes[board]
    count = int(scores.size)
    method = method_name(rules)
    if method == "mp":
        wanted = expected[board]
        if np.any(wanted < size):
            worst = int(boards.sizes.max())
            raise ScoringError(
                f"a board has {worst} results, more than the {int(expected.min())} expected"
            )
        ns_units = boards.matchpoints()
        ew_units = 2 * (size - 1) - ns_units
        ns, denominator = neuberg_grouped(ns_units, size, wanted)
        ew, _ = neuberg_grouped(ew_units, size, wanted)
        top = 2 * (wanted - 1)
        if rules.scale is Scale.ACBL:
            return LinePoints(ns, ew, 2 * denominator, top // 2)
        return LinePoints(ns, ew, denominator, top)
    zero = np.zeros(count, dtype=np.int64)
    if method == "total":
        return LinePoints(scores.copy(), -scores, _ones(count), zero)
    if method == "butler":
        sizes: list[int] = boards.sizes.tolist()
        drops = [rules.butler_drop.count_for(n) for n in sizes]
        points = boards.imps_against(boards.butler_datums(drops, rules.datum_rounding))
        return LinePoints(points, -points, _ones(count), zero)
    total = boards.cross_imps()
    if rules.cross is CrossNorm.AVERAGE:
        denominator = np.maximum(size - 1, 1)
    elif rules.cross is CrossNorm.PER_SCORE:
        denominator = size
    else:
        denominator = _ones(count)
    return LinePoints(total, -total, denominator.astype(np.int64), zero)
