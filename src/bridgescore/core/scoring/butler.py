"""Butler (IMPs against a datum) on one board.

The datum is the mean NS score after dropping the ``k`` highest and ``k`` lowest scores,
rounded to the nearest 10; each pair scores IMPs against it (rules-and-formats §2.3).

>>> butler_datum([620, 620, 650, 170, 140, 620, -100, 600], drop=1)
460
>>> butler_datum([425, 425], drop=0), butler_datum([425, 425], drop=0, rounding=DatumRounding.EVEN)
(430, 420)
>>> butler([620, 620, 650, 170, 140, 620, -100, 600])  # datum 460 (one score off each end)
[4, 4, 5, -7, -8, 4, -11, 4]
>>> butler_datum([620, 620, 650, 170, 140, 620, -100, 600], datum=Datum.MEDIAN)  # 600 and 620
610
"""

from __future__ import annotations

__all__ = ["ButlerDrop", "Datum", "DatumRounding", "butler", "butler_datum", "round_to_ten"]

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from math import ceil

from bridgescore.core.errors import NotationError, enum_value
from bridgescore.core.numbers import parse_count, parse_decimal
from bridgescore.core.scoring.imps import imps


class Datum(Enum):
    """What a Butler datum is of the scores: their trimmed mean or their median."""

    MEAN = "mean"
    """The mean after the drops (:class:`ButlerDrop`): WBF, EBU, ACBLscore, PBN ``Mean``."""
    MEDIAN = "median"
    """The middle score, or the mean of the middle two (JFR, PBN ``Median``); drops leave a
    median as it is."""

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Datum:
        """``mean`` or ``median``."""
        return enum_value(cls, text, "a Butler datum is the mean or the median of the scores")


class DatumRounding(Enum):
    """How a Butler datum is rounded to the nearest 10 when it ends in exactly 5."""

    HALF_UP = "half-up"
    """Away from zero: 425 -> 430, -425 -> -430."""
    EVEN = "even"
    """To the even ten (ACBLscore): 425 -> 420, 435 -> 440."""

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> DatumRounding:
        """``half-up`` or ``even``."""
        reason = "a Butler datum ending in 5 rounds half-up (away from zero) or to even"
        return enum_value(cls, text, reason)


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
                percent = parse_decimal(word[:-1].strip(), 2, signed=False)
                if percent is None or not 0 <= percent < 50:
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
    scores: Sequence[int | Fraction],
    drop: ButlerDrop | int | str | None = None,
    rounding: DatumRounding | str = DatumRounding.HALF_UP,
    datum: Datum = Datum.MEAN,
) -> int:
    """The datum of one board: the mean NS score without the ``drop`` highest and lowest,
    rounded to the nearest 10 (with ``datum`` :attr:`Datum.MEDIAN`, the median score: the mean
    of the middle two of an even number, rounded the same way).

    ``drop`` is the number of scores left out at each end (at most as many as leave one score
    in), a :class:`ButlerDrop` or its text (``2``, ``10%``); by default one at each end from 4
    scores on. ``rounding`` says where a datum ending in 5 goes: ``half-up`` (away from zero,
    the default) or ``even`` (ACBLscore).

    >>> butler_datum([620, 170, 140]), butler_datum([620, 170, 140, -100], drop="0")
    (310, 210)
    >>> butler_datum([620, 170, 140, -100], datum=Datum.MEDIAN)  # (170 + 140) / 2 = 155
    160
    """
    if not scores:
        raise ValueError("a datum needs at least one score")
    if isinstance(drop, int):
        rule = ButlerDrop(count=drop)
    else:
        rule = drop if isinstance(drop, ButlerDrop) else ButlerDrop.parse(drop or "default")
    count = rule.count_for(len(scores))
    if not isinstance(rounding, DatumRounding):
        rounding = DatumRounding.parse(rounding)
    ordered = sorted(scores)
    if datum is Datum.MEDIAN:
        middle = len(ordered) // 2
        kept = ordered[middle - 1 : middle + 1] if len(ordered) % 2 == 0 else [ordered[middle]]
    else:
        kept = ordered[count : len(ordered) - count] if count else ordered
    return round_to_ten(Fraction(sum(kept), len(kept)), rounding)


def butler(
    scores: Sequence[int],
    *,
    drop: ButlerDrop | int | str | None = None,
    rounding: DatumRounding | str = DatumRounding.HALF_UP,
    datum: Datum = Datum.MEAN,
) -> list[int]:
    """Each NS score's IMPs against the board's Butler datum (:func:`butler_datum`, with the
    same ``drop``, ``rounding`` and ``datum``); EW's are the same, negated.

    >>> butler([420, 450, 400, -50], drop=0)  # datum 305: 310 half-up
    [3, 4, 3, -8]
    """
    value = butler_datum(scores, drop, rounding, datum)
    return [imps(score - value) for score in scores]
