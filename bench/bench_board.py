"""Benchmark 1: one board of n results, vectorised kernels vs the pure functions vs numpy.sort.

Run from the repository root: ``.venv/bin/python -m bench.bench_board [LARGEST]``. For n = 10,
100, ... up to LARGEST (default 1,000,000) results on a realistic board (a few likely contracts,
overtricks and undertricks, ties everywhere) prints the best time of ``numpy.sort`` (the
floor), matchpoints and cross-IMPs on the kernels, the two together against the floor, and the
pure functions (matchpoints, cross-IMPs and the Butler datum with IMPs against it) up to
100,000 results.
"""

from __future__ import annotations

import sys

import numpy as np

from bench.common import best_of, show
from bench.generate import board_scores
from bridgescore.core.scoring import butler, crossimps, matchpoints
from bridgescore.core.scoring.butler import ButlerDrop
from bridgescore.core.scoring.imps import imps
from bridgescore.fast import kernels

SIZES = (10, 100, 1_000, 10_000, 100_000, 1_000_000)


def _pure_butler(scores: list[int]) -> object:
    datum = butler.butler_datum(scores, ButlerDrop().count_for(len(scores)))
    return [imps(s - datum) for s in scores]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f}" if seconds < 0.01 else f"{seconds * 1000:.1f}"


def _row(size: int) -> list[str]:
    scores = board_scores(size, seed=size)
    floor = best_of(lambda: np.sort(scores))
    mp = best_of(lambda: kernels.matchpoints(scores))
    cross = best_of(lambda: kernels.cross_imps(scores))
    ratio = (mp + cross) / floor
    pure = ["", "", ""]
    if size <= 100_000:
        plain = scores.tolist()
        pure = [
            _ms(best_of(lambda: matchpoints.raw_matchpoints(plain), repeat=3)),
            _ms(best_of(lambda: crossimps.cross_imp_totals(plain), repeat=3)),
            _ms(best_of(lambda: _pure_butler(plain), repeat=3)),
        ]
    distinct = len(np.unique(scores))
    timings = [_ms(floor), _ms(mp), _ms(cross)]
    return [f"{size:,}", str(distinct), *timings, f"{ratio:.1f}x", *pure]


def main(largest: int = SIZES[-1]) -> None:
    show(
        "One board: best time in ms (kernels; the pure functions up to 100k)",
        [
            "n",
            "distinct",
            "numpy.sort",
            "MP",
            "cross-IMPs",
            "MP+X / sort",
            "pure MP",
            "pure X",
            "pure Butler",
        ],
        [_row(size) for size in SIZES if size <= largest],
    )


if __name__ == "__main__":
    main(*[int(a) for a in sys.argv[1:2]])
