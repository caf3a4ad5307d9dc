"""How fair a movement is: who meets whom, and how often two pairs are compared.

Two pairs are *compared* on a board when both hold the same cards (the NS cards, or the EW
cards) at different tables: their scores on it are matchpointed against each other. In a
one-winner movement everybody is ranked together, so every two pairs should be compared about
equally often (movements.md §9.3); :func:`balance` gives the spread as figures, and the
*balance* as a percentage, 100 when every two pairs are compared equally often:
``100 x (1 - s.d. / mean)`` of the comparisons of every two pairs, counted in boards.

>>> from bridgescore.core.movements.movement import Movement, Sitting
>>> movement = Movement("howell", 2, 1, 1, 1, {"1": (1,)}, ("1", "2", "3", "4"),
...     (Sitting(1, 1, "1", "2", "1"), Sitting(1, 2, "3", "4", "1")))
>>> figures = balance(movement)
>>> figures.least, figures.most, str(figures)
(0, 1, 'compared 0 to 1 times (mean 0.33, s.d. 0.47): balance 0.0%')
"""

from __future__ import annotations

__all__ = ["Balance", "balance", "comparison_spread", "comparisons", "meetings"]

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from math import sqrt

from bridgescore.core.movements.movement import Movement, members
from bridgescore.core.table.seats import Side


def meetings(movement: Movement) -> Counter[tuple[str, str]]:
    """How many rounds every two opponents meet, keyed by their names in natural order (pairs
    or players; teams by team)."""
    met: Counter[tuple[str, str]] = Counter()
    for sitting in movement.schedule:
        for one in members(sitting.ns):
            for other in members(sitting.ew):
                met[_key(one, other)] += 1
    return met


def comparisons(movement: Movement) -> Counter[tuple[str, str]]:
    """In how many boards every two pairs (players) hold the same cards at different tables."""
    compared: Counter[tuple[str, str]] = Counter()
    holders: dict[tuple[str, Side], list[tuple[int, tuple[str, ...]]]] = {}
    for index, sitting in enumerate(movement.schedule):
        if not sitting.plays:
            continue
        for side in Side:
            holders.setdefault((sitting.set, side), []).append(
                (index, members(sitting.holding(side)))
            )
    for (set_name, _), held in holders.items():
        size = len(movement.sets[set_name])
        for (first, ones), (second, others) in combinations(held, 2):
            if first != second:
                for one in ones:
                    for other in others:
                        if one != other:
                            compared[_key(one, other)] += size
    return compared


def _key(one: str, other: str) -> tuple[str, str]:
    from bridgescore.core.numbers import natural_key

    first, second = sorted((one, other), key=natural_key)
    return first, second


@dataclass(frozen=True, slots=True)
class Balance:
    """The comparisons of every two pairs (players): fewest, most, mean, standard deviation,
    and the balance percentage (see the module docstring)."""

    least: int
    most: int
    mean: float
    sd: float

    @property
    def percent(self) -> float:
        return 0.0 if self.mean == 0 else max(0.0, 100 * (1 - self.sd / self.mean))

    def __str__(self) -> str:
        return (
            f"compared {self.least} to {self.most} times (mean {self.mean:.2f}, "
            f"s.d. {self.sd:.2f}): balance {self.percent:.1f}%"
        )


def _playing(movement: Movement) -> list[str]:
    found = {name for s in movement.schedule for side in Side for name in members(s.side(side))}
    return sorted(found)


def balance(movement: Movement) -> Balance:
    """The comparison figures of every two pairs (players) who play (see :class:`Balance`)."""
    compared = comparisons(movement)
    counts = [compared.get(_key(a, b), 0) for a, b in combinations(_playing(movement), 2)]
    if not counts:
        return Balance(0, 0, 0.0, 0.0)
    mean = sum(counts) / len(counts)
    sd = sqrt(sum((c - mean) ** 2 for c in counts) / len(counts))
    return Balance(min(counts), max(counts), mean, sd)


def comparison_spread(movement: Movement) -> tuple[int, float]:
    """What a search for the fairest movement minimises: the spread of the comparisons, then
    their standard deviation."""
    figures = balance(movement)
    return figures.most - figures.least, round(figures.sd, 9)
