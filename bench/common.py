"""Shared bits of the benchmark scripts: timing, child processes, tables, the data folder."""

from __future__ import annotations

import compileall
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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


def precompile() -> None:
    """Compile bridgescore's modules to bytecode, as installing a wheel does: a command timed
    here then starts as it does on a user's machine (this checkout's environment may ask
    Python not to write bytecode, and would compile every module on every run)."""
    import bridgescore

    compileall.compile_dir(Path(bridgescore.__file__).parent, quiet=2)


@dataclass(frozen=True, slots=True)
class Run:
    """One finished run of a command: its wall and CPU seconds (user and system)."""

    wall: float
    cpu: float


def run_once(arguments: Sequence[str], *, cwd: Path | None = None) -> Run:
    """Run a command once, its output thrown away: wall seconds and the CPU seconds the
    operating system counted for it (and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        list(arguments), cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(arguments)} failed:\n{done.stderr.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(wall, cpu)


def median_runs(runs: Sequence[Run]) -> Run:
    return Run(statistics.median(r.wall for r in runs), statistics.median(r.cpu for r in runs))


def load_text() -> str:
    """The machine's load (1, 5 and 15 minute averages) and its cores, to quote with figures."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def show(title: str, headings: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    table = Table(title=title, title_justify="left")
    for heading in headings:
        table.add_column(heading, justify="right")
    for row in rows:
        table.add_row(*row)
    console = Console(width=160)
    console.print(table)
    console.print(f"Python {sys.version.split()[0]}, {load_text()}")
