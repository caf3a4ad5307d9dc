"""Competition ranking with ties shown as ``3=``, decided on exact values.

>>> ranked = rank({"1": Fraction(62), "2": Fraction(55), "5": Fraction(66), "12": Fraction(66)})
>>> [(r.rank_text, r.key) for r in ranked]
[('1=', '5'), ('1=', '12'), ('3', '1'), ('4', '2')]
"""

from __future__ import annotations

__all__ = ["Ranked", "TieNotation", "group_places", "places", "rank", "rank_text"]

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from itertools import accumulate, groupby, repeat
from operator import gt, itemgetter
from typing import Any, Generic, TypeVar

from bridgescore.core.errors import enum_value

K = TypeVar("K", bound=Hashable)
_INDEX, _TIED = itemgetter(0), itemgetter(2)


def rank_text(rank: int | None, tied: bool) -> str:
    """A place as the results show it: ``3``, ``3=`` when shared, ``-`` when there is none
    (a team that withdrew).

    >>> rank_text(3, False), rank_text(3, True), rank_text(None, False)
    ('3', '3=', '-')
    """
    if rank is None:
        return "-"
    return f"{rank}=" if tied else str(rank)


class TieNotation(Enum):
    """How a shared place is written: ``3=`` (EBU, USEBIO) or plain ``3``.

    >>> TieNotation.PLAIN.text(3, True), TieNotation.EQUALS.text(3, True)
    ('3', '3=')
    """

    EQUALS = "equals"
    PLAIN = "plain"

    def __repr__(self) -> str:
        return f"TieNotation.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> TieNotation:
        """``equals`` or ``plain``."""
        return enum_value(cls, text, "a shared place is written with equals (3=) or plain (3)")

    def text(self, rank: int | None, tied: bool) -> str:
        """The place as this notation writes it (``-`` when there is none)."""
        return rank_text(rank, tied and self is TieNotation.EQUALS)


@dataclass(frozen=True, slots=True)
class Ranked(Generic[K]):
    """One contestant's place: ``rank`` 1 is first; ``tied`` when another shares the value."""

    key: K
    value: Fraction
    rank: int
    tied: bool

    @property
    def rank_text(self) -> str:
        """``3`` or ``3=``."""
        return rank_text(self.rank, self.tied)


def rank(
    values: Mapping[K, Fraction],
    *,
    order: Callable[[K], Any] | None = None,
    descending: bool = True,
) -> list[Ranked[K]]:
    """Rank contestants by value (highest first unless ``descending`` is off).

    Equal values share the higher place and the next place is skipped (1, 2=, 2=, 4).
    ``order`` sorts tied contestants for display (default: as given).
    """
    keys = list(values)
    if order is not None:
        keys.sort(key=order)
    figures = [values[key] for key in keys]
    return [
        Ranked(keys[index], figures[index], place, tied)
        for index, place, tied in places(figures, descending=descending)
    ]


def places(values: Sequence[Fraction], *, descending: bool = True) -> list[tuple[int, int, bool]]:
    """Each value's place, best first: (its index, its place, whether it is shared); ties
    keep the order given.

    Sorted on the values as floats (a float is the exact value rounded to nearest, so a smaller
    float never stands for a bigger value), then exactly within each run of equal floats.

    >>> places([Fraction(1, 3), Fraction(2), Fraction(1, 3)])
    [(1, 1, False), (0, 2, True), (2, 2, True)]
    """
    sign = -1 if descending else 1
    rough = [sign * float(value) for value in values]
    ordered = sorted(range(len(values)), key=rough.__getitem__)
    if len(set(rough)) == len(rough):  # no two alike even as floats: no tie at all
        return list(
            zip(ordered, range(1, len(ordered) + 1), repeat(False, len(ordered)), strict=True)
        )
    found: list[tuple[int, int, bool]] = []
    for _, same in groupby(ordered, key=rough.__getitem__):
        run = list(same)
        if len(run) == 1:  # (most values: no other rounds to the same float)
            found.append((run[0], len(found) + 1, False))
            continue
        if len({values[index] for index in run}) > 1:  # rounding merged different values
            run.sort(key=lambda index: sign * values[index])
        for _, equal in groupby(run, key=values.__getitem__):
            tied = list(equal)
            place = len(found) + 1
            found.extend((index, place, len(tied) > 1) for index in tied)
    return found


def group_places(
    values: Sequence[Fraction], counts: Sequence[int], *, descending: bool = True
) -> list[tuple[int, int, bool]]:
    """Places of groups of contestants with one value each: ``counts[i]`` contestants share
    ``values[i]``. Each group's (its index, its contestants' place, whether that place is
    shared), best first, as :func:`places` would give them to the contestants one by one:
    groups of equal values share a place, and a group of two or more shares its place.

    >>> group_places([Fraction(1), Fraction(3), Fraction(1), Fraction(0)], [2, 1, 1, 1])
    [(1, 1, False), (0, 2, True), (2, 2, True), (3, 5, False)]
    """
    ranked = places(values, descending=descending)
    if not any(map(_TIED, ranked)):  # (most fields: each group's place follows the groups ahead)
        order = list(map(_INDEX, ranked))
        sizes = list(map(counts.__getitem__, order))
        starts = list(accumulate(sizes[:-1], initial=1)) if sizes else []
        return list(zip(order, starts, map(gt, sizes, repeat(1)), strict=True))
    found: list[tuple[int, int, bool]] = []
    ahead = 0  # the contestants placed so far
    run = shared = 0  # the place of the last run of equal values, and its groups' place
    for index, place, tied in ranked:
        if tied and place == run:  # another group of the run's value
            found.append((index, shared, True))
        else:
            run, shared = place, ahead + 1
            found.append((index, shared, tied or counts[index] > 1))
        ahead += counts[index]
    return found
