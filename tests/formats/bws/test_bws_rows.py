"""Bridgemate rows read one table at a time: the movement from RoundData (fields, sit-outs,
custom boards), the results from ReceivedData (the last entry stands, erased rows, arbitral
remarks, Not played, rows the movement does not expect), the players and the hands; and
mdbtools missing, stopped or given something that is not a database."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.errors import FileFormatError
from bridgescore.core.movements.movement import Movement, board_range
from bridgescore.core.table.seats import Seat
from bridgescore.formats.bws import mdb
from bridgescore.formats.bws.extras import deals_of, double_dummy_of, players_of
from bridgescore.formats.bws.movement import BwsSection, board_list, section_movement
from bridgescore.formats.bws.results import ReadResults, read_results
from tests.support import paths
from tests.support.cli import run

SECTION = BwsSection("1", None, 3)


def round_row(
    table: int, round_: int, ns: int, ew: int, low: int, high: int, custom: str = ""
) -> dict[str, str]:
    return {
        "Section": "1",
        "Table": str(table),
        "Round": str(round_),
        "NSPair": str(ns),
        "EWPair": str(ew),
        "LowBoard": str(low),
        "HighBoard": str(high),
        "CustomBoards": custom,
    }


HOWELL = [
    (1, 1, 6, 1), (1, 2, 5, 2), (1, 3, 4, 3),
    (2, 1, 6, 2), (2, 2, 1, 3), (2, 3, 5, 4),
    (3, 1, 6, 3), (3, 2, 2, 4), (3, 3, 1, 5),
    (4, 1, 6, 4), (4, 2, 3, 5), (4, 3, 2, 1),
    (5, 1, 6, 5), (5, 2, 4, 1), (5, 3, 3, 2),
]  # fmt: skip
"""A three-table Howell (round, table, NS, EW): every table plays boards 2r-1 and 2r in
round r (the three tables share them), pair 6 stays at table 1."""


def howell_rows() -> list[dict[str, str]]:
    return [round_row(t, r, ns, ew, 2 * r - 1, 2 * r) for r, t, ns, ew in HOWELL]


def result(
    row_id: int, table: int, round_: int, board: int, ns: int, ew: int, **more: str
) -> dict[str, str]:
    row = {
        "ID": str(row_id),
        "Section": "1",
        "Table": str(table),
        "Round": str(round_),
        "Board": str(board),
        "PairNS": str(ns),
        "PairEW": str(ew),
        "Declarer": str(ns),
        "NS/EW": "N",
        "Contract": "4 S",
        "Result": "=",
        "LeadCard": "",
        "Remarks": "",
        "Erased": "0",
    }
    return {**row, **more}


# --- the movement ------------------------------------------------------------------------------


def test_a_howell_is_one_field_numbered_as_written() -> None:
    movement = section_movement(SECTION, howell_rows(), "c.bws")
    assert (movement.kind, movement.winners) == ("howell", 1)
    assert movement.pairs == ("1", "2", "3", "4", "5", "6")
    assert len(movement.sets) == 5 and movement.sets["5"] == (9, 10)


def test_a_mitchell_sharing_numbers_is_two_fields() -> None:
    """Three tables, NS 1-3 stay, EW 1-3 move up: number 2 sits NS at table 2 and EW at
    another table in the same round, so NS 2 and EW 2 are two pairs."""
    rows = [
        round_row(t, r, t, (t - r) % 3 + 1, 2 * ((t + r - 2) % 3) + 1, 2 * ((t + r - 2) % 3) + 2)
        for r in (1, 2, 3)
        for t in (1, 2, 3)
    ]
    movement = section_movement(BwsSection("1", None, 3), rows, "c.bws")
    assert (movement.kind, movement.winners) == ("mitchell", 2)
    assert movement.pairs == ("1EW", "1NS", "2EW", "2NS", "3EW", "3NS")
    assert section_movement(BwsSection("1", None, 3, winners=1), rows, "c.bws").winners == 1


def test_the_phantom_pair_and_zero_sit_out() -> None:
    rows = howell_rows()
    rows[2] = round_row(3, 1, 0, 3, 1, 2)  # nobody NS at table 3 in round 1
    phantom = section_movement(BwsSection("1", None, 3, missing_pair="5"), rows, "c.bws")
    sitting = phantom.sitting(1, 2)
    assert sitting is not None and (sitting.ns, sitting.ew, sitting.plays) == (None, "2", False)
    empty = phantom.sitting(1, 3)
    assert empty is not None and (empty.ns, empty.ew) == (None, "3")
    assert "5" not in phantom.pairs


def test_custom_boards_make_the_sets() -> None:
    rows = [
        round_row(1, 1, 1, 2, 0, 0, "1, 2, 7"),
        round_row(1, 2, 2, 1, 0, 0, "3-5"),
    ]
    movement = section_movement(BwsSection("1", None, 1), rows, "c.bws")
    assert dict(movement.sets) == {"1": (1, 2, 7), "2": (3, 4, 5)}


def test_rounds_splitting_boards_into_several_sets_are_refused() -> None:
    rows = [round_row(1, 1, 1, 2, 1, 3), round_row(2, 1, 3, 4, 2, 4)]
    with pytest.raises(FileFormatError) as error:
        section_movement(BwsSection("1", None, 2), rows, "c.bws")
    assert str(error.value) == (
        "c.bws: RoundData: boards 2-4 and 1-3 are both played in a round: a movement whose "
        "rounds play several board sets is not read yet"
    )


def test_a_movement_breaking_the_hard_rules_is_refused() -> None:
    rows = howell_rows()
    rows[4] = round_row(2, 2, 6, 3, 3, 4)  # pair 6 at tables 1 and 2 in round 2
    with pytest.raises(FileFormatError) as error:
        section_movement(SECTION, rows, "c.bws")
    assert str(error.value).startswith("c.bws: RoundData: round 2: ")


@given(st.sets(st.integers(1, 200), min_size=1, max_size=30))
def test_custom_boards_read_back_what_a_director_writes(boards: set[int]) -> None:
    assert board_list("0", "0", board_range(boards)) == tuple(sorted(boards))


# --- the results ---------------------------------------------------------------------------------


def read(rows: list[dict[str, str]]) -> ReadResults:
    movement = section_movement(SECTION, howell_rows(), "c.bws")
    return read_results({None: movement}, {"1": None}, rows, "c.bws")


def test_the_last_entry_not_erased_stands() -> None:
    """Board 1 at table 1, round 1 (NS 6 v EW 1): 4S= (ID 1), then 4S-1 (ID 5, erased), then
    4S+1 (ID 3, entered later than ID 1): 4S+1 by North, NS +450 (board 1: nobody vulnerable)."""
    rows = [
        result(1, 1, 1, 1, 6, 1),
        result(5, 1, 1, 1, 6, 1, Result="-1", Erased="1"),
        result(3, 1, 1, 1, 6, 1, Result="+1"),
    ]
    found = read(rows)
    assert [(str(line.result), line.ns_score) for line in found.lines] == [("4SN+1", 450)]
    assert [str(p) for p in found.notes] == [
        "c.bws: ReceivedData: rows not read: 1 erased by the director, 1 replaced by a later entry"
    ]
    # 15 tables-in-rounds of 2 boards, one entered: round 1's other 5 boards one by one,
    # rounds 2-5 (no table played them) in one warning
    assert len(found.missing) == 6
    assert str(found.missing[-1]) == (
        "c.bws: ReceivedData: rounds 2-5 of tables 1-3 not played (curtailed): 24 boards"
    )


def test_arbitral_scores_not_played_and_remarks() -> None:
    rows = [
        result(1, 1, 1, 1, 6, 1, Contract="", Result="", Remarks="60%-40%"),
        result(2, 1, 1, 2, 6, 1, Contract="", Result="", Remarks="Not played"),
        result(3, 2, 1, 1, 5, 2, Remarks="Wrong direction"),
        result(4, 2, 1, 2, 5, 2, Contract="PASS", Result="", **{"NS/EW": ""}),
        result(5, 1, 2, 3, 6, 2, **{"NS/EW": "E"}, Declarer="2", LeadCard="H10"),
    ]
    found = read(rows)
    read_lines = [(x.board, str(x.adjusted or x.result), x.ns_score, x.lead) for x in found.lines]
    assert read_lines == [
        (1, "A60/40", None, None),
        (1, "4SN=", 420, None),  # board 1: nobody vulnerable
        (2, "PASS", 0, None),
        (3, "4SE=", -620, "HT"),  # board 3: EW vulnerable, 4S by East
    ]
    assert [p.message for p in found.notes] == [
        "ReceivedData ID 2: board 2, NS 6 v EW 1: Not played: no result",
        "ReceivedData ID 3: board 1, NS 5 v EW 2: remark 'Wrong direction'",
    ]
    assert found.errors == ()


def test_rows_the_movement_does_not_expect_are_located_errors() -> None:
    rows = [
        result(151, 1, 1, 3, 6, 1),  # table 1 plays boards 1-2 in round 1
        result(152, 2, 1, 1, 5, 3),  # EW 3 does not sit at table 2
        result(153, 4, 1, 1, 6, 1),  # there is no table 4
        result(154, 1, 1, 2, 6, 1, Contract="", Result="", Remarks="55%-45%"),
        result(156, 3, 1, 1, 4, 3, Contract="8 S"),
    ]
    assert [p.message for p in read(rows).errors] == [
        "ReceivedData ID 151: table 1 plays boards 1-2 in round 1, not board 3",
        "ReceivedData ID 152: NS 5 v EW 3, but the movement seats NS 5 v EW 2 at table 2 in "
        "round 1",
        "ReceivedData ID 153: the movement has no table 4 in round 1",
        "ReceivedData ID 154: board 2, NS 6 v EW 1: the arbitral score '55%-45%' is not 40%, "
        "50% or 60% a side (Ave-, Ave, Ave+): give the director's score in a corrected file",
        "ReceivedData ID 156: board 1, NS 4 v EW 3: '8SN=': a contract's level is 1 to 7",
    ]


def test_a_row_without_contract_or_remark_is_an_error() -> None:
    (error,) = read([result(9, 1, 1, 1, 6, 1, Contract="", Result="")]).errors
    assert error.message == (
        "ReceivedData ID 9: board 1, NS 6 v EW 1: no contract, and no arbitral score (40%-60%) "
        "or Not played"
    )


# --- players and hands ---------------------------------------------------------------------------


def test_players_go_to_the_pair_seated_in_the_round_entered() -> None:
    movement = section_movement(SECTION, howell_rows(), "c.bws")
    rows = [
        {"Section": "1", "Table": "1", "Direction": "N", "Number": "101", "Name": "Ann"},
        {"Section": "1", "Table": "1", "Direction": "S", "Number": "102", "Name": ""},
        {
            "Section": "1",
            "Table": "2",
            "Direction": "E",
            "Number": "301",
            "Name": "Cy",
            "Round": "2",
        },
        {"Section": "1", "Table": "2", "Direction": "W", "Number": "", "Name": ""},
    ]
    assert players_of({None: movement}, {"1": None}, rows) == {
        "6": {Seat.NORTH: ("Ann", "101"), Seat.SOUTH: (None, "102")},  # table 1, round 1
        "3": {Seat.EAST: ("Cy", "301")},  # round 2, table 2: NS 1 v EW 3
    }


def test_hands_and_their_double_dummy_tricks() -> None:
    hand = {"Section": "1", "Board": "3"}
    suits = {"North": "AKQJ", "East": "T987", "South": "6543", "West": "2"}
    for seat, spades in suits.items():
        hand |= {
            f"{seat}Spades": spades,
            f"{seat}Hearts": "",
            f"{seat}Diamonds": "",
            f"{seat}Clubs": "",
        }
    hand |= {"NorthHearts": "A K Q 10", "EastHearts": "J 9 8 7", "SouthHearts": "6-5-4-3"}
    hand |= {"WestHearts": "2", "NorthDiamonds": "AKQJ", "EastDiamonds": "T987"}
    hand |= {"SouthDiamonds": "6543", "WestDiamonds": "2", "NorthClubs": "A", "EastClubs": "K"}
    hand |= {"SouthClubs": "Q", "WestClubs": "JT98765432"}
    (deal,), problems = deals_of([hand], {"1": None}, "c.bws")
    assert problems == [] and deal[0] == 3
    assert str(deal[1].hand(Seat.NORTH)) == "AKQJ.AKQT.AKQJ.A"
    tricks = {
        f"{s}{t}": "7"
        for s in ("North", "East", "South", "West")
        for t in ("Spades", "Hearts", "Diamonds", "Clubs", "Notrump")
    }
    ((board, analysis),) = double_dummy_of([{"Board": "3", **tricks}]).items()
    assert board == 3 and analysis.table is not None
    assert double_dummy_of([{"Board": "3", **tricks, "WestClubs": ""}]) == {}


# --- mdbtools ------------------------------------------------------------------------------------


def test_without_mdbtools_the_director_is_told_to_install_it(tmp_path: Path) -> None:
    path = paths.real_file("bws/12tables1section.bws")
    old = os.environ["PATH"]
    os.environ["PATH"] = str(tmp_path)  # mdb-tables is not found there
    try:
        result = run("score", str(path))
    finally:
        os.environ["PATH"] = old
    assert result.exit_code == 2
    assert result.output == (
        f"error: {path}: reading a Bridgemate file needs mdbtools: apt-get install mdbtools\n"
    )


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    fake = tmp_path / "club.bws"
    fake.write_text("board,ns,ew\n")
    result = run("score", str(fake))
    assert (result.exit_code, result.output) == (
        2,
        f"error: {fake}: not a Bridgemate file (a .bws file is a Microsoft Access database)\n",
    )


def test_output_and_time_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    path = paths.real_file("bws/12tables1section.bws")
    monkeypatch.setattr(mdb, "LIMIT", 1000)
    with pytest.raises(FileFormatError) as error:
        mdb.rows(path, "ReceivedData")
    assert str(error.value) == f"{path}: mdb-export was stopped: it printed more than 1,000 bytes"
    monkeypatch.setattr(mdb, "TIMEOUT", 0.2)
    with pytest.raises(FileFormatError) as error:
        mdb._run("sleep", ["5"], "club.bws")
    assert str(error.value) == "club.bws: sleep was stopped: it took longer than 0.2 s"


def test_two_sections_keep_their_letters_and_numbers() -> None:
    """Sections A and B play the same Howell on the same boards: a row is read against its
    own section's movement, and its line carries the section's letter."""
    a, b = BwsSection("1", "A", 3), BwsSection("2", "B", 3)
    rows = howell_rows()
    movements: dict[str | None, Movement] = {
        "A": section_movement(a, rows, "c.bws"),
        "B": section_movement(b, [{**row, "Section": "2"} for row in rows], "c.bws"),
    }
    entered = [result(1, 1, 1, 1, 6, 1), {**result(2, 1, 1, 1, 6, 1, Result="-1"), "Section": "2"}]
    found = read_results(movements, {"1": "A", "2": "B"}, entered, "c.bws")
    assert [(x.section, x.ns, x.ns_score) for x in found.lines] == [
        ("A", "6", 420),
        ("B", "6", -50),
    ]
    assert found.errors == () and len(found.missing) == 2 * 6  # as above, each section
    stray = {**result(3, 1, 1, 1, 6, 1), "Section": "9"}
    assert [p.message for p in read_results(movements, {"1": "A"}, [stray], "c.bws").errors] == [
        "ReceivedData ID 3: there is no section 9"
    ]


_TEXT = st.text(alphabet=st.characters(codec="utf-8"), max_size=8)
_FIELDS = (
    *("ID", "Section", "Table", "Round", "Board", "PairNS", "PairEW", "Declarer", "NS/EW"),
    *("Contract", "Result", "LeadCard", "Remarks", "Erased"),
)


@given(
    st.lists(
        st.fixed_dictionaries(
            {key: _TEXT | st.sampled_from(["1", "2", "6", "4 S", "=", "N", ""]) for key in _FIELDS}
        ),
        max_size=6,
    )
)
def test_any_rows_give_lines_or_located_problems(rows: list[dict[str, str]]) -> None:
    """Whatever a damaged file holds, every row is a line, a located problem or a note: never
    an exception."""
    found = read(rows)
    for problem in (*found.errors, *found.notes):
        assert problem.path == "c.bws" and problem.message.startswith("ReceivedData")
    assert len(found.lines) <= len(rows)
