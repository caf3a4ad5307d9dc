"""What a pairs file is read with and a board compared by: chosen by cost alone, never by what
happens to be loaded, and never changing a figure.

There is one pairs engine (:func:`bridgescore.core.pairs.score.score_session`). What is chosen
here is only how it gets its lines and how it compares a board's plain scores:

* **reading** (:func:`read_columns`): a traveller CSV is read in columns by
  :mod:`bridgescore.fast.csv_columns` (no object for each line), a big PBN file of ScoreTables
  by :mod:`bridgescore.fast.pbn_columns` (polars, from :data:`PBN_COLUMNAR_GAMES` games); a
  file either of them has a doubt about, and every other file, by the format's own reader. The
  lines are the same either way;
* **comparing** (:func:`board_kernels`): a board of millions of results by the numpy kernels,
  any other by the pure functions; the kernels give the pure functions' figures exactly.

The switches follow from the costs measured below (``make bench``: bench_board for the kernels,
bench_sizes for the PBN file), not from sizes picked by hand.

For tests only, :func:`_forcing` takes one way or the other whatever the cost (a private hook:
the same figures must come out whichever is taken).

>>> raw_matchpoints([480, 450, 450, 430, 420, 400])
[10, 7, 7, 4, 2, 0]
>>> raw_matchpoints([100, 100] * 40)[:2], cross_imps([620, -100] * 40)[:2]
([79, 79], [480, -480])
>>> PBN_COLUMNAR_GAMES, uses_kernels(288), uses_kernels(10_000_000)
(741, False, True)
"""

from __future__ import annotations

__all__ = [
    "PBN_COLUMNAR_GAMES",
    "board_kernels",
    "count_games",
    "cross_imps",
    "raw_matchpoints",
    "read_columns",
    "uses_kernels",
]

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Literal

from bridgescore.core.scoring import crossimps, matchpoints

if TYPE_CHECKING:  # (what the engine takes, imported when it runs)
    from bridgescore.core.pairs.boards import BoardKernels
    from bridgescore.core.pairs.lines import Lines
    from bridgescore.core.table.traveller import Session

NUMPY_IMPORT_SECONDS = 0.12
"""Importing numpy."""
KERNEL_SAVES_SECONDS = 0.05e-6
"""What the kernels save on each result of a board, numpy loaded (0.05 against 0.1 us)."""
KERNEL_CALL_SECONDS = 50e-6
"""What a kernel call costs however small the board (numpy's arrays made and read back)."""
POLARS_IMPORT_SECONDS = 0.43
"""Importing numpy and polars, for the columnar PBN reader."""
PBN_EXACT_SECONDS_PER_GAME = 600e-6
"""The PBN reader, per game of a deal and a ScoreTable of two rows."""
PBN_COLUMNAR_SECONDS_PER_GAME = 20e-6
"""The columnar PBN reader (:mod:`bridgescore.fast.pbn_columns`), the same way."""

PBN_COLUMNAR_GAMES = round(
    POLARS_IMPORT_SECONDS / (PBN_EXACT_SECONDS_PER_GAME - PBN_COLUMNAR_SECONDS_PER_GAME)
)
"""From this many games a PBN file costs less on the columnar reader than on the PBN reader."""

_FORCED: dict[str, object] = {}
"""What :func:`_forcing` takes, for tests (``reader``: ``columns`` or ``exact``; ``kernels``)."""


@contextmanager
def _forcing(
    *, reader: Literal["columns", "exact"] | None = None, kernels: bool | None = None
) -> Iterator[None]:
    """Private, for tests: within the block a file is read in columns whenever a columnar
    reader takes it (``columns``) or always by its own reader (``exact``), and every board is
    compared by the numpy kernels (``kernels=True``) or the pure functions (``False``),
    whatever the costs. Figures never change; only the tests look.

    >>> with _forcing(kernels=True):
    ...     uses_kernels(2)
    True
    >>> uses_kernels(2)
    False
    """
    before = dict(_FORCED)
    _FORCED.update({k: v for k, v in (("reader", reader), ("kernels", kernels)) if v is not None})
    try:
        yield
    finally:
        _FORCED.clear()
        _FORCED.update(before)


def uses_kernels(results: int) -> bool:
    """Whether a board of ``results`` results costs less on the numpy kernels than on the pure
    functions: when what they save on each result outweighs a call and importing numpy."""
    forced = _FORCED.get("kernels")
    if isinstance(forced, bool):
        return forced
    return results * KERNEL_SAVES_SECONDS > KERNEL_CALL_SECONDS + NUMPY_IMPORT_SECONDS


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


def board_kernels() -> BoardKernels:
    """Per-board comparisons for :func:`bridgescore.core.pairs.score.score_session` that
    switch by size."""
    from bridgescore.core.pairs.boards import BoardKernels

    return BoardKernels(matchpoints=raw_matchpoints, cross_imps=cross_imps)


def count_games(path: str | os.PathLike[str], *, enough: int | None = None) -> int:
    """About how many PBN games a file has (its ``[Board`` tags; stops counting at
    ``enough``); 0 when it cannot be read."""
    count = 0
    try:
        with open(path, "rb") as handle:
            while chunk := handle.read(1 << 20):
                count += chunk.count(b"[Board")
                if enough is not None and count >= enough:
                    break
    except OSError:
        return 0
    return count


def read_columns(path: str | os.PathLike[str], kind: str) -> tuple[Session, Lines] | None:
    """The session in ``path`` (a file of format ``kind``: ``csv``, ``pbn``, ...) and its lines
    in columns, from the columnar reader that costs less than the format's own; ``None`` when
    that is the format's own reader (or the columnar reader has a doubt about the file)."""
    from bridgescore.fast import ExactEngineNeeded

    forced = _FORCED.get("reader")
    if forced == "exact":
        return None
    try:
        if kind == "csv":
            from bridgescore.fast.csv_columns import read_columns as read_csv

            return read_csv(path)
        if kind == "pbn" and (
            forced == "columns"
            or count_games(path, enough=PBN_COLUMNAR_GAMES) >= PBN_COLUMNAR_GAMES
        ):
            try:
                from bridgescore.fast.pbn_columns import read_columns as read_pbn
            except ImportError:  # (polars is not installed: the PBN reader reads it)
                return None
            return read_pbn(path)
    except ExactEngineNeeded:
        return None
    return None
