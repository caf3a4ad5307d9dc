"""Benchmark 5: ``bridgescore score`` against salliere, the Java scorer a club would pick, on the
same events: whole command runs, start-up included, at matchpoints and cross-IMPs.

Run from the repository root: ``.venv/bin/python -m bench.bench_versus [RUNS] [DIVISOR]``.
Three seeded Howells (bench.generate ``--howell``): 100 tables x 24 boards, 1,000 x 10 and
5,000 x 4 (DIVISOR divides the tables, for a quick try). Each command runs RUNS times (default
5), bridgescore and salliere in turn, output thrown away; the table gives the median wall and
CPU seconds of each, salliere's time over bridgescore's (the median of the run-by-run ratios)
against the target, and whether the two rankings are the same: every pair's score as salliere
prints it (cross-IMPs to one decimal), and the same order, or an order that departs from the
exact one only between pairs closer than salliere prints (it rounds each board's cross-IMPs
before adding them up). Without Java and
salliere (``apt-get install salliere``) bridgescore's figures are printed alone.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

from bench import salliere
from bench.common import BRIDGESCORE, DATA, Run, median_runs, precompile, run_once, show
from bench.generate import write_event

SIZES = ((100, 24, 4), (1000, 10, 10), (5000, 4, 50))
"""Tables, boards and the target: salliere's time over bridgescore's."""


def _ours(path: str, method: str) -> list[tuple[str, float]]:
    """bridgescore's ranking, exactly (its JSON): each pair and its score, best first."""
    done = subprocess.run(
        [str(BRIDGESCORE), "score", path, "--method", method, "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    ranking = json.loads(done.stdout)["rankings"][0]["entries"]
    return [(entry["pair"], float(entry["score"])) for entry in ranking]


def main(runs: int = 5, divisor: int = 1) -> None:
    precompile()
    DATA.mkdir(parents=True, exist_ok=True)
    java = salliere.command()
    rows = []
    for full, boards, target in SIZES:
        tables = max(full // divisor, 4)
        path = DATA / f"howell-{tables}x{boards}.csv"
        if not path.exists():
            write_event(path, boards, tables, seed=15, howell=True)
        their_boards, their_names = (
            DATA / f"{path.stem}-boards.csv",
            DATA / f"{path.stem}-names.csv",
        )
        if java is not None and not their_boards.exists():
            salliere.write_inputs(path, their_boards, their_names)
        for method in ("mp", "crossimps"):
            ours: list[Run] = []
            theirs: list[Run] = []
            for _ in range(runs):
                ours.append(run_once([str(BRIDGESCORE), "score", str(path), "--method", method]))
                if java is not None:
                    with salliere.fresh_copies(their_boards, their_names) as (b, n):
                        theirs.append(run_once(salliere.arguments(java, b, n, method)))
            mine = median_runs(ours)
            row = [f"{tables:,} x {boards}", method, f"{mine.wall:.3f}", f"{mine.cpu:.3f}"]
            if java is None:
                rows.append([*row, "-", "-", "-", f"{target}x", "-"])
                continue
            other = median_runs(theirs)
            ratio = statistics.median(t.wall / o.wall for t, o in zip(theirs, ours, strict=True))
            same = salliere.compare(
                _ours(str(path), method), salliere.ranking(java, their_boards, their_names, method)
            )
            row += [f"{other.wall:.3f}", f"{other.cpu:.3f}", f"{ratio:.1f}x", f"{target}x"]
            rows.append([*row, same])
    show(
        f"bridgescore score against salliere (whole commands, median of {runs} runs)",
        [
            "event",
            "--method",
            "ours wall s",
            "ours cpu s",
            "salliere wall s",
            "salliere cpu s",
            "salliere / ours",
            "target",
            "same ranking",
        ],
        rows,
    )
    if java is None:
        print("salliere is not installed (apt-get install salliere): no ratios")


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:3]])
