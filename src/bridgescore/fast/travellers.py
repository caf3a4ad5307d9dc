"""Read and check a huge traveller table with polars, never a Python object per line.

The columns and their meaning are those of :mod:`bridgescore.formats.csv.travellers`. Contracts
are not parsed line by line: the distinct (vulnerability, contract, declarer, result, score)
combinations, a few thousand even in a million lines, go through the small reader's own line
check (and so Law 77's scorer), and their NS scores are joined back. A line that fails any check
is read again by the small reader for the exact message, with its file and line number.

:class:`ExactEngineNeeded` is raised for what the columnar path leaves to the exact engine:
adjusted scores (artificial or weighted), ragged rows, quoted fields spanning lines, text that is
not UTF-8.
"""

from __future__ import annotations

__all__ = ["RESULT", "ExactEngineNeeded", "check_frame", "read_csv"]

import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import polars as pl

from bridgescore.core.errors import BridgeScoreError, FileFormatError, Problem
from bridgescore.core.numbers import COUNT_PATTERN
from bridgescore.core.pairs.fields import suffix_pattern
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Seating, played_twice
from bridgescore.fast import ExactEngineNeeded
from bridgescore.formats.csv import travellers
from bridgescore.formats.csv.traveller_line import (
    COLUMNS,
    LEAD,
    LineError,
    column_name,
    line_score,
    read_line,
)
from bridgescore.formats.text import COMMENT, UNSAFE_CHARACTERS

_KEY = ["vul", "contract", "declarer", "result", "score"]
RESULT = tuple(_KEY)
"""A line's result as written (and its board's vulnerability, 0 to 15 by Law 2's cycle): what
its line on a printed traveller shows."""
_OK, _ADJUSTED, _BAD = 0, 1, 2


def read_csv(path: str | os.PathLike[str], *, results: bool = False) -> pl.DataFrame:
    """Read and check a traveller CSV; the clean lines as ``section, board, ns, ew, ns_score, line``
    (with ``results``, and the text of each line's result: :data:`RESULT`).

    Raises :class:`FileFormatError` listing every bad line (nothing is scored unless all is
    clean) and :class:`ExactEngineNeeded` for what only the exact engine reads.
    """
    source = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise FileFormatError(source, None, f"cannot read the file: {error.strerror}") from None
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        header = data.split(b"\n", 1)[0].decode("utf-8")
        data.decode("utf-8")
    except UnicodeDecodeError:
        raise ExactEngineNeeded(f"{source} is not UTF-8 text") from None
    if data.count(b"\r") != data.count(b"\r\n"):
        raise ExactEngineNeeded(f"{source} has lines ending in a CR alone")
    travellers.check_header(header, source)
    try:
        frame = pl.read_csv(io.BytesIO(data), infer_schema=False, has_header=True)
    except pl.exceptions.PolarsError as error:
        raise ExactEngineNeeded(f"{source}: {error}") from None
    physical = data.count(b"\n") + (0 if data.endswith(b"\n") else 1)
    exact_lines = frame.height + 1 == physical or b'"' not in data
    first = column_name(frame.columns[0])
    frame = frame.rename({name: column_name(name) for name in frame.columns})
    missing = [pl.lit("").alias(name) for name in COLUMNS if name not in frame.columns]
    frame = frame.with_columns(pl.col(pl.String).str.strip_chars().fill_null(""), *missing)
    frame = frame.with_row_index("line", offset=2).with_columns(pl.col("line").cast(pl.Int64))
    blank = pl.all_horizontal([pl.col(name) == "" for name in COLUMNS])
    frame = frame.filter(~(blank | pl.col(first).str.contains(COMMENT)))
    if frame.height == 0:
        raise FileFormatError(source, None, "no results: the file has a header but no lines")
    return check_frame(frame, source, exact_lines=exact_lines, results=results)


def check_frame(
    frame: pl.DataFrame,
    source: str,
    *,
    exact_lines: bool = True,
    units: Sequence[str] = ("section",),
    keep_adjusted: bool = False,
    results: bool = False,
) -> pl.DataFrame:
    """Check traveller lines held as strings (all of :data:`COLUMNS` and ``line``).

    Returns the clean lines (``units``, ``board``, ``ns``, ``ew``, ``ns_score``, ``line``) with
    ``board`` and ``ns_score`` as integers; raises :class:`FileFormatError` with every problem,
    located by ``line``. A pair plays a board once within its ``units`` (``section``, or
    ``event`` and ``section`` in an archive). Adjusted scores raise :class:`ExactEngineNeeded`,
    or with ``keep_adjusted`` are returned too, marked by a true ``adjusted`` column (and no
    ``ns_score``), for the caller to score with the exact engine. With ``results`` each line
    keeps its result as written (:data:`RESULT`).
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
    problems: list[Problem | None] | None = [] if exact_lines else None
    if wrong.height and problems is not None:
        problems = [_problem(row, source) for row in wrong.iter_rows(named=True)]
    clashes = _clashes(read, source, list(units))
    if problems is None and (wrong.height or clashes):
        travellers.load(source)  # the exact reader locates the problems and raises
    found = sorted([p for p in (problems or []) if p is not None] + clashes, key=_line_of)
    if found:
        raise FileFormatError.from_problems(found)
    if wrong.height:  # pragma: no cover - the small reader saw nothing wrong after all
        raise ExactEngineNeeded(f"{source}: lines the fast reader cannot check")
    adjusted = pl.col("status") == _ADJUSTED
    if not keep_adjusted and read.select(adjusted.any()).item():
        raise ExactEngineNeeded(f"{source} has adjusted scores")
    return read.select(
        *units,
        pl.col("board_no").alias("board"),
        "ns",
        "ew",
        "ns_score",
        "line",
        *([adjusted.alias("adjusted")] if keep_adjusted else []),
        *(RESULT if results else []),
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
