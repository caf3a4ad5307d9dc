"""Seeded generators of realistic pairs events, for the benchmarks and the tests.

Each board has a few likely contracts (a par contract, a rival strain or level, a sacrifice now
and then), each played by most of the field; declarers take tricks around what the contract
needs (overtricks and undertricks, mostly within one or two), so ties are everywhere, as at a
real event. A Mitchell numbers NS and EW pairs 1..T each; a Howell's pairs change direction.

    .venv/bin/python -m bench.generate big.csv --boards 100 --tables 10000
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import polars as pl

_STRAINS = ("C", "D", "H", "S", "NT")
_DECLARERS = ("N", "E", "S", "W")


def _board_contracts(
    rng: np.random.Generator,
) -> tuple[list[str], list[str], list[int], list[float]]:
    """A board's likely contracts: text, declarer, tricks needed, how often each is reached."""
    count = int(rng.integers(2, 5))
    side = int(rng.integers(0, 2))
    contracts, declarers, needed, weights = [], [], [], []
    for i in range(count):
        level = int(rng.choice([1, 2, 3, 4, 4, 4, 5, 6], p=None))
        strain = _STRAINS[int(rng.integers(0, 5))]
        doubled = "X" if rng.random() < 0.08 else ""
        seat = _DECLARERS[side + 2 * int(rng.integers(0, 2)) if i < count - 1 else 1 - side]
        contracts.append(f"{level}{strain}{doubled}")
        declarers.append(seat)
        needed.append(level + 6)
        weights.append(float(rng.random()) + (1.5 if i == 0 else 0.2))
    total = sum(weights)
    return contracts, declarers, needed, [w / total for w in weights]


def event(boards: int, tables: int, *, seed: int = 1, howell: bool = False) -> pl.DataFrame:
    """A whole event as traveller columns: ``board, ns, ew, contract, declarer, result``."""
    rng = np.random.default_rng(seed)
    frames = []
    table = np.arange(tables)
    for board in range(1, boards + 1):
        contracts, declarers, needed, weights = _board_contracts(rng)
        pick = rng.choice(len(contracts), size=tables, p=weights)
        offset = np.clip(np.rint(rng.normal(0.2, 0.9, size=tables)), -4, 3).astype(np.int64)
        tricks = np.clip(np.array(needed)[pick] + offset, 0, 13)
        relative = tricks - np.array(needed)[pick]
        result = np.where(
            relative == 0, "=", np.char.add(np.where(relative > 0, "+", ""), relative.astype(str))
        )
        if howell:
            order = np.roll(np.arange(2 * tables), board)
            ns, ew = order[0::2] + 1, order[1::2] + 1
        else:
            shift = (board - 1) % max(tables - 1, 1) + 1
            ns, ew = table + 1, (table + shift) % tables + 1
        frames.append(
            pl.DataFrame(
                {
                    "board": np.full(tables, board),
                    "ns": ns.astype(str),
                    "ew": ew.astype(str),
                    "contract": np.array(contracts)[pick],
                    "declarer": np.array(declarers)[pick],
                    "result": result,
                }
            )
        )
    return pl.concat(frames)


def board_scores(results: int, *, seed: int = 1, board: int = 1) -> np.ndarray:
    """One board's NS scores at a field of ``results`` tables (Law 77, the board's vulnerability)."""
    from bridgescore.core.table.board import Board
    from bridgescore.core.table.result import Result

    frame = event(1, results, seed=seed)
    vulnerability = Board(board).vulnerability
    distinct = frame.select("contract", "declarer", "result").unique()
    scores = [
        Result.parse(f"{c}{d}{r}").ns_score(vulnerability) for c, d, r in distinct.iter_rows()
    ]
    table = distinct.with_columns(ns_score=pl.Series(scores, dtype=pl.Int64))
    joined = frame.join(table, on=["contract", "declarer", "result"], maintain_order="left")
    return joined["ns_score"].to_numpy()


def write_event(
    path: str | Path, boards: int, tables: int, *, seed: int = 1, howell: bool = False
) -> Path:
    """Write an event as a traveller CSV and return its path."""
    target = Path(path)
    event(boards, tables, seed=seed, howell=howell).write_csv(target)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--boards", type=int, default=24)
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--howell", action="store_true")
    arguments = parser.parse_args()
    write_event(
        arguments.path,
        arguments.boards,
        arguments.tables,
        seed=arguments.seed,
        howell=arguments.howell,
    )


if __name__ == "__main__":
    main()
