"""The engine switches: pure Python for small inputs, numpy and polars for big ones.

Per board: each function has the signature and the exact result of its ``core`` counterpart,
so the pairs engine can call it for a board's plain scores (:func:`board_kernels`). The
vectorised kernel runs where it costs less (:func:`uses_kernels`): a board of a million results
once numpy is loaded; a club board never pays for importing it.

Per file: :func:`score_big_file` scores a traveller CSV for its rankings on the cheaper columnar
path: plain Python columns, or polars from :func:`columnar_lines` lines; files with what only
the exact engine reads (adjusted scores) are left to it. :func:`score_big_pbn` does the same
for a PBN file of ScoreTables from :data:`PBN_COLUMNAR_GAMES` games. Each switch follows from
the measured costs below; every path gives the same figures.

>>> raw_matchpoints([480, 450, 450, 430, 420, 400])
[10, 7, 7, 4, 2, 0]
>>> raw_matchpoints([100, 100] * 40)[:2], cross_imps([620, -100] * 40)[:2]
([79, 79], [480, -480])
>>> COLUMNAR_LINES, PBN_COLUMNAR_GAMES, uses_kernels(288), uses_kernels(10_000_000)
(264286, 741, False, True)
"""

from __future__ import annotations

__all__ = [
    "COLUMNAR_LINES",
    "PBN_COLUMNAR_GAMES",
    "board_kernels",
    "butler_datum",
    "columnar_lines",
    "count_games",
    "count_lines",
    "cross_imps",
    "raw_matchpoints",
    "score_big_file",
    "score_big_pbn",
    "uses_kernels",
]

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from bridgescore.core.numbers import parse_count
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.rules import PairsRules
from bridgescore.core.scoring import butler, crossimps, matchpoints
from bridgescore.core.scoring.butler import DatumRounding

if TYPE_CHECKING:  # (the exact engine's boards are imported when it runs)
    from bridgescore.core.pairs.boards import BoardKernels

# What each path costs on the project's machine (2 cores, Python 3.11), as ``make bench``
# measures it (bench_board for the kernels, bench_bigcsv for the paths); the switches below
# follow from these figures, not from sizes picked by hand.
NUMPY_IMPORT_SECONDS = 0.12
"""Importing numpy."""
KERNEL_SAVES_SECONDS = 0.05e-6
"""What the kernels save on each result of a board, numpy loaded (0.05 against 0.1 us)."""
KERNEL_CALL_SECONDS = 50e-6
"""What a kernel call costs however small the board (numpy's arrays made and read back)."""
PLAIN_SECONDS_PER_LINE = 4.2e-6
"""The plain path (:mod:`bridgescore.fast.plain`), per traveller line, its pairs' ranking and
printing included (a Mitchell of 100 boards at 200 and 1,000 tables)."""
PLAIN_START_SECONDS = 0.06
"""The plain path's start-up, the command's own aside."""
COLUMNAR_SECONDS_PER_LINE = 2.8e-6
"""The polars path, the same way."""
COLUMNAR_START_SECONDS = 0.43
"""The polars path's start-up: importing numpy and polars."""
EXACT_TRAVELLERS_SECONDS_PER_LINE = 48e-6
"""The exact engine with every board's traveller printed (``--travellers``), the same way: the
plain path prints none."""
EXACT_TRAVELLERS_START_SECONDS = 0.05
"""Its start-up."""
COLUMNAR_TRAVELLERS_SECONDS_PER_LINE = 6.5e-6
"""The polars path with every board's traveller, in columns."""
COLUMNAR_TRAVELLERS_START_SECONDS = 0.66
"""Its start-up."""

PBN_EXACT_SECONDS_PER_GAME = 600e-6
"""The PBN reader and the exact engine, per game of a deal and a ScoreTable of two rows."""
PBN_COLUMNAR_SECONDS_PER_GAME = 20e-6
"""The columnar PBN reader (:mod:`bridgescore.fast.pbn`) and the polars path, the same way
(paired whole runs: the exact path 0.9 times the polars one's time at 500 such games, 1.25
times at 1,000)."""

COLUMNAR_LINES = round(
    (COLUMNAR_START_SECONDS - PLAIN_START_SECONDS)
    / (PLAIN_SECONDS_PER_LINE - COLUMNAR_SECONDS_PER_LINE)
)
"""From this many lines the polars path costs less than the plain one (see
:func:`columnar_lines` for the environment variable that changes it)."""
TRAVELLERS_COLUMNAR_LINES = round(
    (COLUMNAR_TRAVELLERS_START_SECONDS - EXACT_TRAVELLERS_START_SECONDS)
    / (EXACT_TRAVELLERS_SECONDS_PER_LINE - COLUMNAR_TRAVELLERS_SECONDS_PER_LINE)
)
"""From this many lines a file's travellers (``--travellers``) cost less on the polars path
than on the exact engine."""


PBN_COLUMNAR_GAMES = round(
    COLUMNAR_START_SECONDS / (PBN_EXACT_SECONDS_PER_GAME - PBN_COLUMNAR_SECONDS_PER_GAME)
)
"""From this many games a PBN file costs less on the polars path than on the PBN reader."""


