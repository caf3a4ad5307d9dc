"""Every shipped (searched offline) movement: the hard rules, equal play, every pair on every set
at most once, and the balance recorded beside it; the arrow switches and rover sequences give
valid movements at least as fair as the whole-round ones. Nothing here re-runs a long search:
the checks are counted here, not taken from the data."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

import pytest

from bridgescore.core.movements import check_movement, mitchell
from bridgescore.core.movements.howell import howell
from bridgescore.core.movements.movement import Movement, members
from bridgescore.core.movements.shipped import shipped_data, shipped_howell

HOWELLS = sorted(shipped_data()["howell"].items())
SWITCHES = sorted(shipped_data()["switches"].items())
ROVERS = sorted(shipped_data()["rovers"].items())


def _counted(movement: Movement) -> tuple[Counter[tuple[str, str]], Counter[str]]:
    """Who played which set how often, and how often each set was played, counted here."""
    on_set: Counter[tuple[str, str]] = Counter()
    plays: Counter[str] = Counter()
    for sitting in movement.schedule:
        if sitting.plays:
            for name in sitting.sets:
                plays[name] += 1
                for pair in (*members(sitting.ns), *members(sitting.ew)):
                    on_set[(pair, name)] += 1
    return on_set, plays


@pytest.mark.parametrize(("key", "entry"), HOWELLS, ids=[key for key, _ in HOWELLS])
def test_a_shipped_howell_keeps_the_hard_rules_and_its_balance(key: str, entry: Any) -> None:
    tables, rounds, *variant = key.split()
    movement = shipped_howell(int(tables), int(rounds), 2, variant="".join(variant))
    assert (movement.tables, movement.rounds) == (int(tables), int(rounds))
    for number in movement.played_rounds:  # every pair once a round, all 2T of them
        seated = [p for s in movement.round(number) for p in (*members(s.ns), *members(s.ew))]
        assert sorted(seated, key=int) == [str(p) for p in range(1, 2 * int(tables) + 1)]
    on_set, plays = _counted(movement)
    assert max(on_set.values()) == 1  # nobody plays a set twice
    assert set(plays.values()) == {int(tables)}  # every set at every table once: T plays
    met = Counter(frozenset((s.ns, s.ew)) for s in movement.schedule)
    assert max(met.values()) == 1  # nobody meets anybody twice
    if int(rounds) == 2 * int(tables) - 1 or variant:  # complete: everybody meets everybody
        assert len(met) == int(tables) * (2 * int(tables) - 1)
    report = check_movement(movement)
    assert report.ok and report.balance is not None
    assert round(report.balance.percent, 2) == entry["balance"]
    assert entry["made"].startswith("search")


@pytest.mark.parametrize(("key", "entry"), SWITCHES, ids=[key for key, _ in SWITCHES])
def test_shipped_switches_make_a_fairer_one_winner_mitchell(key: str, entry: Any) -> None:
    style, tables, rounds = key.split()
    made = mitchell(int(tables), style=style, rounds=int(rounds), winners=1)  # type: ignore[arg-type]
    switched = {(s.round, s.table) for s in made.schedule if s.switch}
    assert switched == {
        (r, t)
        for r, row in enumerate(entry["turned"], 1)
        for t, flag in enumerate(row, 1)
        if flag == "1"
    }
    report = check_movement(made)
    assert report.ok and report.balance is not None
    assert round(report.balance.percent, 2) == entry["balance"]
    whole = mitchell(int(tables), style=style, rounds=int(rounds), winners=1, phantom=True)  # type: ignore[arg-type]
    rounds_switched = {s.round for s in whole.schedule if s.switch}
    assert all(s.switch == (s.round in rounds_switched) for s in whole.schedule)  # whole rounds


@pytest.mark.parametrize(("key", "entry"), ROVERS, ids=[key for key, _ in ROVERS])
def test_a_shipped_rover_never_replays_and_meets_at_most_one_pair_twice(
    key: str, entry: Any
) -> None:
    style, count, length = key.split()
    tables, rounds = int(count), int(length)
    movement = mitchell(tables, style=style, rover=True)  # type: ignore[arg-type]
    assert movement.rounds == rounds
    rover = f"{tables + 1}NS"
    seats = {s.round: s for s in movement.schedule if s.ns == rover}
    assert [seats[r].table if r in seats else None for r in movement.played_rounds] == entry[
        "tables"
    ]
    assert len({s.table for s in seats.values()}) == len(seats)  # each NS pair out once at most
    assert len({s.set for s in seats.values()}) == len(seats)  # never a set twice
    met = Counter(s.ew for s in seats.values())
    assert sum(n - 1 for n in met.values()) <= 1  # one double meeting at most
    if (style, tables) in (("standard", 9), ("standard", 15)):
        assert sum(n - 1 for n in met.values()) == 1  # unavoidable there
    assert check_movement(movement).ok


def test_the_three_table_howell_shares_a_set_in_the_last_round_only() -> None:
    movement = howell(3)
    report = check_movement(movement)
    assert report.shared == ("tables 1, 2 and 3 share a set in round 5",)
    assert report.balance is not None and round(report.balance.percent, 1) == 59.2
    relays = [set(movement.sets) - {s.set for s in movement.round(r)} for r in range(1, 5)]
    assert all(len(left) == 2 for left in relays)  # two sets on the relay each round


def test_complete_howells_compare_every_two_pairs_equally_with_even_tables_to_12() -> None:
    for tables in (4, 6, 8, 10, 12):
        movement = howell(tables, rounds=2 * tables - 1)
        compared = Counter()  # type: Counter[frozenset[str]]
        for one, other in combinations(movement.schedule, 2):
            if one.set == other.set and one.table != other.table:
                compared[frozenset((str(one.ns), str(other.ns)))] += 1
                compared[frozenset((str(one.ew), str(other.ew)))] += 1
        pairs = [str(p) for p in range(1, 2 * tables + 1)]
        counts = {compared[frozenset(c)] for c in combinations(pairs, 2)}
        assert len(counts) == 1, (tables, counts)  # every two pairs compared equally often
