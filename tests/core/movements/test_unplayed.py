"""Rounds no table played, said in one line (issue 26, item 11): a curtailed session's missing
results grouped so that a real problem stands out, worked on a 9-table Mitchell of 3-board
rounds (27 boards; every round each of the 9 tables plays 3 boards) and a 6.5-table Howell
(a table sits out each round: 6 tables play)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.core.movements import Movement, howell, mitchell
from bridgescore.core.movements.results import check_results
from bridgescore.core.movements.unplayed import unplayed_rounds
from bridgescore.core.table.traveller import Session, TravellerLine

NINE = mitchell(9, boards=27)


def _lines(movement: Movement, keep: set[tuple[int, int, int]] | None = None) -> Session:
    """The results of every board the movement plays, or of those ``keep`` says."""
    lines = tuple(
        TravellerLine(b, str(s.ns).removesuffix("NS"), str(s.ew).removesuffix("EW"), ns_score=420)
        for s in movement.schedule
        if s.plays
        for b in movement.boards_of(s)
        if keep is None or (s.round, s.table, b) in keep
    )
    return Session(lines, source="club.csv")


def _all(movement: Movement) -> set[tuple[int, int, int]]:
    return {(s.round, s.table, b) for s in movement.schedule for b in movement.boards_of(s)}


def test_the_last_two_rounds_unplayed_are_one_warning_and_a_lost_board_its_own() -> None:
    # rounds 8-9: 2 rounds x 9 tables x 3 boards = 54 boards; board 17 at table 4 in round 3
    played = {k for k in _all(NINE) if k[0] <= 7 and k != (3, 4, 17)}
    checked = check_results([_lines(NINE, played)], {None: NINE})
    assert [str(p) for p in checked.missing] == [
        "club.csv: board 17, NS 4 v EW 2 (round 3, table 4): no result",
        "club.csv: rounds 8-9 of tables 1-9 not played (curtailed): 54 boards",
    ]  # table 4 in round 3: EW 4 - 3 + 1 = 2, set 4 + 3 - 1 = 6 (boards 16-18)


def test_a_round_unplayed_in_the_middle_is_not_called_curtailed() -> None:
    played = {k for k in _all(NINE) if k[0] != 4}
    assert unplayed_rounds(NINE, _all(NINE) - played) == [
        ((4,), "round 4 of tables 1-9 not played: 27 boards")
    ]


def test_a_half_table_howell_counts_the_tables_that_play() -> None:
    # 13 rounds of 2 boards; in round 13 the sit-out is at table 1: tables 2-7 play 12 boards
    movement = howell(7, phantom=True, boards=26)
    assert unplayed_rounds(movement, {k for k in _all(movement) if k[0] == 13}) == [
        ((13,), "round 13 of tables 2-7 not played (curtailed): 12 boards")
    ]


def _number(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found is not None, text
    return int(found.group(1))


@given(
    st.sets(st.integers(1, 9), max_size=4),
    st.sets(st.sampled_from(sorted(_all(NINE))), max_size=60),
)
def test_every_missing_board_is_said_once(rounds: set[int], boards: set[tuple[int, ...]]) -> None:
    """Whole rounds and single boards lost: the boards the grouped warnings count and the
    boards said one by one add up to the boards missing; no board of a round grouped is said
    on its own, and every round lost at every table is grouped."""
    lost = {k for k in _all(NINE) if k[0] in rounds} | boards
    checked = check_results([_lines(NINE, _all(NINE) - lost)], {None: NINE})
    grouped = [str(p) for p in checked.missing if "not played" in str(p)]
    single = [str(p) for p in checked.missing if str(p).endswith("no result")]
    assert len(grouped) + len(single) == len(checked.missing)
    counted = sum(_number(r": (\d+) boards?$", text) for text in grouped)
    assert counted + len(single) == len(lost)
    full = {r for r in range(1, 10) if {k for k in _all(NINE) if k[0] == r} <= lost}
    assert {_number(r"\(round (\d+),", text) for text in single}.isdisjoint(full)
    assert counted == 27 * len(full)
