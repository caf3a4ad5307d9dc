"""Victory Point scales: a match's IMP margin (and its number of boards) → VPs for each team.

Every scale answers ``vp(margin, boards) -> (winner, loser)`` for a margin of 0 or more and
lists itself with ``table(boards)``, one row per whole margin from 0 up to the first margin whose
VPs never change again (for a 20-VP scale: the first margin that earns 20). VPs are exact
:class:`~fractions.Fraction` values; rounding happens only when they are printed.

>>> WBF.vp(10, boards=16)
(Fraction(64, 5), Fraction(36, 5))
>>> [str(v) for v in WBF.vp(14, boards=16)]
['55/4', '25/4']
>>> [str(v) for v in ACBL.vp(9, boards=7) + ACBL.vp(28, boards=7)]
['14', '6', '20', '0']
>>> [str(v) for v in WBF_DISCRETE.vp(20, boards=16)]
['15', '5']
>>> WBF.split(-10, boards=16)
(Fraction(36, 5), Fraction(64, 5))
"""

from __future__ import annotations

__all__ = [
    "ACBL",
    "BUILTIN_SCALES",
    "MAX_MATCH_BOARDS",
    "WBF",
    "WBF_DISCRETE",
    "AcblScale",
    "CutoffScale",
    "Margin",
    "VpRow",
    "VpScale",
    "WbfDiscreteScale",
    "WbfScale",
    "as_fraction",
    "wbf_discrete_cutoffs",
    "wbf_hundredths",
]

import math
from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

from bridgescore.core.errors import ScoringError

Margin = int | Fraction | float | Decimal
"""An IMP margin: whole IMPs, or a fraction of one after factored boards."""


def as_fraction(value: Margin) -> Fraction:
    """An exact value; a float is read as the decimal it prints as (``10.1`` is 101/10).

    >>> as_fraction(10.1), as_fraction(Decimal("2.5")), as_fraction(3)
    (Fraction(101, 10), Fraction(5, 2), Fraction(3, 1))
    """
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ScoringError(f"{value} is not an IMP margin")
        return Fraction(repr(value))
    return Fraction(value)


@dataclass(frozen=True, slots=True)
class VpRow:
    """One row of a printed scale: a whole IMP margin and the VPs of winner and loser."""

    margin: int
    winner: Fraction
    loser: Fraction


class VpScale(ABC):
    """A Victory Point scale. Subclasses give ``_vp`` and ``_settled``; the rest is shared."""

    name: str
    """What the scale is called on the command line (``wbf``, ``acbl``, ``seed-7-boards``...)."""
    description: str
    """One line for people."""
    places: int = 0
    """Decimal places the scale is published with (2 for the WBF continuous scale)."""

    @abstractmethod
    def _vp(self, margin: Fraction, boards: int) -> tuple[Fraction, Fraction]:
        """Winner's and loser's VPs for a checked margin >= 0 and boards >= 1."""

    @abstractmethod
    def _settled(self, boards: int) -> int:
        """A whole margin from which the VPs no longer change."""

    def vp(self, margin: Margin, boards: int) -> tuple[Fraction, Fraction]:
        """The winner's and the loser's VPs for a winning margin of ``margin`` IMPs (>= 0)."""
        value = as_fraction(margin)
        if value < 0:
            raise ScoringError(f"an IMP margin is the winner's lead, 0 or more, not {_text(value)}")
        return self._vp(value, check_boards(boards))

    def split(self, margin: Margin, boards: int) -> tuple[Fraction, Fraction]:
        """VPs of the team whose own margin is ``margin`` (any sign), then of its opponents."""
        value = as_fraction(margin)
        winner, loser = self.vp(abs(value), boards)
        return (winner, loser) if value >= 0 else (loser, winner)

    def for_margin(self, margin: Margin, boards: int) -> Fraction:
        """VPs of a team from its own margin (positive when it won, negative when it lost)."""
        return self.split(margin, boards)[0]

    def total(self, boards: int) -> Fraction:
        """The VPs shared in a drawn match (20 on a 20-VP scale)."""
        return sum(self.vp(0, boards), Fraction(0))

    def table(self, boards: int) -> tuple[VpRow, ...]:
        """One row per whole margin, from 0 to the first margin whose VPs never change again.

        >>> [(r.margin, int(r.winner), int(r.loser)) for r in ACBL.table(7)][-3:]
        [(26, 19, 1), (27, 19, 1), (28, 20, 0)]
        """
        check_boards(boards)
        last = self._settled(boards)
        final = self._vp(Fraction(last), boards)
        rows: list[VpRow] = []
        for margin in range(last + 1):
            winner, loser = self._vp(Fraction(margin), boards)
            rows.append(VpRow(margin, winner, loser))
            if (winner, loser) == final:
                break
        return tuple(rows)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


