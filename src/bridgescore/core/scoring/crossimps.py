"""Cross-IMPs (IMPs across the field) on one board.

Cross-IMPs: the NS pair at each table gets ``X = sum of IMP(own score - other score)`` over the
other tables; EW get ``-X``. Normalised per comparison (÷ n-1), per score (÷ n) or left as the
total (rules-and-formats §2.2).

>>> cross_imps([420, 450, -100, -200, 400, 590])
[18, 22, -42, -52, 15, 39]
"""

from __future__ import annotations

__all__ = [
    "CrossNorm",
    "cross_imps",
    "weighted_cross_imps",
]

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from enum import Enum
from fractions import Fraction

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


def cross_imps(scores: Sequence[int]) -> list[int]:
    """Each score's total cross-IMPs against all the others.

    O(n log n): for every IMP band edge, count the scores at least that far below and above
    (one sort, 48 binary searches a score); never an n x n table.

    >>> cross_imps([480, 450, 450, 430, 420, 400])
    [8, 3, 3, -3, -3, -8]
    """
    ordered = sorted(scores)
    totals = []
    for score in scores:
        total = 0
        for edge in IMP_BAND_LOWER_BOUNDS:
            total += bisect_right(ordered, score - edge) - (
                len(ordered) - bisect_left(ordered, score + edge)
            )
        totals.append(total)
    return totals


def _imps_versus(score: int, other: int | Distribution) -> Fraction:
    if isinstance(other, int):
        return Fraction(imps(score - other))
    return sum((weight * imps(score - value) for weight, value in other), Fraction(0))


def weighted_cross_imps(results: Sequence[int | Distribution]) -> list[Fraction]:
    """Total cross-IMPs where some results are weighted distributions (Law 12C1(c)).

    >>> split = ((Fraction(1, 2), 620), (Fraction(1, 2), -100))
    >>> [str(x) for x in weighted_cross_imps([split, 620, -100])]
    ['0', '18', '-18']
    """
    plain = [r for r in results if isinstance(r, int)]
    plain_totals = iter(cross_imps(plain))
    totals: list[Fraction] = []
    for index, result in enumerate(results):
        others = [r for i, r in enumerate(results) if i != index and not isinstance(r, int)]
        if isinstance(result, int):
            total = Fraction(next(plain_totals))
            totals.append(total + sum((_imps_versus(result, o) for o in others), Fraction(0)))
            continue
        total = Fraction(0)
        for weight, score in result:
            against: list[int | Distribution] = [*plain, *others]
            total += weight * sum((_imps_versus(score, o) for o in against), Fraction(0))
        totals.append(total)
    return totals
