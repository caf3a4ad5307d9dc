"""Howell movements, made by the cyclic construction (movements.md §3.1), found by search.

With T tables there are 2T pairs and m = 2T-1 rounds and sets. Pair 2T stays at its table
("infinity"); pairs 1 to m are the residues 0 to m-1, and round r adds r-1 to each of them.

1. A *starter* is the first round: 2T-1 residues and infinity in T matches, whose differences
   (a - b and b - a mod m) cover every non-zero residue exactly once; then every pair meets every
   other exactly once. The patterned starter {inf, 0}, {i, -i} always is one.
2. Each match k gets a board offset s_k and plays set s_k + r - 1 in round r. A pair never meets
   a set twice when the map y -> s(match of y) - y is a permutation of the residues. The offsets
   are searched, the starters tried in order (3 tables have no offsets that keep the tables
   apart: two tables share a set every round, as the classic 3-table Howell does).
3. The tables are numbered by offset, lowest first: table 1 (pair 2T's) starts on set 1, and
   the boards go down one table (or from a relay, where offsets skip a number).
4. Who sits NS at each table is chosen to compare every two pairs as evenly as can be found
   (:func:`search_orientation`, slow, so its results are kept in :data:`ORIENTATIONS`).

Everything is searched deterministically and cached: the same tables give the same movement.

>>> movement = howell(5)
>>> movement.rounds, movement.boards, len(movement.pairs)
(9, 27, 10)
>>> skeleton(5).starter
((0, 9), (1, 2), (3, 7), (4, 6), (5, 8))
>>> howell(3).rounds, howell(16)
Traceback (most recent call last):
...
bridgescore.core.errors.MovementError: a complete Howell is made for 3 to 15 tables, not 16
"""

from __future__ import annotations

__all__ = ["HOWELL_TABLES", "ORIENTATIONS", "Skeleton", "howell", "search_orientation", "skeleton"]

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from bridgescore.core.errors import MovementError
from bridgescore.core.movements.balance import comparison_spread
from bridgescore.core.movements.cyclic import board_offsets
from bridgescore.core.movements.movement import Movement, Sitting
from bridgescore.core.movements.plan import numbered_sets, session_plan

HOWELL_TABLES = range(3, 16)
"""The table counts a complete Howell is made for."""


@dataclass(frozen=True, slots=True)
class Skeleton:
    """A complete Howell in its cyclic form: ``starter`` (match 0 is infinity's: ``(0, m)``
    where ``m`` stands for infinity), each match's board ``offsets``, and ``north``, whether the
    match's first member sits NS."""

    tables: int
    starter: tuple[tuple[int, int], ...]
    offsets: tuple[int, ...]
    north: tuple[bool, ...]

    @property
    def modulus(self) -> int:
        return 2 * self.tables - 1


