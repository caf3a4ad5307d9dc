"""Individual movements: four players a table, every player partnering every other exactly
once, made by the same cyclic construction as the Howells (movements.md §5).

With N players (4 to 20), the movement is made for N' = N, or the next count that is 0 or 1
modulo 4 (the players beyond N are phantoms: a table with one sits out that round). For N' =
4k + 1 the players are the residues mod N' and one sits out each round; for N' = 4k, player N'
stays at table 1 and the others are residues mod N' - 1. The first round pairs ``i`` with
``-i`` (and the stationary player with ``0``): those partner differences cover every residue
once, so over the N' or N' - 1 rounds (each adding one to every residue) every two players
partner exactly once. The partnerships are put two to a table, and the tables' board offsets
searched, so that nobody meets a board twice (the condition of the Howell: ``y -> s - y`` a
permutation; where no offsets keep the tables apart, as for 8 players, the tables share a set
each round); among the ways found, the one whose opponents are most even is kept.

>>> movement = individual(8)
>>> movement.rounds, movement.tables, movement.boards
(7, 2, 28)
>>> movement.round(1)[0].ns, movement.round(1)[0].ew
(('1', '2'), ('3', '8'))
"""

from __future__ import annotations

__all__ = ["INDIVIDUAL_PLAYERS", "individual"]

from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import combinations, islice

from bridgescore.core.errors import MovementError
from bridgescore.core.movements.cyclic import board_offsets
from bridgescore.core.movements.movement import Movement, Sitting
from bridgescore.core.movements.plan import numbered_sets, session_plan

INDIVIDUAL_PLAYERS = range(4, 21)
_INFINITY = -1
_TRIED = 120
"""The most seatings of the first round's partnerships tried (each with its offset search)."""


def _players_made(players: int) -> int:
    """The player count the movement is made for: 0 or 1 modulo 4."""
    made = players
    while made % 4 not in (0, 1):
        made += 1
    return made


def _tables_of(
    partnerships: tuple[tuple[int, int], ...],
) -> Iterator[tuple[tuple[tuple[int, int], tuple[int, int]], ...]]:
    """Every way to put the partnerships two to a table."""
    if not partnerships:
        yield ()
        return
    first, rest = partnerships[0], partnerships[1:]
    for index, other in enumerate(rest):
        for tail in _tables_of(rest[:index] + rest[index + 1 :]):
            yield ((first, other), *tail)


def _opponent_spread(m: int, tables: tuple[tuple[tuple[int, int], tuple[int, int]], ...]) -> int:
    """How uneven the opponents are over the whole movement: most minus fewest meetings."""
    met: Counter[frozenset[int]] = Counter()
    for shift in range(m):
        for (a, b), (c, d) in tables:
            for one in (a, b):
                for other in (c, d):
                    moved = frozenset(
                        x if x == _INFINITY else (x + shift) % m for x in (one, other)
                    )
                    met[moved] += 1
    players = (
        [_INFINITY, *range(m)] if any(_INFINITY in t[0] + t[1] for t in tables) else list(range(m))
    )
    counts = [met.get(frozenset(couple), 0) for couple in combinations(players, 2)]
    return max(counts) - min(counts)


@cache
def _skeleton(
    made: int,
) -> tuple[int, tuple[tuple[tuple[int, int], tuple[int, int]], ...], tuple[int, ...]]:
    """``(modulus, tables of the first round, board offsets)`` for ``made`` players."""
    if made % 4 == 1:
        m = made
        partnerships = tuple((i, m - i) for i in range(1, (m - 1) // 2 + 1))
    else:
        m = made - 1
        partnerships = ((_INFINITY, 0), *((i, m - i) for i in range(1, (m - 1) // 2 + 1)))
    best = None
    for share in (False, True):
        for tables in islice(_tables_of(partnerships), _TRIED):
            groups = tuple(tuple(y for y in a + b if y != _INFINITY) for a, b in tables)
            offsets = board_offsets(m, groups, share=share)
            if offsets is None:
                continue
            spread = _opponent_spread(m, tables)
            if best is None or spread < best[0]:
                best = (spread, tables, offsets)
                if spread <= 1:
                    break
        if best is not None:
            break
    if best is None:  # pragma: no cover - found for every count from 4 to 20
        raise MovementError(f"no individual movement was found for {made} players")
    return m, best[1], best[2]


def individual(players: int, *, rounds: int | None = None, boards: int | None = None) -> Movement:
    """An individual movement for ``players`` (4 to 20; see the module docstring); ``boards``
    is what each player plays and ``rounds`` may curtail it."""
    if players not in INDIVIDUAL_PLAYERS:
        raise MovementError(
            f"an individual movement is made for {INDIVIDUAL_PLAYERS[0]} to "
            f"{INDIVIDUAL_PLAYERS[-1]} players, not {players}"
        )
    made = _players_made(players)
    m, tables, offsets = _skeleton(made)
    played, per_round = session_plan(m, rounds=rounds, boards=boards)
    order = sorted(range(len(tables)), key=lambda k: (offsets[k], k))
    seats = [
        (table, tuple(_at(y, r, m) for y in tables[k][0] + tables[k][1]), (offsets[k] + r) % m)
        for r in range(played)
        for table, k in enumerate(order, start=1)
    ]
    phantoms = _phantoms(made, players, seats)
    names = {y: str(n) for n, y in enumerate(sorted(set(_everyone(made)) - phantoms), start=1)}
    schedule = []
    used: dict[int, str] = {}
    for index, (table, four, offset) in enumerate(seats):
        if phantoms & set(four):
            continue  # a phantom: the table sits out this round
        board_set = used.setdefault(offset, str(len(used) + 1))
        ns, ew = (names[four[0]], names[four[1]]), (names[four[2]], names[four[3]])
        schedule.append(Sitting(index // len(order) + 1, table, ns, ew, board_set))
    return Movement(
        "individual",
        len(tables),
        played,
        len(used) * per_round,
        1,
        numbered_sets(len(used), per_round),
        tuple(str(p) for p in range(1, players + 1)),
        tuple(sorted(schedule, key=lambda s: (s.round, s.table))),
    )


def _everyone(made: int) -> list[int]:
    """The players of the skeleton: the residues, and infinity when ``made`` is 0 mod 4."""
    m = made if made % 4 == 1 else made - 1
    return [*range(m), *([_INFINITY] if made % 4 == 0 else [])]


def _at(y: int, shift: int, m: int) -> int:
    return y if y == _INFINITY else (y + shift) % m


def _phantoms(
    made: int, players: int, seats: list[tuple[int, tuple[int, ...], int]]
) -> frozenset[int]:
    """The players of the skeleton left out, chosen to idle as few table-rounds as can be."""
    if made == players:
        return frozenset()
    everyone = _everyone(made)
    return min(
        (frozenset(chosen) for chosen in combinations(everyone, made - players)),
        key=lambda chosen: (sum(bool(chosen & set(four)) for _, four, _ in seats), sorted(chosen)),
    )
