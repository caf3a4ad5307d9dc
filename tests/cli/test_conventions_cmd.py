"""The conventions of other programs on the command line: each option, the presets, what a file
says, and the defaults unchanged; ``bridgescore rules list`` and ``rules show``."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app
from bridgescore.formats import pbn, usebio
from bridgescore.formats.csv import travellers
from bridgescore.formats.usebio import PairFigures
from tests.support.paths import EXAMPLES

# Board 1 at four tables (NS +170, +420, +140, +420: 2/1 matchpoints 2, 5, 0, 5 of 6); board 2
# at three (NS 4 and EW 1 miss it): +650, +620, +600 earn 4, 2, 0 among three results where four
# were expected.
SHORT = """board,ns,ew,contract,declarer,result,score
1,1,1,,,,170
1,2,2,,,,420
1,3,3,,,,140
1,4,4,,,,420
2,1,2,,,,650
2,2,3,,,,620
2,3,4,,,,600
"""


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "100"})


def scored(path: Path, *options: str) -> dict[str, Any]:
    result = run("score", str(path), "--field", "two", "--json", *options)
    assert result.exit_code == 0, result.output
    payload: dict[str, Any] = json.loads(result.output)
    return payload


def board_2(payload: dict[str, Any]) -> list[float]:
    return [r["ns_points"] for r in payload["boards"][1]["results"]]


def ns_places(payload: dict[str, Any]) -> dict[str, tuple[str, float]]:
    return {e["pair"]: (e["rank"], e["percent"]) for e in payload["rankings"][0]["entries"]}


@pytest.fixture
def short(tmp_path: Path) -> Path:
    path = tmp_path / "short.csv"
    path.write_text(SHORT)
    return path


def test_the_defaults_are_exact_and_neuberg(short: Path) -> None:
    payload = scored(short)
    assert board_2(payload) == [17 / 3, 3, 1 / 3]
    assert ns_places(payload)["1"] == ("3", 575 / 9)


def test_board_precision_ties_two_pairs(short: Path) -> None:
    # 17/3 -> 6: NS 1 has 2 + 6 = 8 of 12, as NS 2 has 5 + 3.
    payload = scored(short, "--board-precision", "0")
    assert board_2(payload) == [6, 3, 0]
    assert (ns_places(payload)["1"], ns_places(payload)["2"]) == (("2=", 200 / 3),) * 2
    plain = scored(short, "--board-precision", "0", "--ties", "plain")
    assert ns_places(plain)["1"] == ("2", 200 / 3)


@pytest.mark.parametrize(
    ("mode", "points", "ns_1"),
    [
        ("neuberg", [17 / 3, 3, 1 / 3], 575 / 9),
        ("unfactored", [4, 2, 0], 200 / 3),
        ("sum-of-tops", [4, 2, 0], 60),
        ("add-missing", [5, 3, 1], 175 / 3),
    ],
)
def test_short_boards(short: Path, mode: str, points: list[float], ns_1: float) -> None:
    payload = scored(short, "--short-boards", mode)
    assert board_2(payload) == points
    assert ns_places(payload)["1"][1] == pytest.approx(ns_1)


def test_a_preset_and_an_option_over_it(short: Path) -> None:
    assert board_2(scored(short, "--rules", "bbo")) == [4, 2, 0]
    assert board_2(scored(short, "--rules", "bbo", "--short-boards", "neuberg"))[1] == 3
    assert board_2(scored(short, "--rules", "scorebridge")) == [5.7, 3, 0.3]


def test_sit_out_score(short: Path) -> None:
    # NS 4 missed board 2: 5 + 60 % of 6 = 8.6 of 12 = 71.67 %.
    payload = scored(short, "--sit-out-score", "60%")
    assert ns_places(payload)["4"] == ("1", 215 / 3)
    wrong = run("score", str(short), "--sit-out-score", "2")
    assert wrong.exit_code == 2
    assert (
        wrong.output == "error: a sit-out score at matchpoints is a percentage (60%), not 2 IMPs\n"
    )


def test_fixed_and_variable_averages_are_both_reachable(tmp_path: Path) -> None:
    # NS 1 scores 100 % on board 1 and gets Ave+ on board 2: variable (Law 12C2(c)) keeps its
    # 100 %; fixed gives 60 %. Either can be said, whatever the preset.
    path = tmp_path / "averages.csv"
    path.write_text(
        "board,ns,ew,contract,declarer,result,score\n"
        "1,1,1,,,,420\n1,2,2,,,,170\n1,3,3,,,,140\n"
        "2,1,2,,,,A60/40\n2,2,3,,,,620\n2,3,1,,,,600\n"
    )
    variable = scored(path, "--variable-averages")
    fixed = scored(path, "--fixed-averages")
    assert scored(path) == variable
    assert variable["boards"][1]["results"][0]["ns_points"] == 4  # 100 % of 4
    assert fixed["boards"][1]["results"][0]["ns_points"] == 2.4  # 60 % of 4


def test_a_weighted_score_apart(tmp_path: Path) -> None:
    # rules-and-formats §9.4: in the pool 5.4, 10, 7.4, 4.8, 2.4, 0; apart the five table results
    # among themselves, Neuberg to six: 9.8, 7.4, 5, 2.6, 0.2 (the weighted score 5.4 either way).
    path = tmp_path / "weighted.csv"
    path.write_text(
        "board,ns,ew,contract,declarer,result,score\n"
        '1,1,11,,,,"60% 420 40% -50"\n1,2,12,,,,450\n1,3,13,,,,420\n'
        "1,4,14,,,,170\n1,5,15,,,,-50\n1,6,16,,,,-100\n"
    )
    pool = [r["ns_points"] for r in scored(path)["boards"][0]["results"]]
    apart = [r["ns_points"] for r in scored(path, "--weighted", "apart")["boards"][0]["results"]]
    assert pool == [5.4, 10, 7.4, 4.8, 2.4, 0]
    assert apart == [5.4, 9.8, 7.4, 5, 2.6, 0.2]


def test_the_file_says_median_the_option_says_mean(tmp_path: Path) -> None:
    session = travellers.load(EXAMPLES / "club-session.csv")
    path = tmp_path / "club.pbn"
    info = replace(session.info, scoring="IMP;Butler;Median")
    pbn.dump(pbn.session_to_pbn(replace(session, info=info)), path)
    median = json.loads(run("score", str(path), "--json").output)
    mean = json.loads(run("score", str(path), "--json", "--datum", "mean").output)
    jfr_mean = json.loads(run("score", str(path), "--json", "--rules", "jfr").output)
    datums = [b["datum"] for b in median["boards"]]
    assert median["method"] == "butler" and datums != [b["datum"] for b in mean["boards"]]
    assert datums == [b["datum"] for b in jfr_mean["boards"]]
    median_board_1 = sorted(r["ns_score"] for r in median["boards"][0]["results"])
    middle = len(median_board_1) // 2
    assert median["boards"][0]["datum"] in (median_board_1[middle], median_board_1[middle - 1])


def test_the_defaults_said_out_loud_change_nothing() -> None:
    args = [
        "score",
        str(EXAMPLES / "club-session.csv"),
        "--names",
        str(EXAMPLES / "club-names.csv"),
    ]
    said = [
        *("--rules", "ebu", "--short-boards", "neuberg", "--weighted", "pool"),
        *("--datum", "mean", "--ties", "equals", "--variable-averages"),
    ]
    assert run(*args).output == run(*args, *said).output


def test_rules_list_and_show() -> None:
    listed = run("rules", "list")
    assert listed.exit_code == 0
    for name in ("ebu", "acbl", "wbf", "bbo", "ebuscore", "pairsscorer", "scorebridge", "jfr"):
        assert f"│ {name} " in listed.output
    shown = run("rules", "show", "acbl")
    assert shown.exit_code == 0, shown.output
    assert "│ scale           │ 1/0.5           │ * │ --scale" in shown.output
    assert "│ short boards    │ neuberg         │   │ --short-boards" in shown.output
    payload = json.loads(run("rules", "show", "BBO", "--json").output)
    changed = {s["setting"]: s["value"] for s in payload["settings"] if s["changed"]}
    assert (payload["name"], changed) == ("bbo", {"short_boards": "unfactored"})
    assert len(payload["settings"]) == 16
    unknown = run("rules", "show", "abf")
    assert unknown.exit_code == 2 and "'abf' is not one of" in unknown.output


def test_places_are_read_with_or_without_equals() -> None:
    assert [PairFigures.parse_place(text) for text in ("3", "3=", " 3 = ")] == [
        (3, False),
        (3, True),
        (3, True),
    ]


def test_places_written_with_equals_or_plain(short: Path, tmp_path: Path) -> None:
    # --board-precision 0 ties NS 1 and NS 2 for second (see test_board_precision_ties_two_pairs)
    equals, plain = tmp_path / "equals.xml", tmp_path / "plain.xml"
    common = ["export", str(short), "--field", "two", "--board-precision", "0"]
    assert run(*common, "--usebio", str(equals)).exit_code == 0
    assert run(*common, "--ties", "plain", "--usebio", str(plain)).exit_code == 0
    places = {
        name: sorted(
            figures.place_text or "" for figures in usebio.load(path).figures.pairs.values()
        )
        for name, path in (("equals", equals), ("plain", plain))
    }
    assert places["equals"].count("2=") == 2 and "2=" not in places["plain"]
    assert places["plain"].count("2") == places["equals"].count("2") + 2


def test_teams_places_written_plain(tmp_path: Path) -> None:
    # one board, the same result at both tables: 10-10 VPs, a tie for first
    path = tmp_path / "tie.csv"
    path.write_text(
        "board,ns,ew,contract,declarer,result,round,table\n1,1,2,4S,N,=,1,1\n1,2,1,4S,N,=,1,2\n"
    )
    for option, shown in (((), "1="), (("--ties", "plain"), "1")):
        payload = json.loads(run("teams", str(path), "--json", *option).output)
        assert [row["rank"] for row in payload["standings"]] == [shown, shown]
