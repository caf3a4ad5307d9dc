"""Matchpoints on one board (Law 78A) and the Neuberg formula.

Points are computed in *2/1 units* (EBU/WBF: 2 for each score beaten, 1 for each score tied); the
ACBL 1/0.5 scale is exactly half. A board with ``n`` results has a top of ``2(n-1)`` units.

A result is an NS score or, for a weighted assigned score (Law 12C1(c)), a *distribution*:
``((weight, ns_score), ...)`` with weights adding up to 1. A distribution is matchpointed
component by component against the other results, and the others compare against each of its
components with the same weights (rules-and-formats §3.4).

>>> raw_matchpoints([480, 450, 450, 430, 420, 400])
[10, 7, 7, 4, 2, 0]
>>> [str(mp) for mp in matchpoints([480, 450, 450, 430, 420, 400], scale="1/0.5")]
['5', '7/2', '7/2', '2', '1', '0']
>>> [str(neuberg(mp, actual=5, expected=6)) for mp in raw_matchpoints([620, 620, 170, 140, -100])]
['43/5', '43/5', '5', '13/5', '1/5']
>>> Scale.ACBL.points(Fraction(43, 5)), Scale.ACBL.top(6)
(Fraction(43, 10), Fraction(5, 1))
"""

from __future__ import annotations

__all__ = [
    "Distribution",
    "Scale",
    "matchpoints",
    "matchpoints_against",
    "neuberg",
    "raw_matchpoints",
    "weighted_matchpoints",
]

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from enum import Enum
from fractions import Fraction

from bridgescore.core.errors import NotationError, ScoringError

Distribution = tuple[tuple[Fraction, int], ...]
"""A weighted score's components as ``(weight, ns_score)`` pairs, weights adding up to 1."""


class Scale(Enum):
    """The matchpoint scale: ``2/1`` (EBU, WBF: top 2(n-1)) or ``1/0.5`` (ACBL: top n-1)."""

    EBU = "2/1"
    ACBL = "1/0.5"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Scale:
        """``2/1`` (also ``2``, ``ebu``, ``wbf``) or ``1/0.5`` (also ``1``, ``acbl``)."""
        key = text.strip().lower().replace(" ", "")
        if key in ("2/1", "2/1/0", "2", "ebu", "wbf", "uk"):
            return cls.EBU
        if key in ("1/0.5", "1/.5", "1/0.5/0", "1", "acbl", "us"):
            return cls.ACBL
        raise NotationError(text, "a matchpoint scale is 2/1 or 1/0.5")

    def points(self, units: Fraction) -> Fraction:
        """Matchpoints on this scale for ``units`` in 2/1 units."""
        return Fraction(units) if self is Scale.EBU else Fraction(units) / 2

    def top(self, results: int) -> Fraction:
        """The top on a board compared among ``results`` results."""
        return self.points(Fraction(2 * max(results - 1, 0)))


def raw_matchpoints(scores: Sequence[int]) -> list[int]:
    """2/1 matchpoints of each score among all of them: ``2 x beaten + (tied - 1)``.

    O(n log n): one sort, two binary searches for each distinct score (a board of a big field
    has a few dozen).

    >>> raw_matchpoints([620]), raw_matchpoints([100, 100, 100])
    ([0], [2, 2, 2])
    """
    ordered = sorted(scores)
    units = {s: bisect_left(ordered, s) + bisect_right(ordered, s) - 1 for s in set(ordered)}
    return [units[s] for s in scores]


def _components(result: int | Distribution) -> Distribution:
    return ((Fraction(1), result),) if isinstance(result, int) else result


def matchpoints_against(result: int | Distribution, other: int | Distribution) -> Fraction:
    """2/1 units one result earns against one other: 2 for beating it, 1 for a tie, weighed
    component by component where either is a weighted score.

    >>> matchpoints_against(420, 400), matchpoints_against(420, ((Fraction(1, 2), 420), (Fraction(1, 2), 450)))
    (Fraction(2, 1), Fraction(1, 2))
    """
    return sum(
        (
            weight * other_weight * (2 if score > value else 1 if score == value else 0)
            for weight, score in _components(result)
            for other_weight, value in _components(other)
        ),
        Fraction(0),
    )


def weighted_matchpoints(results: Sequence[int | Distribution]) -> list[Fraction]:
    """2/1 matchpoints where some results are weighted distributions.

    >>> weighted = ((Fraction(3, 5), 420), (Fraction(2, 5), -50))
    >>> [str(mp) for mp in weighted_matchpoints([weighted, 450, 420, 170, -50, -100])]
    ['27/5', '10', '37/5', '24/5', '12/5', '0']
    """
    plain_points = iter(raw_matchpoints([r for r in results if isinstance(r, int)]))
    weighted = [r for r in results if not isinstance(r, int)]
    points: list[Fraction] = []
    for index, result in enumerate(results):
        if isinstance(result, int):
            against = sum((matchpoints_against(result, o) for o in weighted), Fraction(0))
            points.append(next(plain_points) + against)
            continue
        others = (o for i, o in enumerate(results) if i != index)
        points.append(sum((matchpoints_against(result, o) for o in others), Fraction(0)))
    return points


def neuberg(units: Fraction | int, actual: int, expected: int) -> Fraction:
    """Neuberg-factor 2/1 units earned among ``actual`` results to ``expected`` results.

    ``(MP + 1) x E/A - 1``: each actual result counts as E/A results. On the 1/0.5 scale this is
    the same as ``(MP + 1/2) x E/A - 1/2`` (the "WBF formula").

    >>> neuberg(18, actual=10, expected=11), neuberg(0, actual=10, expected=11)
    (Fraction(199, 10), Fraction(1, 10))
    >>> neuberg(0, actual=1, expected=6)
    Fraction(5, 1)
    """
    if actual < 1 or expected < actual:
        raise ValueError(f"cannot factor {actual} results to {expected}")
    if actual == expected:
        return Fraction(units)
    return (Fraction(units) + 1) * Fraction(expected, actual) - 1


def matchpoints(
    scores: Sequence[int], *, scale: Scale | str = Scale.EBU, expected: int | None = None
) -> list[Fraction]:
    """Matchpoints of each NS score on one board, exact (EW's are the top minus NS's).

    The scale is 2/1 unless ``scale`` says ``1/0.5``: 2 for each score beaten and 1 for each
    tied, so the top is 2(n-1) for n scores (on 1/0.5, 1 and 1/2, a top of n-1). With
    ``expected`` the scores are Neuberg-factored to that many results (Law 78A, as a board
    played fewer times than the others).

    >>> matchpoints([480, 450, 450, 420, 400])  # 2/1: top 8 for five scores
    [Fraction(8, 1), Fraction(5, 1), Fraction(5, 1), Fraction(2, 1), Fraction(0, 1)]
    >>> [str(mp) for mp in matchpoints([620, 170, -100], expected=4)]  # top 6, as for 4 scores
    ['17/3', '3', '1/3']
    """
    rate = scale if isinstance(scale, Scale) else Scale.parse(scale)
    actual = len(scores)
    wanted = actual if expected is None else expected
    if actual and wanted < actual:
        raise ScoringError(f"{actual} results cannot be factored down to {wanted} expected")
    return [rate.points(neuberg(units, actual, wanted)) for units in raw_matchpoints(scores)]
