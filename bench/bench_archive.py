"""Benchmark 4: the archive job on a 10,000,000-result dataset on a local Dask cluster.

Run from the repository root: ``.venv/bin/python -m bench.bench_archive [EVENTS]`` (default
1,000 events of 25 boards x 400 tables = 10,000,000 results, in 20 Parquet files of whole
events, made once in ``bench/.data/``). Scores it with ``bridgescore.fast.archive.score_archive`` on a
local cluster of two process workers (cluster start-up included) and prints results per second.

Its imports are made in the functions: each worker of the cluster is a new Python that runs
this module's top again (as ``__mp_main__``), and would import them for nothing.
"""

from __future__ import annotations

import shutil
import sys
import time

FILES = 20


def _dataset(events: int) -> tuple[str, int]:
    import polars as pl

    from bench.common import DATA
    from bench.generate import event

    root = DATA / f"archive-{events}"
    if not root.exists():
        staging = DATA / f".archive-{events}"
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir(parents=True)
        per_file = max(events // FILES, 1)
        for first in range(0, events, per_file):
            frames = [
                event(25, 400, seed=n, howell=n % 5 == 0).with_columns(event=pl.lit(f"E{n:05d}"))
                for n in range(first, min(first + per_file, events))
            ]
            pl.concat(frames).write_parquet(staging / f"part-{first:05d}.parquet")
        staging.rename(root)
    rows = pl.scan_parquet(root).select(pl.len()).collect().item()
    return str(root), int(rows)


def main(events: int = 1000) -> None:
    from bench.common import DATA, show
    from bridgescore.core.pairs.rules import PairsMethod, PairsRules
    from bridgescore.fast.archive import score_archive

    dataset, results = _dataset(events)
    rows = []
    for method in ("mp", "crossimps"):
        out = DATA / f"archive-{events}-scored-{method}"
        start = time.perf_counter()
        done = score_archive(dataset, out, rules=PairsRules(method=PairsMethod(method)))
        wall = time.perf_counter() - start
        assert done.lines == results
        rows.append(
            [method, f"{events:,}", f"{results:,}", f"{wall:.1f}", f"{results / wall:,.0f}"]
        )
    show(
        "bridgescore archive score (local cluster, 2 process workers)",
        ["--method", "events", "results", "wall s", "results/s"],
        rows,
    )


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:2]])
