"""Victory Point scales given as a table of IMP bands, as clubs print them.

Each band gives a range of whole IMP margins and the winner's and loser's VPs. The loser's VPs
may be negative ("negative VPs": 20 to -5 for a landslide). The same scale serves any number of
boards; a fractional margin falls in the band of its whole part.

>>> scale = BandedScale("tiny", (
...     VpBand(0, 2, Fraction(10), Fraction(10)),
...     VpBand(3, 9, Fraction(15), Fraction(5)),
...     VpBand(10, None, Fraction(20), Fraction(0)),
... ))
>>> [str(v) for v in scale.vp(Fraction(29, 10), boards=7)]
['10', '10']
>>> [(row.margin, str(row.winner)) for row in scale.table(boards=7)][-2:]
[(9, '15'), (10, '20')]
>>> print(VpBand(47, 54, Fraction(19), Fraction(1)), VpBand(80, None, Fraction(20), Fraction(-5)))
47-54 IMPs: 19 - 1 80+ IMPs: 20 - -5
"""

from __future__ import annotations

__all__ = ["BandedScale", "VpBand", "band_problems"]

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.errors import ScoringError
from bridgescore.core.scoring.vp import VpScale


@dataclass(frozen=True, slots=True)
class VpBand:
    """Whole IMP margins ``min_imps`` … ``max_imps`` (None: and above) earn these VPs."""

    min_imps: int
    max_imps: int | None
    winner: Fraction
    loser: Fraction

    @property
    def imps_text(self) -> str:
        """``47-54`` or ``55+``."""
        if self.max_imps is None:
            return f"{self.min_imps}+"
        return f"{self.min_imps}-{self.max_imps}"

    def __str__(self) -> str:
        return f"{self.imps_text} IMPs: {_vp_text(self.winner)} - {_vp_text(self.loser)}"


def _vp_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def band_problems(bands: Sequence[VpBand]) -> list[tuple[int | None, str]]:
    """What is wrong with a list of bands, each as (index of the band or None, message).

    The bands must run upwards from 0 IMPs without gaps or overlaps, the last one open-ended
    (and only that one); a margin of 0 is a draw (equal VPs); the winner never gets fewer VPs
    than the loser, and a bigger margin never gives the winner fewer or the loser more.

    >>> band_problems([VpBand(0, 2, Fraction(10), Fraction(10)), VpBand(4, None, Fraction(20), Fraction(0))])
    [(1, 'margins of 3 IMPs are in no band (the band before ends at 2)')]
    """
    problems: list[tuple[int | None, str]] = []
    if not bands:
        return [(None, "the scale has no bands")]
    expected = 0
    previous: VpBand | None = None
    for index, band in enumerate(bands):
        problems.extend((index, message) for message in _band_alone(band, index, len(bands)))
        if band.min_imps > expected:
            missing = _range_text(expected, band.min_imps - 1)
            where = "the first band starts at" if previous is None else "the band before ends at"
            after = band.min_imps if previous is None else previous.max_imps
            problems.append((index, f"margins of {missing} IMPs are in no band ({where} {after})"))
        elif band.min_imps < expected and previous is not None:
            problems.append(
                (index, f"{band.imps_text} IMPs overlap the band before ({previous.imps_text})")
            )
        if previous is not None:
            problems.extend((index, message) for message in _band_order(previous, band))
        if band.max_imps is None:
            break
        expected = max(expected, band.max_imps + 1)
        previous = band
    return problems


def _band_alone(band: VpBand, index: int, count: int) -> list[str]:
    messages = []
    if band.min_imps < 0:
        messages.append(f"a margin is 0 IMPs or more, not {band.min_imps}")
    if band.max_imps is not None and band.max_imps < band.min_imps:
        messages.append(f"the band {band.imps_text} ends below where it starts")
    if band.max_imps is None and index != count - 1:
        messages.append("only the last band can be open-ended (blank max_imps)")
    if band.max_imps is not None and index == count - 1:
        messages.append(
            "the last band must be open-ended (leave max_imps blank) so every margin earns VPs"
        )
    if band.min_imps <= 0 and band.winner != band.loser:
        messages.append(
            "a margin of 0 IMPs is a draw: winner and loser get the same VPs, "
            f"not {_vp_text(band.winner)} and {_vp_text(band.loser)}"
        )
    if band.winner < band.loser:
        messages.append(
            f"the winner gets fewer VPs than the loser ({_vp_text(band.winner)} and "
            f"{_vp_text(band.loser)})"
        )
    return messages


def _band_order(previous: VpBand, band: VpBand) -> list[str]:
    messages = []
    if band.winner < previous.winner:
        messages.append(
            f"the winner's VPs fall from {_vp_text(previous.winner)} to {_vp_text(band.winner)} "
            "as the margin grows"
        )
    if band.loser > previous.loser:
        messages.append(
            f"the loser's VPs rise from {_vp_text(previous.loser)} to {_vp_text(band.loser)} "
            "as the margin grows"
        )
    return messages


def _range_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


class BandedScale(VpScale):
    """A VP scale from a table of IMP bands (see :func:`band_problems` for what is checked)."""

    def __init__(self, name: str, bands: Sequence[VpBand], description: str = "") -> None:
        problems = band_problems(bands)
        if problems:
            index, message = problems[0]
            where = "" if index is None else f"band {index + 1}: "
            raise ScoringError(f"VP scale {name!r}: {where}{message}")
        self.name = name
        self.description = description or f"VP scale {name}"
        self.bands: tuple[VpBand, ...] = tuple(bands)
        self._starts = [band.min_imps for band in self.bands]
        values = [v for band in self.bands for v in (band.winner, band.loser)]
        self.places = 0 if all(v.denominator == 1 for v in values) else 2

    def _vp(self, margin: Fraction, boards: int) -> tuple[Fraction, Fraction]:
        band = self.bands[bisect_right(self._starts, math.floor(margin)) - 1]
        return band.winner, band.loser

    def _settled(self, boards: int) -> int:
        return self.bands[-1].min_imps

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BandedScale):
            return NotImplemented
        return (self.name, self.bands) == (other.name, other.bands)

    def __hash__(self) -> int:
        return hash((self.name, self.bands))
