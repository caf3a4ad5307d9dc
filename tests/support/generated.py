"""Seeded pairs events from the benchmarks' generator, run as the command the README shows
(``python -m bench.generate``): the tests use it without importing ``bench``."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import polars as pl

from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.scoring.butler import ButlerDrop, DatumRounding
from bridgescore.core.scoring.crossimps import CrossNorm
from bridgescore.core.scoring.matchpoints import Scale
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


def write_frame(where: Path, frame: pl.DataFrame, name: str = "event.csv") -> Path:
    """Write traveller columns as a CSV file in ``where``; its path."""
    path = where / name
    frame.write_csv(path)
    return path


def thin(frame: pl.DataFrame, seed: int, share: float = 0.05) -> pl.DataFrame:
    """Leave out some results (boards not played everywhere: Neuberg)."""
    keep = np.random.default_rng(seed).random(frame.height) >= share
    return frame.filter(pl.Series(keep))


RULES = [
    PairsRules(),
    PairsRules(scale=Scale.ACBL),
    PairsRules(expected=40),
    PairsRules(method=PairsMethod.CROSSIMPS),
    PairsRules(method=PairsMethod.CROSSIMPS, cross=CrossNorm.PER_SCORE),
    PairsRules(method=PairsMethod.CROSSIMPS, cross=CrossNorm.TOTAL),
    PairsRules(method=PairsMethod.BUTLER),
    PairsRules(
        method=PairsMethod.BUTLER,
        butler_drop=ButlerDrop(percent=Fraction(10)),
        datum_rounding=DatumRounding.EVEN,
    ),
    PairsRules(method=PairsMethod.TOTAL),
]
"""Rules that exercise every method and setting the columnar paths score themselves."""
