"""Benchmark 6: the results pages, whole commands: ``bridgescore report FILE --html DIR`` on
seeded Mitchells of 100 and 1,000 tables x 24 boards (a page a board and a score card a pair),
and the bundled club session's PDF (``--pdf``, its hands beside the travellers).

Run from the repository root: ``.venv/bin/python -m bench.bench_site [RUNS] [DIVISOR]`` (RUNS
default 3; DIVISOR divides the tables, for a quick try, and makes the PDF the bundled
one-board file's). The table gives the median wall and CPU seconds, the target, and the CPU
microseconds a traveller line: the site's cost grows with the lines, not faster (it was
quadratic: every score card row looked its line up afresh).
The sites are written in a scratch folder under ``bench/.data``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from bench.common import BRIDGESCORE, DATA, ROOT, median_runs, precompile, run_once, show
from bench.generate import write_event

SITES = ((100, 24, 0.5), (1000, 24, 5.0))
"""Tables, boards and the target in seconds."""


def main(runs: int = 3, divisor: int = 1) -> None:
    precompile()
    DATA.mkdir(parents=True, exist_ok=True)
    rows = []
    # written in a scratch folder under the data folder, on the disk a director's working
    # folder is on (on this machine a new file in /tmp takes 1 ms to make: the disk's cost)
    with tempfile.TemporaryDirectory(dir=DATA) as scratch:
        out = Path(scratch)
        for full, boards, target in SITES:
            tables = max(full // divisor, 4)
            path = DATA / f"mitchell-{tables}x{boards}.csv"
            if not path.exists():
                write_event(path, boards, tables, seed=5)
            command = [str(BRIDGESCORE), "report", str(path), "--html", str(out / path.stem)]
            run = median_runs([run_once(command) for _ in range(runs)])
            per_line = run.cpu / (tables * boards) * 1e6
            rows.append(
                [
                    f"site, {tables:,} x {boards}",
                    f"{run.wall:.3f}",
                    f"{run.cpu:.3f}",
                    f"{target}",
                    f"{per_line:.0f}",
                ]
            )
        examples = ROOT / "examples"
        if divisor == 1:
            shown = "the bundled club session"
            given = [examples / "club-session.csv", "--names", examples / "club-names.csv"]
            given += ["--hands", examples / "club-hands.pbn"]
        else:
            shown, given = "the bundled one-board file", [examples / "board1.csv"]
        command = [
            str(BRIDGESCORE),
            "report",
            *map(str, given),
            "--pdf",
            str(out / "club.pdf"),
        ]
        run = median_runs([run_once(command) for _ in range(runs)])
        rows.append([f"PDF, {shown}", f"{run.wall:.3f}", f"{run.cpu:.3f}", "-", "-"])
    show(
        f"Results pages (whole commands, median of {runs} runs)",
        ["pages", "wall s", "cpu s", "target s", "cpu us a line"],
        rows,
    )


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:3]])
