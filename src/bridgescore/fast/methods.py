"""The four pairs scoring methods over many boards at once, as exact integer numerators.

:func:`score_lines` takes each traveller line's board (0, 1, ...) and NS score and gives both
sides' points on the method's scale as numerators over a per-line denominator, the same figures
the pure engine gives as Fractions:

* ``mp``: matchpoints (2/1 or 1/0.5), Neuberg-factored to each board's expected number of results;
* ``crossimps``: cross-IMPs, normalised per comparison (÷ n-1), per score (÷ n) or in total
  (factored to E-1 comparisons);
* ``butler``: IMPs against each board's datum;
* ``total``: the NS score itself (EW: its negative).

>>> import numpy as np
>>> rules = PairsRules()
>>> points = score_lines(np.array([0, 0, 0]), np.array([420, 450, 420]), rules, np.array([4]))
>>> points.ns.tolist(), points.ew.tolist(), points.denominator.tolist(), points.top.tolist()
([5, 17, 5], [13, 1, 13], [3, 3, 3], [6, 6, 6])
"""

from __future__ import annotations

__all__ = ["LinePoints", "score_lines"]

from dataclasses import dataclass

import numpy as np

from bridgescore.core.errors import ScoringError
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.scoring.matchpoints import Scale
from bridgescore.fast.kernels import Boards, Ints, neuberg_grouped


@dataclass(frozen=True, slots=True)
class LinePoints:
    """Both sides' points on each line: ``ns / denominator`` and ``ew / denominator``.

    ``top`` is the board's top on the method's scale (matchpoints only; 0 otherwise).
    """

    ns: Ints
    ew: Ints
    denominator: Ints
    top: Ints


def _ones(count: int) -> Ints:
    return np.ones(count, dtype=np.int64)


def score_lines(groups: Ints, scores: Ints, rules: PairsRules, expected: Ints) -> LinePoints:
    """Score every line: ``groups`` numbers the boards 0, 1, ...; ``expected`` is per board.

    ``expected`` is Neuberg's E for each board (at least its results): matchpoints are factored
    to it, total cross-IMPs scaled to its E - 1 comparisons.
    """
    boards = Boards(groups, scores)
    board = groups
    size = boards.sizes[board]
    count = int(scores.size)
    method = rules.method
    if method is PairsMethod.MP:
        wanted = expected[board]
        if np.any(wanted < size):
            worst = int(boards.sizes.max())
            raise ScoringError(
                f"a board has {worst} results, more than the {int(expected.min())} expected"
            )
        ns_units = boards.matchpoints()
        ew_units = 2 * (size - 1) - ns_units
        ns, denominator = neuberg_grouped(ns_units, size, wanted)
        ew, _ = neuberg_grouped(ew_units, size, wanted)
        top = 2 * (wanted - 1)
        if rules.scale is Scale.ACBL:
            return LinePoints(ns, ew, 2 * denominator, top // 2)
        return LinePoints(ns, ew, denominator, top)
    zero = np.zeros(count, dtype=np.int64)
    if method is PairsMethod.TOTAL:
        return LinePoints(scores.copy(), -scores, _ones(count), zero)
    if method is PairsMethod.BUTLER:
        sizes: list[int] = boards.sizes.tolist()
        drops = [rules.butler_drop.count_for(n) for n in sizes]
        points = boards.imps_against(boards.butler_datums(drops, rules.datum_rounding))
        return LinePoints(points, -points, _ones(count), zero)
    total = boards.cross_imps()
    if rules.cross is CrossNorm.PER_SCORE:
        denominator = size
    else:  # per comparison; the total is factored to E - 1 comparisons
        denominator = np.maximum(size - 1, 1)
        if rules.cross is CrossNorm.TOTAL:
            total = total * (expected[board] - 1)
    return LinePoints(total, -total, denominator.astype(np.int64), zero)
