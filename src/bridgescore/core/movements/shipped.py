"""The searched movements bridgescore ships, and how they are built from the data.

Searching for the fairest movements is slow (:mod:`~bridgescore.core.movements.search`), so it
was done once (``bench/search_movements.py``) and its results are shipped as data,
``bridgescore/data/movements.json``, read here (package data, read once):

* ``howell``: cyclic Howells by tables and rounds (``"9 13"``): the pairs at each table in
  the first round (``first``, NS first), each later round moving every pair on
  (:func:`~bridgescore.core.movements.search.shift`) and the boards down one table
  (``offsets``: table ``t`` plays set ``offset + r`` in round ``r``), or the sets each table
  plays each round (``sets``; ``"3+8"`` is two mini-sets, played in that order); ``turned``
  says, round by round, which tables have their NS and EW pairs the other way round;
* ``switches``: the arrow switches of one-winner Mitchells by style, tables and rounds
  (``"standard 9 8"``), a string a round, ``1`` for a switched table;
* ``rovers``: the table a Mitchell's rover sits at each round (``null``: it sits out), by
  style, tables and rounds;
* each entry's ``made`` says how it was made.

>>> movement = shipped_howell(4, 7, 2)
>>> movement.title, [(s.ns, s.ew, s.set) for s in movement.round(1)][:2]
('Howell, 4 tables, 7 rounds of 2 boards', [('8', '1', '1'), ('5', '4', '2')])
>>> sorted(shipped_rounds(9))
[10, 11, 12, 13, 14, 15, 17]
>>> switches("standard", 3, 2) is None
True
"""

from __future__ import annotations

__all__ = [
    "built_howell",
    "rover_sequence",
    "shipped_data",
    "shipped_howell",
    "shipped_rounds",
    "switches",
]

import json
from functools import cache
from importlib import resources
from typing import Any

from bridgescore.core.errors import MovementError
from bridgescore.core.movements.movement import Movement, Sitting
from bridgescore.core.movements.plan import numbered_sets
from bridgescore.core.movements.search import shift


@cache
def shipped_data() -> dict[str, Any]:
    """The shipped data (see the module docstring)."""
    text = (resources.files("bridgescore") / "data" / "movements.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def shipped_rounds(tables: int) -> dict[int, str]:
    """The round counts shipped for a Howell of ``tables`` tables, each with how it was
    made."""
    found = {}
    for key, entry in shipped_data()["howell"].items():
        count, rounds, *_ = key.split()
        if int(count) == tables and len(key.split()) == 2:
            found[int(rounds)] = entry["made"]
    return found


def switches(style: str, tables: int, rounds: int) -> tuple[str, ...] | None:
    """The searched arrow switches of a one-winner Mitchell, a string a round (``1``: the
    table is switched); ``None`` when none was shipped."""
    found = shipped_data()["switches"].get(f"{style} {tables} {rounds}")
    return None if found is None else tuple(found["turned"])


def rover_sequence(style: str, tables: int, rounds: int) -> tuple[int | None, ...] | None:
    """The searched tables of a Mitchell's rover, round by round (``None``: it sits out);
    ``None`` when none was shipped.

    >>> rover_sequence("relay", 6, 6)
    (None, 1, 3, 5, 2, 4)
    """
    found = shipped_data()["rovers"].get(f"{style} {tables} {rounds}")
    return None if found is None else tuple(found["tables"])


def shipped_howell(
    tables: int, rounds: int, per_set: int, *, phantom: bool = False, variant: str = ""
) -> Movement:
    """The shipped Howell for ``tables`` tables and ``rounds`` rounds (``variant``: another
    kept beside it, such as ``mini``), ``per_set`` boards a set; ``phantom``: pair 2T is
    missing and whoever meets it sits out."""
    key = f"{tables} {rounds}" + (f" {variant}" if variant else "")
    entry = shipped_data()["howell"].get(key)
    if entry is None:
        raise MovementError(f"no Howell of {tables} tables and {rounds} rounds is shipped")
    return built_howell(tables, rounds, entry, per_set, phantom)


def built_howell(
    tables: int, rounds: int, entry: dict[str, Any], per_set: int, phantom: bool
) -> Movement:
    first: list[list[int]] = entry["first"]
    orbits: int = entry["orbits"]
    turned: list[str] = entry.get("turned") or ["0" * tables] * rounds
    missing = 2 * tables if phantom else 0
    given_sets: list[list[str]] | None = entry.get("sets")
    schedule = []
    for r in range(rounds):
        for t, match in enumerate(first):
            seated = match[::-1] if turned[r][t] == "1" else match
            sides = [shift(p, rounds, orbits, r) for p in seated]
            if given_sets is None:
                names = [str((entry["offsets"][t] + r) % rounds + 1)]
            else:
                names = given_sets[r][t].split("+")
            north, east = (None if p == missing else str(p) for p in sides)
            schedule.append(Sitting(r + 1, t + 1, north, east, names[0], later=tuple(names[1:])))
    count = len({n for s in schedule for n in s.sets})
    pairs = tuple(str(p) for p in range(1, 2 * tables + 1) if p != missing)
    sets = numbered_sets(count, per_set)
    return Movement("howell", tables, rounds, count * per_set, 1, sets, pairs, tuple(schedule))
