"""Seeded pairs events from the benchmarks' generator, run as the command the README shows
(``python -m bench.generate``): the tests use it without importing ``bench``."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

import polars as pl

from tests.support.paths import ROOT

COLUMNS = {
    "board": pl.Int64,
    "ns": pl.String,
    "ew": pl.String,
    "contract": pl.String,
    "declarer": pl.String,
    "result": pl.String,
}
"""The generator's traveller columns: ``board, ns, ew, contract, declarer, result``."""


def event(boards: int, tables: int, *, seed: int = 1, howell: bool = False) -> pl.DataFrame:
    """A whole event as traveller columns, as ``bench.generate`` writes it for these options."""
    return _generated(boards, tables, seed, howell).clone()


@cache
def _generated(boards: int, tables: int, seed: int, howell: bool) -> pl.DataFrame:
    """Each event is generated once a test run (parametrised tests ask for the same one)."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "event.csv"
        command = [sys.executable, "-m", "bench.generate", str(path)]
        command += ["--boards", str(boards), "--tables", str(tables), "--seed", str(seed)]
        if howell:
            command.append("--howell")
        subprocess.run(command, cwd=ROOT, check=True)
        return pl.read_csv(path, schema=COLUMNS)
