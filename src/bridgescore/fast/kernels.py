"""One board's comparisons with numpy, exactly equal to the pure functions of ``core``: what
the pairs engine swaps in for a board of millions of results
(:class:`~bridgescore.core.pairs.boards.BoardKernels`, chosen by
:func:`bridgescore.fast.select.board_kernels`).

Each kernel sorts the scores once and then works on the *distinct* scores (a board of a million
results has only a few dozen), mapping the figures back to the results with one
``searchsorted``. Nothing is approximate: the figures are whole numbers. The rules that turn
them into points (Neuberg, the scales, the datum, the normalisations) are the engine's alone.

>>> import numpy as np
>>> scores = np.array([480, 450, 450, 430, 420, 400])
>>> matchpoints(scores).tolist(), cross_imps(scores).tolist()
([10, 7, 7, 4, 2, 0], [8, 3, 3, -3, -3, -8])
"""

from __future__ import annotations

__all__ = ["IMP_EDGES", "cross_imps", "matchpoints"]

import numpy as np
import numpy.typing as npt

from bridgescore.core.scoring.imps import IMP_BAND_LOWER_BOUNDS

Ints = npt.NDArray[np.int64]
IMP_EDGES: Ints = np.array(IMP_BAND_LOWER_BOUNDS, dtype=np.int64)
"""The IMP band edges (Law 78B) as an array: the least difference earning 1, 2, ... 24 IMPs."""


class _Board:
    """One board's scores sorted once: the distinct scores, how many results have each, and
    each result's distinct score."""

    def __init__(self, scores: npt.ArrayLike) -> None:
        score = np.asarray(scores, dtype=np.int64)
        self.count = int(score.size)
        ordered = np.sort(score)
        first = np.ones(self.count, dtype=bool)
        np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
        positions = np.flatnonzero(first)
        self.values: Ints = ordered[positions]
        self.below: Ints = positions.astype(np.int64)
        """How many results have a lower score than each distinct score."""
        self.counts: Ints = np.diff(np.append(positions, self.count)).astype(np.int64)
        self.inverse: Ints = np.searchsorted(self.values, score)


def matchpoints(scores: npt.ArrayLike) -> Ints:
    """2/1 matchpoints of each score on one board: 2 for each score beaten, 1 for each other
    equal score (as ``core.scoring.matchpoints.raw_matchpoints``)."""
    board = _Board(scores)
    return (2 * board.below + board.counts - 1)[board.inverse]


def cross_imps(scores: npt.ArrayLike) -> Ints:
    """Total cross-IMPs of each score against every other score on one board (as
    ``core.scoring.crossimps.cross_imp_totals``): for each of the 24 band edges, the scores at
    least that far below earn one IMP and those at least that far above lose one, two
    ``searchsorted`` on the distinct scores per edge.

    >>> cross_imps([620]).tolist()
    [0]
    """
    board = _Board(scores)
    through = np.append(np.int64(0), np.cumsum(board.counts))
    total = np.zeros(board.values.size, dtype=np.int64)
    for edge in IMP_BAND_LOWER_BOUNDS:
        beaten = through[np.searchsorted(board.values, board.values - edge, side="right")]
        beating = through[np.searchsorted(board.values, board.values + edge, side="left")]
        total += beaten - (board.count - beating)
    return total[board.inverse]
