"""Vectorised per-board scoring with numpy, exactly equal to the pure reference in ``core``.

Every kernel sorts the scores once and then works on the *distinct* scores of each board (a board
of a million results has only a few dozen), mapping the figures back to the results with one
``searchsorted``. Nothing is approximate: points are int64, and where the reference gives a
:class:`~fractions.Fraction` (Neuberg, normalised cross-IMPs) the kernels give integer numerators
over known denominators.

One board:

>>> import numpy as np
>>> scores = np.array([480, 450, 450, 430, 420, 400])
>>> matchpoints(scores).tolist(), cross_imps(scores).tolist()
([10, 7, 7, 4, 2, 0], [8, 3, 3, -3, -3, -8])
>>> numerators, denominator = neuberg(matchpoints(np.array([620, 620, 170, 140, -100])), 6)
>>> numerators.tolist(), denominator
([43, 43, 25, 13, 1], 5)
>>> datum = butler_datum(np.array([620, 620, 650, 170, 140, 620, -100, 600]), drop=1)
>>> datum, imps(np.array([620, 170]) - datum).tolist()
(460, [4, -7])

Many boards at once (``groups`` numbers the boards 0, 1, 2, ...):

>>> boards = Boards(np.array([0, 0, 1, 1, 1]), np.array([420, 450, -50, -50, 100]))
>>> boards.matchpoints().tolist(), boards.sizes.tolist()
([0, 2, 1, 1, 4], [2, 3])
"""

from __future__ import annotations

__all__ = [
    "IMP_EDGES",
    "Boards",
    "butler_datum",
    "cross_imps",
    "exact_numerators",
    "imps",
    "matchpoints",
    "neuberg",
    "neuberg_grouped",
    "round_to_ten",
]

from collections.abc import Sequence
from math import lcm

import numpy as np
import numpy.typing as npt

from bridgescore.core.scoring.butler import DatumRounding
from bridgescore.core.scoring.imps import IMP_BAND_LOWER_BOUNDS

Ints = npt.NDArray[np.int64]
IMP_EDGES: Ints = np.array(IMP_BAND_LOWER_BOUNDS, dtype=np.int64)
"""The IMP band edges (Law 78B) as an array: the least difference earning 1, 2, ... 24 IMPs."""

_SAFE = 2**62


def _ints(values: npt.ArrayLike) -> Ints:
    return np.asarray(values, dtype=np.int64)


def imps(differences: npt.ArrayLike) -> Ints:
    """IMPs for differences in points, with their sign (as :func:`bridgescore.core.scoring.imps.imps`).

    >>> imps([450, -720, 10, 20, 4000, -9000]).tolist()
    [10, -12, 0, 1, 24, -24]
    """
    difference = _ints(differences)
    magnitude = np.searchsorted(IMP_EDGES, np.abs(difference), side="right").astype(np.int64)
    return np.where(difference >= 0, magnitude, -magnitude)


