"""Benchmark 2: a 1,000,000-line traveller CSV end to end through ``bridgescore score``.

Run from the repository root: ``.venv/bin/python -m bench.bench_bigcsv [BOARDS] [TABLES]``
(default 100 boards x 10,000 tables, a Mitchell, seeded). The file is made once in
``bench/.data/``. Each method runs as a child process under ``/usr/bin/time -v``: wall time
(start-up, reading, checking, scoring, ranking and printing 20,000 pairs included) and peak
resident memory.
"""

from __future__ import annotations

import sys

from bench.common import BRIDGESCORE, DATA, show, timed_command
from bench.generate import write_event


def main(boards: int = 100, tables: int = 10_000) -> None:
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


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:3]])
