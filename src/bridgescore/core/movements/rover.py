"""A rover: a late pair added to a Mitchell (movements.md §2). Each round it plays NS in place of
a stationary pair, who sits out; it sits at a different table each round (so each NS pair sits
out at most once) and never plays a set twice.

The tables are searched, the first of these that can be found:

1. the rover plays every round and meets every EW pair at most once (7 tables: tables 1, 3, 5,
   7, 2, 4, 6);
2. it sits out the first round (it came late) and plays the others, meeting nobody twice: a
   share-and-relay Mitchell needs this, as the published ones do;
3. as 1, but meeting one EW pair twice, where no sequence avoids it (9 and 15 tables: every
   round of a standard Mitchell would need queens that do not attack on a 9 x 9 torus, and
   there are none);
4. as 2, with one double meeting.

Each is a depth-first search (the round with the fewest tables left first, tables in order),
cut off after :data:`NODES` steps, so a movement is made in well under a second whatever its
size. For full Mitchells of 5 to 15 tables the tables were searched offline without the cut
(``bench/search_movements.py``) and are shipped (:func:`~bridgescore.core.movements.shipped.rover_sequence`).

>>> from bridgescore.core.movements.mitchell import mitchell
>>> movement = mitchell(9, rover=True)
>>> [next((s.table for s in movement.round(r) if s.ns == "10NS"), None) for r in range(1, 10)]
[None, 1, 2, 4, 6, 9, 3, 5, 7]
>>> from bridgescore.core.movements.check import check_movement
>>> check_movement(movement).meetings
'1 NS-EW couples meet more than once (10NS v 9EW ...); 10 NS-EW couples never meet'
"""

from __future__ import annotations

__all__ = ["NODES", "rover_tables", "with_rover"]

from collections.abc import Mapping
from dataclasses import replace

from bridgescore.core.errors import MovementError
from bridgescore.core.movements.movement import Sitter, Sitting

NODES = 2_000
"""The most rounds one search fills before giving up on that kind of sequence."""


def rover_tables(
    seats: Mapping[tuple[int, int], tuple[Sitter, str]],
    rounds: int,
    tables: int,
    *,
    nodes: int | None = None,
    fewest_first: bool = True,
) -> tuple[int | None, ...] | None:
    """The table the rover sits at in each round (``None``: it sits out), given the EW pair
    and set of every (round, table) it may take; ``None`` when no sequence is found within
    ``nodes`` steps a kind (by default :data:`NODES`). ``fewest_first``: the round with the
    fewest tables left is filled first, else the rounds in order (the most regular
    sequences, slower to find)."""
    for late, doubles in ((0, 0), (1, 0), (0, 1), (1, 1)):
        found = _search(
            seats, rounds, tables, (late, doubles), NODES if nodes is None else nodes, fewest_first
        )
        if found is not None:
            return (None,) * late + found
    return None


def _search(
    seats: Mapping[tuple[int, int], tuple[Sitter, str]],
    rounds: int,
    tables: int,
    kind: tuple[int, int],
    nodes: int,
    fewest_first: bool,
) -> tuple[int, ...] | None:
    """Depth first, a round at a time (see :func:`rover_tables`): ``kind`` is how many
    rounds the rover sits out first and how many double meetings it may have."""
    late, doubles = kind
    chosen: dict[int, int] = {}
    taken: set[int] = set()
    met: dict[Sitter, int] = {}
    played: set[str] = set()
    tried = 0

    def options(round_: int, spare: int) -> list[int]:
        found = []
        for table in range(1, tables + 1):
            seat = seats.get((round_, table))
            if seat is None or table in taken or seat[1] in played:
                continue
            if met.get(seat[0], 0) and not spare:
                continue
            found.append(table)
        return found

    def place(spare: int) -> bool:
        nonlocal tried
        left = [r for r in range(1 + late, rounds + 1) if r not in chosen]
        if not left:
            return True
        tried += 1
        if tried > nodes:
            return False
        if fewest_first:
            round_, tables_left = min(
                ((r, options(r, spare)) for r in left), key=lambda f: len(f[1])
            )
        else:
            round_, tables_left = left[0], options(left[0], spare)
        for table in tables_left:
            ew, set_name = seats[(round_, table)]
            again = met.get(ew, 0)
            chosen[round_] = table
            taken.add(table)
            met[ew] = again + 1
            played.add(set_name)
            if place(spare - bool(again)):
                return True
            del chosen[round_]
            taken.discard(table)
            met[ew] = again
            played.discard(set_name)
        return False

    if not place(doubles):
        return None
    return tuple(chosen[r] for r in range(1 + late, rounds + 1))


def with_rover(
    schedule: list[Sitting],
    pairs: list[str],
    tables: int,
    rounds: int,
    shipped: tuple[int | None, ...] | None = None,
) -> tuple[list[Sitting], list[str]]:
    """A two-winner Mitchell's schedule and pairs with a rover, pair ``T+1`` NS: at the
    ``shipped`` tables (searched longer, for 5 to 15 tables), else searched here (see the
    module docstring)."""
    seats = {(s.round, s.table): (s.ew, s.set) for s in schedule if s.ns is not None}
    found = shipped if shipped is not None else rover_tables(seats, rounds, tables)
    if found is None:
        raise MovementError(
            f"a rover cannot play {rounds} rounds of a {tables}-table Mitchell without meeting "
            "a pair or a board twice: curtail it (--rounds)"
        )
    rover = f"{tables + 1}NS"
    moved = [
        replace(s, ns=rover) if s.ns is not None and found[s.round - 1] == s.table else s
        for s in schedule
    ]
    return moved, [*pairs[:tables], rover, *pairs[tables:]]