MAX_MATCH_BOARDS = 999
"""The most boards a match may have: beyond any match played, and a scale for it is quick to
work out (the WBF scale's table grows with the square root of the boards)."""


def check_boards(boards: int) -> int:
    """The number of boards in a match, checked (a whole number, 1 to :data:`MAX_MATCH_BOARDS`).

    >>> check_boards(10**20)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ScoringError: a match has 1 to 999 boards, not 100000000000000000000
    """
    if (
        isinstance(boards, bool)
        or not isinstance(boards, int)
        or not 1 <= boards <= MAX_MATCH_BOARDS
    ):
        raise ScoringError(f"a match has 1 to {MAX_MATCH_BOARDS} boards, not {boards!r}")
    return boards


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


# -- WBF 2013 continuous scale -------------------------------------------------------------


def _blitz(boards: int) -> Decimal:
    return 15 * Decimal(boards).sqrt()


def _tau() -> Decimal:
    return (Decimal(5).sqrt() - 1) / 2


@lru_cache(maxsize=256)
def wbf_hundredths(boards: int) -> tuple[int, ...]:
    """The winner's VPs in hundredths for margins 0 … ceil(15·√boards) on the WBF 2013 scale.

    ``VP(M) = min(20, 10 + 10·(1 − τ^(3M/B)) / (1 − τ³))`` with τ = (√5 − 1)/2 and the blitz
    B = 15·√boards, rounded to hundredths (half up; computed to 40 significant digits so no
    binary-float rounding can move a hundredth); then, while any increment is larger than the
    one before it, the middle value is raised by 0.01 (the published tables' concavity
    correction: no IMP is worth more than the one before it).

    >>> wbf_hundredths(16)[:4], wbf_hundredths(16)[14], len(wbf_hundredths(16))
    ((1000, 1031, 1061, 1091), 1375, 61)
    """
    check_boards(boards)
    with localcontext() as context:
        context.prec = 40
        tau_cubed = _tau() ** 3
        blitz = _blitz(boards)
        last = math.ceil(blitz)
        values: list[int] = []
        for margin in range(last + 1):
            raw = 10 + 10 * (1 - tau_cubed ** (Decimal(margin) / blitz)) / (1 - tau_cubed)
            hundredths = (min(raw, Decimal(20)) * 100).quantize(Decimal(1), ROUND_HALF_UP)
            values.append(int(hundredths))
    changed = True
    while changed:
        changed = False
        for margin in range(1, last):
            if values[margin + 1] - values[margin] > values[margin] - values[margin - 1]:
                values[margin] += 1
                changed = True
    return tuple(values)


class WbfScale(VpScale):
    """The WBF 2013 continuous 20-VP scale for any number of boards, to two decimals.

    A fractional margin (from factored boards) lies on the straight line between the two whole
    margins either side of it, rounded to the hundredth (half up); the loser gets 20 − winner.

    >>> WBF.vp(Fraction(21, 2), boards=16)  # half way between 12.80 and 13.04
    (Fraction(323, 25), Fraction(177, 25))
    >>> WBF.vp(60, boards=16), WBF.vp(200, boards=16)
    ((Fraction(20, 1), Fraction(0, 1)), (Fraction(20, 1), Fraction(0, 1)))
    """

    name = "wbf"
    description = "WBF 2013 continuous 20-VP scale, two decimals, any number of boards"
    places = 2

    def _vp(self, margin: Fraction, boards: int) -> tuple[Fraction, Fraction]:
        values = wbf_hundredths(boards)
        last = len(values) - 1
        if margin >= last:
            hundredths = values[last]
        else:
            whole = math.floor(margin)
            step = values[whole + 1] - values[whole]
            hundredths = math.floor(values[whole] + (margin - whole) * step + Fraction(1, 2))
        winner = Fraction(hundredths, 100)
        return winner, 20 - winner

    def _settled(self, boards: int) -> int:
        return len(wbf_hundredths(boards)) - 1


# -- scales given by the first margin of each VP ---------------------------------------------


class CutoffScale(VpScale):
    """A whole-number 20-VP scale given by the first margin that earns 11, 12, … 20 VPs.

    A fractional margin falls in the band of its whole part (10.9 IMPs count as 10).
    """

    @abstractmethod
    def cutoffs(self, boards: int) -> tuple[int, ...]:
        """The first margin earning 11, 12, … 20 VPs (ten rising numbers)."""

    def _vp(self, margin: Fraction, boards: int) -> tuple[Fraction, Fraction]:
        step = bisect_right(self.cutoffs(boards), math.floor(margin))
        return Fraction(10 + step), Fraction(10 - step)

    def _settled(self, boards: int) -> int:
        return self.cutoffs(boards)[-1]


