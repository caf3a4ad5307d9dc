"""Shared bits of the benchmark scripts: timing, child processes, tables, the data folder."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("BRIDGESCORE_BENCH_DATA", ROOT / "bench" / ".data"))
BRIDGESCORE = Path(sys.executable).parent / "bridgescore"


def best_of(function: Callable[[], object], repeat: int = 5, budget: float = 5.0) -> float:
    """The best wall time of up to ``repeat`` calls (fewer once ``budget`` seconds are spent)."""
    best, spent = float("inf"), 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        elapsed = time.perf_counter() - start
        best, spent = min(best, elapsed), spent + elapsed
        if spent > budget:
            break
    return best


def timed_command(
    arguments: Sequence[str], env: dict[str, str] | None = None
) -> tuple[float, float]:
    """Run a command under ``/usr/bin/time -v``: (wall seconds, peak memory in MiB)."""
    start = time.perf_counter()
    done = subprocess.run(
        ["/usr/bin/time", "-v", *arguments],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        check=False,
    )
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(arguments)} failed:\n{done.stderr[-2000:]}")
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    return wall, (int(peak.group(1)) / 1024 if peak else float("nan"))


def show(title: str, headings: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    table = Table(title=title, title_justify="left")
    for heading in headings:
        table.add_column(heading, justify="right")
    for row in rows:
        table.add_row(*row)
    console = Console(width=160)
    console.print(table)
    console.print(f"{os.cpu_count()} cores, Python {sys.version.split()[0]}")
