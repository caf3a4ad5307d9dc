"""The traveller CSV: reading, located errors, lenient mode, writing and round trips."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings

from bridgescore import FileFormatError, Result
from bridgescore.core.table.adjusted import ArtificialScore, WeightedScore
from bridgescore.core.table.traveller import Session
from bridgescore.formats.csv import teams_file, travellers
from tests.support.strategies import sessions

HEADER = "board,ns,ew,contract,declarer,result,lead,score,section,round,table\n"

SEED_002_BOARD_1 = """board,ns,ew,contract,declarer,result
1,1,7,4S,N,12
1,2,9,4S,N,11
1,3,11,4S,N,11
1,4,8,3NT,N,10
1,5,10,4S,N,10
1,6,12,3NT,N,9
"""


def test_reads_seed_002_board_1_with_exact_scores() -> None:
    session = travellers.loads(SEED_002_BOARD_1, source="seed.csv")
    assert [line.ns_score for line in session.lines] == [480, 450, 450, 430, 420, 400]
    assert [line.line for line in session.lines] == [2, 3, 4, 5, 6, 7]
    assert session.source == "seed.csv"
    assert session.problems == ()


def test_relative_results_passes_leads_adjusted_and_weighted_scores() -> None:
    text = HEADER + (
        "2,1,7,7HXX,N,-13,SA,,A,1,1\n"
        "2,2,9,PASS,,,,,A,1,2\n"
        "2,3,11,,,,,A60/40,A,1,3\n"
        "2,4,8,,,,,60% 4SN= 40% 4SN-1,A,1,4\n"
        "2,5,10,,,,,-420,A,1,5\n"
        "2,6,12,4SN,,=,h10,,A,1,6\n"
        "2,13,14,4S,N,+1,,650,A,1,7\n"
    )
    lines = travellers.loads(text).lines
    assert [line.kind for line in lines] == [
        "played",
        "played",
        "artificial",
        "weighted",
        "score",
        "played",
        "played",
    ]
    assert lines[0].ns_score == -7600
    assert (lines[0].lead, lines[0].section, lines[0].round, lines[0].table) == ("SA", "A", 1, 1)
    assert lines[1].ns_score == 0 and lines[1].result == Result.passed_out()
    assert lines[2].adjusted == ArtificialScore.parse("A60/40")
    assert isinstance(lines[3].adjusted, WeightedScore)
    assert [c.ns_score for c in lines[3].adjusted.components] == [620, -100]
    assert lines[4].ns_score == -420 and lines[4].result is None
    assert (str(lines[5].result), lines[5].lead) == ("4SN=", "H10")
    assert lines[6].ns_score == 650


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            "7,1,2,8NT,N,=",
            "club.csv:2: board 7: 8NT is not a contract: a contract's level is 1 to 7",
        ),
        ("x,1,2,4S,N,=", "club.csv:2: 'x' is not a board number"),
        ("0,1,2,4S,N,=", "club.csv:2: '0' is not a board number"),
        (
            "7,1,2,4S,N,14",
            "club.csv:2: board 7: 4S by N, result '14': 14 tricks taken; a deal has 13",
        ),
        (
            "7,1,2,4S,N,+4",
            "club.csv:2: board 7: 4S by N, result '+4': 14 tricks taken; a deal has 13",
        ),
        ("7,1,2,4S,,=", "club.csv:2: board 7: 4S has no declarer"),
        ("7,1,2,4S,Q,=", "club.csv:2: board 7: the declarer is N, E, S or W, not 'Q'"),
        ("7,1,2,4S,N,", "club.csv:2: board 7: 4S by N has no result"),
        ("7,1,2,4S,N,=,,600", "club.csv:2: board 7: score 600 does not match 4SN= (NS +620)"),
        (
            "7,1,2,,,,,615",
            "club.csv:2: board 7: NS score 615 cannot happen on a board vulnerable Both",
        ),
        ("7,1,2,,,,,lots", "club.csv:2: board 7: score 'lots' is not a number"),
        ("7,1,2,,,,,", "club.csv:2: board 7: no contract and no score"),
        (
            "7,1,2,4S,N,=,,A60/40",
            "club.csv:2: board 7: both a contract and an adjusted score (A60/40)",
        ),
        ("7,1,2,,,,,A70/30", "club.csv:2: board 7: 'A70/30': an artificial score is"),
        ("7,,2,4S,N,=", "club.csv:2: board 7: the NS pair is missing"),
        ("7,1,2,4S,N,=,ZZ", "club.csv:2: board 7: lead 'ZZ' is not a card"),
        ("7,1,2,PASS,N,=", "club.csv:2: board 7: a passed-out board has no declarer or result"),
        ("7,1,2,4S,N,=,,,,x", "club.csv:2: board 7: round 'x' is not a number from 1"),
    ],
)
def test_each_problem_names_file_line_and_board(row: str, message: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        travellers.loads(HEADER + row + "\n", source="club.csv")
    assert str(caught.value).startswith(message)


def test_a_pair_playing_a_board_twice_is_reported_with_both_lines() -> None:
    text = "board,ns,ew,contract,declarer,result\n3,1,2,4S,N,=\n3,4,5,4S,N,=\n3,1,6,4S,N,-1\n"
    with pytest.raises(
        FileFormatError, match=r"t.csv:4: board 3: NS pair 1 plays the board twice \(also line 2\)"
    ):
        travellers.loads(text, source="t.csv")


def test_all_problems_are_reported_at_once_and_nothing_is_read() -> None:
    text = "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n2,1,2,9S,N,=\n3,1,2,4S,N,15\n"
    with pytest.raises(FileFormatError) as caught:
        travellers.loads(text, source="t.csv")
    assert [p.line for p in caught.value.problems] == [3, 4]


def test_lenient_mode_skips_bad_lines_and_keeps_the_problems() -> None:
    text = "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n2,1,2,9S,N,=\n3,1,2,4S,N,10\n"
    session = travellers.loads(text, source="t.csv", lenient=True)
    assert [line.board for line in session.lines] == [1, 3]
    assert [str(p) for p in session.problems] == [
        "t.csv:3: board 2: 9S is not a contract: a contract's level is 1 to 7"
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "t.csv: the file is empty"),
        ("board,ns,ew,contract,declarer,result\n", "t.csv: no results"),
        ("board,ns,contract\n1,1,4S\n", "t.csv:1: missing column(s) ew"),
        ("board,ns,ew,contract,decalrer,result\n", "t.csv:1: unknown column(s) 'decalrer'"),
        (
            "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=,extra\n",
            "t.csv:2: 7 fields but the header has 6",
        ),
    ],
)
def test_file_level_problems(text: str, message: str) -> None:
    with pytest.raises(FileFormatError) as caught:
        travellers.loads(text, source="t.csv")
    assert str(caught.value).startswith(message)


def test_header_aliases_comments_and_blank_lines() -> None:
    text = "\ufeffBoard, NS Pair ,EW Pair,Contract,By,Tricks\n# a comment\n\n5,1,2,3NT,S,9\n"
    session = travellers.loads(text)
    assert [(line.board, line.ns, str(line.result)) for line in session.lines] == [
        (5, "1", "3NTS=")
    ]


def test_load_reads_a_file_and_names(tmp_path: Path) -> None:
    (tmp_path / "t.csv").write_text(SEED_002_BOARD_1, encoding="utf-8")
    (tmp_path / "names.csv").write_text('pair,names\n1,Ann & Bob\n7,"Cy, Di"\n', encoding="utf-8")
    session = travellers.load(tmp_path / "t.csv").with_names(
        travellers.load_names(tmp_path / "names.csv")
    )
    assert session.names == {"1": "Ann & Bob", "7": "Cy, Di"}
    with pytest.raises(FileFormatError, match=r"missing\.csv: cannot read the file"):
        travellers.load(tmp_path / "missing.csv")
    (tmp_path / "bad.csv").write_text("pair,names\n1,A\n1,B\n", encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"bad\.csv:3: pair 1 is named twice"):
        travellers.load_names(tmp_path / "bad.csv")


def _without_positions(session: Session) -> list[object]:
    return [replace(line, line=None) for line in session.lines]


@settings(max_examples=150)
@given(sessions())
def test_every_session_round_trips_through_csv(session: Session) -> None:
    again = travellers.loads(travellers.dumps(session))
    assert _without_positions(again) == _without_positions(session)


def test_dump_writes_atomically(tmp_path: Path) -> None:
    session = travellers.loads(SEED_002_BOARD_1)
    target = tmp_path / "out.csv"
    travellers.dump(session, target)
    assert travellers.load(target).lines[0].ns_score == 480
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


@pytest.mark.parametrize("comment", ["# a note", "#", "  #\tlate"])
def test_a_comment_is_a_hash_alone_or_a_hash_and_a_space(comment: str) -> None:
    text = f"ns,ew,board,contract,declarer,result\n{comment}\n1,2,1,4S,N,10\n"
    assert [line.line for line in travellers.loads(text).lines] == [3]


def test_a_pair_written_with_a_hash_is_not_taken_for_a_comment() -> None:
    # under a header that starts with ns, #1 is NS pair 1 with a stray #, not a comment
    text = "ns,ew,board,contract,declarer,result\n#1,2,1,4S,N,10\n3,4,1,4S,N,9\n"
    with pytest.raises(FileFormatError) as caught:
        travellers.loads(text, source="t.csv")
    assert str(caught.value) == (
        "t.csv:2: board 1: NS pair '#1' starts with #: a comment line is # alone or # and a "
        "space, and a pair is written without #"
    )
    lenient = travellers.loads(text, source="t.csv", lenient=True)
    assert [line.line for line in lenient.lines] == [3] and len(lenient.problems) == 1


def test_a_board_written_with_a_hash_is_not_taken_for_a_comment() -> None:
    text = "board,ns,ew,contract,declarer,result\n#1,1,2,4S,N,10\n"
    with pytest.raises(FileFormatError) as caught:
        travellers.loads(text, source="t.csv")
    assert str(caught.value) == "t.csv:2: '#1' is not a board number"


def test_a_team_written_with_a_hash_is_refused() -> None:
    with pytest.raises(FileFormatError) as caught:
        teams_file.loads("team,name\n# the seeds\n#3,Lions\n", source="teams.csv")
    assert str(caught.value) == (
        "teams.csv:3: team '#3' starts with #: a comment line is # alone or # and a space, "
        "and a team is written without #"
    )


@pytest.mark.parametrize(("ns", "ew"), [("1NS", "1NS"), ("3 ew", "3EW"), ("A-2-NS", "a2ns")])
def test_a_pair_against_itself_is_refused(ns: str, ew: str) -> None:
    text = f"board,ns,ew,contract,declarer,result\n1,{ns},{ew},4S,N,10\n1,3,4,4S,N,9\n"
    with pytest.raises(FileFormatError) as caught:
        travellers.loads(text, source="t.csv")
    assert (
        str(caught.value)
        == f"t.csv:2: board 1: pair {ns} plays against itself (it is both NS and EW)"
    )


def test_ns_1_against_ew_1_is_two_pairs_of_a_mitchell() -> None:
    text = "board,ns,ew,contract,declarer,result\n1,1,1,4S,N,10\n1,2,2,4S,N,9\n"
    assert len(travellers.loads(text).lines) == 2
