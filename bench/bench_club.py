"""Benchmark 3: start-up and a club night, whole commands: ``bridgescore --help``,
``bridgescore contract 4S=`` and a 24-board, 12-table club session through ``bridgescore score``.

Run from the repository root: ``.venv/bin/python -m bench.bench_club [RUNS]``. Each command runs
RUNS times (default 10), a fresh Python each time, its output thrown away; the table gives the
best and the median wall seconds, the median CPU seconds, the target, and whether numpy or
polars was loaded (a club night never pays for them). The club sessions: a seeded one and the
bundled ``examples/club-session.csv``, at matchpoints and cross-IMPs.
"""

from __future__ import annotations

import statistics
import subprocess
import sys

from bench.common import BRIDGESCORE, DATA, ROOT, precompile, run_once, show
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
    precompile()
    DATA.mkdir(parents=True, exist_ok=True)
    club = DATA / "club-24x12.csv"
    if not club.exists():
        write_event(club, 24, 12, seed=3)
    commands: list[tuple[str, list[str], float, str]] = [
        ("bridgescore --help", ["--help"], 0.1, "-"),
        ("bridgescore contract 4S=", ["contract", "4S="], 0.1, "-"),
    ]
    for path in (club, ROOT / "examples" / "club-session.csv"):
        heavy = "yes" if _loads_heavy(str(path)) else "no"
        for method in ("mp", "crossimps"):
            name = f"score {path.name} --method {method}"
            commands.append((name, ["score", str(path), "--method", method], 0.25, heavy))
    rows = []
    for name, arguments, target, heavy in commands:
        done = [run_once([str(BRIDGESCORE), *arguments]) for _ in range(runs)]
        walls = [run.wall for run in done]
        cpu = statistics.median(run.cpu for run in done)
        rows.append(
            [
                name,
                f"{min(walls):.3f}",
                f"{statistics.median(walls):.3f}",
                f"{cpu:.3f}",
                f"{target}",
                heavy,
            ]
        )
    show(
        f"Start-up and a club night (whole commands, {runs} runs)",
        ["command", "best wall s", "median wall s", "median cpu s", "target s", "numpy/polars"],
        rows,
    )


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:2]])
