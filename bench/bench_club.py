"""Benchmark 3: a 24-board, 12-table club session through ``bridgescore score``, start-up included.

Run from the repository root: ``.venv/bin/python -m bench.bench_club [RUNS]``. Times whole
commands (a fresh Python each time): the seeded club session and the bundled
``examples/club-session.csv``, at matchpoints and cross-IMPs; prints the best and the median of
RUNS runs (default 10) and whether numpy or polars was loaded.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from bench.common import BRIDGESCORE, DATA, ROOT, show
from bench.generate import write_event

RUNS = 10


def _loads_heavy(path: str) -> bool:
    code = (
        "import sys\n"
        "from bridgescore.cli import main\n"
        f"sys.argv = ['bridgescore', 'score', {path!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('HEAVY' if {'numpy', 'polars'} & set(sys.modules) else 'LIGHT')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip().endswith("HEAVY")


def main(runs: int = RUNS) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    club = DATA / "club-24x12.csv"
    if not club.exists():
        write_event(club, 24, 12, seed=3)
    rows = []
    for path in (club, ROOT / "examples" / "club-session.csv"):
        for method in ("mp", "crossimps"):
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                subprocess.run(
                    [str(BRIDGESCORE), "score", str(path), "--method", method],
                    capture_output=True,
                    check=True,
                )
                times.append(time.perf_counter() - start)
            heavy = "yes" if _loads_heavy(str(path)) else "no"
            rows.append(
                [path.name, method, f"{min(times):.3f}", f"{statistics.median(times):.3f}", heavy]
            )
    show(
        f"bridgescore score CLUB (whole command, {runs} runs)",
        ["file", "--method", "best s", "median s", "numpy/polars loaded"],
        rows,
    )


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:2]])
