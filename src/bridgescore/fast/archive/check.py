"""An archive's traveller lines checked in columns (polars), never a Python object per line.

The columns and their meaning are those of :mod:`bridgescore.formats.csv.travellers`. Contracts
are not parsed line by line: the distinct (vulnerability, contract, declarer, result, score)
combinations, a few thousand even in a million lines, go through the CSV reader's own line
check (and so Law 77's scorer), and their NS scores are joined back. A line that fails any
check is read again by the CSV reader for the exact message, with its event and number.
"""

from __future__ import annotations

__all__ = ["check_frame"]

from collections.abc import Sequence
from typing import Any

import polars as pl

from bridgescore.core.errors import BridgeScoreError, FileFormatError, Problem
from bridgescore.core.numbers import COUNT_PATTERN
from bridgescore.core.pairs.fields import suffix_pattern
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Seating, played_twice
from bridgescore.formats.csv.traveller_line import COLUMNS, LEAD, LineError, line_score, read_line
from bridgescore.formats.text import UNSAFE_CHARACTERS

_KEY = ["vul", "contract", "declarer", "result", "score"]
"""A line's result as written, and its board's vulnerability (0 to 15 by Law 2's cycle)."""
_OK, _ADJUSTED, _BAD = 0, 1, 2


def check_frame(
    frame: pl.DataFrame,
    source: str,
    *,
    units: Sequence[str] = ("section",),
) -> pl.DataFrame:
    """Check traveller lines held as strings (all of :data:`COLUMNS` and ``line``).

    Returns the clean lines (``units``, ``board``, ``round``, ``ns``, ``ew``, ``ns_score``,
    ``line``, ``adjusted``) with ``board``, ``round`` and ``ns_score`` as integers (an adjusted
    score, marked by a true ``adjusted``, has no ``ns_score``: its line says what it is); raises
    :class:`FileFormatError` with every problem, located by ``line``. A pair plays a board once
    within its ``units`` (``section``, or ``event`` and ``section`` in an archive).
    """
    board = pl.col("board")
    number = board.cast(pl.Int64, strict=False)
    frame = frame.with_columns(
        pl.when(board.str.contains(COUNT_PATTERN) & (number >= 1)).then(number).alias("board_no")
    ).with_columns(((pl.col("board_no") - 1) % 16).alias("vul"))
    combos = frame.select(_KEY).unique().drop_nulls("vul")
    checked = _check_combinations(combos)
    frame = frame.join(checked, on=_KEY, how="left", nulls_equal=True)
    invalid = (
        pl.col("board_no").is_null()
        | (pl.col("ns") == "")
        | (pl.col("ew") == "")
        | pl.col("ns").str.starts_with("#")
        | pl.col("ew").str.starts_with("#")
        | pl.col("line").is_in(_itself(frame).implode())
        | ((pl.col("lead") != "") & ~pl.col("lead").str.to_uppercase().str.contains(LEAD))
        | ((pl.col("round") != "") & ~_positive("round"))
        | ((pl.col("table") != "") & ~_positive("table"))
        | (pl.col("status").fill_null(_BAD) == _BAD)
        | pl.any_horizontal(pl.col(name).str.contains(UNSAFE_CHARACTERS) for name in COLUMNS)
    )
    frame = frame.with_columns(invalid.alias("invalid"))
    wrong = frame.filter(pl.col("invalid"))
    read = frame.filter(~pl.col("invalid"))
    problems = [_problem(row, source) for row in wrong.iter_rows(named=True)]
    found = sorted(
        [p for p in problems if p is not None] + _clashes(read, source, list(units)), key=_line_of
    )
    if found:
        raise FileFormatError.from_problems(found)
    if wrong.height:  # pragma: no cover - the CSV reader saw nothing wrong after all
        raise FileFormatError(source, None, f"{wrong.height} lines could not be checked")
    return read.select(
        *units,
        pl.col("board_no").alias("board"),
        pl.col("round").cast(pl.Int64, strict=False).alias("round"),
        "ns",
        "ew",
        "ns_score",
        "line",
        (pl.col("status") == _ADJUSTED).alias("adjusted"),
    )


def _itself(frame: pl.DataFrame) -> pl.Series:
    """The lines of a pair playing against itself: the same label saying its direction (the
    small reader's rule), looked for only among the labels that say one."""

    def key(name: str) -> pl.Expr:
        return pl.col(name).str.replace_all(r"[\s\-]+", "").str.to_uppercase()

    directed = pl.any_horizontal(pl.col("ns").str.contains(suffix_pattern(side)) for side in Side)
    return frame.filter(directed).filter(key("ns") == key("ew"))["line"]


def _positive(name: str) -> pl.Expr:
    text = pl.col(name)
    return text.str.contains(COUNT_PATTERN) & (text.cast(pl.Int64, strict=False) >= 1)


def _line_of(problem: Problem) -> int:
    return problem.line or 0


def _check_combinations(combos: pl.DataFrame) -> pl.DataFrame:
    """Each distinct result through the small reader's check, on a board of its vulnerability."""
    statuses: list[int] = []
    scores: list[int | None] = []
    for vul, contract, declarer, result, score in combos.iter_rows():
        try:
            ns_score = line_score(vul + 1, contract, declarer, result, score)
        except (LineError, BridgeScoreError):
            statuses.append(_BAD)
            scores.append(None)
            continue
        statuses.append(_OK if ns_score is not None else _ADJUSTED)
        scores.append(ns_score)
    return combos.with_columns(
        pl.Series("status", statuses, dtype=pl.Int64),
        pl.Series("ns_score", scores, dtype=pl.Int64),
    )


def _problem(row: dict[str, Any], source: str) -> Problem | None:
    fields = {name: str(row[name]) for name in COLUMNS}
    try:
        read_line(fields, int(row["line"]))
    except (LineError, BridgeScoreError) as error:
        return Problem(source, int(row["line"]), str(error))
    return None


def _round() -> pl.Expr:
    return pl.col("round").cast(pl.Int64, strict=False).alias("round_no")


def _clashes(frame: pl.DataFrame, source: str, units: list[str]) -> list[Problem]:
    """The small reader's rule (:func:`played_twice`), on the lines where a pair appears twice
    on a board of a round: found by columns, decided and worded by the rule."""
    keys = ["board_no", *units, "round_no"]
    frame = frame.with_columns(_round())
    twice = pl.struct(*keys, "ns").is_duplicated() | pl.struct(*keys, "ew").is_duplicated()
    candidates = frame.filter(twice).sort("line")
    problems: list[Problem] = []
    for _, rows in candidates.group_by(units, maintain_order=True):
        seatings = [
            Seating(board, ns, ew, line, section or None, round_no)
            for board, ns, ew, line, section, round_no in rows.select(
                "board_no", "ns", "ew", "line", "section", "round_no"
            ).iter_rows()
        ]
        problems.extend(Problem(source, t.line, t.message) for t in played_twice(seatings))
    return problems
