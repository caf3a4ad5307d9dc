"""How fast rubber and Chicago sheets are scored: prints deals per second.

Run from the repository root: ``.venv/bin/python -m bench.bench_rubber [DEALS]`` (default
100000 random deals, fixed seed).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from bridgescore.core.rubber.chicago import ChicagoRules, score_chicago
from bridgescore.core.rubber.rubber import score_rubber
from bridgescore.core.rubber.sheet import PlayedDeal
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.result import Result
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import Doubling, Strain


def random_deals(count: int, seed: int = 1) -> list[PlayedDeal]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        if rng.random() < 0.05:
            deals.append(PlayedDeal(Result.passed_out()))
            continue
        level = rng.randint(1, 7)
        contract = Contract(level, rng.choice(list(Strain)), rng.choice(list(Doubling)))
        tricks = max(0, min(13, level + 6 + rng.randint(-3, 2)))
        deals.append(PlayedDeal(Result(contract, rng.choice(list(Seat)), tricks)))
    return deals


def _rubber(deals: list[PlayedDeal]) -> str:
    sheet = score_rubber(deals)
    return f"{len(sheet.rubbers)} rubbers, {sheet.totals}"


def _chicago(deals: list[PlayedDeal], rules: ChicagoRules) -> str:
    sheet = score_chicago(deals, rules)
    return f"{len(sheet.chukkers)} chukkers, {sheet.totals}"


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    deals = random_deals(count)
    runs: list[tuple[str, Callable[[], str]]] = [
        ("rubber", lambda: _rubber(deals)),
        ("chicago", lambda: _chicago(deals, ChicagoRules())),
        ("chicago duplicate style", lambda: _chicago(deals, ChicagoRules(duplicate_style=True))),
    ]
    for name, score in runs:
        start = time.perf_counter()
        summary = score()
        elapsed = time.perf_counter() - start
        print(
            f"{name:24} {count} deals in {elapsed:.3f} s: {count / elapsed:,.0f} deals/s ({summary})"
        )


if __name__ == "__main__":
    main()
