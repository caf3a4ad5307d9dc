"""What the table commands print into a file or a pipe: whole tables, never cut; and every
table command's ``--format``."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.support.cli import run
from tests.support.console import SCRIPT
from tests.support.paths import EXAMPLES, ROOT

TABLE_COMMANDS = {
    "contract": ["contract", "4HX+1", "--vul"],
    "rubber": ["rubber", str(EXAMPLES / "rubber.txt")],
    "chicago": ["chicago", str(EXAMPLES / "chicago.txt")],
    "vp": ["vp", "--table", "--boards", "8"],
    "score": [
        "score",
        str(EXAMPLES / "club-session.csv"),
        "--names",
        str(EXAMPLES / "club-names.csv"),
    ],
    "teams": ["teams", str(EXAMPLES / "teams.csv"), "--teams", str(EXAMPLES / "teams-names.csv")],
    "swiss-draw": ["swiss-draw", "--teams", str(EXAMPLES / "teams-names.csv")],
}
BOX = set("┏┃┡│└━─")


@pytest.mark.parametrize("command", ["teams", "rubber", "chicago", "score"])
def test_a_file_gets_whole_tables(command: str, tmp_path: Path) -> None:
    """``bridgescore teams ... > out.txt``: nothing cut with "…", however narrow the terminal
    the command was started from says it is."""
    out = tmp_path / "out.txt"
    with out.open("w", encoding="utf-8") as file:
        done = subprocess.run(
            [str(SCRIPT), *TABLE_COMMANDS[command]],
            cwd=ROOT,
            stdout=file,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "COLUMNS": "40"},
            check=False,
        )
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    assert "…" not in text
    assert "┏" in text
    if command == "teams":
        assert "│    1 │ 1 Ashdown  │ 97.80 │   163.00 │     57.00 │" in text


@pytest.mark.parametrize("command", list(TABLE_COMMANDS))
def test_every_table_command_prints_each_format(command: str) -> None:
    args = TABLE_COMMANDS[command]
    table = run(*args, "--format", "table")
    assert table.exit_code == 0, table.output
    assert BOX & set(table.stdout)
    plain = run(*args, "--format", "plain")
    assert plain.exit_code == 0, plain.output
    assert not BOX & set(plain.stdout)
    comma = run(*args, "--format", "csv")
    assert comma.exit_code == 0, comma.output
    rows = list(csv.reader(io.StringIO(comma.stdout)))
    assert len(rows) > 2 and not BOX & set(comma.stdout)
    for option in (["--format", "json"], ["--json"]):
        printed = run(*args, *option)
        assert printed.exit_code == 0, printed.output
        json.loads(printed.stdout)


def test_plain_and_csv_hold_the_figures_of_the_table() -> None:
    args = TABLE_COMMANDS["score"]
    plain = run(*args, "--format", "plain").stdout.splitlines()
    assert plain[3] == "North-South"
    assert plain[4].split() == ["Rank", "Pair", "Names", "MPs", "Max", "%", "Boards"]
    names = ["Wendy", "Usher", "&", "Mary", "Moss"]
    assert plain[5].split() == ["1", "12", *names, "300.15", "528", "56.85", "24"]
    rows = list(csv.reader(io.StringIO(run(*args, "--format", "csv").stdout)))
    assert rows[1] == ["Matchpoints, scale 2/1"]  # the lines of text: rows of one field
    start = rows.index(["North-South"])
    assert rows[start + 2] == [
        "1",
        "12",
        "Wendy Usher & Mary Moss",
        "300.15",
        "528",
        "56.85",  # 300.15 / 528
        "24",
    ]


def test_json_and_another_format_is_a_usage_error() -> None:
    result = run(*TABLE_COMMANDS["vp"], "--json", "--format", "csv")
    assert result.exit_code == 2
    assert "--json and --format csv" in result.output
