"""A line whose contract cannot be read but whose score is recorded (``42`` typed for ``4S``,
score 480): strictly the located error as before; leniently the line is kept at its recorded
score with a warning, in every reader, since leaving it out changes every other result on the
board."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.errors import FileFormatError
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import Session
from bridgescore.formats import pbn, usebio
from bridgescore.formats.csv import travellers
from tests.support.usebio_text import played, traveller_line

# Board 1, nobody vulnerable: 4S= +420, 4S+2 +480 (typed 42), 4S+1 +450, 4S-1 -50.
CSV = """board,ns,ew,contract,declarer,result,score
1,1,11,4S,N,=,420
1,2,12,42,N,+2,480
1,3,13,4S,N,+1,450
1,4,14,4S,N,-1,-50
"""
MESSAGE = "board 1: 42 is not a contract"
KEPT = "the line is kept at its recorded score NS +480"


def check_kept(session: Session, line: int) -> None:
    kept = next(entry for entry in session.lines if entry.ns == "2")
    assert (kept.ns_score, kept.result, kept.line) == (480, None, line)
    (problem,) = session.problems
    assert problem.kept and problem.line == line
    assert MESSAGE in problem.message or "CONTRACT '42'" in problem.message
    assert problem.message.endswith(KEPT)
    # kept, the board has four results: +420 beats only -50: 2 of 6. Left out, +420 would be
    # 2 of 4 among three, Neuberg (2 + 1) x 4/3 - 1 = 3 of 6.
    board = score_session(session).board(1)
    assert [line.ns_points for line in board.lines if line.line.ns == "1"] == [Fraction(2)]


def test_a_csv_line_strictly_is_the_located_error_as_before(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_text(CSV)
    with pytest.raises(FileFormatError) as caught:
        travellers.load(path)
    assert str(caught.value).startswith(f"{path}:3: {MESSAGE}: ")
    assert "kept" not in str(caught.value)


def test_a_csv_line_leniently_is_kept_at_its_score(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_text(CSV)
    check_kept(travellers.load(path, lenient=True), 3)


@pytest.mark.parametrize(
    "row",
    [
        "1,2,12,42,N,+2,",  # no score recorded
        "1,2,12,42,N,+2,485",  # a score that cannot happen on the board
        "1,2,12,4S,N,+1,480",  # a result that reads but disagrees with the score
    ],
)
def test_a_line_with_no_usable_score_is_still_left_out(tmp_path: Path, row: str) -> None:
    path = tmp_path / "club.csv"
    path.write_text(CSV.replace("1,2,12,42,N,+2,480", row))
    session = travellers.load(path, lenient=True)
    assert [line.ns for line in session.lines] == ["1", "3", "4"]
    assert not session.problems[0].kept


def test_the_command_warns_that_the_line_is_kept_not_skipped(tmp_path: Path) -> None:
    path = tmp_path / "club.csv"
    path.write_text(CSV + "2,1,11,8NT,N,=,\n")
    result = CliRunner().invoke(app, ["score", str(path), "--lenient", "--json"])
    assert result.exit_code == 0, result.output
    warnings = result.stderr.splitlines()
    assert warnings[0].startswith(f"warning: {path}:3: {MESSAGE}: ")
    assert warnings[0].endswith(KEPT)
    assert warnings[1].startswith(f"warning: {path}:6: board 2: 8NT is not a contract")
    assert warnings[1].endswith("(skipped)")


def usebio_text(contract: str) -> str:
    def line(ns: str, ew: str, result: tuple[str, int, int]) -> str:
        return traveller_line(played(result[0], "N", result[1], result[2]), pairs=(ns, ew))

    return (
        '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n"
        + line("1", "11", ("4S", 10, 420))
        + line("2", "12", (contract, 12, 480))
        + line("3", "13", ("4S", 11, 450))
        + line("4", "14", ("4S", 9, -50))
        + "</BOARD>\n</EVENT>\n</USEBIO>\n"
    )


def test_a_usebio_line_strictly_and_leniently() -> None:
    text = usebio_text("42")
    with pytest.raises(FileFormatError, match=r"^club\.xml:6: TRAVELLER_LINE: CONTRACT '42'"):
        usebio.loads(text, source="club.xml")
    check_kept(usebio.loads(text, source="club.xml", lenient=True).session, 6)


def test_a_pbn_score_table_row_strictly_and_leniently() -> None:
    text = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
        "1 11 4S N 10 420 -\n2 12 42 N 12 480 -\n3 13 4S N 11 450 -\n4 14 4S N 9 - 50\n"
    )
    file = pbn.loads(text, source="club.pbn")
    with pytest.raises(FileFormatError, match=r"^club\.pbn:4: board 1: \[ScoreTable\]: '42'"):
        pbn.pbn_to_session(file)
    session = pbn.pbn_to_session(file, lenient=True)
    kept = next(entry for entry in session.lines if entry.ns == "2")
    assert (kept.ns_score, kept.line) == (480, 4)
    assert session.problems[0].kept and session.problems[0].message.endswith(KEPT)
    assert score_session(session).board(1).lines[0].ns_points == 2
