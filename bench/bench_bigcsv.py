"""Benchmark 2: a 1,000,000-line traveller CSV end to end through ``bridgescore score``, and what
each columnar path costs a line (the figures ``bridgescore.fast.select`` chooses by).

Run from the repository root: ``.venv/bin/python -m bench.bench_bigcsv [BOARDS] [TABLES]``
(default 100 boards x 10,000 tables, a Mitchell, seeded). The files are made once in
``bench/.data/``. Each method runs as a child process under ``/usr/bin/time -v``: wall time
(start-up, reading, checking, scoring, ranking and printing 20,000 pairs included) and peak
resident memory. Then the plain and the polars path (``BRIDGESCORE_ENGINE``) on a tenth and
a fiftieth of the lines, and the exact and the polars path with ``--travellers``: their CPU
seconds, the CPU a line between the two sizes and the start-up it leaves, against the costs
the switch uses.
"""

from __future__ import annotations

import os
import sys

from bench.common import BRIDGESCORE, DATA, median_runs, precompile, run_once, show, timed_command
from bench.generate import write_event
from bridgescore.fast import select


def _costs(boards: int, tables: int) -> list[list[str]]:
    """Each path's CPU seconds on two sizes, its cost a line and its start-up."""
    small, large = max(tables // 50, 4), max(tables // 10, 8)
    paths = {}
    for size in (small, large):
        paths[size] = DATA / f"big-{boards}x{size}.csv"
        if not paths[size].exists():
            write_event(paths[size], boards, size, seed=6)
    rows = []
    for engine, options, per_line, start in (
        ("plain", [], select.PLAIN_SECONDS_PER_LINE, select.PLAIN_START_SECONDS),
        ("columnar", [], select.COLUMNAR_SECONDS_PER_LINE, select.COLUMNAR_START_SECONDS),
        (
            "exact",
            ["--travellers"],
            select.EXACT_TRAVELLERS_SECONDS_PER_LINE,
            select.EXACT_TRAVELLERS_START_SECONDS,
        ),
        (
            "columnar",
            ["--travellers"],
            select.COLUMNAR_TRAVELLERS_SECONDS_PER_LINE,
            select.COLUMNAR_TRAVELLERS_START_SECONDS,
        ),
    ):
        os.environ["BRIDGESCORE_ENGINE"] = engine
        try:
            cpu = {
                size: median_runs(
                    [run_once([str(BRIDGESCORE), "score", str(path), *options]) for _ in range(3)]
                ).cpu
                for size, path in paths.items()
            }
        finally:
            del os.environ["BRIDGESCORE_ENGINE"]
        lines = {size: boards * size for size in paths}
        a_line = (cpu[large] - cpu[small]) / (lines[large] - lines[small])
        rows.append(
            [
                " ".join([engine, *options]),
                f"{cpu[small]:.3f} ({lines[small]:,} lines)",
                f"{cpu[large]:.3f} ({lines[large]:,} lines)",
                f"{a_line * 1e6:.2f} (used: {per_line * 1e6:.2f})",
                f"{cpu[small] - a_line * lines[small]:.2f} (used: {start:.2f})",
            ]
        )
    return rows


def main(boards: int = 100, tables: int = 10_000) -> None:
    precompile()
    DATA.mkdir(parents=True, exist_ok=True)
    path = DATA / f"big-{boards}x{tables}.csv"
    if not path.exists():
        write_event(path, boards, tables, seed=6)
    rows = []
    for method in ("mp", "crossimps", "butler"):
        wall, peak = timed_command(
            [str(BRIDGESCORE), "score", str(path), "--method", method],
            env={"COLUMNS": "100"},
        )
        rows.append([method, f"{boards * tables:,}", f"{wall:.2f}", f"{peak:,.0f}"])
    show(
        f"bridgescore score {path.name} (end to end, one run each)",
        ["--method", "lines", "wall s", "peak MiB"],
        rows,
    )
    show(
        f"The columnar paths' costs (median CPU of 3 runs; polars from {select.COLUMNAR_LINES:,} "
        f"lines, {select.TRAVELLERS_COLUMNAR_LINES:,} with --travellers)",
        ["path", "cpu s, small", "cpu s, large", "cpu us a line", "start-up s"],
        _costs(boards, tables),
    )


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:3]])