class Boards:
    """The results of one or many boards, sorted once, ready for every scoring kernel.

    ``groups`` gives each result's board as 0, 1, 2, ... (``None``: all on one board). Results
    are kept in the order given; every method returns one figure per result in that order, or
    one per board (``sizes``, datums).
    """

    def __init__(self, groups: npt.ArrayLike | None, scores: npt.ArrayLike) -> None:
        score = _ints(scores)
        self.count = int(score.size)
        if groups is None:
            group = np.zeros(self.count, dtype=np.int64)
            key = score
            self._span = 0
            self._low = 0
        else:
            group = _ints(groups)
            low = int(score.min()) if self.count else 0
            span = (int(score.max()) - low + 1) if self.count else 1
            boards = int(group.max()) + 1 if self.count else 0
            if boards * span >= _SAFE:
                raise OverflowError("too many boards or too wide a range of scores to sort at once")
            key = group * span + (score - low)
            self._span, self._low = span, low
        self.group_count = int(group.max()) + 1 if self.count else 0
        self.sizes: Ints = np.bincount(group, minlength=self.group_count).astype(np.int64)
        """The number of results on each board."""
        self._ends: Ints = np.cumsum(self.sizes)
        self._starts: Ints = self._ends - self.sizes
        ordered = np.sort(key)
        first = np.ones(self.count, dtype=bool)
        np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
        positions = np.flatnonzero(first)
        self._keys: Ints = ordered[positions]
        self._sorted_keys = ordered
        self._below_all: Ints = positions.astype(np.int64)
        self._counts: Ints = np.diff(np.append(positions, self.count)).astype(np.int64)
        if groups is None:
            self._values: Ints = self._keys
            self._group: Ints = np.zeros(self._keys.size, dtype=np.int64)
        else:
            self._group = self._keys // self._span
            self._values = self._keys % self._span + self._low
        self._inverse = np.searchsorted(self._keys, key)

    def _spread(self, per_value: Ints) -> Ints:
        """One figure per distinct (board, score) -> one per result."""
        return per_value[self._inverse]

    @property
    def _board_starts(self) -> Ints:
        return self._starts[self._group]

    @property
    def _board_ends(self) -> Ints:
        return self._ends[self._group]

    def matchpoints(self) -> Ints:
        """2/1 matchpoints: 2 for each score beaten, 1 for each other equal score."""
        below = self._below_all - self._board_starts
        return self._spread(2 * below + self._counts - 1)

    def cross_imps(self) -> Ints:
        """Total cross-IMPs of each NS score against every other score on its board.

        For each of the 24 band edges, the scores at least that far below earn one IMP and those
        at least that far above lose one: two ``searchsorted`` on the distinct scores per edge.
        """
        lines_through = np.append(np.int64(0), np.cumsum(self._counts))
        starts, ends = self._board_starts, self._board_ends
        total = np.zeros(self._keys.size, dtype=np.int64)
        for edge in IMP_BAND_LOWER_BOUNDS:
            beaten = lines_through[np.searchsorted(self._keys, self._keys - edge, side="right")]
            beating = lines_through[np.searchsorted(self._keys, self._keys + edge, side="left")]
            total += np.maximum(beaten - starts, 0) - np.maximum(ends - beating, 0)
        return self._spread(total)

    def butler_datums(
        self, drops: npt.ArrayLike, rounding: DatumRounding = DatumRounding.HALF_UP
    ) -> Ints:
        """Each board's datum: the mean without ``drops[board]`` top and bottom scores, to 10."""
        drop = _ints(drops)
        values = self._sorted_keys % self._span + self._low if self._span else self._sorted_keys
        if self.count and int(np.abs(values).max()) * self.count >= _SAFE:
            raise OverflowError("the scores are too large to add up exactly")
        through = np.append(np.int64(0), np.cumsum(values))
        kept = self.sizes - 2 * drop
        if np.any(kept < 1):
            raise ValueError("a datum needs at least one score left after the drops")
        sums = through[self._ends - drop] - through[self._starts + drop]
        return round_to_ten(sums, kept, rounding)

    def imps_against(self, datums: npt.ArrayLike) -> Ints:
        """IMPs of each NS score against its board's datum."""
        return self._spread(imps(self._values - _ints(datums)[self._group]))


def round_to_ten(
    numerators: npt.ArrayLike,
    denominators: npt.ArrayLike,
    rounding: DatumRounding = DatumRounding.HALF_UP,
) -> Ints:
    """``numerators / denominators`` to the nearest 10, exactly as ``butler.round_to_ten``.

    >>> round_to_ten([4615, -425, 435, 425], [10, 1, 1, 1]).tolist()
    [460, -430, 440, 430]
    >>> round_to_ten([-425, 435, 425], [1, 1, 1], DatumRounding.EVEN).tolist()
    [-420, 440, 420]
    """
    total, count = _ints(numerators), _ints(denominators)
    tenfold = 10 * count
    floor = total // tenfold
    twice_rest = 2 * (total - floor * tenfold)
    floor = floor + (twice_rest > tenfold)
    half = twice_rest == tenfold
    if rounding is DatumRounding.EVEN:
        floor = floor + (half & (floor % 2 == 1))
    else:
        floor = floor + (half & (total > 0))
    return _ints(floor * 10)


