"""The engine switches: pure Python for small inputs, numpy and polars for big ones.

Per board: each function has the signature and the exact result of its ``core`` counterpart,
so the pairs engine can call it for a board's plain scores (:func:`board_kernels`). Below
:data:`THRESHOLD` results numpy is not even imported (a club board never pays for it); from
there on the vectorised kernel runs.

Per file: :func:`score_big_file` scores a traveller CSV of :func:`columnar_lines` lines or more
on the columnar path (:mod:`bridgescore.fast.columnar`); smaller files, and files with what only
the exact engine reads (adjusted scores), are left to the pure engine.

>>> raw_matchpoints([480, 450, 450, 430, 420, 400])
[10, 7, 7, 4, 2, 0]
>>> raw_matchpoints([100, 100] * 40)[:2], cross_imps([620, -100] * 40)[:2]
([79, 79], [480, -480])
"""

from __future__ import annotations

__all__ = [
    "COLUMNAR_LINES",
    "THRESHOLD",
    "board_kernels",
    "butler_datum",
    "columnar_lines",
    "count_lines",
    "cross_imps",
    "raw_matchpoints",
    "score_big_file",
    "uses_kernels",
]

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from bridgescore.core.numbers import parse_count
from bridgescore.core.pairs.boards import BoardKernels
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.rules import PairsRules
from bridgescore.core.scoring import butler, crossimps, matchpoints
from bridgescore.core.scoring.butler import DatumRounding

COLUMNAR_LINES = 50_000
"""Traveller files with at least this many lines take the columnar path (see
:func:`columnar_lines` for the environment variable that changes it)."""

THRESHOLD = 64
"""Boards with at least this many results take the vectorised path."""


def uses_kernels(results: int) -> bool:
    """Whether a board of ``results`` results is scored by the numpy kernels."""
    return results >= THRESHOLD


def raw_matchpoints(scores: Sequence[int]) -> list[int]:
    """2/1 matchpoints of each score (``core.matchpoints.raw_matchpoints``)."""
    if not uses_kernels(len(scores)):
        return matchpoints.raw_matchpoints(scores)
    from bridgescore.fast import kernels

    return list(kernels.matchpoints(scores).tolist())


def cross_imps(scores: Sequence[int]) -> list[int]:
    """Total cross-IMPs of each score (``core.scoring.crossimps.cross_imp_totals``)."""
    if not uses_kernels(len(scores)):
        return crossimps.cross_imp_totals(scores)
    from bridgescore.fast import kernels

    return list(kernels.cross_imps(scores).tolist())


def butler_datum(
    scores: Sequence[int], drop: int, rounding: DatumRounding = DatumRounding.HALF_UP
) -> int:
    """The Butler datum (``core.scoring.butler.butler_datum``)."""
    if not uses_kernels(len(scores)):
        return butler.butler_datum(scores, drop, rounding)
    from bridgescore.fast import kernels

    return kernels.butler_datum(scores, drop, rounding)


def board_kernels() -> BoardKernels:
    """Per-board comparisons for :func:`bridgescore.core.pairs.score.score_session` that switch by size."""
    return BoardKernels(matchpoints=raw_matchpoints, cross_imps=cross_imps)


def columnar_lines() -> int:
    """The line count from which a file is scored on the columnar path.

    :data:`COLUMNAR_LINES`, unless the environment variable ``BRIDGESCORE_COLUMNAR_LINES`` says
    otherwise (``0`` sends every file there).
    """
    text = os.environ.get("BRIDGESCORE_COLUMNAR_LINES", "").strip()
    lines = parse_count(text)
    return COLUMNAR_LINES if lines is None else lines


def count_lines(path: str | os.PathLike[str], *, enough: int | None = None) -> int:
    """Lines in a file (stops counting at ``enough``); 0 when it cannot be read."""
    count = 0
    try:
        with Path(path).open("rb") as handle:
            while chunk := handle.read(1 << 20):
                count += chunk.count(b"\n")
                if enough is not None and count >= enough:
                    break
    except OSError:
        return 0
    return count


def score_big_file(
    path: str | os.PathLike[str],
    rules: PairsRules,
    names: Mapping[str, str] | None = None,
) -> PairsEvent | None:
    """The event's rankings from the columnar path, or ``None`` when the pure engine should run.

    The returned event has the rankings but no boards (the lines stay in columns). A progress
    bar is shown on standard error when it is a terminal.
    """
    threshold = columnar_lines()
    if count_lines(path, enough=threshold) < threshold:
        return None
    from bridgescore.fast.columnar import score_file
    from bridgescore.fast.travellers import ExactEngineNeeded

    try:
        event = score_file(path, rules, names=names, progress=sys.stderr.isatty())
    except ExactEngineNeeded:
        return None
    return event.pairs_event()