def uses_kernels(results: int) -> bool:
    """Whether a board of ``results`` results costs less on the numpy kernels than on the pure
    functions: when what they save on each result outweighs a call (and importing numpy, unless
    something already has)."""
    start = KERNEL_CALL_SECONDS + (0 if "numpy" in sys.modules else NUMPY_IMPORT_SECONDS)
    return results * KERNEL_SAVES_SECONDS > start


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
    from bridgescore.core.pairs.boards import BoardKernels

    return BoardKernels(matchpoints=raw_matchpoints, cross_imps=cross_imps)


def columnar_lines(*, travellers: bool = False) -> int:
    """The line count from which a file is scored on the polars path rather than the plain one
    (with ``travellers``, rather than the exact engine).

    :data:`COLUMNAR_LINES` (:data:`TRAVELLERS_COLUMNAR_LINES`), unless the environment variable
    ``BRIDGESCORE_COLUMNAR_LINES`` says otherwise (``0`` sends every file there).
    """
    text = os.environ.get("BRIDGESCORE_COLUMNAR_LINES", "").strip()
    lines = parse_count(text)
    if lines is not None:
        return lines
    return TRAVELLERS_COLUMNAR_LINES if travellers else COLUMNAR_LINES


def count_lines(path: str | os.PathLike[str], *, enough: int | None = None) -> int:
    """Lines in a file (stops counting at ``enough``); 0 when it cannot be read."""
    return _count(path, b"\n", enough)


def count_games(path: str | os.PathLike[str], *, enough: int | None = None) -> int:
    """About how many PBN games a file has (its ``[Board`` tags; stops counting at
    ``enough``); 0 when it cannot be read."""
    return _count(path, b"[Board", enough)


def _count(path: str | os.PathLike[str], what: bytes, enough: int | None) -> int:
    count = 0
    try:
        with open(path, "rb") as handle:  # (pathlib is not imported to score a file)
            while chunk := handle.read(1 << 20):
                count += chunk.count(what)
                if enough is not None and count >= enough:
                    break
    except OSError:
        return 0
    return count


def _engine() -> str:
    """The path ``BRIDGESCORE_ENGINE`` asks for (``exact``, ``plain``, ``columnar``), or ``""``."""
    return os.environ.get("BRIDGESCORE_ENGINE", "").strip().lower()


def score_big_file(
    path: str | os.PathLike[str],
    rules: PairsRules,
    names: Mapping[str, str] | None = None,
    *,
    travellers: bool = False,
) -> PairsEvent | None:
    """The event's rankings from a columnar path, or ``None`` when the exact engine should run.

    The cheaper path for the file's size: the plain one (:mod:`bridgescore.fast.plain`)
    below :func:`columnar_lines` lines, polars (:mod:`bridgescore.fast.columnar`) from there,
    with a progress bar on standard error when it is a terminal. The environment variable
    ``BRIDGESCORE_ENGINE`` (``exact``, ``plain`` or ``columnar``) takes one of them whatever
    the size, for tests and benchmarks. The returned event has the rankings but no boards;
    with ``travellers`` (the polars path only: a smaller file goes to the exact engine) its
    ``travellers`` hold every board's, in columns.
    """
    from bridgescore.fast import ExactEngineNeeded, kernels_score

    engine = _engine()
    if engine == "exact" or not kernels_score(rules):
        return None
    threshold = columnar_lines(travellers=travellers)
    polars = engine == "columnar" or (
        engine != "plain" and count_lines(path, enough=threshold) >= threshold
    )
    if travellers and not polars:
        return None
    try:
        if not polars:
            from bridgescore.fast import plain

            return plain.score_file(path, rules, names)
        from bridgescore.fast.columnar import score_file

        shown = sys.stderr.isatty()
        event = score_file(path, rules, names=names, progress=shown, travellers=travellers)
    except ExactEngineNeeded:
        return None
    return event.pairs_event()


def score_big_pbn(
    path: str | os.PathLike[str],
    choose_rules: Callable[[str | None], PairsRules],
    names: Mapping[str, str] | None = None,
) -> PairsEvent | None:
    """A PBN file's rankings from the polars path, or ``None`` when the PBN reader and the
    exact engine should run: for a file of fewer than :data:`PBN_COLUMNAR_GAMES` games, or one
    the columnar reader leaves to the PBN reader (:mod:`bridgescore.fast.pbn`).

    ``choose_rules`` gives the rules from the file's Scoring tag (or ``None``); ``names``
    (a names file's) stand over the names the file gives. ``BRIDGESCORE_ENGINE`` is read as by
    :func:`score_big_file` (``plain`` means the PBN reader here). A problem of any kind sends
    the file to the PBN reader, which reports it as it stands.
    """
    from bridgescore.core.errors import ScoringError
    from bridgescore.fast import ExactEngineNeeded

    engine = _engine()
    if engine in ("exact", "plain") or (
        engine != "columnar" and count_games(path, enough=PBN_COLUMNAR_GAMES) < PBN_COLUMNAR_GAMES
    ):
        return None
    from bridgescore.fast.columnar import score_checked
    from bridgescore.fast.pbn import read_results

    try:
        results = read_results(path)
        rules = choose_rules(results.info.scoring)
        event = score_checked(
            results.frame,
            str(path),
            rules,
            names={**results.names, **(names or {})},
            info=results.info,
        )
    except (ExactEngineNeeded, ScoringError):
        return None
    return event.pairs_event()
