"""Each rule is decided in one place: the same bad input gives the same problems, worded and
located the same way, through every reader (the archive's checks in columns too), the pairs
engine and the teams builder.

Expected messages are written out by hand from the inputs.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import polars as pl
import pytest

from bridgescore.core.errors import FileFormatError, Problem, ScoringError
from bridgescore.core.pairs.rules import FieldMode, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.core.teams.travellers import build_event
from bridgescore.fast.archive.check import check_frame
from bridgescore.formats import pbn, usebio
from bridgescore.formats.csv import travellers
from bridgescore.formats.csv.traveller_line import COLUMNS
from bridgescore.formats.pbn.session import pbn_to_session, session_to_pbn

# --- a pair plays a board once ------------------------------------------------------------------

PAIRS = """board,ns,ew,contract,declarer,result
1,1,2,4S,N,=
1,3,4,4S,N,+1
1,1,2,4S,N,-1
1,3,5,3NT,S,=
2,1,2,4H,N,=
"""
"""Line 4 writes NS 1 v EW 2 of line 2 again; line 5 has NS 3 of line 3 again."""

PAIRS_TWICE = [
    (4, "board 1: NS pair 1 and EW pair 2 play the board twice (also line 2)"),
    (5, "board 1: NS pair 3 plays the board twice (also line 3)"),
]

PAIRS_LINES = (
    TravellerLine(1, "1", "2", ns_score=420, line=2),
    TravellerLine(1, "3", "4", ns_score=450, line=3),
    TravellerLine(1, "1", "2", ns_score=-50, line=4),
    TravellerLine(1, "3", "5", ns_score=400, line=5),
    TravellerLine(2, "1", "2", ns_score=620, line=6),
)
"""The lines of :data:`PAIRS` as a session no reader has checked."""

USEBIO_PAIRS = (
    '<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
    "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n"
    + "".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}"
        f"</EW_PAIR_NUMBER><SCORE>{score}</SCORE></TRAVELLER_LINE>\n"
        for ns, ew, score in (("1", "2", 420), ("3", "4", 450), ("1", "2", -50), ("3", "5", 400))
    )
    + "</BOARD><BOARD><BOARD_NUMBER>2</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1"
    "</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>620</SCORE></TRAVELLER_LINE>"
    "</BOARD></EVENT></USEBIO>\n"
)
"""The same travellers in USEBIO, each TRAVELLER_LINE on the line of its CSV twin."""


def located(problems: tuple[Problem, ...]) -> list[tuple[int | None, str]]:
    return [(p.line, p.message) for p in problems]


def archive_check(path: Path) -> pl.DataFrame:
    """A traveller file's lines checked in columns, as an archive's are."""
    frame = pl.read_csv(path, infer_schema=False)
    frame = frame.with_columns(
        pl.lit("").alias(name) for name in COLUMNS if name not in frame.columns
    )
    frame = frame.select(pl.col(name).fill_null("") for name in COLUMNS)
    return check_frame(frame.with_row_index("line", offset=2), str(path))


def test_the_csv_readers_report_a_pair_playing_a_board_twice(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text(PAIRS)
    with pytest.raises(FileFormatError) as small:
        travellers.load(path)
    with pytest.raises(FileFormatError) as fast:
        archive_check(path)
    assert located(small.value.problems) == PAIRS_TWICE
    assert small.value.problems == fast.value.problems
    assert {p.path for p in small.value.problems} == {str(path)}
    lenient = travellers.load(path, lenient=True)
    assert [line.line for line in lenient.lines] == [2, 3, 6]


def test_the_usebio_reader_reports_it_in_the_same_words() -> None:
    with pytest.raises(FileFormatError) as caught:
        usebio.loads(USEBIO_PAIRS, source="t.xml")
    assert located(caught.value.problems) == PAIRS_TWICE
    assert str(caught.value).splitlines()[0] == (
        "t.xml:4: board 1: NS pair 1 and EW pair 2 play the board twice (also line 2)"
    )


def test_the_pbn_reader_reports_it_in_the_same_words() -> None:
    # the score table of board 1 holds the lines of PAIRS on lines 19 to 22 of the file
    text = pbn.dumps(session_to_pbn(Session(tuple(replace(x, line=None) for x in PAIRS_LINES))))
    assert text.splitlines()[18:22] == [
        "1 2 ? ? ? 420  -",
        "3 4 ? ? ? 450  -",
        "1 2 ? ? ?   - 50",
        "3 5 ? ? ? 400  -",
    ]
    with pytest.raises(FileFormatError) as caught:
        pbn_to_session(pbn.loads(text, source="t.pbn"))
    assert [str(p) for p in caught.value.problems] == [
        "t.pbn:21: board 1: NS pair 1 and EW pair 2 play the board twice (also line 19)",
        "t.pbn:22: board 1: NS pair 3 plays the board twice (also line 20)",
    ]


def test_the_pairs_engine_reports_it_in_the_same_words() -> None:
    with pytest.raises(ScoringError) as exact:
        score_session(Session(PAIRS_LINES, source="t.csv"))
    assert located(exact.value.problems) == PAIRS_TWICE
    assert str(exact.value) == (
        "t.csv:4: board 1: NS pair 1 and EW pair 2 play the board twice (also line 2)\n"
        "t.csv:5: board 1: NS pair 3 plays the board twice (also line 3)"
    )


TEAMS = """board,ns,ew,contract,declarer,result,round
1,A,B,4S,N,=,1
1,B,A,4S,N,-1,1
1,A,B,4S,N,+1,1
"""
"""Line 4 writes table 1 of the match again (A NS v B EW)."""


def test_teams_report_a_table_written_twice_as_the_reader_does() -> None:
    with pytest.raises(FileFormatError) as reader:
        travellers.loads(TEAMS, source="t.csv")
    lines = (
        TravellerLine(1, "A", "B", ns_score=420, round=1, line=2),
        TravellerLine(1, "B", "A", ns_score=-50, round=1, line=3),
        TravellerLine(1, "A", "B", ns_score=450, round=1, line=4),
    )
    with pytest.raises(FileFormatError) as teams:
        build_event(Session(lines, source="t.csv"))
    twice = [(4, "board 1: NS pair A and EW pair B play the board twice (also line 2)")]
    assert located(reader.value.problems) == twice
    assert teams.value.problems == reader.value.problems


def test_boards_redealt_each_round_are_played_again_in_a_teams_file() -> None:
    text = TEAMS.replace("1,A,B,4S,N,+1,1", "1,A,B,4S,N,+1,2") + "1,B,A,4S,N,=,2\n"
    assert len(build_event(travellers.loads(text)).matches) == 2


HOWELL = (
    TravellerLine(1, "1", "2", ns_score=420, section="A", line=2),
    TravellerLine(1, "3", "1", ns_score=450, section="A", line=3),
    TravellerLine(1, "4", "4", ns_score=400, section="A", line=4),
)
"""In one field: pair 1 sits EW at line 3 after NS at line 2; pair 4 sits both ways."""


def test_in_one_field_a_pair_is_itself_whichever_way_it_sits() -> None:
    rules = PairsRules(field=FieldMode.ONE)
    with pytest.raises(ScoringError) as exact:
        score_session(Session(HOWELL, source="h.csv"), rules)
    assert located(exact.value.problems) == [
        (3, "board 1 of section A: pair 1 plays the board twice (also line 2)"),
        (4, "board 1 of section A: pair 4 sits both NS and EW"),
    ]


def test_in_two_fields_the_same_number_both_ways_is_two_pairs() -> None:
    event = score_session(Session(HOWELL), PairsRules(field=FieldMode.TWO))
    assert [str(line.ns_points) for line in event.board(1).lines] == ["2", "4", "0"]


# --- the fields of a section --------------------------------------------------------------------


def lines_of(
    rows: list[tuple[int, str, str]], section: str | None = None
) -> tuple[TravellerLine, ...]:
    return tuple(
        TravellerLine(board, ns, ew, ns_score=score, section=section, line=number)
        for number, ((board, ns, ew), score) in enumerate(
            zip(rows, [420, 450, 400, 170, 140, -50, -100, 620], strict=False), 2
        )
    )


SHAPES = {
    "suffixed": lines_of([(1, "1NS", "1EW"), (1, "2 ns", "2-EW"), (2, "1NS", "2EW")]),
    "collision": lines_of([(1, "1", "2"), (1, "2", "1"), (2, "3", "3")]),
    "kept": lines_of([(1, "1", "3"), (1, "2", "4"), (2, "1", "4"), (2, "2", "3")]),
    "howell": lines_of([(1, "1", "2"), (1, "3", "4"), (2, "2", "3"), (2, "4", "1")]),
    "sections": lines_of([(1, "1", "2"), (1, "3", "4")], "A")
    + lines_of([(1, "1", "2"), (1, "2", "1")], "B"),
}

REASONS = {
    "suffixed": {None: "two fields (Mitchell): pair ids say NS or EW"},
    "collision": {
        None: "two fields (Mitchell): pair 1 plays NS and EW on board 1, so NS and EW pairs "
        "share numbers"
    },
    "kept": {None: "two fields (Mitchell): every pair keeps its direction"},
    "howell": {None: "one field (Howell): pairs change direction (1, 2, 3, 4)"},
    "sections": {
        "A": "two fields (Mitchell): every pair keeps its direction",
        "B": "two fields (Mitchell): pair 1 plays NS and EW on board 1, so NS and EW pairs "
        "share numbers",
    },
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_fields_are_found_for_the_reason_they_are(shape: str) -> None:
    exact = score_session(Session(SHAPES[shape]))
    assert dict(exact.fields.reasons) == REASONS[shape]


@pytest.mark.parametrize(
    ("mode", "reason"),
    [(FieldMode.ONE, "one field (--field one)"), (FieldMode.TWO, "two fields (--field two)")],
)
def test_a_forced_field_is_said_the_same_way(mode: FieldMode, reason: str) -> None:
    lines = SHAPES["kept"]
    assert dict(score_session(Session(lines), PairsRules(field=mode)).fields.reasons) == {
        None: reason
    }


def test_suffixed_ids_are_the_pairs_without_their_suffix() -> None:
    exact = score_session(Session(SHAPES["suffixed"]))
    assert [(s.ns_pair.label, s.ew_pair.label) for b in exact.boards for s in b.lines] == [
        ("1", "1"),
        ("2", "2"),
        ("1", "2"),
    ]


# --- the expected number of results -------------------------------------------------------------


def test_the_first_board_over_the_expected_number_is_refused() -> None:
    # board 2 comes first in the file, but board 1 of section A is the first board over
    lines = lines_of([(2, "1", "2"), (2, "3", "4"), (2, "5", "6")], "B") + lines_of(
        [(1, "1", "2"), (1, "3", "4"), (1, "5", "6")], "A"
    )
    rules = PairsRules(expected=2)
    with pytest.raises(ScoringError) as exact:
        score_session(Session(lines), rules)
    assert str(exact.value) == "board 1 of section A has 3 results but the expected number is 2"


# --- numbers and leads in a traveller file ------------------------------------------------------


def test_the_csv_reader_and_the_archive_refuse_numbers_longer_than_nine_digits(
    tmp_path: Path,
) -> None:
    path = tmp_path / "big.csv"
    path.write_text(
        "board,ns,ew,contract,declarer,result,lead,round,table\n"
        "1234567890,1,2,4S,N,=,,1,1\n"
        "1,3,4,4S,N,=,,9999999999,1\n"
        "1,5,6,4S,N,=,sq,1,0010000000\n"
        "1,7,8,4S,N,=,S1,1,1\n"
        "2,1,2,4S,N,=,H10,000000001,1\n"
    )
    with pytest.raises(FileFormatError) as small:
        travellers.load(path)
    with pytest.raises(FileFormatError) as fast:
        archive_check(path)
    assert located(small.value.problems) == [
        (2, "'1234567890' is not a board number"),
        (3, "board 1: round '9999999999' is not a number from 1"),
        (4, "board 1: table '0010000000' is not a number from 1"),
        (5, "board 1: lead 'S1' is not a card (write it like SA, H10, DT)"),
    ]
    assert fast.value.problems == small.value.problems
