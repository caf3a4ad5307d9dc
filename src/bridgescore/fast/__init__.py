"""Scoring at scale: numpy kernels, a columnar reader for huge travellers, Parquet archives.

Nothing here is imported by :mod:`bridgescore.core`; importing this package itself loads no
numpy (the modules below do, when they are imported):

* :mod:`bridgescore.fast.kernels`: one board's (or many boards') matchpoints, Neuberg, cross-IMPs,
  Butler and total points with numpy, exactly equal to the pure reference in ``core``;
* :mod:`bridgescore.fast.select`: picks the vectorised or the pure path by the size of a board;
* :mod:`bridgescore.fast.columnar`: a traveller CSV of a million lines scored and ranked with
  polars and the kernels, without a Python object per result;
* :mod:`bridgescore.fast.plain`: the same in plain Python columns, for files too small to pay
  for importing numpy and polars.

Internal: :func:`bridgescore.score_file` takes the columnar path (``columnar=True``) and
:func:`bridgescore.score_archive` is the archive's entry point; the modules here may change.
"""

__all__ = ["ExactEngineNeeded"]


class ExactEngineNeeded(Exception):
    """Internal signal, not a user error: the file holds something only the exact (pure)
    engine reads or scores, so the caller scores it there instead. Never reaches the user."""
