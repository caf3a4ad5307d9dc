"""The benchmark commands the docs show run as shown, on small sizes (`make bench`: full)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.docs import page_text
from tests.support.paths import ROOT
from tests.support.postgres import Postgres

SMALL = {
    "bench.bench_board": ["1000"],
    "bench.bench_bigcsv": ["2", "40", "1"],  # (its costs from one run, not the median of 3)
    "bench.bench_club": ["1"],
    "bench.bench_archive": ["1"],
    "bench.bench_versus": ["1", "100"],
    "bench.bench_site": ["1", "20"],
    "bench.bench_hands": ["1"],  # (one deal: one batch to DDS, as 2 or 32 deals are)
    "bench.bench_sizes": ["1000"],
    "bench.bench_server": ["2", "3"],  # (killed and restarted after 1 s)
    "bench.bench_live": ["2", "10"],
    "bench.generate": ["--boards", "2", "--tables", "3"],
}


def _shown() -> list[list[str]]:
    """The commands of the ``sh`` block of the scale page, as words."""
    block = page_text("scale").split("```sh\n", 1)[1].split("```", 1)[0]
    return [shlex.split(line.partition("#")[0]) for line in block.splitlines() if line.strip()]


@pytest.mark.timeout(300)  # ten benchmark processes at once, two of them Dask clusters
def test_every_benchmark_the_docs_show_runs(tmp_path: Path, postgres: Postgres) -> None:
    """Benchmarks 9 and 10 make their PostgreSQL databases in the session's cluster (the server
    tests'), rather than each making, starting and stopping a cluster of its own."""
    shown = _shown()
    assert [words[:3] for words in shown] == [
        [".venv/bin/python", "-m", module] for module in SMALL
    ]
    env = {
        **os.environ,
        "BRIDGESCORE_BENCH_DATA": str(tmp_path / "data"),
        "BRIDGESCORE_BENCH_POSTGRES": f"postgresql://postgres@127.0.0.1:{postgres.port}/postgres",
        "COLUMNS": "160",
    }
    running = {}
    for words in shown:  # all at once, from the repository root, as the docs say
        module = words[2]
        arguments = [str(tmp_path / w) if w.endswith(".csv") else w for w in words[1:]]
        running[module] = subprocess.Popen(
            [sys.executable, *arguments, *SMALL[module]],  # sys.executable: .venv/bin/python
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
    for module, process in running.items():
        output, _ = process.communicate(timeout=300)
        assert process.returncode == 0, f"{module}:\n{output}"
    assert (tmp_path / "big.csv").read_text().startswith("board,ns,ew,contract,declarer,result\n")
