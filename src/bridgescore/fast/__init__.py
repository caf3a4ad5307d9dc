"""Scoring at scale: files read in columns, numpy kernels for huge boards, Parquet archives.

Nothing here is imported by :mod:`bridgescore.core`; importing this package itself loads no
numpy (the modules below do, when they are imported). Every pairs event is scored by the one
engine of :mod:`bridgescore.core.pairs`; what is here only feeds it faster:

* :mod:`bridgescore.fast.csv_columns`: a traveller CSV read in columns, each line made only
  when asked for;
* :mod:`bridgescore.fast.pbn_columns`: a big PBN file's results read in columns with polars
  (its tables by :mod:`bridgescore.fast.pbn_tables`);
* :mod:`bridgescore.fast.kernels`: one board's matchpoints, cross-IMPs and Butler datum with
  numpy, exactly equal to the pure functions of ``core``;
* :mod:`bridgescore.fast.select`: which reader and which comparisons, by cost alone;
* :mod:`bridgescore.fast.archive`: a Parquet archive of many events on a Dask cluster.

Internal: :func:`bridgescore.score_file` reads in columns with ``columnar=True``, and
:func:`bridgescore.score_archive` is the archive's entry point; the modules here may change.
"""

from __future__ import annotations

__all__ = ["ExactEngineNeeded"]


class ExactEngineNeeded(Exception):
    """Internal signal, not a user error: a columnar reader has a doubt about the file (a line
    it does not vouch for, a problem to report), so the format's own reader reads it instead.
    Never reaches the user."""
