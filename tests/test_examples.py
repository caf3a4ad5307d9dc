"""The bundled examples are what their scripts make: each script, run on a copy of the examples
folder, writes the committed files byte for byte (the Parquet archive: the same table), so a
script that no longer runs against the package, or an example edited by hand, is caught.

The club session's and the teams event's hand records are also the caches of their double-dummy
analysis: they stay in the copy, so the scripts deal the boards again and take each deal's table
from them (a deal they do not have would be solved). Their tables are checked against endplay
here on three boards, their par on all, and the club's deals against its travellers."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bridgescore.formats import hands
from bridgescore.formats.csv import travellers
from tests.support.endplay_oracle import endplay, par_of, solve
from tests.support.paths import EXAMPLES

CACHES = {"club-hands.pbn", "teams-hands.pbn"}
"""Made by a script and read back by it as a cache: kept in the copy."""
MADE = {
    "make_pairs.py": [
        "club-session.csv",
        "club-names.csv",
        "club-hands.pbn",
        "club-movement.json",
        "club-session.toml",
    ],
    "make_teams.py": ["teams.csv", "teams-names.csv", "teams-hands.pbn"],
    "make_archive.py": ["archive/part-0.parquet"],
}


@pytest.mark.parametrize("script", sorted(MADE))
def test_each_example_script_makes_the_committed_files(script: str, tmp_path: Path) -> None:
    copy = tmp_path / "examples"
    shutil.copytree(EXAMPLES, copy)
    for name in MADE[script]:
        if name not in CACHES:
            (copy / name).unlink()
    subprocess.run([sys.executable, str(copy / script)], check=True, capture_output=True)
    for name in MADE[script]:
        made, committed = copy / name, EXAMPLES / name
        if name.endswith(".parquet"):  # the same table (the file names the writer's version)
            import polars as pl

            assert pl.read_parquet(made).equals(pl.read_parquet(committed)), name
        else:
            assert made.read_bytes() == committed.read_bytes(), name


@pytest.mark.parametrize(("name", "boards"), [("club-hands.pbn", 26), ("teams-hands.pbn", 56)])
def test_the_bundled_hands_analysis_is_endplays(name: str, boards: int) -> None:
    endplay()
    records = hands.load(EXAMPLES / name).records
    assert [r.board for r in records] == list(range(1, boards + 1))
    for record in records:
        assert record.table is not None and record.par is not None
        score, _ = par_of(record.table, record.board, record.dealer)
        assert record.par.score == score
    for record in records[:3]:
        assert record.table == solve(record.deal.to_pbn())


def test_the_club_hands_are_the_deals_of_the_revealed_secret() -> None:
    from bridgescore.events.dealing import verify_file

    found = verify_file(EXAMPLES / "club-hands.pbn", bytes.fromhex("5eed" * 16))
    assert found.differing == () and len(found.matching) == 26 and found.commitment_ok


def test_the_club_travellers_follow_the_cards() -> None:
    """Every contract played is played by a declarer who takes within a trick of the
    double-dummy tricks of the deal, and most tables on a board play its par contract or one of
    the side's natural contracts."""
    tables = {r.board: r.table for r in hands.load(EXAMPLES / "club-hands.pbn").records}
    session = travellers.load(EXAMPLES / "club-session.csv")
    played = [line for line in session.lines if line.result is not None]
    assert len(played) > 280
    for line in played:
        result = line.result
        assert result is not None
        if result.contract.is_pass:
            continue
        table = tables[line.board]
        assert table is not None and result.declarer is not None
        assert result.contract.strain is not None
        expected = table[result.declarer, result.contract.strain]
        assert abs(result.tricks - expected) <= 1, str(line)
