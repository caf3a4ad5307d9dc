"""Benchmark 2: a 1,000,000-line traveller CSV end to end through ``bridgescore score``, and what
the command costs a line.

Run from the repository root: ``.venv/bin/python -m bench.bench_bigcsv [BOARDS] [TABLES]
[RUNS]`` (default 100 boards x 10,000 tables, a Mitchell, seeded; the costs below are the median
of 3 runs). The files are made once in ``bench/.data/``. Each method runs as a child process
under ``/usr/bin/time -v``: wall time (start-up, reading, checking, scoring, ranking and printing
20,000 pairs included) and peak resident memory. Then ``score`` and ``score --travellers`` on a
fiftieth and a tenth of the lines: their CPU seconds, the CPU a line between the two sizes and
the start-up it leaves.
"""

from __future__ import annotations

import sys

from bench.common import BRIDGESCORE, DATA, median_runs, precompile, run_once, show, timed_command
from bench.generate import write_event


def _costs(boards: int, tables: int, runs: int) -> list[list[str]]:
    """The command's CPU seconds on two sizes, its cost a line and its start-up."""
    small, large = max(tables // 50, 4), max(tables // 10, 8)
    paths = {}
    for size in (small, large):
        paths[size] = DATA / f"big-{boards}x{size}.csv"
        if not paths[size].exists():
            write_event(paths[size], boards, size, seed=6)
    rows = []
    for options in ([], ["--travellers"]):
        cpu = {
            size: median_runs(
                [run_once([str(BRIDGESCORE), "score", str(path), *options]) for _ in range(runs)]
            ).cpu
            for size, path in paths.items()
        }
        lines = {size: boards * size for size in paths}
        a_line = (cpu[large] - cpu[small]) / (lines[large] - lines[small])
        rows.append(
            [
                " ".join(["score", *options]),
                f"{cpu[small]:.3f} ({lines[small]:,} lines)",
                f"{cpu[large]:.3f} ({lines[large]:,} lines)",
                f"{a_line * 1e6:.2f}",
                f"{cpu[small] - a_line * lines[small]:.2f}",
            ]
        )
    return rows


def main(boards: int = 100, tables: int = 10_000, runs: int = 3) -> None:
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
        f"What the command costs (median CPU of {runs} runs)",
        ["command", "cpu s, small", "cpu s, large", "cpu us a line", "start-up s"],
        _costs(boards, tables, runs),
    )


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:4]])
