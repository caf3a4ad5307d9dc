"""The conventions other scoring programs follow where the Laws leave a choice: how a board
played fewer times is scored, whether a weighted score is in the pool the others are compared
with, how a pair's missed boards count, how far each board's points are rounded before they are
added, and how a shared place is written. Each is a setting of
:class:`~bridgescore.core.pairs.rules.PairsRules`; the defaults are the Laws' and the EBU/WBF
practice.

>>> ShortBoards.parse("sum-of-tops"), str(SitOutScore.parse("60%")), str(SitOutScore.parse("-1"))
(ShortBoards.SUM_OF_TOPS, '60%', '-1 IMPs')
>>> round_points(Fraction(2345, 1000), 2), round_points(Fraction(-1, 40), 2), round_points(Fraction(1, 3), None)
(Fraction(47, 20), Fraction(-3, 100), Fraction(1, 3))

:class:`TieNotation` (``3=`` or plain ``3``) is the rankings' own
(:mod:`bridgescore.core.scoring.ranking`), shared with the teams standings.
"""

from __future__ import annotations

__all__ = [
    "ShortBoards",
    "SitOutScore",
    "TieNotation",
    "WeightedScores",
    "board_percent",
    "round_points",
]

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from bridgescore.core.errors import NotationError, enum_value
from bridgescore.core.scoring.ranking import TieNotation

_HALF = Fraction(1, 2)


class ShortBoards(Enum):
    """How matchpoints are scored on a board with fewer results than the others.

    A is the board's compared results, E the expected number (the most on any board).
    """

    NEUBERG = "neuberg"
    """Each result counts E/A times (the Laws' practice, EBU, WBF, ACBL): out of the full top."""
    UNFACTORED = "unfactored"
    """Out of the board's own top; a pair's percentage is the mean of its boards' (BBO)."""
    SUM_OF_TOPS = "sum-of-tops"
    """Out of the board's own top; a pair's percentage is its matchpoints over its tops."""
    ADD_MISSING = "add-missing"
    """Each missing result is a tie with every result: E - A more (2/1 units), full top."""

    def __repr__(self) -> str:
        return f"ShortBoards.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> ShortBoards:
        """``neuberg``, ``unfactored``, ``sum-of-tops`` or ``add-missing``."""
        reason = "short boards are scored neuberg, unfactored, sum-of-tops or add-missing"
        return enum_value(cls, text.replace("_", "-"), reason)

    @property
    def own_top(self) -> bool:
        """Whether a board is scored out of its own top rather than the full one."""
        return self in (ShortBoards.UNFACTORED, ShortBoards.SUM_OF_TOPS)


class WeightedScores(Enum):
    """Whether a weighted assigned score (Law 12C1(c)) is one of the scores the board's other
    results are compared with."""

    POOL = "pool"
    """Compared with, component by component (EBU practice, rules-and-formats §3.4)."""
    APART = "apart"
    """Left out: the others are compared among themselves and factored as if its table had not
    played; the weighted score itself is compared with them."""

    def __repr__(self) -> str:
        return f"WeightedScores.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> WeightedScores:
        """``pool`` or ``apart``."""
        return enum_value(cls, text, "weighted scores are kept in the pool or apart")


@dataclass(frozen=True, slots=True)
class SitOutScore:
    """What each board a pair missed (a sit-out, a phantom) is worth: ``percent`` of the top
    at matchpoints (``60%``), or ``value`` IMPs at the other methods (``0``)."""

    value: Fraction
    percent: bool

    @classmethod
    def parse(cls, text: str) -> SitOutScore:
        """``60%`` (matchpoints) or a number of IMPs (``0``, ``-1``, ``0.5``)."""
        word = text.strip()
        try:
            if word.endswith("%"):
                value = Fraction(word[:-1].strip())
                if not 0 <= value <= 100:
                    raise ValueError
                return cls(value, True)
            return cls(Fraction(word), False)
        except (ValueError, ZeroDivisionError):
            raise NotationError(
                text, "a sit-out score is a percentage (60%) or a number of IMPs (0)"
            ) from None

    def __str__(self) -> str:
        value = str(self.value) if self.value.denominator == 1 else f"{float(self.value):g}"
        return f"{value}%" if self.percent else f"{value} IMPs"


def round_points(value: Fraction, places: int | None) -> Fraction:
    """``value`` to ``places`` decimals, a final 5 away from zero (as the programs that round
    print it); ``None`` leaves it exact."""
    if places is None:
        return value
    scale = 10**places
    magnitude = abs(value) * scale + _HALF
    rounded = Fraction(magnitude.numerator // magnitude.denominator, scale)
    return rounded if value >= 0 else -rounded


def board_percent(points: Fraction, top: Fraction) -> Fraction:
    """A pair's percentage on a board: its points over the top, 50 % on a board with no one
    to compare with (top 0)."""
    if not top:
        return Fraction(50)
    return Fraction(points.numerator * 100 * top.denominator, points.denominator * top.numerator)