def matchpoints(scores: npt.ArrayLike) -> Ints:
    """2/1 matchpoints of each score on one board (as ``core.matchpoints.raw_matchpoints``)."""
    return Boards(None, scores).matchpoints()


def cross_imps(scores: npt.ArrayLike) -> Ints:
    """Total cross-IMPs of each score on one board (as ``core.scoring.crossimps.cross_imp_totals``)."""
    return Boards(None, scores).cross_imps()


def butler_datum(
    scores: npt.ArrayLike, drop: int, rounding: DatumRounding = DatumRounding.HALF_UP
) -> int:
    """One board's Butler datum (as ``core.scoring.butler.butler_datum``)."""
    board = Boards(None, scores)
    if board.count == 0:
        raise ValueError("a datum needs at least one score")
    return int(board.butler_datums([drop], rounding)[0])


def neuberg(units: npt.ArrayLike, expected: int) -> tuple[Ints, int]:
    """Neuberg-factor one board's 2/1 units (``actual`` = how many) to ``expected`` results.

    Returns integer numerators over one denominator: ``((MP + 1) x E - A) / A``, or the units
    over 1 when nothing needs factoring (as ``core.matchpoints.neuberg``).
    """
    unit = _ints(units)
    actual = int(unit.size)
    if actual < 1 or expected < actual:
        raise ValueError(f"cannot factor {actual} results to {expected}")
    if actual == expected:
        return unit.copy(), 1
    return (unit + 1) * expected - actual, actual


def neuberg_grouped(units: Ints, actual: Ints, expected: Ints) -> tuple[Ints, Ints]:
    """Neuberg for many boards: each result's units, its board's ``actual`` and ``expected``.

    Returns numerators and denominators, one each per result (denominator 1 where A = E).
    """
    if np.any(actual < 1) or np.any(expected < actual):
        raise ValueError("cannot factor a board to fewer results than it has")
    factored = actual != expected
    numerators = np.where(factored, (units + 1) * expected - actual, units)
    return numerators.astype(np.int64), np.where(factored, actual, 1).astype(np.int64)


def exact_numerators(
    index: Ints, numerators: Ints, denominators: Ints, length: int
) -> tuple[list[int], int]:
    """Exact sums of ``numerators / denominators`` by ``index`` (0 .. length-1), as whole
    numerators over one common denominator (not reduced).

    Results are summed per distinct denominator in int64, then brought to the least common
    denominator.

    >>> exact_numerators(np.array([0, 1, 0]), np.array([1, 2, 1]), np.array([2, 1, 3]), 2)
    ([5, 12], 6)
    """
    distinct: Sequence[int] = np.unique(denominators).tolist()
    common = lcm(*distinct) if distinct else 1
    if len(distinct) == 1 and common == 1:  # whole numbers: no list of partial sums
        sums = np.zeros(length, dtype=np.int64)
        np.add.at(sums, index, numerators)
        return sums.tolist(), 1
    totals: list[int] = [0] * length
    for denominator in distinct:
        chosen = denominators == denominator
        sums = np.zeros(length, dtype=np.int64)
        np.add.at(sums, index[chosen], numerators[chosen])
        factor = common // denominator
        if factor == 1:
            scaled: list[int] = sums.tolist()
        elif int(np.abs(sums).max(initial=0)) * factor < _SAFE:
            scaled = (sums * factor).tolist()
        else:
            scaled = [int(value) * factor for value in sums.tolist()]
        totals = [a + b for a, b in zip(totals, scaled, strict=True)]
    return totals, common
