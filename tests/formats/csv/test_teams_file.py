"""The teams file (team,name,players): names, order, and every bad line located."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.errors import FileFormatError
from bridgescore.core.teams.event import Team
from bridgescore.formats.csv.teams_file import load, loads


def test_a_teams_file() -> None:
    text = (
        "# club teams, Tuesday\n"
        "Team,Name,Players\n"
        '3,Carrick,"Eve Carrick, Dan Moss"\n'
        "\n"
        "1,Ashdown,\n"
        "2,,Bill Brampton\n"
    )
    assert loads(text) == (
        Team("3", "Carrick", "Eve Carrick, Dan Moss"),
        Team("1", "Ashdown"),
        Team("2", None, "Bill Brampton"),
    )
    assert loads("team,name\nLions,Lions of Leeds\n") == (Team("Lions", "Lions of Leeds"),)


@pytest.mark.parametrize(
    ("text", "messages"),
    [
        ("pair,names\n1,A\n", ["t.csv:1: a teams file starts with the header team,name,players"]),
        (
            "team,name,captain\n1,A,B\n",
            ["t.csv:1: a teams file starts with the header team,name,players"],
        ),
        (
            "team,name\n1,A\n2,B,extra\n1,C\n,D\n",
            [
                "t.csv:3: 3 fields but the header has 2",
                "t.csv:4: team 1 is listed twice (also line 2)",
                "t.csv:5: the team (its number in the results) is missing",
            ],
        ),
        ("team,name,players\n", ["t.csv: no teams: write one team a line under the header"]),
        ("", ["t.csv: no teams: write one team a line under the header"]),
        (
            "team,name\n1," + "x" * 200_000 + "\n",
            ["t.csv:2: a field is longer than 131,072 characters: not a results file"],
        ),
    ],
)
def test_bad_teams_files(text: str, messages: list[str]) -> None:
    with pytest.raises(FileFormatError) as caught:
        loads(text, source="t.csv")
    assert [str(p) for p in caught.value.problems] == messages


def test_reading_a_file(tmp_path: Path) -> None:
    path = tmp_path / "teams.csv"
    path.write_text("team,name\n1,Ashdown\n", encoding="utf-8")
    assert load(path) == (Team("1", "Ashdown"),)
    with pytest.raises(FileFormatError, match="cannot read the file"):
        load(tmp_path / "missing.csv")
