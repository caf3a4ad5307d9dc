"""The board offsets of a cyclic movement (Howells, individuals): the search both use.

In a cyclic movement round ``r`` adds ``r - 1`` to every player's residue mod ``m`` and table
``k`` plays set ``s_k + r - 1``. A player never meets a set twice when ``y -> s(table of y) -
y`` is one-to-one over the residues seated in the first round (movements.md §3.1).

>>> board_offsets(5, ((0,), (1, 4), (2, 3)), share=False) is None
True
>>> board_offsets(5, ((0,), (1, 4), (2, 3)), share=True)
(0, 0, 0)
"""

from __future__ import annotations

__all__ = ["board_offsets"]


def board_offsets(
    m: int, groups: tuple[tuple[int, ...], ...], *, share: bool
) -> tuple[int, ...] | None:
    """An offset for each table (``groups``: the residues seated there in the first round),
    all different unless ``share`` allows two tables one set, such that ``y -> s - y`` is
    one-to-one; found by a depth-first search trying new offsets first, so the first table
    gets 0. ``None`` when there is none."""
    values: set[int] = set()
    chosen: list[int] = []

    def place(k: int) -> bool:
        if k == len(groups):
            return True
        for offset in sorted(range(m), key=lambda o: o in chosen):  # new offsets first
            if offset in chosen and not share:
                continue
            new = {(offset - y) % m for y in groups[k]}
            if len(new) == len(groups[k]) and not new & values:
                values.update(new)
                chosen.append(offset)
                if place(k + 1):
                    return True
                chosen.pop()
                values.difference_update(new)
        return False

    return tuple(chosen) if place(0) else None
