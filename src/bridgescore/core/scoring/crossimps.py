"""Cross-IMPs (IMPs across the field) and Butler (IMPs against a datum) on one board.

Cross-IMPs: the NS pair at each table gets ``X = sum of IMP(own score - other score)`` over the
other tables; EW get ``-X``. Normalised per comparison (÷ n-1), per score (÷ n) or left as the
total (rules-and-formats §2.2).

Butler: the datum is the mean NS score after dropping the ``k`` highest and ``k`` lowest scores,
rounded to the nearest 10; each pair scores IMPs against it (§2.3).

>>> cross_imps([420, 450, -100, -200, 400, 590])
[18, 22, -42, -52, 15, 39]
>>> butler_datum([620, 620, 650, 170, 140, 620, -100, 600], drop=1)
460
>>> butler_datum([425, 425], drop=0), butler_datum([425, 425], drop=0, rounding=DatumRounding.EVEN)
(430, 420)
"""

from __future__ import annotations

__all__ = [
    "ButlerDrop",
    "CrossNorm",
    "DatumRounding",
    "butler_datum",
    "cross_imps",
    "weighted_cross_imps",
]

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from math import ceil

from bridgescore.core.errors import NotationError
from bridgescore.core.numbers import parse_count
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


class DatumRounding(Enum):
    """How a Butler datum is rounded to the nearest 10 when it ends in exactly 5."""

    HALF_UP = "half-up"
    """Away from zero: 425 -> 430, -425 -> -430."""
    EVEN = "even"
    """To the even ten (ACBLscore): 425 -> 420, 435 -> 440."""

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


@dataclass(frozen=True, slots=True)
class ButlerDrop:
    """How many top and bottom scores a Butler datum leaves out.

    ``count`` of each end, or ``percent`` of the scores at each end (rounded up, as ACBLscore's
    5 %), or the default: 1 each when there are 4 or more scores, otherwise none.

    >>> [ButlerDrop().count_for(n) for n in (3, 4, 10)], ButlerDrop.parse("10%").count_for(21)
    ([0, 1, 1], 3)
    """

    count: int | None = None
    percent: Fraction | None = None

    @classmethod
    def parse(cls, text: str) -> ButlerDrop:
        """``2`` (scores dropped at each end), ``10%`` or ``default``."""
        word = text.strip().lower()
        if word in ("", "default", "auto"):
            return cls()
        try:
            if word.endswith("%"):
                percent = Fraction(word[:-1].strip())
                if not 0 <= percent < 50:
                    raise ValueError
                return cls(percent=percent)
            count = parse_count(word)
            if count is None:
                raise ValueError
            return cls(count=count)
        except ValueError:
            raise NotationError(
                text, "Butler drop is a number of scores (2) or a percentage below 50 (10%)"
            ) from None

    def count_for(self, scores: int) -> int:
        """How many scores to drop at each end of a board with ``scores`` scores."""
        if self.count is not None:
            wanted = self.count
        elif self.percent is not None:
            wanted = ceil(self.percent * scores / 100)
        else:
            wanted = 1 if scores >= 4 else 0
        return max(0, min(wanted, (scores - 1) // 2))

    def __str__(self) -> str:
        if self.count is not None:
            return str(self.count)
        if self.percent is not None:
            return f"{self.percent}%"
        return "default"


def round_to_ten(value: Fraction, rounding: DatumRounding = DatumRounding.HALF_UP) -> int:
    """The nearest multiple of 10; exact fives go away from zero or to the even ten.

    >>> round_to_ten(Fraction(4615, 10)), round_to_ten(Fraction(-425)), round_to_ten(Fraction(435), DatumRounding.EVEN)
    (460, -430, 440)
    """
    tens = value / 10
    floor = tens.numerator // tens.denominator
    rest = tens - floor
    if rest > Fraction(1, 2):
        floor += 1
    elif rest == Fraction(1, 2):
        if rounding is DatumRounding.EVEN:
            floor += floor % 2
        elif value > 0:
            floor += 1
    return floor * 10


def butler_datum(
    scores: Sequence[int], drop: int, rounding: DatumRounding = DatumRounding.HALF_UP
) -> int:
    """The datum: mean of the scores without the ``drop`` highest and lowest, rounded to 10."""
    if not scores:
        raise ValueError("a datum needs at least one score")
    ordered = sorted(scores)
    kept = ordered[drop : len(ordered) - drop] if drop else ordered
    return round_to_ten(Fraction(sum(kept), len(kept)), rounding)
