"""Generate the bundled archive: ``examples/archive/part-0.parquet``, two events in one file.

The events are the bundled pairs files, ``examples/club-session.csv`` (event ``club-session``)
and ``examples/board1.csv`` (event ``board1``), with every column as text and an ``event``
column: the shape ``bridgescore archive score`` reads, at the size of an example (the benchmark
makes one of ten million results).

Run once from the repository root: ``.venv/bin/python examples/make_archive.py``; the file it
writes is committed.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

HERE = Path(__file__).resolve().parent
EVENTS = ["club-session", "board1"]


def main() -> None:
    frames = [
        pl.read_csv(HERE / f"{name}.csv", infer_schema=False).with_columns(
            pl.col("board").cast(pl.Int64), event=pl.lit(name)
        )
        for name in EVENTS
    ]
    target = HERE / "archive"
    target.mkdir(exist_ok=True)
    pl.concat(frames, how="diagonal").write_parquet(target / "part-0.parquet")


if __name__ == "__main__":
    main()
