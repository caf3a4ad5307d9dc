"""``bridgescore score`` and ``bridgescore explain`` on real files: tables, JSON, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgescore.cli import app
from tests.support.paths import EXAMPLES

BOARD_1 = """board,ns,ew,contract,declarer,result,score
1,1,7,4S,N,12,
1,2,9,4S,N,11,
1,3,11,4S,N,=+1,
1,4,8,,,,AVE
1,5,10,4S,N,10,
1,6,12,3NT,N,9,
"""


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "120"})


@pytest.fixture
def board_1(tmp_path: Path) -> Path:
    path = tmp_path / "board1.csv"
    path.write_text(BOARD_1.replace("=+1", "11"), encoding="utf-8")
    return path


def test_score_prints_the_travellers_and_both_fields(board_1: Path) -> None:
    result = run("score", str(board_1), "--travellers")
    assert result.exit_code == 0, result.output
    assert "Board 1 (top 10)" in result.output
    assert (
        "│  1 │  7 │ 4S       │ N  │ +2     │      480 │          │   9.80 │   0.20 │"
        in result.output
    )
    assert (
        "│  4 │  8 │ A50/50   │    │        │      Ave │      Ave │   5.00 │   5.00 │"
        in result.output
    )
    assert "North-South" in result.output and "East-West" in result.output
    # no names file: no Names column
    assert "│   2= │    2 │ 6.20 │  10 │ 62.00 │      1 │" in result.output


def test_score_json_has_the_documented_shape(board_1: Path) -> None:
    result = run("score", str(board_1), "--json")
    payload = json.loads(result.output)
    assert payload["method"] == "mp"
    board = payload["boards"][0]
    assert (board["board"], board["top"], board["datum"]) == (1, 10, None)
    assert board["results"][0] == {
        "ns": "1", "ew": "7", "contract": "4S", "declarer": "N", "tricks": 12, "ns_score": 480,
        "adjusted": None, "ns_points": 9.8, "ew_points": 0.2,
    }  # fmt: skip
    assert board["results"][3]["adjusted"] == "A50/50" and board["results"][3]["ns_points"] == 5
    ns = payload["rankings"][0]
    assert ns["field"] == "NS"
    assert ns["entries"][0] == {
        "rank": "1", "pair": "1", "names": None, "score": 9.8, "max": 10, "percent": 98,
        "scaled": 9.8, "boards": 1,
    }  # fmt: skip


def test_butler_acbl_and_cross_imps_options(board_1: Path) -> None:
    butler = json.loads(
        run("score", str(board_1), "--method", "butler", "--butler-drop", "0", "--json").output
    )
    assert butler["boards"][0]["datum"] == 440  # (480+450+450+420+400)/5 = 440
    acbl = json.loads(run("score", str(board_1), "--rules", "acbl", "--json").output)
    assert acbl["boards"][0]["top"] == 5
    total = json.loads(
        run("score", str(board_1), "--method", "crossimps", "--cross", "total", "--json").output
    )
    assert [r["ns_points"] for r in total["boards"][0]["results"]] == [
        7.5,
        2.5,
        2.5,
        0,
        -3.75,
        -8.75,
    ]


def test_explain_shows_the_comparisons_and_neuberg(board_1: Path) -> None:
    result = run("explain", str(board_1), "--board", "1", "--pair", "2")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Board 1: pair 2 NS sat NS; 4SN+1, NS score +450.",
        "Compared with the 4 other results: 2 beaten, 1 tied, 1 lost (420, 400 beaten; 450 tied; 480 lost).",
        "Matchpoints: 2 x 2 beaten + 1 tied = 5 of 8 (62.50%).",
        "Neuberg: 5 results where 6 were expected: (5 + 1) x 6/5 - 1 = 6.20 of 10.",
        "Result: NS 6.20 (EW 3.80).",
    ]
    butler = run("explain", str(board_1), "--board", "1", "--pair", "12", "--method", "butler")
    assert "Datum +440" in butler.output and "pair 12 EW sat EW" in butler.output


def test_explain_errors_name_the_pair_and_board(board_1: Path) -> None:
    result = run("explain", str(board_1), "--board", "1", "--pair", "99")
    assert result.exit_code == 2
    assert result.output == "error: there is no pair 99\n"
    assert (
        run("explain", str(board_1), "--board", "2", "--pair", "1").output
        == "error: board 2 was not played\n"
    )


def test_a_bad_file_is_reported_by_line_and_nothing_is_scored(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(BOARD_1 + "7,1,2,8NT,N,=,\n2,3,4,4S,N,14,\n", encoding="utf-8")
    result = run("score", str(path))
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        f"error: {path}:4: board 1: 4S by N, result '=+1': a result is =, +1, -2 ... "
        "or the tricks taken (0 to 13)",
        f"{path}:8: board 7: 8NT is not a contract: a contract's level is 1 to 7",
        f"{path}:9: board 2: 4S by N, result '14': 14 tricks taken; a deal has 13",
    ]
    assert "Traceback" not in result.output
    lenient = run("score", str(path), "--lenient")
    assert lenient.exit_code == 0
    assert "skipped" in lenient.output and "8NT is not a contract" in lenient.output


def test_the_bundled_session_scores_with_names() -> None:
    result = run(
        "score",
        str(EXAMPLES / "club-session.csv"),
        "--names",
        str(EXAMPLES / "club-names.csv"),
        "--json",
    )
    assert result.exit_code == 0, result.output
    payload = json.loads(result.output)
    assert [r["field"] for r in payload["rankings"]] == ["NS", "EW"]
    assert all(e["names"] for r in payload["rankings"] for e in r["entries"])
    assert len(payload["boards"]) == 26
    adjusted = [r for b in payload["boards"] for r in b["results"] if r["adjusted"]]
    assert [r["adjusted"] for r in adjusted] == ["A60/40", "60% 3NTE= 40% 3NTE-1"]


def test_lenient_problems_go_to_stderr_and_into_the_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(BOARD_1.replace("=+1", "11") + "7,1,2,8NT,N,=,\n", encoding="utf-8")
    runner = CliRunner()
    table = runner.invoke(app, ["score", str(path), "--lenient"], env={"COLUMNS": "120"})
    assert table.exit_code == 0
    warning = (
        f"warning: {path}:8: board 7: 8NT is not a contract: a contract's level is 1 to 7 (skipped)"
    )
    assert table.stderr.splitlines() == [warning]
    assert "8NT" not in table.stdout
    payload = runner.invoke(app, ["score", str(path), "--lenient", "--json"])
    assert json.loads(payload.stdout)["warnings"] == [
        f"{path}:8: board 7: 8NT is not a contract: a contract's level is 1 to 7"
    ]
    assert payload.stderr.splitlines() == [warning]


def test_boards_missing_from_the_hand_record_are_one_warning(tmp_path: Path) -> None:
    path = tmp_path / "typo.csv"
    rows = ["1,1,1,4S,N,10", "69,2,2,4S,N,10", "70,2,2,4S,N,10", "70,3,3,4S,N,10"]
    path.write_text("board,ns,ew,contract,declarer,result\n" + "\n".join(rows) + "\n")
    hands = str(EXAMPLES / "club-hands.pbn")
    result = CliRunner().invoke(app, ["score", str(path), "--hands", hands, "--json"])
    assert result.exit_code == 0
    warning = f"warning: boards 69, 70 are not in the hand record {hands}: shown without hands"
    assert result.stderr.splitlines().count(warning) == 1


def test_a_board_played_once_among_many_is_flagged(tmp_path: Path) -> None:
    rows = [f"{b},{t},{t},4S,N,10" for b in (1, 2) for t in (1, 2, 3, 4)] + ["29,5,5,3NT,N,9"]
    path = tmp_path / "typo.csv"
    path.write_text(
        "board,ns,ew,contract,declarer,result\n" + "\n".join(rows) + "\n", encoding="utf-8"
    )
    result = CliRunner().invoke(app, ["score", str(path), "--json"])
    assert result.exit_code == 0
    message = (
        f"{path}:10: board 29 was played once while most boards were played 4 times: "
        "is the board number right?"
    )
    assert result.stderr.splitlines() == [f"warning: {message}"]
    assert json.loads(result.stdout)["warnings"] == [message]


def test_the_output_says_how_the_fields_were_detected(board_1: Path, tmp_path: Path) -> None:
    result = run("score", str(board_1))
    assert "Two fields (Mitchell): every pair keeps its direction" in result.output
    howell = tmp_path / "howell.csv"
    howell.write_text(
        "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,10\n1,3,4,4S,N,9\n2,2,3,4S,N,10\n2,4,1,4S,N,10\n",
        encoding="utf-8",
    )
    payload = json.loads(run("score", str(howell), "--json").output)
    assert payload["fields"] == [
        {"section": None, "detected": "one field (Howell): pairs change direction (1, 2, 3, 4)"}
    ]
    forced = json.loads(run("score", str(howell), "--json", "--field", "two").output)
    assert forced["fields"][0]["detected"] == "two fields (--field two)"


def test_one_field_forced_on_a_mitchell_names_the_pair_that_sits_both_ways() -> None:
    # line 2 is NS 1 v EW 1: two pairs in a Mitchell, one pair against itself in one field
    session = EXAMPLES / "club-session.csv"
    result = CliRunner().invoke(app, ["score", str(session), "--field", "one"])
    assert result.exit_code == 2
    shown = result.stderr.splitlines()
    assert shown[:3] == [
        f"error: {session}:2: board 1: pair 1 sits both NS and EW",
        f"{session}:4: board 1: pair 3 plays the board twice (also line 3)",
        f"{session}:6: board 1: pair 5 plays the board twice (also line 4)",
    ]
    assert len(shown) == 21 and shown[-1].endswith(" more problems")


def test_names_are_printed_as_written_not_as_markup(tmp_path: Path) -> None:
    path = tmp_path / "b.csv"
    path.write_text(
        "board,ns,ew,contract,declarer,result\n1,[red]1,2,4S,N,10\n1,3,4,4S,N,9\n", encoding="utf-8"
    )
    names = tmp_path / "names.csv"
    names.write_text("pair,names\n3,Ann [guest] & Bob [/]\n", encoding="utf-8")
    result = run("score", str(path), "--names", str(names))
    assert result.exit_code == 0, result.output
    assert "Ann [guest] & Bob [/]" in result.output and "[red]1" in result.output


def test_explain_a_weighted_board(tmp_path: Path) -> None:
    """Reference §9.4: table A assigned 60% of +420 and 40% of -50 among five other results."""
    path = tmp_path / "w.csv"
    path.write_text(
        "board,ns,ew,contract,declarer,result,score\n"
        "1,1,11,,,,60% 420 40% -50\n1,2,12,,,,450\n1,3,13,,,,420\n1,4,14,,,,170\n"
        "1,5,15,,,,-50\n1,6,16,,,,-100\n",
        encoding="utf-8",
    )
    other = run("explain", str(path), "--board", "1", "--pair", "3")
    assert other.output.splitlines()[1:] == [
        "Compared with the 4 other results: 3 beaten, 0 tied, 1 lost (170, -50, -100 beaten; 450 lost).",
        "Against the weighted score 60% +420 40% -50: 1.40.",
        "Matchpoints: 7.40 of 10 (74.00%).",
        "Result: NS 7.40 (EW 2.60).",
    ]
    weighted = run("explain", str(path), "--board", "1", "--pair", "1")
    assert weighted.output.splitlines()[-2:] == [
        "Matchpoints: 5.40 of 10 (54.00%).",
        "Result: NS 5.40 (EW 4.60).",
    ]
    cross = run("explain", str(path), "--board", "1", "--pair", "2", "--method", "crossimps")
    assert cross.output.splitlines()[-2:] == [
        "Per comparison: 35 / 5 = 7.",
        "Result: NS 7 (EW -7).",
    ]
