"""``bridgescore teams`` and ``bridgescore swiss-draw``: the bundled event, the hand-worked round
robin and Swiss, the JSON shape, and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.teams.tiebreaks import TIE_BREAK_ORDERS
from bridgescore.formats.csv import travellers
from tests.support.cli import as_json, run
from tests.support.docs import page_text
from tests.support.paths import EXAMPLES
from tests.support.teams_events import (
    ROUND_ROBIN,
    ROUND_ROBIN_RANKING,
    SWISS,
    SWISS_RANKING,
    traveller_file,
)

EVENT = str(EXAMPLES / "teams.csv")
NAMES = str(EXAMPLES / "teams-names.csv")
MATCH_KEYS = {"round", "home", "away", "imps", "vps", "boards"}
ROW_KEYS = {"rank", "team", "vp", "imps_for", "imps_against"}


@pytest.fixture
def round_robin(tmp_path: Path) -> str:
    path = tmp_path / "round-robin.csv"
    travellers.dump(traveller_file(ROUND_ROBIN), path)
    return str(path)


@pytest.fixture
def swiss(tmp_path: Path) -> str:
    path = tmp_path / "swiss.csv"
    travellers.dump(traveller_file(SWISS), path)
    return str(path)


def test_the_bundled_event() -> None:
    result = run("teams", EVENT, "--teams", NAMES, "--vp", "wbf")
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    assert "Round 1: Ashdown v Brampton (IMPs 10-18, VPs 6.88-13.12)" in lines
    assert "Round 3: Ashdown v Carrick (IMPs 0-7, VPs 7.23-12.77)" in lines
    # the fouled board: A60/40 at table 2, Carrick (NS there) Ave+ = 3 IMPs
    assert "│    20 │ 4♠ N =     │   620 │ A60/40     │       │      │         │       3 │" in lines
    # the weighted score: 60% 6CN= (+1370 - -200 = 1570: 17 IMPs) 40% 6CN-1 (-100 - -200 = 100:
    # 3 IMPs) = 10.2 + 1.2 = 11.4 IMPs; the net shown is the expected one, 782 + 200
    assert any(
        "│ 60% 6CN= 40% 6CN-1 │   782 │ 7♣ N -2    │  -200 │ 982 │    11.40 │" in x for x in lines
    )
    # one number format a column: 143.40 IMPs won by Brampton, so 163.00 for Ashdown
    assert "│    1 │ 1 Ashdown  │ 97.80 │   163.00 │     57.00 │" in lines
    assert lines[-2:] == [
        "Scored in IMPs, turned into VPs on the wbf scale.",
        "Tie-breaks: head-to-head, head-to-head-imps, tie-break-points, imp-difference, "
        "point-a-board (ebu).",
    ]


def test_the_bundled_event_as_json() -> None:
    data = as_json("teams", EVENT, "--teams", NAMES)
    assert (data["method"], data["scale"], data["unit"], data["byes"]) == ("imps", "wbf", "VP", [])
    assert len(data["matches"]) == 28
    for match in data["matches"]:
        assert set(match) == MATCH_KEYS
        assert len(match["boards"]) == 8
        assert all(set(board) == {"board", "net", "imps"} for board in match["boards"])
        assert round(sum(match["vps"]), 9) == 20
    third = [m for m in data["matches"] if m["round"] == 3][1]
    assert (third["home"], third["away"], third["imps"], third["vps"]) == (
        "Ashdown",
        "Carrick",
        [0, 7],
        [7.23, 12.77],
    )
    assert third["boards"][2:4] == [
        {"board": 19, "net": -140, "imps": -4},
        {"board": 20, "net": None, "imps": -3},
    ]
    assert [type(v) for v in third["imps"]] == [int, int]
    rows = data["standings"]
    assert all(set(row) == ROW_KEYS for row in rows)
    assert rows[0] == {
        "rank": "1",
        "team": "Ashdown",
        "vp": 97.8,
        "imps_for": 163,
        "imps_against": 57,
    }
    assert rows[1]["imps_for"] == 143.4
    assert round(sum(row["vp"] for row in rows), 9) == 28 * 20


def test_the_round_robin(round_robin: str) -> None:
    data = as_json("teams", round_robin, "--vp", "seed-7-boards")
    rows = [(r["rank"], r["team"], r["vp"]) for r in data["standings"]]
    assert rows == ROUND_ROBIN_RANKING
    assert data["matches"][5] == {
        "round": 2,
        "home": "8",
        "away": "6",
        "imps": [3, 6],
        "vps": [8, 12],
        "boards": [{"board": 3, "net": -250, "imps": -6}, {"board": 4, "net": 100, "imps": 3}],
    }
    wbf = as_json("teams", round_robin, "--vp", "seed-7-boards", "--tie-break", "wbf")
    assert [r["rank"] for r in wbf["standings"]][5:] == ["6", "7", "8"]
    assert [r["team"] for r in wbf["standings"]][5:] == ["7", "6", "8"]
    result = run("teams", round_robin, "--vp", "seed-7-boards")
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    assert "│   6= │ 6    │ 58 │        7 │        34 │ tie stands     │" in lines
    assert "│    4 │ 4    │ 72 │       20 │        13 │ imp-difference │" in lines
    assert "Round 2: 8 v 6 (IMPs 3-6, VPs 8-12)" in lines


def test_ranking_by_imps_and_by_board_a_match(round_robin: str) -> None:
    imps = as_json("teams", round_robin, "--vp", "none")
    assert (imps["unit"], imps["scale"], imps["bye_score"]) == ("IMPs", None, "average")
    assert imps["matches"][0]["vps"] is None
    # net IMPs: 1 53 - 3 = 50, then 3 +21, 2 +22 ... best first
    assert [(r["team"], r["vp"]) for r in imps["standings"][:3]] == [
        ("1", 50),
        ("2", 22),
        ("3", 21),
    ]
    bam = as_json("teams", round_robin, "--method", "bam")
    assert bam["unit"] == "BAM points"
    # board-a-match: half the point-a-board count-back figures
    assert [(r["team"], r["vp"]) for r in bam["standings"][:2]] == [("1", 9.5), ("3", 9)]
    result = run("teams", round_robin, "--method", "pab", "--vp", "wbf")
    assert result.exit_code == 2
    assert result.output == (
        "error: a VP scale turns IMP margins into VPs: a pab event is ranked by its PAB "
        "points, without a VP scale\n"
    )


def test_names_from_a_teams_file(round_robin: str, tmp_path: Path) -> None:
    names = tmp_path / "names.csv"
    names.write_text(
        "team,name,players\n" + "".join(f"{n},Team {n},\n" for n in "87654321"), encoding="utf-8"
    )
    data = as_json("teams", round_robin, "--vp", "seed-7-boards", "--teams", str(names))
    assert [r["team"] for r in data["standings"]][:2] == ["Team 1", "Team 2"]
    # exact ties are listed in the teams file's order
    assert [r["team"] for r in data["standings"]][5:7] == ["Team 7", "Team 6"]
    assert data["matches"][0]["home"] == "Team 1"


def test_the_swiss(swiss: str) -> None:
    data = as_json("teams", swiss, "--vp", "seed-7-boards")
    assert data["byes"] == [
        {"round": 1, "team": "5"},
        {"round": 2, "team": "2"},
        {"round": 3, "team": "4"},
        {"round": 4, "team": "1"},
    ]
    assert [(r["rank"], r["team"], r["vp"]) for r in data["standings"]] == SWISS_RANKING
    average = as_json("teams", swiss, "--vp", "seed-7-boards", "--bye-score", "average")
    # a bye is worth the team's average: 1 13 + 11 + 7 + 31/3; 4 12 + 9 + 9 + 10; 2 7 + 11 + 12
    # + 10; 5 6 + 9 + 11 + 26/3; 3 had no bye: 43
    assert [(r["rank"], r["team"], r["vp"]) for r in average["standings"]] == [
        ("1", "3", 43),
        ("2", "1", 124 / 3),
        ("3", "4", 40),
        ("4", "2", 40),
        ("5", "5", 104 / 3),
    ]
    assert average["standings"][0] == {
        "rank": "1",
        "team": "3",
        "vp": 43,
        "imps_for": 14,
        "imps_against": 7,
    }


def test_the_swiss_draw(swiss: str) -> None:
    result = run("swiss-draw", swiss, "--round", "4", "--vp", "seed-7-boards")
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    assert lines[0] == "Ranking after round 3"
    assert "│    1 │ 3    │ 35 │" in lines
    assert lines[-3:] == [
        "Bye: 1",
        "Note: 3 v 2 because 3 and 4 met in round 1",
        "Note: bye to 1, not 5: 5 had a bye in round 1; 2 had a bye in round 2",
    ]
    data = as_json("swiss-draw", swiss, "--round", "4", "--vp", "seed-7-boards")
    assert data == {
        "round": 4,
        "ranking": ["3", "4", "1", "2", "5"],
        "tables": [{"table": 1, "home": "3", "away": "2"}, {"table": 2, "home": "4", "away": "5"}],
        "bye": "1",
        "withdrawn": [],
        "notes": [
            "3 v 2 because 3 and 4 met in round 1",
            "bye to 1, not 5: 5 had a bye in round 1; 2 had a bye in round 2",
        ],
    }
    first = as_json("swiss-draw", swiss, "--round", "1")
    assert [(t["home"], t["away"]) for t in first["tables"]] == [("1", "2"), ("3", "4")]
    # no --round: the round after the last one in the file
    fifth = as_json("swiss-draw", swiss, "--vp", "seed-7-boards")
    assert fifth["round"] == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("swiss-draw", "{swiss}", "--round", "7"),
            "error: round 7 cannot be drawn yet: the results go up to round 4\n",
        ),
        (
            ("teams", "{swiss}", "--bye-score", "twelve"),
            "error: 'twelve' is not a bye score: write 12, average or 12-or-average\n",
        ),
        (
            ("teams", "{swiss}", "--tie-break", "coin-toss"),
            "error: 'coin-toss': 'coin-toss' is not a tie-break step",
        ),
        (("teams", "{swiss}", "--vp", "wbf2"), "error: 'wbf2' is not a VP scale"),
        (
            ("teams", "{swiss}", "--teams", "{names}"),
            "error: {names}:3: team 2 is listed twice (also line 2)\n",
        ),
    ],
)
def test_bad_options(swiss: str, tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    names = tmp_path / "names.csv"
    names.write_text("team,name\n2,Lions\n2,Tigers\n", encoding="utf-8")
    filled = [arg.format(swiss=swiss, names=names) for arg in args]
    result = run(*filled)
    assert result.exit_code == 2
    assert result.output.startswith(message.format(names=names))
    assert "Traceback" not in result.output


def test_a_bad_teams_file_is_refused_with_every_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(
        "round,table,board,ns,ew,score\n"
        "1,1,1,1,2,420\n"
        "1,2,1,2,1,-50\n"
        "1,1,2,1,2,110\n"
        "1,3,3,1,3,420\n"
        "1,4,3,3,1,-50\n",
        encoding="utf-8",
    )
    result = run("teams", str(path))
    assert result.exit_code == 2
    # team 1's second match of the round (against 3) is on other boards: three teams may play
    # each other so; only the board with one table is wrong
    assert result.output.splitlines() == [
        f"error: {path}:4: round 1, board 2: only 1 NS v 2 EW has a result; the other table "
        "(2 NS v 1 EW) has none",
    ]


def test_the_issues_order_head_to_head_then_imp_quotient(round_robin: str) -> None:
    # "head-to-head result, then IMP quotient": 2 and 3 (81) are split by their match (13-7);
    # 4 and 5 (72) drew 10-10 with no IMP either way, IMP quotient 20/13 against 12/9; 6 and 7
    # (58) drew 10-10, 7/34 against 8/35, so 7 is 6th. The ebu order leaves 6 and 7 level.
    args = (
        "teams",
        round_robin,
        "--vp",
        "seed-7-boards",
        "--tie-break",
        "head-to-head,imp-quotient",
    )
    data = as_json(*args)
    assert data["tie_breaks"] == ["head-to-head", "imp-quotient"]
    assert [(r["rank"], r["team"], r["vp"]) for r in data["standings"]] == [
        ("1", "1", 92),
        ("2", "2", 81),
        ("3", "3", 81),
        ("4", "4", 72),
        ("5", "5", 72),
        ("6", "7", 58),
        ("7", "6", 58),
        ("8", "8", 46),
    ]
    lines = [line.rstrip() for line in run(*args).stdout.splitlines()]
    assert "│    3 │ 3    │ 81 │       27 │         6 │ head-to-head │" in lines
    assert "│    6 │ 7    │ 58 │        8 │        35 │ imp-quotient │" in lines
    assert lines[-1] == "Tie-breaks: head-to-head, imp-quotient."


def test_the_docs_state_the_steps_of_each_named_order() -> None:
    text = page_text("teams")
    rows = {
        line.split("|")[1].split()[0]: line for line in text.splitlines() if line.startswith("| `")
    }
    for name, steps in TIE_BREAK_ORDERS.items():
        listed = ", ".join(f"`{step}`" for step in steps) or "no step"
        assert f"| {listed}" in rows[f"`{name}`"], name
    assert "that order is `--tie-break head-to-head,imp-quotient`" in text


def test_round_1_is_drawn_from_the_teams_file_alone(tmp_path: Path) -> None:
    empty = tmp_path / "results.csv"
    empty.write_text("board,ns,ew,contract,declarer,result,round\n", encoding="utf-8")
    names = tmp_path / "teams.csv"
    names.write_text("team,name\nA,Alpha\nB,Beta\nC,Gamma\nD,Delta\nE,Echo\n", encoding="utf-8")
    expected = {
        "round": 1,
        "ranking": ["Alpha", "Beta", "Gamma", "Delta", "Echo"],
        "tables": [
            {"table": 1, "home": "Alpha", "away": "Beta"},
            {"table": 2, "home": "Gamma", "away": "Delta"},
        ],
        "bye": "Echo",
        "withdrawn": [],
        "notes": [],
    }
    assert as_json("swiss-draw", str(empty), "--teams", str(names), "--round", "1") == expected
    assert as_json("swiss-draw", "--teams", str(names)) == expected
    lines = [line.rstrip() for line in run("swiss-draw", "--teams", str(names)).stdout.splitlines()]
    assert lines[:4] == [
        "Seeding",
        "┏━━━━━━┳━━━━━━━━━┓",
        "┃ Seed ┃ Team    ┃",
        "┡━━━━━━╇━━━━━━━━━┩",
    ]
    assert "│    5 │ E Echo  │" in lines
    assert lines[-2:] == [
        "Bye: E Echo",
        "Round 1: the teams in their seeding order, first v second, third v fourth, …",
    ]
    # a team that withdrew before round 1 is not drawn
    late = as_json("swiss-draw", "--teams", str(names), "--withdrawn", "Beta")
    assert [(t["home"], t["away"]) for t in late["tables"]] == [
        ("Alpha", "Gamma"),
        ("Delta", "Echo"),
    ]
    assert (late["bye"], late["withdrawn"]) == (None, ["Beta"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("swiss-draw", "{empty}"),
            "error: {empty}: no results: the file has a header but no lines: give the teams "
            "with --teams TEAMS.csv to draw round 1\n",
        ),
        (
            ("swiss-draw",),
            "error: no results file: give the teams with --teams TEAMS.csv to draw round 1\n",
        ),
        (
            ("swiss-draw", "--teams", "{names}", "--round", "2"),
            "error: round 2 cannot be drawn yet: nothing has been played\n",
        ),
        (
            ("teams", "{empty}", "--teams", "{names}"),
            "error: {empty}: no results: the file has a header but no lines\n",
        ),
    ],
)
def test_nothing_played_yet(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    empty = tmp_path / "results.csv"
    empty.write_text("board,ns,ew,contract,declarer,result,round\n", encoding="utf-8")
    names = tmp_path / "teams.csv"
    names.write_text("team,name\n1,Lions\n2,Tigers\n", encoding="utf-8")
    result = run(*(arg.format(empty=empty, names=names) for arg in args))
    assert (result.exit_code, result.output) == (2, message.format(empty=empty))
