"""Score an archive of pairs events, a partitioned Parquet dataset, on a Dask cluster.

The dataset has the traveller columns (``board, ns, ew, contract, declarer, result`` and any of
``score, section, lead, round, table``) plus ``event``. Every event must sit in one partition to
be ranked; when one does not, the job runs again on the lines shuffled by event. Each worker checks its
partition's lines as the CSV reader would (problems located by event and result number), scores
each event with the pairs engine from its columns (its adjusted scores, artificial or weighted,
read by the CSV reader's rule), as ``bridgescore score`` would, writes its scored lines to
Parquet, ranks each field of its events on exact totals and sends back only the rankings. The
scored lines and the rankings land in the output directory together or not at all.

Output: ``OUT/lines/part-N.parquet`` (each line with every column of the dataset, as given, and
its points: ``ns_points``/``ew_points`` numerators over ``denominator``, and their float values) and ``OUT/rankings.parquet`` (``event, section, field,
rank, tied, pair, names, score, max, percent, scaled, boards``; exact values as text such as
``43/5``, with ``*_value`` float columns beside them), and the file ``OUT/.bridgescore-archive``
that marks OUT as archive output, which a later run may replace; a run never writes over anything
else, nor into, onto or around the dataset.
"""

from __future__ import annotations

__all__ = ["CONNECT_TIMEOUT", "MARKER", "ArchiveError", "ArchiveResult", "score_archive"]

from bridgescore.core.errors import ArchiveError
from bridgescore.fast.archive.cluster import CONNECT_TIMEOUT
from bridgescore.fast.archive.output import MARKER, ArchiveResult
from bridgescore.fast.archive.run import score_archive
