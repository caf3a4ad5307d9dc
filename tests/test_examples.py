"""The bundled examples are what their scripts make: each script, run on a copy of the examples
folder, writes the committed files byte for byte (the Parquet archive: the same table), so a
script that no longer runs against the package, or an example edited by hand, is caught."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import EXAMPLES

MADE = {
    "make_pairs.py": [
        "club-session.csv",
        "club-names.csv",
        "club-hands.pbn",
        "club-movement.json",
        "club-session.toml",
    ],
    "make_teams.py": ["teams.csv", "teams-names.csv"],
    "make_archive.py": ["archive/part-0.parquet"],
}


@pytest.mark.parametrize("script", sorted(MADE))
def test_each_example_script_makes_the_committed_files(script: str, tmp_path: Path) -> None:
    copy = tmp_path / "examples"
    shutil.copytree(EXAMPLES, copy)
    for name in MADE[script]:
        (copy / name).unlink()
    subprocess.run([sys.executable, str(copy / script)], check=True, capture_output=True)
    for name in MADE[script]:
        made, committed = copy / name, EXAMPLES / name
        if name.endswith(".parquet"):  # the same table (the file names the writer's version)
            import polars as pl

            assert pl.read_parquet(made).equals(pl.read_parquet(committed)), name
        else:
            assert made.read_bytes() == committed.read_bytes(), name
