"""Benchmark: the sizes a hostile or careless file can have, each end to end through the command
line (wall time and peak memory under ``/usr/bin/time -v``). The goal for each: under 10 s and
1.5 GiB.

* one board with 1,000,000 results (``bridgescore score``);
* one board with 100,000 results, with its traveller printed (``score --travellers``);
* a PBN file of 100,000 boards, one result each (``bridgescore score``).

Run from the repository root: ``.venv/bin/python -m bench.bench_sizes [DIVISOR]`` (DIVISOR
divides every size, for a quick try). The files are made once in ``bench/.data/``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from bench.common import BRIDGESCORE, DATA, precompile, show, timed_command

_CONTRACTS = ("4S", "3NT", "4H", "2S", "5D", "3C")


def _one_board(path: Path, results: int) -> Path:
    """A Mitchell's one board played ``results`` times (pairs n NS v n EW), seeded."""
    if path.exists():
        return path
    rng = random.Random(results)
    with path.open("w", encoding="utf-8") as out:
        out.write("board,ns,ew,contract,declarer,result\n")
        for n in range(1, results + 1):
            out.write(f"1,{n},{n},{rng.choice(_CONTRACTS)},N,{rng.randint(6, 12)}\n")
    return path


_DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _many_boards(path: Path, boards: int) -> Path:
    """A PBN file of ``boards`` boards, each with its deal and one ScoreTable row."""
    if path.exists():
        return path
    with path.open("w", encoding="utf-8") as out:
        for board in range(1, boards + 1):
            out.write(
                f'[Board "{board}"]\n[Deal "{_DEAL}"]\n'
                '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]\n'
                "1 1 4S N 10\n2 2 3NT S 9\n\n"
            )
    return path


def main(divisor: int = 1) -> None:
    precompile()
    DATA.mkdir(parents=True, exist_ok=True)
    big, small = 1_000_000 // divisor, 100_000 // divisor
    runs = [
        ("1,000,000 results, one board", _one_board(DATA / f"board-{big}.csv", big), []),
        (
            "100,000 results, --travellers",
            _one_board(DATA / f"board-{small}.csv", small),
            ["--travellers"],
        ),
        ("100,000-board PBN", _many_boards(DATA / f"boards-{small}.pbn", small), []),
    ]
    rows = []
    for label, path, extra in runs:
        wall, peak = timed_command(
            [str(BRIDGESCORE), "score", str(path), *extra, "--format", "csv"]
        )
        ok = "yes" if wall < 10 and peak < 1536 else "no"
        rows.append([label, f"{wall:.1f} s", f"{peak:,.0f} MiB", ok])
    show(
        "Sizes end to end (goal: under 10 s and 1.5 GiB)",
        ["file", "wall", "peak memory", "goal met"],
        rows,
    )


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:2]))
