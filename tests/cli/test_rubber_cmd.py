"""``bridgescore rubber`` and ``bridgescore chicago`` on the bundled examples and on bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import as_json, run
from tests.support.paths import EXAMPLES

RUBBER = str(EXAMPLES / "rubber.txt")
CHICAGO = str(EXAMPLES / "chicago.txt")


def test_rubber_example_sheet() -> None:
    result = run("rubber", RUBBER)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Rubber 1: We (NS) won 2-0, rubber bonus 700" in out
    assert "Rubber 2: They (EW) won 2-1, rubber bonus 500" in out
    assert "Rubber 3: unfinished when play stopped (games We 1, They 0)" in out
    assert "unfinished rubber: game" in out and "honours (deal 6)" in out
    assert "Final: We (NS) 2200, They (EW) 2570. They (EW) win by 370 points." in out


def test_rubber_json_shape_and_figures() -> None:
    data = as_json("rubber", RUBBER)
    assert data["totals"] == {"NS": 2200, "EW": 2570}
    assert data["difference"] == -370 and data["leader"] == "EW"
    rubbers = data["rubbers"]
    # rubber 1: NS 120 + 100 honours + 100 + 30 + 700 = 1050; EW 60 + 30
    # rubber 2: NS 60 + 300 + 150 + 70 + 40 = 620; EW 60 + 240 + 50 + 500 + 120 + 750 + 100 + 500
    # rubber 3 (unfinished): NS 100 + 30 + 300 + 100 = 530; EW 40 + 20 + 100 = 160
    assert [(r["winner"], r["bonus"], r["totals"]) for r in rubbers] == [
        ("NS", {"NS": 700, "EW": 0}, {"NS": 1050, "EW": 90}),
        ("EW", {"NS": 0, "EW": 500}, {"NS": 620, "EW": 2320}),
        (None, {"NS": 400, "EW": 100}, {"NS": 530, "EW": 160}),
    ]
    assert [r["running_totals"] for r in rubbers][-1] == data["totals"]
    deal = rubbers[1]["deals"][2]
    assert deal["deal"] == 6 and deal["contract"] == "3NTX" and deal["honours"] == "NS:150"
    assert {
        "deal": 6,
        "side": "NS",
        "points": 150,
        "reason": "honours",
        "below": False,
        "game": None,
    } in deal["entries"]
    assert isinstance(data["totals"]["NS"], int)


def test_rubber_partscore_bonus_option() -> None:
    data = as_json("rubber", RUBBER, "--partscore-bonus", "50")
    assert data["rubbers"][2]["bonus"] == {"NS": 350, "EW": 50}
    assert data["totals"] == {"NS": 2150, "EW": 2520}
    assert run("rubber", RUBBER, "--partscore-bonus", "75").exit_code == 2


def test_chicago_example_sheet() -> None:
    result = run("chicago", CHICAGO)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Chukker 1" in out and "Chukker 2" in out and "incomplete" not in out
    assert "redealt, not counted" in out
    assert "Honours recorded on deal(s) 9 are not counted (use --honours)." in out
    assert "Final: We (NS) 2450, They (EW) 690. We (NS) win by 1760 points." in out


def test_chicago_json_and_options() -> None:
    data = as_json("chicago", CHICAGO)
    assert data["totals"] == {"NS": 2450, "EW": 690}
    assert data["complete"] is True
    chukker = data["chukkers"][0]
    assert [
        (d["deal"], d["position"], d["dealer"], d["vulnerability"]) for d in chukker["deals"]
    ] == [
        (1, 1, "N", "None"),
        (2, 2, "E", "EW"),
        (3, 3, "S", "NS"),
        (4, 3, "S", "NS"),
        (5, 4, "W", "Both"),
    ]
    assert chukker["deals"][2]["redealt"] is True
    # with honours, NS's 100 on deal 9 counts
    assert as_json("chicago", CHICAGO, "--honours")["totals"] == {"NS": 2550, "EW": 690}
    # the side not dealing vulnerable on deals 2-3. Chukker 2: deal 7 (dealer E) has NS
    # vulnerable: 4HX-1 = 200 to EW; deal 8 (dealer S) has EW vulnerable: 40 + 60 completes
    # their game, 60 + 500
    flipped = as_json("chicago", CHICAGO, "--non-dealer-vul")
    assert [d["scores"] for d in flipped["chukkers"][1]["deals"]][1:3] == [
        {"NS": 0, "EW": 200},
        {"NS": 0, "EW": 560},
    ]
    assert flipped["rules"]["dealer_vulnerable"] is False
    dup = as_json("chicago", CHICAGO, "--duplicate-style")
    assert dup["rules"]["duplicate_style"] is True
    assert [d["scores"]["NS"] for d in dup["chukkers"][0]["deals"]] == [110, 110, 0, 400, 0]
    east = as_json("chicago", CHICAGO, "--first-dealer", "E")
    assert [d["dealer"] for d in east["chukkers"][0]["deals"]] == ["E", "S", "W", "W", "N"]


def test_incomplete_chukker_is_said(tmp_path: Path) -> None:
    path = tmp_path / "short.txt"
    path.write_text("4S N 10\n2H E 8\n", encoding="utf-8")
    result = run("chicago", str(path))
    assert result.exit_code == 0
    assert "Chukker 1 (incomplete: 2 of 4 deals played)" in result.stdout
    assert "scored as far as it went" in result.stdout
    assert as_json("chicago", str(path))["complete"] is False


@pytest.mark.parametrize("command", ["rubber", "chicago"])
def test_bad_file_exit_2_with_located_message_and_no_sheet(tmp_path: Path, command: str) -> None:
    path = tmp_path / "deals.txt"
    path.write_text("4S N 10\n2H E 8\n8S N 10\n4S N 14\n", encoding="utf-8")
    result = run(command, str(path))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"error: {path}:3: '8S N 10': a contract's level is 1 to 7",
        f"{path}:4: '4S N 14': 14 tricks taken; a deal has 13",
    ]
    assert "Traceback" not in result.output
    json_run = run(command, str(path), "--json")
    assert json_run.exit_code == 2 and json_run.stdout == ""


@pytest.mark.parametrize("command", ["rubber", "chicago"])
def test_missing_and_empty_files(tmp_path: Path, command: str) -> None:
    missing = run(command, str(tmp_path / "nope.txt"))
    assert missing.exit_code == 2 and missing.stdout == ""
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n", encoding="utf-8")
    result = run(command, str(empty))
    assert result.exit_code == 2 and result.stdout == ""
    assert "no deals" in result.stderr


def test_bad_first_dealer() -> None:
    result = run("chicago", CHICAGO, "--first-dealer", "X")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "error: 'X': a seat is N, E, S or W\n"
