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
from math import sqrt

from bridgescore.core.movements.movement import Movement, members
from bridgescore.core.numbers import natural_key
from bridgescore.core.table.seats import Side


def _ranks(movement: Movement) -> list[str]:
    """Every pair (player, team) of the schedule, in natural order."""
    found = {name for s in movement.schedule for side in Side for name in members(s.side(side))}
    return sorted(found, key=natural_key)


def _named(counts: Counter[tuple[int, int]], names: list[str]) -> Counter[tuple[str, str]]:
    return Counter({(names[a], names[b]): n for (a, b), n in counts.items()})


def meetings(movement: Movement) -> Counter[tuple[str, str]]:
    """How many rounds every two opponents meet, keyed by their names in natural order (pairs
    or players; teams by team)."""
    names = _ranks(movement)
    rank = {name: i for i, name in enumerate(names)}
    met: Counter[tuple[int, int]] = Counter()
    for sitting in movement.schedule:
        for one in members(sitting.ns):
            for other in members(sitting.ew):
                a, b = rank[one], rank[other]
                met[(a, b) if a < b else (b, a)] += 1
    return _named(met, names)


def _compared(movement: Movement, rank: dict[str, int]) -> Counter[tuple[int, int]]:
    """:func:`comparisons` keyed by the pairs' ranks (lower first): for every set and
    direction, every two of its holders at different tables, counted in a flat table."""
    held: dict[tuple[str, Side], list[tuple[int, int]]] = {}
    for index, sitting in enumerate(movement.schedule):
        if not sitting.plays:
            continue
        for side in Side:
            holders = [(rank[name], index) for name in members(sitting.holding(side))]
            for set_name in sitting.sets:
                held.setdefault((set_name, side), []).extend(holders)
    size = len(rank)
    flat = [0] * (size * size)
    for (set_name, _), holders in held.items():
        boards = len(movement.sets[set_name])
        holders.sort()
        for i, (one, first) in enumerate(holders):
            row = one * size
            for other, second in holders[i + 1 :]:
                if first != second and one != other:
                    flat[row + other] += boards
    return Counter({divmod(at, size): count for at, count in enumerate(flat) if count})


def comparisons(movement: Movement) -> Counter[tuple[str, str]]:
    """In how many boards every two pairs (players) hold the same cards at different tables,
    keyed by their names in natural order."""
    names = _ranks(movement)
    return _named(_compared(movement, {name: i for i, name in enumerate(names)}), names)


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


def balance(movement: Movement) -> Balance:
    """The comparison figures of every two pairs (players) who play (see :class:`Balance`)."""
    names = _ranks(movement)
    compared = _compared(movement, {name: i for i, name in enumerate(names)})
    couples = len(names) * (len(names) - 1) // 2
    if not couples:
        return Balance(0, 0, 0.0, 0.0)
    values = list(compared.values())
    mean = sum(values) / couples
    squares = sum((c - mean) ** 2 for c in values) + (couples - len(values)) * mean**2
    least = min(values) if len(values) == couples else 0
    return Balance(least, max(values, default=0), mean, sqrt(squares / couples))


def comparison_spread(movement: Movement) -> tuple[int, float]:
    """What a search for the fairest movement minimises: the spread of the comparisons, then
    their standard deviation."""
    figures = balance(movement)
    return figures.most - figures.least, round(figures.sd, 9)
