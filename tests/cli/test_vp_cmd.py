"""``bridgescore vp``: one margin, the whole table, the named scales, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "100"})


def test_one_margin() -> None:
    result = run("vp", "10", "--boards", "16")
    assert result.exit_code == 0
    assert result.output == "16 boards, 10 IMPs on the wbf scale: 12.80 - 7.20\n"
    assert run("vp", "1", "--boards", "1", "--vp", "acbl").output == (
        "1 board, 1 IMP on the acbl scale: 11 - 9\n"
    )


def test_a_lost_match_and_a_scale_named_in_capitals() -> None:
    """``vp -5``: the VPs of the team that lost by 5 IMPs, then its opponents'."""
    lost = run("vp", "-5", "--boards", "16", "--vp", "WBF")
    assert lost.exit_code == 0, lost.output
    assert lost.output == "16 boards, -5 IMPs on the wbf scale: 8.52 - 11.48\n"
    won = run("vp", "--boards", "16", "5")
    assert won.output == "16 boards, 5 IMPs on the wbf scale: 11.48 - 8.52\n"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("14", "--boards", "16"), {"winner": 13.75, "loser": 6.25}),
        (("10", "--boards", "16", "--vp", "wbf"), {"winner": 12.8, "loser": 7.2}),
        (("10.5", "--boards", "16"), {"winner": 12.92, "loser": 7.08}),
        (("21/2", "--boards", "16"), {"winner": 12.92, "loser": 7.08}),
        (("9", "--boards", "7", "--vp", "acbl"), {"winner": 14, "loser": 6}),
        (("20", "--boards", "16", "--vp", "wbf-discrete"), {"winner": 15, "loser": 5}),
        (("10", "--boards", "7", "--vp", "seed-7-boards"), {"winner": 14, "loser": 6}),
        (("17", "--boards", "12", "--vp", "seed-old-20"), {"winner": 14, "loser": 6}),
        (("75", "--boards", "8", "--vp", "negative-20-5"), {"winner": 20, "loser": -4}),
    ],
)
def test_json(args: tuple[str, ...], expected: dict[str, float]) -> None:
    result = run("vp", *args, "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert payload == expected
    assert [type(v) for v in payload.values()] == [type(v) for v in expected.values()]


def test_the_whole_table() -> None:
    result = run("vp", "--boards", "16", "--table")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].strip() == "wbf scale, 16 boards"
    assert "│   10 │  12.80 │  7.20 │" in lines
    assert "│   14 │  13.75 │  6.25 │" in lines
    assert "│  60+ │  20.00 │  0.00 │" in lines
    assert sum(1 for line in lines if line.startswith("│")) == 61


def test_the_whole_table_as_json() -> None:
    payload = json.loads(run("vp", "--boards", "7", "--table", "--vp", "acbl", "--json").output)
    assert payload["scale"] == "acbl"
    assert payload["boards"] == 7
    assert payload["table"][0] == [0, 10, 10]
    assert payload["table"][10] == [10, 14, 6]
    assert payload["table"][-1] == [28, 20, 0]
    assert len(payload["table"]) == 29
    wbf = json.loads(run("vp", "--boards", "16", "--table", "--json").output)
    assert wbf["table"][10] == [10, 12.8, 7.2]
    assert len(wbf["table"]) == 61


def test_listing_the_scales() -> None:
    result = run("vp", "--scales")
    assert result.exit_code == 0
    for name in ("wbf", "wbf-discrete", "acbl", "seed-7-boards", "seed-old-20", "negative-20-5"):
        assert f"│ {name} " in result.output
    payload = json.loads(run("vp", "--scales", "--json").output)
    assert [s["name"] for s in payload["scales"]][:2] == ["acbl", "negative-20-5"]
    assert all(s["description"] for s in payload["scales"])


def test_a_custom_scale_file(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_text("min_imps,max_imps,winner,loser\n0,3,10,10\n4,,20,0\n", encoding="utf-8")
    result = run("vp", "4", "--boards", "8", "--vp", str(path), "--json")
    assert json.loads(result.output) == {"winner": 20, "loser": 0}
    path.write_text("min_imps,max_imps,winner,loser\n0,3,10,10\n5,,20,0\n", encoding="utf-8")
    result = run("vp", "4", "--boards", "8", "--vp", str(path))
    assert result.exit_code == 2
    assert (
        result.output
        == f"error: {path}:3: margins of 4 IMPs are in no band (the band before ends at 3)\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("10", "--boards", "16", "--vp", "wbf2"),
            "error: 'wbf2' is not a VP scale: use one of acbl, ",
        ),
        (("10", "--boards", "0"), "error: a match has 1 to 999 boards, not 0"),
        (("--boards", "3", "--bogus"), "error: '--bogus': an IMP margin is a number such as 10"),
        (
            ("ten", "--boards", "3"),
            "error: 'ten': an IMP margin is a number such as 10, 10.5 or 21/2",
        ),
        (("10",), "error: say how many boards the match has: --boards N"),
        (
            ("--boards", "8"),
            "error: give an IMP margin (vp 10 --boards 16) or --table, not both or neither",
        ),
        (("3", "--boards", "8", "--table"), "error: give an IMP margin"),
        (
            ("3", "--boards", "37", "--vp", "acbl"),
            "error: the ACBL 20-VP scale covers matches of 1 to 36 boards, not 37",
        ),
        (
            ("3", "--boards", "8", "--vp", "missing.csv"),
            "error: missing.csv: no such VP scale file",
        ),
    ],
)
def test_errors(args: tuple[str, ...], message: str) -> None:
    result = run("vp", *args)
    assert result.exit_code == 2
    assert result.output.startswith(message)
    assert "Traceback" not in result.output
