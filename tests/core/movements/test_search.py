"""The searches behind the shipped movements, on small sizes: what a turned table changes is
what the tally says it does, the flips found never make a movement less fair, and every cyclic
structure found is a movement that keeps the hard rules with equal play."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.core.movements import check_movement, mitchell
from bridgescore.core.movements.movement import members
from bridgescore.core.movements.search import Tally, best_flips, cyclic_structure
from bridgescore.core.movements.shipped import built_howell


@given(seed=st.integers(0, 10_000), tables=st.sampled_from([3, 5, 7]))
def test_a_turn_changes_the_squares_by_what_the_tally_says(seed: int, tables: int) -> None:
    tally = Tally(mitchell(tables, winners=1))
    rng = random.Random(seed)
    for _ in range(5):
        cell = rng.randrange(len(tally.cells))
        before, cost = tally.squares(), tally.cost(cell)
        tally.turn(cell)
        assert tally.squares() == before + cost
    # the counts are the checker's: two pairs compared once on each set both hold alike
    movement = mitchell(tables, winners=1)
    fresh = Tally(movement)
    figures = check_movement(movement).balance
    assert figures is not None and abs(fresh.percent() - figures.percent) < 1e-9


def test_the_flips_found_make_a_mitchell_fairer_and_turn_back_what_does_not_help() -> None:
    plain = mitchell(7, rounds=6, boards=12)  # two winners: nobody compared across the field
    before = Tally(plain).percent()
    cells = best_flips(plain, 20_000, 1)
    tally = Tally(plain)
    for index, cell in enumerate(tally.cells):
        if cell in cells:
            tally.turn(index)
    assert tally.percent() > before
    assert all(tally.cost(i) > 0 for i, cell in enumerate(tally.cells) if cell in cells)
    assert best_flips(plain, 20_000, 1) == cells  # the same seed finds the same


@settings(max_examples=20, deadline=None)
@given(
    shape=st.sampled_from([(4, 7, 1), (5, 8, 1), (6, 9, 1), (6, 6, 2), (7, 6, 2), (7, 11, 1)]),
    seed=st.integers(0, 1000),
)
def test_every_cyclic_structure_is_a_fair_kind_of_movement(
    shape: tuple[int, int, int], seed: int
) -> None:
    tables, rounds, orbits = shape
    found = cyclic_structure(tables, rounds, orbits, random.Random(seed))
    assert found is not None
    first, offsets = found
    assert sorted(offsets) == list(offsets)  # tables in offset order: boards go down one
    entry = {"orbits": orbits, "first": [list(m) for m in first], "offsets": list(offsets)}
    movement = built_howell(tables, rounds, entry, 1, False)
    report = check_movement(movement)
    assert report.ok, report.problems
    assert set(report.plays.values()) == {tables}  # every set once at every table
    met = Counter(frozenset(members(s.ns) + members(s.ew)) for s in movement.schedule)
    assert max(met.values()) == 1


def test_counts_that_make_no_cyclic_movement_are_said() -> None:
    assert cyclic_structure(5, 11, 1, random.Random(1)) is None  # 11 moving pairs, 10 seats
    assert cyclic_structure(3, 5, 2, random.Random(1)) is None  # 10 moving pairs, 6 seats
    assert cyclic_structure(6, 2, 1, random.Random(1)) is None  # 10 fixed pairs, 6 tables
