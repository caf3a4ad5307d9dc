"""Cross-IMPs (IMPs across the field) on one board.

Cross-IMPs: the NS pair at each table gets ``X = sum of IMP(own score - other score)`` over the
other tables; EW get ``-X``. Normalised per comparison (÷ n-1), per score (÷ n) or left as the
total (rules-and-formats §2.2).

>>> cross_imp_totals([420, 450, -100, -200, 400, 590])
[18, 22, -42, -52, 15, 39]
>>> [str(x) for x in cross_imps([420, 450, -100, -200, 400, 590])]
['18/5', '22/5', '-42/5', '-52/5', '3', '39/5']
"""

from __future__ import annotations

__all__ = [
    "CrossNorm",
    "cross_imp_totals",
    "cross_imps",
    "imps_against",
    "weighted_cross_imps",
]

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from enum import Enum
from fractions import Fraction

from bridgescore.core.errors import enum_value
from bridgescore.core.scoring.imps import IMP_BAND_LOWER_BOUNDS, imps
from bridgescore.core.scoring.matchpoints import Distribution


class CrossNorm(Enum):
    """How cross-IMP totals are normalised."""

    AVERAGE = "average"
    """÷ (n - 1), per comparison: ACBLscore "Average IMPs", BBO, EBU clubs, PBN ``Cross2``."""
    TOTAL = "total"
    """The total over all comparisons: ACBLscore "Total IMPs", PBN ``Cross``."""
    PER_SCORE = "per-score"
    """÷ n, per score: PBN ``Cross1``."""

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> CrossNorm:
        """``average``, ``total`` or ``per-score``."""
        reason = "cross-IMPs are normalised per comparison (average), total or per-score"
        return enum_value(cls, text, reason)

    def apply(
        self, totals: Sequence[Fraction | int], expected: int | None = None
    ) -> list[Fraction]:
        """Normalise one board's total cross-IMPs (n scores); a total is factored to
        ``expected - 1`` comparisons when the board was played fewer times than expected.

        >>> [str(x) for x in CrossNorm.TOTAL.apply([9, -9], expected=4)]
        ['27', '-27']
        """
        return [self.normalise(x, len(totals), expected) for x in totals]

    def normalise(
        self, total: Fraction | int, actual: int, expected: int | None = None
    ) -> Fraction:
        """One result's total cross-IMPs among ``actual`` results (itself included) normalised,
        a total factored to ``expected - 1`` comparisons; 0 when there is nothing to compare.

        >>> CrossNorm.AVERAGE.normalise(18, 6), CrossNorm.PER_SCORE.normalise(18, 6)
        (Fraction(18, 5), Fraction(3, 1))
        """
        if actual < 2:
            return Fraction(0)
        if self is CrossNorm.AVERAGE:
            return Fraction(total) / (actual - 1)
        if self is CrossNorm.PER_SCORE:
            return Fraction(total) / actual
        wanted = actual if expected is None else expected
        return Fraction(total) * (wanted - 1) / (actual - 1)


def cross_imps(scores: Sequence[int], *, norm: CrossNorm | str = "average") -> list[Fraction]:
    """Each NS score's cross-IMPs on one board: IMPs against every other score, divided by the
    comparisons (n-1, ``average``, the default), by the scores (``per-score``) or left as the
    ``total``. EW's are the same, negated.

    >>> cross_imps([620, 620, 170, -100])  # 0 + 10 + 12 = 22 IMPs over 3 comparisons
    [Fraction(22, 3), Fraction(22, 3), Fraction(-13, 3), Fraction(-31, 3)]
    >>> cross_imps([620, 620, 170, -100], norm="total")
    [Fraction(22, 1), Fraction(22, 1), Fraction(-13, 1), Fraction(-31, 1)]
    """
    rule = norm if isinstance(norm, CrossNorm) else CrossNorm.parse(norm)
    return rule.apply(cross_imp_totals(scores))


def cross_imp_totals(scores: Sequence[int]) -> list[int]:
    """Each score's total cross-IMPs against all the others.

    O(n log n): for every IMP band edge, count the scores at least that far below and above
    (one sort, 48 binary searches for each distinct score); never an n x n table.

    >>> cross_imp_totals([480, 450, 450, 430, 420, 400])
    [8, 3, 3, -3, -3, -8]
    """
    ordered = sorted(scores)
    count = len(ordered)
    totals = {}
    for score in set(ordered):  # a board of a big field has a few dozen distinct scores
        total = 0
        for edge in IMP_BAND_LOWER_BOUNDS:
            total += bisect_right(ordered, score - edge) - (
                count - bisect_left(ordered, score + edge)
            )
        totals[score] = total
    return [totals[score] for score in scores]


def _components(result: int | Distribution) -> Distribution:
    return ((Fraction(1), result),) if isinstance(result, int) else result


def imps_against(result: int | Distribution, other: int | Distribution) -> Fraction:
    """IMPs one result earns against one other, weighed component by component where either
    is a weighted score.

    >>> imps_against(620, -100), imps_against(((Fraction(1, 2), 620), (Fraction(1, 2), -100)), 620)
    (Fraction(12, 1), Fraction(-6, 1))
    """
    return sum(
        (
            weight * other_weight * imps(score - value)
            for weight, score in _components(result)
            for other_weight, value in _components(other)
        ),
        Fraction(0),
    )


def weighted_cross_imps(results: Sequence[int | Distribution]) -> list[Fraction]:
    """Total cross-IMPs where some results are weighted distributions (Law 12C1(c)).

    >>> split = ((Fraction(1, 2), 620), (Fraction(1, 2), -100))
    >>> [str(x) for x in weighted_cross_imps([split, 620, -100])]
    ['0', '18', '-18']
    """
    plain_totals = iter(cross_imp_totals([r for r in results if isinstance(r, int)]))
    weighted = [r for r in results if not isinstance(r, int)]
    totals: list[Fraction] = []
    for index, result in enumerate(results):
        if isinstance(result, int):
            against = sum((imps_against(result, o) for o in weighted), Fraction(0))
            totals.append(next(plain_totals) + against)
            continue
        others = (o for i, o in enumerate(results) if i != index)
        totals.append(sum((imps_against(result, o) for o in others), Fraction(0)))
    return totals
