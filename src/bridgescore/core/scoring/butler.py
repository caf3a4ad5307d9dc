"""Butler (IMPs against a datum) on one board.

The datum is the mean NS score after dropping the ``k`` highest and ``k`` lowest scores,
rounded to the nearest 10; each pair scores IMPs against it (rules-and-formats §2.3).

>>> butler_datum([620, 620, 650, 170, 140, 620, -100, 600], drop=1)
460
>>> butler_datum([425, 425], drop=0), butler_datum([425, 425], drop=0, rounding=DatumRounding.EVEN)
(430, 420)
"""

from __future__ import annotations

__all__ = ["ButlerDrop", "DatumRounding", "butler_datum", "round_to_ten"]

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from math import ceil

from bridgescore.core.errors import NotationError
from bridgescore.core.numbers import parse_count


class DatumRounding(Enum):
    """How a Butler datum is rounded to the nearest 10 when it ends in exactly 5."""

    HALF_UP = "half-up"
    """Away from zero: 425 -> 430, -425 -> -430."""
    EVEN = "even"
    """To the even ten (ACBLscore): 425 -> 420, 435 -> 440."""

    def __str__(self) -> str:
        return self.value


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