_ACBL_CUTOFFS: tuple[tuple[int, int, tuple[int, ...]], ...] = (
    (1, 8, (1, 3, 5, 8, 11, 14, 17, 20, 24, 28)),
    (9, 11, (1, 3, 6, 10, 14, 18, 22, 26, 31, 36)),
    (12, 15, (1, 4, 7, 11, 15, 20, 25, 30, 36, 42)),
    (16, 20, (2, 5, 9, 14, 19, 25, 32, 39, 47, 56)),
    (21, 27, (3, 7, 12, 18, 25, 33, 42, 51, 61, 72)),
    (28, 36, (4, 9, 15, 22, 30, 39, 49, 60, 72, 85)),
)


class AcblScale(CutoffScale):
    """The ACBL 20-VP Swiss-teams scales, one per range of board counts (1 to 36 boards).

    6-8 and 9-11 boards as the ACBL publishes them; 1-5 boards use the 6-8 scale; 12-36 boards
    from the cut-offs collected in the reference (rules-and-formats §4.2).

    >>> ACBL.cutoffs(7)
    (1, 3, 5, 8, 11, 14, 17, 20, 24, 28)
    >>> [str(v) for v in ACBL.vp(9, boards=9)]
    ['13', '7']
    """

    name = "acbl"
    description = "ACBL 20-VP Swiss-teams scale by number of boards (1-36 boards)"

    def cutoffs(self, boards: int) -> tuple[int, ...]:
        check_boards(boards)
        for low, high, cutoffs in _ACBL_CUTOFFS:
            if low <= boards <= high:
                return cutoffs
        raise ScoringError(f"the ACBL 20-VP scale covers matches of 1 to 36 boards, not {boards}")


@lru_cache(maxsize=256)
def wbf_discrete_cutoffs(boards: int) -> tuple[int, ...]:
    """First margins of 11 … 20 VPs on the reconstructed WBF discrete scale (see the class).

    >>> wbf_discrete_cutoffs(16)
    (2, 5, 9, 13, 18, 23, 29, 36, 44, 54)
    """
    check_boards(boards)
    with localcontext() as context:
        context.prec = 40
        tau_cubed = _tau() ** 3
        blitz = _blitz(boards)
        # highest margin of k VPs: where the continuous formula reaches k + 0.5, rounded down
        upper = []
        for k in range(10, 20):
            share = (Decimal(k) + Decimal("0.5")) / 10 - 1
            margin = blitz * (1 - (1 - tau_cubed) * share).ln() / tau_cubed.ln()
            upper.append(math.floor(margin))
    while True:
        # IMP range of each VP; the 10-VP band runs from -upper[0] to +upper[0]
        widths = [2 * upper[0] + 1] + [upper[k] - upper[k - 1] for k in range(1, 10)]
        narrower = next((k for k in range(1, 10) if widths[k] < widths[k - 1]), None)
        if narrower is None:
            return tuple(u + 1 for u in upper)
        upper[narrower - 1] -= 1


class WbfDiscreteScale(CutoffScale):
    """Whole-number 20-VP scale derived from the WBF 2013 formula. **A reconstruction.**

    The WBF publishes discrete (integer) tables for common board counts whose IMP range per VP
    never shrinks, but how they are built could not be read (rules-and-formats §4.1). This is
    the public reconstruction cited there (marcshearer/BridgeScore, ``discreteVp``), written
    afresh: the highest margin of k VPs (k = 10 … 19) is the margin where the continuous
    formula reaches k + 0.5, rounded down; then, while the IMP range of some VP is narrower
    than the range of the VP below it (the 10-VP range counting both sides of zero), the upper
    limit of that lower VP is lowered by one. For 16 boards it gives the upper limits
    1, 4, 8, 12, 17, 22, 28, 35, 43, 53 of 10 … 19 VPs (54+ = 20-0). Check it against the
    WBF's own table before relying on it in a championship.

    >>> [int(WBF_DISCRETE.vp(m, boards=16)[0]) for m in (1, 2, 53, 54)]
    [10, 11, 19, 20]
    """

    name = "wbf-discrete"
    description = "Whole-number 20-VP scale from the WBF 2013 formula (a reconstruction)"

    def cutoffs(self, boards: int) -> tuple[int, ...]:
        return wbf_discrete_cutoffs(boards)


WBF = WbfScale()
WBF_DISCRETE = WbfDiscreteScale()
ACBL = AcblScale()

BUILTIN_SCALES: Mapping[str, VpScale] = MappingProxyType(
    {scale.name: scale for scale in (WBF, WBF_DISCRETE, ACBL)}
)
"""The scales computed from a rule, by name; banded scales (:mod:`bridgescore.core.scoring.vp_bands`)
from CSV files come on top."""
