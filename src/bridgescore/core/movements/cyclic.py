"""The board offsets of a cyclic movement (Howells, individuals): the search both use.

In a cyclic movement round ``r`` adds ``r - 1`` to every player's residue mod ``m`` and table
``k`` plays set ``s_k + r - 1``. A player never meets a set twice when ``y -> s(table of y) -
y`` is one-to-one over the residues seated in the first round (movements.md §3.1); where the
players are several copies of the residues (an interwoven Howell), within each copy.

>>> board_offsets(5, ((0,), (1, 4), (2, 3)), share=False) is None
True
>>> board_offsets(5, ((0,), (1, 4), (2, 3)), share=True)
(0, 0, 0)
>>> board_offsets(3, (((0, 0), (1, 0)), ((0, 1), (1, 1))), share=False)  # two copies
(0, 2)
"""

from __future__ import annotations

__all__ = ["board_offsets"]

import random

Seat = int | tuple[int, int]
"""A residue, or a copy and a residue."""


def _copy(seat: Seat) -> tuple[int, int]:
    return (0, seat) if isinstance(seat, int) else seat


def board_offsets(
    m: int,
    groups: tuple[tuple[Seat, ...], ...],
    *,
    share: bool,
    rng: random.Random | None = None,
    limit: int | None = None,
) -> tuple[int, ...] | None:
    """An offset for each table (``groups``: the residues, or copies and residues, seated
    there in the first round), all different unless ``share`` allows two tables one set, such
    that ``y -> s - y`` is one-to-one (in each copy); found by a depth-first search trying new
    offsets first (in order, so the first table gets 0, or shuffled by ``rng``). ``None`` when
    there is none, or none within ``limit`` offsets tried."""
    values: set[tuple[int, int]] = set()
    chosen: list[int] = []
    tried = 0
    seats = [[_copy(seat) for seat in group] for group in groups]

    def place(k: int) -> bool:
        nonlocal tried
        if k == len(seats):
            return True
        order = list(range(m)) if rng is None else rng.sample(range(m), m)
        for offset in sorted(order, key=lambda o: o in chosen):  # new offsets first
            tried += 1
            if limit is not None and tried > limit:
                return False
            if offset in chosen and not share:
                continue
            new = {(copy, (offset - y) % m) for copy, y in seats[k]}
            if len(new) == len(seats[k]) and not new & values:
                values.update(new)
                chosen.append(offset)
                if place(k + 1):
                    return True
                chosen.pop()
                values.difference_update(new)
        return False

    return tuple(chosen) if place(0) else None
