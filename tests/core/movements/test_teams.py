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


@pytest.mark.parametrize("count", TEAMS_RANGE)
def test_multiple_teams_play_two_half_matches_a_round(count: int) -> None:
    """Odd counts: every team meets every other; even counts: all but the team count/2
    tables away (10 teams: 8 rounds, 40 matches of 3 boards)."""
    movement = teams(count, style="multiple", per_match=3)
    report = check_movement(movement)
    assert report.ok, report.problems
    halves = _halves(movement)
    if count % 2:
        assert report.meetings == "every team plays every other exactly once"
    else:
        apart = {frozenset((str(t), str(t + count // 2))) for t in range(1, count // 2 + 1)}
        everyone = {frozenset(c) for c in combinations(movement.pairs, 2)}
        assert set(halves) == everyone - apart
        assert movement.rounds == count - 2 and len(halves) == count * (count - 2) // 2
    for (ns1, ew1, set1), (ns2, ew2, set2) in halves.values():
        assert (ns1, ew1) == (ew2, ns2) and set1 == set2
    for round_ in movement.played_rounds:  # each team: its NS pair and its EW pair, once each
        sittings = movement.round(round_)
        assert sorted(str(s.ns) for s in sittings) == sorted(str(s.ew) for s in sittings)
        assert len({s.ns for s in sittings}) == count
    assert {len(b) for b in movement.sets.values()} == {3}


def test_ten_teams_of_multiple_teams_by_hand() -> None:
    """Ten teams, three boards a match: offsets 1 to 4, two rounds each. Round 1 (open room):
    team t's NS v team t+1's EW; round 2 (closed): v team t-1's EW, on the boards that match's
    first half had at table t-1."""
    movement = teams(10, style="multiple", per_match=3)
    assert (movement.tables, movement.rounds, movement.boards) == (10, 8, 30)
    first, second = movement.round(1), movement.round(2)
    assert [(s.table, s.ns, s.ew, s.room) for s in first[:2]] == [
        (1, "1", "2", "open"),
        (2, "2", "3", "open"),
    ]
    assert (second[1].ns, second[1].ew, second[1].room) == ("2", "1", "closed")
    assert second[1].set == first[0].set  # 1 v 2: both halves on the same boards


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
    with pytest.raises(MovementError, match="plays all 4 rounds"):
        teams(5, style="multiple", rounds=3)
    with pytest.raises(MovementError, match="plays all 8 rounds"):
        teams(10, style="multiple", rounds=4)
    with pytest.raises(MovementError, match="not both"):
        teams(10, style="multiple", boards=24, per_match=3)
