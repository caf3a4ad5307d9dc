"""The searches behind the shipped movements: slow, so they are run offline
(``bench/search_movements.py``) and what they find is shipped as data
(``bridgescore/data/movements.json``, read by :mod:`~bridgescore.core.movements.shipped`).

Both are deterministic: the same arguments (and seed) find the same movement.

* :func:`cyclic_structure`: the first round of a *cyclic* Howell of ``rounds`` rounds and as
  many sets. Its pairs are ``orbits`` copies of the residues mod ``rounds`` (each round adds
  one to every residue) and a few *fixed* pairs that never move: one copy and one fixed pair
  is a complete Howell (movements.md §3.1), one copy and more fixed pairs a three-quarter
  Howell, two copies an interwoven (double) Howell. Two pairs at a table differ by a
  *difference*; no difference is used twice, so no two pairs meet twice. Each table ``t``
  plays set ``offset[t] + r`` in round ``r``, so it plays every set once and every set is
  played once at every table (equal play); the offsets are chosen so that no pair meets a set
  twice (``y -> offset(y) - y`` one-to-one in each copy). Two tables share an offset (and a
  set, every round) only when there are more tables than sets, or no other way is found.
* :func:`best_flips`: which tables to turn round (a Howell's NS and EW pairs swapped, a
  Mitchell's table arrow-switched), cell by cell or a whole table at a time, so that every two
  pairs are compared as evenly as can be found. Turning a table round moves comparisons
  between pairs but not their number, so the mean is fixed and the search minimises the sum
  of squares of the comparison counts (:class:`Tally`) by simulated annealing, or by trying
  every choice when whole tables turn.

>>> import random
>>> first, offsets = cyclic_structure(4, 7, 1, random.Random(1))
>>> len(first), sorted(p for match in first for p in match) == list(range(1, 9))
(4, True)
>>> from bridgescore.core.movements.mitchell import mitchell
>>> flips = best_flips(mitchell(5, rounds=4, boards=8), 2000, 1)  # two winners: nobody across
>>> len(flips)
12
"""

from __future__ import annotations

__all__ = ["Tally", "best_flips", "cyclic_structure", "shift"]

import math
import random
from collections.abc import Iterable

from bridgescore.core.movements.cyclic import board_offsets
from bridgescore.core.movements.movement import Movement, members
from bridgescore.core.table.seats import Side

Cell = tuple[int, int]
"""A round and a table."""


def shift(pair: int, rounds: int, orbits: int, by: int) -> int:
    """Pair ``pair`` of a cyclic movement's first round, ``by`` rounds later: a pair of the
    copies of the residues moves on (within its copy); a fixed pair stays.

    >>> shift(3, 7, 1, 5), shift(8, 7, 1, 5), shift(9, 7, 2, 6)
    (1, 8, 8)
    """
    if pair > orbits * rounds:
        return pair
    copy, residue = divmod(pair - 1, rounds)
    return copy * rounds + (residue + by) % rounds + 1


class Tally:
    """The comparisons of every two pairs of a movement, kept up to date as its tables turn
    round (:meth:`turn`), with what a turn would change the sum of squares by (:meth:`cost`)."""

    def __init__(self, movement: Movement) -> None:
        names = sorted({n for s in movement.schedule for n in members(s.ns) + members(s.ew)})
        index = {name: i for i, name in enumerate(names)}
        self.cells: list[Cell] = []
        self.held: list[list[int]] = []  # each playing cell: [NS holder, EW holder]
        self.sets: list[str] = []
        for sitting in movement.schedule:
            if sitting.plays:
                ns, ew = (members(sitting.holding(side))[0] for side in Side)
                self.cells.append((sitting.round, sitting.table))
                self.held.append([index[ns], index[ew]])
                self.sets.append(sitting.set)
        self.size = len(names)
        self.turned = [False] * len(self.cells)
        self.same: list[list[int]] = [[] for _ in self.cells]  # the other cells on its set
        by_set: dict[str, list[int]] = {}
        for i, name in enumerate(self.sets):
            by_set.setdefault(name, []).append(i)
        for cells in by_set.values():
            for i in cells:
                self.same[i] = [j for j in cells if j != i]
        self.counts = [[0] * self.size for _ in range(self.size)]
        for i in range(len(self.cells)):
            for j in self.same[i]:
                if j > i:
                    for side in (0, 1):
                        one, other = self.held[i][side], self.held[j][side]
                        self.counts[one][other] += 1
                        self.counts[other][one] += 1

    def squares(self) -> int:
        """The sum of squares of the comparison counts of every two pairs."""
        return sum(self.counts[p][q] ** 2 for p in range(self.size) for q in range(p))

    def cost(self, cell: int) -> int:
        """What turning ``cell`` round would add to :meth:`squares`."""
        ns, ew = self.held[cell]
        counts, total = self.counts, 0
        for j in self.same[cell]:
            other_ns, other_ew = self.held[j]
            total += 4 - 2 * (counts[ns][other_ns] + counts[ew][other_ew])
            total += 2 * (counts[ns][other_ew] + counts[ew][other_ns])
        return total

    def turn(self, cell: int) -> None:
        """Swap who holds the NS and EW cards at ``cell``."""
        ns, ew = self.held[cell]
        counts = self.counts
        for j in self.same[cell]:
            other_ns, other_ew = self.held[j]
            for one, lost, won in ((ns, other_ns, other_ew), (ew, other_ew, other_ns)):
                counts[one][lost] -= 1
                counts[lost][one] -= 1
                counts[one][won] += 1
                counts[won][one] += 1
        self.held[cell] = [ew, ns]
        self.turned[cell] = not self.turned[cell]

    def percent(self) -> float:
        """The balance (:mod:`~bridgescore.core.movements.balance`) of the movement as turned."""
        values = [self.counts[p][q] for p in range(self.size) for q in range(p)]
        mean = sum(values) / len(values)
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        return 0.0 if mean == 0 else 100 * (1 - sd / mean)


