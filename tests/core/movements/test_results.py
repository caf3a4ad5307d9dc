"""Results checked against the movement: each kind of mistake is located and the likely fix
suggested, worked on a 7-table Mitchell of 3-board rounds (sets of boards 1-3, 4-6, ...: table
t plays set t + r - 1 in round r, EW pair e sits at table e + r - 1)."""

from __future__ import annotations

from bridgescore.core.movements import Movement, Sitting, howell, mitchell
from bridgescore.core.movements.results import check_results
from bridgescore.core.table.traveller import Session, TravellerLine

MITCHELL = mitchell(7, boards=21)


def _problems(*lines: TravellerLine, movement: Movement = MITCHELL) -> list[str]:
    checked = check_results([Session(lines, source="club.csv")], {None: movement})
    return [str(p) for p in checked.problems]


def _line(board: int, ns: str, ew: str, round: int | None = None) -> TravellerLine:
    return TravellerLine(board, ns, ew, ns_score=420, line=52, round=round)


def test_a_wrong_ew_number_says_whom_the_ns_pair_met_on_that_board() -> None:
    # NS 3 plays boards 10-12 (set 4) in round 2, against EW 3 - 2 + 1 = 2
    assert _problems(_line(12, "3", "5")) == [
        "club.csv:52: board 12, NS 3 v EW 5: in round 2 pair 3 met EW 2 on boards 10-12; "
        "is the EW number right?"
    ]


def test_a_wrong_ns_number_says_whom_the_ew_pair_met() -> None:
    # EW 2 plays boards 10-12 in round 2 at table 3; no NS 9 exists
    assert _problems(_line(12, "9", "2")) == [
        "club.csv:52: board 12, NS 9 v EW 2: in round 2 pair 2 met NS 3 on boards 10-12; "
        "is the NS number right?"
    ]


def test_the_round_on_the_line_picks_the_likelier_mistake() -> None:
    # NS 3 met EW 5 in round 6 (table 3: EW 5 + 6 - 1 = 10 = 3 mod 7), on boards 7 + ... :
    # set 3 + 6 - 1 = 8 = set 1, boards 1-3. Board 12 in round 6 is a wrong board number.
    assert _problems(_line(12, "3", "5", round=6)) == [
        "club.csv:52: board 12, NS 3 v EW 5: NS 3 and EW 5 met in round 6 on boards 1-3; "
        "is the board number right?"
    ]


def test_a_line_with_the_pairs_swapped_is_said_so() -> None:
    movement = Movement(
        "howell", 1, 1, 1, 1, {"1": (1,)}, ("1", "2"), (Sitting(1, 1, "1", "2", "1", switch=True),)
    )
    # table 1 is arrow-switched: 2 holds the NS cards, so a line NS 1 v EW 2 is the wrong way
    assert _problems(_line(1, "1", "2"), movement=movement) == [
        "club.csv:52: board 1, NS 1 v EW 2: in round 1 pair 2 held the NS cards against 1 "
        "(table 1 is arrow-switched); are NS and EW the wrong way round?"
    ]
    assert _problems(_line(1, "2", "1"), movement=movement) == []


def test_a_wrong_round_and_a_board_out_of_the_movement() -> None:
    assert _problems(_line(12, "3", "2", round=3)) == [
        "club.csv:52: board 12, NS 3 v EW 2: they played it in round 2, not round 3; "
        "is the round right?"
    ]
    assert _problems(_line(30, "3", "2")) == [
        "club.csv:52: board 30, NS 3 v EW 2: board 30 is not played in this movement "
        "(boards 1-21); is the board number right?"
    ]


def test_pairs_are_matched_as_written_bare_or_with_their_direction() -> None:
    assert _problems(_line(12, "3", "2"), _line(12, "3NS", "2EW"), _line(12, "3 NS", "2 EW")) == []


def test_missing_results_are_listed_or_given_an_average() -> None:
    lines = tuple(
        TravellerLine(b, str(s.ns)[:-2], str(s.ew)[:-2], ns_score=420)
        for s in MITCHELL.schedule
        for b in MITCHELL.sets[s.set]
        if (s.round, s.table, b) != (2, 3, 11)
    )
    checked = check_results([Session(lines, source="club.csv")], {None: MITCHELL})
    assert checked.problems == ()
    assert [str(p) for p in checked.missing] == [
        "club.csv: board 11, NS 3 v EW 2 (round 2, table 3): no result"
    ]
    averaged = check_results([Session(lines)], {None: MITCHELL}, average=True)
    (added,) = [line for line in averaged.lines if line.adjusted is not None]
    assert (added.board, added.ns, added.ew, str(added.adjusted)) == (11, "3", "2", "A50/50")
    assert str(averaged.missing[0]).endswith("no result; given Ave (50%) both ways")


def test_a_complete_howell_takes_every_line_it_expects() -> None:
    movement = howell(4)
    lines = tuple(
        TravellerLine(b, str(s.ns), str(s.ew), ns_score=0 if b % 2 else 50)
        for s in movement.schedule
        for b in movement.sets[s.set]
    )
    checked = check_results([Session(lines)], {None: movement})
    assert checked.problems == () and checked.missing == () and len(checked.lines) == 4 * 28
