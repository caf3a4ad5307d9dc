"""An archive run: the dataset checked, the partitions scored on the cluster (again, shuffled by
event, when an event spans partitions), and the scored lines and rankings moved into the output
directory together or not at all.
"""

from __future__ import annotations

__all__ = ["score_archive"]

import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa  # type: ignore[import-untyped]

from bridgescore.core.errors import ArchiveError, FileFormatError, Problem
from bridgescore.core.pairs.rules import PairsRules
from bridgescore.fast.archive.cluster import connect, first_line
from bridgescore.fast.archive.dataset import check_columns, parquet_files, unreadable
from bridgescore.fast.archive.output import MARKER, ArchiveResult, check_out
from bridgescore.fast.archive.partition import score_partition
from bridgescore.formats.atomic import atomic_directory


def score_archive(
    dataset: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    scheduler: str = "local",
    rules: PairsRules | None = None,
    dashboard: Callable[[str], object] | None = None,
) -> ArchiveResult:
    """Score every event of a Parquet dataset on a Dask cluster and write the results to ``out``.

    ``scheduler`` is a scheduler address (``tcp://host:8786``; the workers must see ``out``) or
    ``local`` for a cluster of two workers on this machine (with ``dashboard``, Dask's dashboard
    on the loopback address, whose address ``dashboard`` is given; else none). ``out`` must not
    exist, be empty or hold an earlier run's output (which is replaced), and be apart from
    ``dataset``. Problems in any event stop the run (:class:`FileFormatError` listing them) and
    nothing is written.
    """
    import dask.dataframe as dd

    rules = rules or PairsRules()
    source, target = str(dataset), Path(out)
    if not Path(dataset).exists():
        raise FileFormatError(source, None, "no such dataset")
    check_out(target, Path(dataset))
    files = parquet_files(Path(dataset))
    try:
        frame = dd.read_parquet(source, dtype_backend="pyarrow")  # nullable integers stay so
    except (pa.ArrowException, OSError) as error:
        raise unreadable(files, source, error) from None
    check_columns(list(frame.columns), source)
    with connect(scheduler, dashboard=dashboard) as client:
        try:
            with atomic_directory(target) as staging:
                (staging / "lines").mkdir()  # with the mode the umask leaves of 0o777
                mode = stat.S_IMODE((staging / "lines").stat().st_mode)
                staging.chmod(mode)  # workers, maybe running as other users, write in it
                rankings = _score_into(staging, client, frame, rules, source, files, scheduler)
                (staging / MARKER).write_text(
                    "Scored by bridgescore archive score; the next run may replace it all.\n",
                    encoding="utf-8",
                )
            target.chmod(mode)  # as a directory made with mkdir: not mkdtemp's 0o700
        except OSError as error:
            raise ArchiveError(f"cannot write {target}: {first_line(error)}") from None
    events = rankings["event"].n_unique()
    lines = int(rankings.filter(~pl.col("overall"))["boards"].sum()) // 2  # each line: 2 pairs
    return ArchiveResult(target, events, lines, rankings)


def _score_into(
    staging: Path,
    client: Any,
    frame: Any,
    rules: PairsRules,
    source: str,
    files: list[Path],
    scheduler: str,
) -> pl.DataFrame:
    """Score the dataset, writing the lines and rankings into ``staging``; the rankings."""
    from distributed.comm.core import CommClosedError

    try:
        outcomes = _run(client, frame, rules, staging, source)
    except CommClosedError as error:
        raise ArchiveError(
            f"lost the Dask scheduler at {scheduler} ({first_line(error)})"
        ) from None
    except (pa.ArrowException, OSError) as error:
        raise unreadable(files, source, error) from None
    problems = [p for _, found, _ in outcomes for p in found]
    if problems:
        raise FileFormatError.from_problems([Problem(*p) for p in problems])
    tables = [pl.DataFrame(table) for _, _, table in outcomes if table is not None]
    if not tables:
        raise ArchiveError(f"no results in {source}: its Parquet files have no rows")
    rankings = pl.concat(tables)
    rankings.write_parquet(staging / "rankings.parquet")
    return rankings


def _run(client: Any, frame: Any, rules: PairsRules, staging: Path, source: str) -> list[Any]:
    """Score every partition; shuffle by event and go again if an event spans partitions."""
    from dask.delayed import delayed

    for attempt in ("as stored", "shuffled"):
        parts = frame.to_delayed()
        tasks = [
            delayed(score_partition)(part, rules, str(staging), n, source)
            for n, part in enumerate(parts)
        ]
        outcomes: list[Any] = client.gather(client.compute(tasks))
        seen = [event for events, _, _ in outcomes for event in events]
        if len(seen) == len(set(seen)) or attempt == "shuffled":
            return outcomes
        shutil.rmtree(staging / "lines")
        (staging / "lines").mkdir()
        frame = frame.shuffle(on="event")
    raise AssertionError("unreachable")  # pragma: no cover
