"""The 3-table Howells' searches (``python -m bench.search_movements three``): the sets of the
cyclic pairs, with a relay (the tables share a set in the last round only) or with two
mini-sets a table a round, the fairest found kept."""

from __future__ import annotations

import random
from itertools import product
from typing import Any

from bench.search_movements import flipped, percent_of, turned_rows
from bridgescore.core.movements.search import best_flips, shift
from bridgescore.core.movements.shipped import built_howell

_THREE = [(6, 1), (2, 5), (3, 4)]
"""The 3-table Howell's first round (the only starter mod 5): pair 6 stays, 1 to 5 move on."""


def _three_pairs(r: int) -> list[list[int]]:
    return [[shift(p, 5, 1, r) for p in match] for match in _THREE]


def _relay_sets() -> list[list[list[str]]]:
    """Every way to give the 3-table Howell's cyclic pairs five sets, each at three tables and
    nobody on a set twice, with all tables on one set in the last round only (none has fewer
    shared: depth-first search), sets numbered as they first appear."""
    found: list[list[list[str]]] = []
    plays: dict[str, int] = {}
    seen: set[tuple[int, str]] = set()
    chosen: list[list[str]] = []

    def place(r: int) -> None:
        if r == 5:
            found.append([list(row) for row in chosen])
            return
        for cell in product("12345", repeat=3):
            if (len(set(cell)) < 3) != (r == 4):
                continue
            if any(plays.get(n, 0) + cell.count(n) > 3 for n in set(cell)):
                continue
            held = [(p, n) for n, match in zip(cell, _three_pairs(r), strict=True) for p in match]
            if any(h in seen for h in held):
                continue
            for n in cell:
                plays[n] = plays.get(n, 0) + 1
            seen.update(held)
            chosen.append(list(cell))
            place(r + 1)
            chosen.pop()
            seen.difference_update(held)
            for n in cell:
                plays[n] -= 1

    place(0)
    return [rows for rows in found if _numbered_in_order(rows)]


def _numbered_in_order(rows: list[list[str]]) -> bool:
    order = [n for row in rows for n in row]
    firsts = sorted(set(order), key=order.index)
    return firsts == sorted(firsts, key=int)


def _mini_sets(rng: random.Random) -> list[list[str]] | None:
    """Ten mini-sets for the 3-table Howell, two a table a round: each at three tables, every
    pair on every set once, never three tables on a set in one round (randomised depth-first
    search); each table's two sets ordered so that no two tables play a set at once."""
    sets = [str(n) for n in range(1, 11)]
    plays = dict.fromkeys(sets, 0)
    seen: set[tuple[int, str]] = set()
    rows: list[list[tuple[str, str]]] = []
    tries = [0]

    def place(r: int, t: int, row: list[tuple[str, str]]) -> bool:
        tries[0] += 1
        if tries[0] > 500_000:
            return False
        if r == 5:
            return True
        if t == 3:
            rows.append(row)
            if place(r + 1, 0, []):
                return True
            rows.pop()
            return False
        pairs = _three_pairs(r)[t]
        free = [n for n in sets if plays[n] < 3 and all((p, n) not in seen for p in pairs)]
        in_round = [n for table in row for n in table]
        free = [n for n in free if in_round.count(n) < 2]
        free.sort(key=lambda n: (plays[n], rng.random()))  # the sets played least first
        for a, b in [(a, b) for i, a in enumerate(free) for b in free[i + 1 :]]:
            held = [(p, n) for p in pairs for n in (a, b)]
            for n in (a, b):
                plays[n] += 1
            seen.update(held)
            if place(r, t + 1, [*row, (a, b)]):
                return True
            seen.difference_update(held)
            for n in (a, b):
                plays[n] -= 1
        return False

    if not place(0, 0, []):
        return None
    slotted = [_slotted(row) for row in rows]
    order = [n for row in slotted for cell in row for n in cell.split("+")]
    names = {n: str(i) for i, n in enumerate(sorted(set(order), key=order.index), 1)}
    return [["+".join(names[n] for n in cell.split("+")) for cell in row] for row in slotted]


def _slotted(row: list[tuple[str, str]]) -> list[str]:
    """Each table's two sets in an order that has no set at two tables at once."""
    for flips in product((False, True), repeat=len(row)):
        ordered = [(b, a) if flip else (a, b) for (a, b), flip in zip(row, flips, strict=True)]
        if all(len({o[k] for o in ordered}) == len(ordered) for k in (0, 1)):
            return ["+".join(o) for o in ordered]
    raise AssertionError(row)


def _three(sets: list[list[str]], steps: int) -> tuple[float, dict[str, Any]]:
    entry: dict[str, Any] = {"orbits": 1, "first": [list(m) for m in _THREE], "sets": sets}
    movement = built_howell(3, 5, {**entry, "made": ""}, 1, False)
    cells = best_flips(movement, steps, 1)
    movement = flipped(movement, cells, swap=True)
    entry["first"] = [[int(str(s.ns)), int(str(s.ew))] for s in movement.round(1)]
    turned = turned_rows(movement, 1)
    if any("1" in row for row in turned):
        entry["turned"] = turned
    return percent_of(movement), entry


def search_three(mini: bool, steps: int) -> tuple[float, dict[str, Any]]:
    """The 3-table Howell with a relay (sets shared in the last round only), or with two
    mini-sets a round: the fairest of the sets found, NS and EW turned cell by cell."""
    best: tuple[float, dict[str, Any]] = (-1.0, {})
    if mini:
        rng = random.Random(3)
        candidates = [found for _ in range(60) if (found := _mini_sets(rng)) is not None]
    else:
        candidates = _relay_sets()
    for sets in candidates:
        percent, entry = _three(sets, steps)
        if percent > best[0]:
            best = (percent, entry)
    how = "two mini-sets a table a round" if mini else "a relay, the sets shared in the last round"
    best[1]["made"] = (
        f"search: cyclic pairs; sets by depth-first search ({how}), the fairest of "
        f"{len(candidates)}; NS and EW turned cell by cell"
    )
    return best