def _anneal(tally: Tally, groups: list[list[int]], steps: int, seed: int) -> None:
    """Turn groups of cells round by simulated annealing, ending on the best seen."""
    rng = random.Random(seed)
    current = best = tally.squares()
    kept = list(tally.turned)
    hot, cold = float(len(groups[0]) * max(4, len(tally.same[0]))), 0.1
    for step in range(steps):
        heat = hot * (cold / hot) ** (step / steps)
        group = groups[rng.randrange(len(groups))]
        change = 0
        for cell in group:
            change += tally.cost(cell)
            tally.turn(cell)
        if change <= 0 or rng.random() < math.exp(-change / heat):
            current += change
            if current < best:
                best, kept = current, list(tally.turned)
        else:
            for cell in reversed(group):
                tally.turn(cell)
    for cell, turned in enumerate(kept):
        if tally.turned[cell] != turned:
            tally.turn(cell)


def _every_choice(tally: Tally, groups: list[list[int]]) -> None:
    """Turn whole groups round, every choice tried (a Gray code), ending on the best."""
    current = best = tally.squares()
    code = chosen = 0
    for step in range(1, 2 ** len(groups)):
        bit = (step & -step).bit_length() - 1
        for cell in groups[bit]:
            current += tally.cost(cell)
            tally.turn(cell)
        code ^= 1 << bit
        if current < best:
            best, chosen = current, code
    for bit, group in enumerate(groups):
        if (code ^ chosen) >> bit & 1:
            for cell in group:
                tally.turn(cell)


def best_flips(
    movement: Movement, steps: int, seed: int, *, by_table: bool = False
) -> frozenset[Cell]:
    """The cells (round, table) to turn round so that every two pairs are compared as evenly
    as the search finds (see the module docstring). ``by_table`` turns whole tables (every
    choice tried, up to 16 tables). Cells left turned that do not help are turned back, so
    that as few as possible are turned."""
    tally = Tally(movement)
    if by_table:
        tables: dict[int, list[int]] = {}
        for cell, (_, table) in enumerate(tally.cells):
            tables.setdefault(table, []).append(cell)
        groups = list(tables.values())
        if len(groups) <= 16:
            _every_choice(tally, groups)
        else:
            _anneal(tally, groups, steps, seed)
    else:
        _anneal(tally, [[cell] for cell in range(len(tally.cells))], steps, seed)
        for cell in range(len(tally.cells)):
            if tally.turned[cell] and tally.cost(cell) <= 0:
                tally.turn(cell)
    return frozenset(cell for cell, turned in zip(tally.cells, tally.turned, strict=True) if turned)


def _pairings(
    left: list[tuple[int, int]], rounds: int, used: set[tuple[int, int, int]], rng: random.Random
) -> Iterable[list[tuple[tuple[int, int], tuple[int, int]]]]:
    """Every way (in a random order) to seat ``left`` (copy, residue) two to a table with no
    difference used twice."""
    if not left:
        yield []
        return
    first, rest = left[0], left[1:]
    for index in rng.sample(range(len(rest)), len(rest)):
        other = rest[index]
        if first[0] == other[0]:
            gap = (other[1] - first[1]) % rounds
            gap = min(gap, rounds - gap)
            if 2 * gap == rounds:  # they would meet twice
                continue
        else:
            low, high = sorted((first, other))
            gap = (high[1] - low[1]) % rounds
        key = (min(first[0], other[0]), max(first[0], other[0]), gap)
        if key in used:
            continue
        used.add(key)
        for tail in _pairings(rest[:index] + rest[index + 1 :], rounds, used, rng):
            yield [(first, other), *tail]
        used.discard(key)


def cyclic_structure(
    tables: int, rounds: int, orbits: int, rng: random.Random, limit: int = 5000
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]] | None:
    """A random cyclic Howell's first round, as the pairs at each table (numbered as
    :func:`shift` moves them: the residues of copy ``c`` are pairs ``c * rounds + 1`` on, the
    fixed pairs follow), and each table's board offset; tables in offset order. ``None`` when
    the counts do not make one, or none was found in a few hundred tries."""
    fixed = 2 * tables - orbits * rounds
    if not 0 <= fixed <= tables or rounds < 2:
        return None
    residues = [(copy, y) for copy in range(orbits) for y in range(rounds)]
    for attempt in range(300):
        rng.shuffle(residues)
        alone, left = residues[:fixed], sorted(residues[fixed:])
        pairing = next(iter(_pairings(left, rounds, set(), rng)), None)
        if pairing is None:
            continue
        groups = [[seat] for seat in alone] + [[a, b] for a, b in pairing]
        share = tables > rounds or attempt >= 100  # two tables on a set when no better
        seated = tuple(tuple(group) for group in groups)
        offsets = board_offsets(rounds, seated, share=share, rng=rng, limit=limit)
        if offsets is None:
            continue

        def number(seat: tuple[int, int]) -> int:
            return seat[0] * rounds + seat[1] + 1

        firsts = [(orbits * rounds + j + 1, number(s)) for j, s in enumerate(alone)]
        firsts += [(number(a), number(b)) for a, b in pairing]
        order = sorted(range(tables), key=lambda k: (offsets[k], k))
        return tuple(firsts[k] for k in order), tuple(offsets[k] for k in order)
    return None
