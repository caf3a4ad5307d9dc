"""Each rule is decided in one place: the same bad input gives the same problems, worded and
located the same way, through every reader, both pairs engines and the teams builder.

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
from bridgescore.fast import travellers as fast_travellers
from bridgescore.fast.columnar import score_frame
from bridgescore.formats import pbn, usebio
from bridgescore.formats.csv import travellers
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


def frame_of(lines: tuple[TravellerLine, ...]) -> pl.DataFrame:
    """Lines as the columnar path holds them after its reader."""
    return pl.DataFrame(
        {
            "section": [line.section or "" for line in lines],
            "board": [line.board for line in lines],
            "ns": [line.ns for line in lines],
            "ew": [line.ew for line in lines],
            "ns_score": [line.ns_score for line in lines],
            "line": [line.line for line in lines],
        },
        schema={
            "section": pl.String,
            "board": pl.Int64,
            "ns": pl.String,
            "ew": pl.String,
            "ns_score": pl.Int64,
            "line": pl.Int64,
        },
    )


def test_the_csv_readers_report_a_pair_playing_a_board_twice(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text(PAIRS)
    with pytest.raises(FileFormatError) as small:
        travellers.load(path)
    with pytest.raises(FileFormatError) as fast:
        fast_travellers.read_csv(path)
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


def test_both_pairs_engines_report_it_in_the_same_words() -> None:
    with pytest.raises(ScoringError) as exact:
        score_session(Session(PAIRS_LINES, source="t.csv"))
    with pytest.raises(ScoringError) as columnar:
        score_frame(frame_of(PAIRS_LINES), PairsRules(), ("section",), "t.csv")
    assert located(exact.value.problems) == PAIRS_TWICE
    assert exact.value.problems == columnar.value.problems
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
    with pytest.raises(ScoringError) as columnar:
        score_frame(frame_of(HOWELL), rules, ("section",), "h.csv")
    assert located(exact.value.problems) == [
        (3, "board 1 of section A: pair 1 plays the board twice (also line 2)"),
        (4, "board 1 of section A: pair 4 sits both NS and EW"),
    ]
    assert exact.value.problems == columnar.value.problems


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


def columnar_reasons(lines: tuple[TravellerLine, ...], mode: FieldMode) -> dict[str | None, str]:
    _, fields = score_frame(frame_of(lines), PairsRules(field=mode), ("section",))
    return {
        section or None: reason
        for section, reason in fields.select("section", "reason").iter_rows()
    }


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_both_pairs_engines_find_the_same_fields_for_the_same_reason(shape: str) -> None:
    lines = SHAPES[shape]
    exact = score_session(Session(lines))
    assert dict(exact.fields.reasons) == REASONS[shape]
    assert columnar_reasons(lines, FieldMode.AUTO) == REASONS[shape]


@pytest.mark.parametrize(
    ("mode", "reason"),
    [(FieldMode.ONE, "one field (--field one)"), (FieldMode.TWO, "two fields (--field two)")],
)
def test_a_forced_field_is_said_the_same_way(mode: FieldMode, reason: str) -> None:
    lines = SHAPES["kept"]
    assert dict(score_session(Session(lines), PairsRules(field=mode)).fields.reasons) == {
        None: reason
    }
    assert columnar_reasons(lines, mode) == {None: reason}


def test_suffixed_ids_are_the_same_pairs_in_both_engines() -> None:
    lines = SHAPES["suffixed"]
    exact = score_session(Session(lines))
    scored, _ = score_frame(frame_of(lines), PairsRules(), ("section",))
    assert [(s.ns_pair.label, s.ew_pair.label) for b in exact.boards for s in b.lines] == [
        ("1", "1"),
        ("2", "2"),
        ("1", "2"),
    ]
    assert scored.select("ns_pair", "ew_pair").rows() == [("1", "1"), ("2", "2"), ("1", "2")]


# --- the expected number of results -------------------------------------------------------------


def test_both_pairs_engines_refuse_the_same_board_over_the_expected_number() -> None:
    # board 2 comes first in the file, but board 1 of section A is the first board over
    lines = lines_of([(2, "1", "2"), (2, "3", "4"), (2, "5", "6")], "B") + lines_of(
        [(1, "1", "2"), (1, "3", "4"), (1, "5", "6")], "A"
    )
    rules = PairsRules(expected=2)
    with pytest.raises(ScoringError) as exact:
        score_session(Session(lines), rules)
    with pytest.raises(ScoringError) as columnar:
        score_frame(frame_of(lines), rules, ("section",))
    message = "board 1 of section A has 3 results but the expected number is 2"
    assert str(exact.value) == str(columnar.value) == message


# --- numbers and leads in a traveller file ------------------------------------------------------


def test_both_csv_readers_refuse_numbers_longer_than_nine_digits(tmp_path: Path) -> None:
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
        fast_travellers.read_csv(path)
    assert located(small.value.problems) == [
        (2, "'1234567890' is not a board number"),
        (3, "board 1: round '9999999999' is not a number from 1"),
        (4, "board 1: table '0010000000' is not a number from 1"),
        (5, "board 1: lead 'S1' is not a card (write it like SA, H10, DT)"),
    ]
    assert fast.value.problems == small.value.problems
