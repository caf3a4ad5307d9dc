"""Scoring at scale: numpy kernels, a columnar reader for huge travellers, Parquet archives.

Nothing here is imported by :mod:`bridgescore.core`; importing this package itself loads no
numpy (the modules below do, when they are imported):

* :mod:`bridgescore.fast.kernels`: one board's (or many boards') matchpoints, Neuberg, cross-IMPs,
  Butler and total points with numpy, exactly equal to the pure reference in ``core``;
* :mod:`bridgescore.fast.select`: picks the vectorised or the pure path by the size of a board;
* :mod:`bridgescore.fast.columnar`: a traveller CSV of a million lines scored and ranked with
  polars and the kernels, without a Python object per result;
* :mod:`bridgescore.fast.plain`: the same in plain Python columns, for files too small to pay
  for importing numpy and polars (read by :mod:`bridgescore.fast.plain_columns`);
* :mod:`bridgescore.fast.pbn`: a big PBN file's results read in columns for the polars path,
  anything the PBN reader alone reads left to it.

Internal: :func:`bridgescore.score_file` takes the columnar path (``columnar=True``) and
:func:`bridgescore.score_archive` is the archive's entry point; the modules here may change.
"""

from __future__ import annotations

__all__ = ["ExactEngineNeeded", "kernels_score"]

from bridgescore.core.pairs.conventions import ShortBoards
from bridgescore.core.pairs.rules import PairsRules
from bridgescore.core.scoring.butler import Datum


class ExactEngineNeeded(Exception):
    """Internal signal, not a user error: the file holds something only the exact (pure)
    engine reads or scores, so the caller scores it there instead. Never reaches the user."""


def kernels_score(rules: PairsRules) -> bool:
    """Whether the kernels score with these rules. The conventions of other programs (rounded
    board points, short boards other than Neuberg's, a median datum, sit-out scores) are left
    to the exact engine: the columnar path and the archive hand such an event to it.

    >>> kernels_score(PairsRules()), kernels_score(PairsRules(board_precision=2))
    (True, False)
    """
    return (
        rules.board_precision is None
        and rules.short_boards is ShortBoards.NEUBERG
        and rules.datum is Datum.MEAN
        and rules.sit_out is None
    )
