"""Team movements for every team count they support: the hard rules (each team's NS pair and
EW pair once a round, neither meets a board twice), every team plays every other exactly once
in a full round robin or multiple teams, and each match's two halves play the same boards."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from bridgescore.core.errors import MovementError
from bridgescore.core.movements import check_movement
from bridgescore.core.movements.movement import Movement
from bridgescore.core.movements.teams import TEAMS_RANGE, teams


def _halves(movement: Movement) -> dict[frozenset[str], list[tuple[str, str, str]]]:
    """Each match's halves: (NS team, EW team, set)."""
    found: dict[frozenset[str], list[tuple[str, str, str]]] = {}
    for s in movement.schedule:
        assert isinstance(s.ns, str) and isinstance(s.ew, str)
        found.setdefault(frozenset((s.ns, s.ew)), []).append((s.ns, s.ew, s.set))
    return found


@pytest.mark.parametrize("count", TEAMS_RANGE)
def test_a_round_robin_of_two_table_matches(count: int) -> None:
    movement = teams(count, style="round-robin", rounds=count - 1 + count % 2)
    report = check_movement(movement)
    assert report.ok, report.problems
    assert report.meetings == "every team plays every other exactly once"
    halves = _halves(movement)
    assert set(halves) == {frozenset(c) for c in combinations(movement.pairs, 2)}
    for (ns1, ew1, set1), (ns2, ew2, set2) in halves.values():
        assert (ns1, ew1) == (ew2, ns2) and set1 == set2  # the two rooms, the same boards
    rooms = Counter(s.room for s in movement.schedule)
    assert rooms["open"] == rooms["closed"]
    home = Counter(s.ns for s in movement.schedule if s.room == "open")
    home.update(dict.fromkeys(movement.pairs, 0))
    assert max(home.values()) - min(home.values()) <= 1  # as often at home as any other


@pytest.mark.parametrize("count", [c for c in TEAMS_RANGE if c % 2])
def test_multiple_teams_play_two_half_matches_a_round(count: int) -> None:
    movement = teams(count, style="multiple")
    report = check_movement(movement)
    assert report.ok, report.problems
    assert report.meetings == "every team plays every other exactly once"
    for (ns1, ew1, set1), (ns2, ew2, set2) in _halves(movement).values():
        assert (ns1, ew1) == (ew2, ns2) and set1 == set2
    for round_ in movement.played_rounds:  # each team: its NS pair and its EW pair, once each
        sittings = movement.round(round_)
        assert sorted(str(s.ns) for s in sittings) == sorted(str(s.ew) for s in sittings)
        assert len({s.ns for s in sittings}) == count


def test_three_teams_playing_each_other() -> None:
    movement = teams(3, boards=12)
    assert (movement.tables, movement.rounds, movement.boards) == (3, 2, 18)
    assert teams(3).to_dict()["schedule"][0] == {
        "round": 1,
        "table": 1,
        "ns": "1",
        "ew": "3",
        "set": "2",
        "switch": False,
        "room": "open",
    }


def test_counts_and_styles_it_is_not_made_for_are_refused() -> None:
    with pytest.raises(MovementError, match="3 to 20 teams, not 21"):
        teams(21)
    with pytest.raises(MovementError, match="odd number of teams, not 4"):
        teams(4, style="multiple")
    with pytest.raises(MovementError, match="plays all 4 rounds"):
        teams(5, style="multiple", rounds=3)