def _starters(m: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every starter of Z_m (plus infinity paired with 0): patterned first, then by search."""
    half = (m - 1) // 2
    patterned = tuple((i, m - i) for i in range(1, half + 1))
    yield patterned

    def pairings(
        left: tuple[int, ...], used: frozenset[int]
    ) -> Iterator[tuple[tuple[int, int], ...]]:
        if not left:
            yield ()
            return
        first, rest = left[0], left[1:]
        for index, other in enumerate(rest):
            difference = min((other - first) % m, (first - other) % m)
            if difference not in used:
                remaining = rest[:index] + rest[index + 1 :]
                for tail in pairings(remaining, used | {difference}):
                    yield ((first, other), *tail)

    for found in pairings(tuple(range(1, m)), frozenset()):
        if found != tuple(sorted(patterned)):
            yield found


def _movement(found: Skeleton, rounds: int, per_round: int, phantom: bool) -> Movement:
    m = found.modulus
    infinity = str(2 * found.tables)
    order = sorted(range(found.tables), key=lambda k: (found.offsets[k], k))
    schedule = []
    for round_ in range(1, rounds + 1):
        for table, k in enumerate(order, start=1):
            first, second = found.starter[k]
            names = [infinity if y == m else str((y + round_ - 1) % m + 1) for y in (first, second)]
            ns, ew = names if found.north[k] else names[::-1]
            schedule.append(
                Sitting(
                    round_,
                    table,
                    None if phantom and ns == infinity else ns,
                    None if phantom and ew == infinity else ew,
                    str((found.offsets[k] + round_ - 1) % m + 1),
                )
            )
    pairs = tuple(str(p) for p in range(1, 2 * found.tables + (0 if phantom else 1)))
    return Movement(
        "howell",
        found.tables,
        rounds,
        m * per_round,
        1,
        numbered_sets(m, per_round),
        pairs,
        tuple(schedule),
    )


@cache
def skeleton(tables: int) -> Skeleton:
    """The complete Howell for ``tables`` tables (3 to 15), searched (see the module doc)."""
    if tables not in HOWELL_TABLES:
        raise MovementError(
            f"a complete Howell is made for {HOWELL_TABLES[0]} to {HOWELL_TABLES[-1]} tables, "
            f"not {tables}"
        )
    m = 2 * tables - 1
    for share in (False, True):
        for starter in _starters(m):
            offsets = board_offsets(m, ((0,), *starter), share=share)
            if offsets is not None:
                full = ((0, m), *starter)
                north = tuple(flag == "1" for flag in ORIENTATIONS[tables])
                return Skeleton(tables, full, offsets, north)
    raise MovementError(f"no Howell was found for {tables} tables")  # pragma: no cover


ORIENTATIONS: dict[int, str] = {
    3: "000",
    4: "0000",
    5: "00000",
    6: "001000",
    7: "0000010",
    8: "00101010",
    9: "000011110",
    10: "1011000100",
    11: "00000111010",
    12: "000101000011",
    13: "0110100111100",
    14: "00111100101110",
    15: "100101001011011",
}
"""Who sits NS at each table of the searched skeleton (``1``: the match's first member), as
:func:`search_orientation` found them with 40 restarts up to 10 tables, 12 for 11 to 13 and 8
for 14 and 15. Comparisons (in rounds) then spread over 0 (every two pairs compared equally
often: 4, 6, 8 and 10 tables), 2 (odd tables) or 4 (12, 14, 15 tables); the tests check each."""


def _spread(found: Skeleton, north: tuple[bool, ...]) -> tuple[int, float]:
    trial = Skeleton(found.tables, found.starter, found.offsets, north)
    return comparison_spread(_movement(trial, trial.modulus, 1, False))


def search_orientation(found: Skeleton, tries: int) -> tuple[bool, ...]:
    """Who sits NS at each table, to compare every two pairs as evenly as can be found: a hill
    climb (flip one table while it helps) from ``tries`` seeded random starts and from all-NS.
    Slow (seconds a start for 15 tables): its results are kept in :data:`ORIENTATIONS`."""
    import random

    def climb(start: tuple[bool, ...]) -> tuple[tuple[int, float], tuple[bool, ...]]:
        north = list(start)
        best = _spread(found, tuple(north))
        improved = True
        while improved:
            improved = False
            for k in range(found.tables):
                north[k] = not north[k]
                trial = _spread(found, tuple(north))
                if trial < best:
                    best, improved = trial, True
                else:
                    north[k] = not north[k]
        return best, tuple(north)

    rng = random.Random(found.tables)
    best = climb(found.north)
    for _ in range(tries):
        trial = climb(tuple(rng.random() < 0.5 for _ in range(found.tables)))
        best = min(best, trial)
    return best[1]


def howell(
    tables: int, *, rounds: int | None = None, boards: int | None = None, phantom: bool = False
) -> Movement:
    """A Howell for ``tables`` tables: complete (2T-1 rounds), or curtailed to ``rounds``
    (a three-quarter Howell plays about three quarters of them); ``boards`` is what each pair
    plays. ``phantom``: pair 2T is missing (a half table) and its table sits out each round.
    By default the session a director would choose
    (:func:`~bridgescore.core.movements.plan.session_plan`)."""
    found = skeleton(tables)
    played, per_round = session_plan(found.modulus, rounds=rounds, boards=boards)
    return _movement(found, played, per_round, phantom)
