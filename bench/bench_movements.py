"""How fast ``bridgescore movement check`` is on a big movement: prints the seconds to read and
check one of SITTINGS sittings (default 20,000), with one winner (the comparison balance
counted) and two, and the same at ten times the size, so the growth shows.

Run from the repository root: ``.venv/bin/python -m bench.bench_movements [SITTINGS]``. The
movement is a Mitchell of ``T`` tables and ``T / 2`` rounds (``T`` sittings a round; EW up one,
boards down one, ``T`` sets of one board), which keeps every hard rule.
"""

from __future__ import annotations

import sys
import time

from bridgescore.core.movements.check import check_movement
from bridgescore.core.movements.movement import Movement, Sitting
from bridgescore.core.movements.schema import Kind


def big_mitchell(sittings: int, winners: int) -> Movement:
    """A Mitchell of about ``sittings`` sittings, ``T`` tables and ``T / 2`` rounds."""
    tables = max(4, int((2 * sittings) ** 0.5))
    rounds = sittings // tables

    def ew(pair: int) -> str:
        return f"{pair}EW" if winners == 2 else str(pair + tables)

    def ns(table: int) -> str:
        return f"{table}NS" if winners == 2 else str(table)

    schedule = [
        Sitting(r, t, ns(t), ew((t - r) % tables + 1), str((t + r) % tables + 1))
        for r in range(1, rounds + 1)
        for t in range(1, tables + 1)
    ]
    pairs = [ns(t) for t in range(1, tables + 1)] + [ew(e) for e in range(1, tables + 1)]
    sets = {str(n): (n,) for n in range(1, tables + 1)}
    kind: Kind = "mitchell" if winners == 2 else "howell"
    return Movement(kind, tables, rounds, tables, winners, sets, tuple(pairs), tuple(schedule))


def main(sittings: int = 20_000) -> None:
    for size in (sittings, 10 * sittings):
        for winners in (2, 1):
            text = big_mitchell(size, winners).to_json()
            start = time.perf_counter()
            report = check_movement(Movement.from_json(text))
            took = time.perf_counter() - start
            assert report.ok, report.problems[:3]
            print(f"{size:>9,} sittings, {winners} winner{'s' * (winners == 2)}: {took:6.2f} s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
