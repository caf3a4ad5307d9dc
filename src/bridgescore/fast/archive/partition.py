"""One partition of the dataset in a worker: its lines checked as the CSV reader would, scored
(by the numpy kernels; an event with an adjusted score, or every event when the rules follow a
convention the kernels leave to it, by the exact engine), written to Parquet, and its rankings
(or its problems) sent back.
"""

from __future__ import annotations

__all__ = ["score_partition"]

import math
from pathlib import Path
from typing import Any

import polars as pl

from bridgescore.core.errors import ArchiveError, FileFormatError, ScoringError
from bridgescore.core.pairs.event import FieldRanking, PairsEvent
from bridgescore.core.pairs.rules import PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import Session
from bridgescore.fast import kernels_score
from bridgescore.fast.archive.cluster import first_line
from bridgescore.fast.archive.output import rankings_frame
from bridgescore.fast.columnar import score_frame, shared_boards
from bridgescore.fast.ranking import pair_table, rank_pairs
from bridgescore.fast.travellers import check_frame
from bridgescore.formats.csv.traveller_line import COLUMNS, read_line

_UNITS = ("event", "section")


def _strings(frame: pl.DataFrame) -> pl.DataFrame:
    """The traveller columns as stripped text, missing ones empty, ``line`` = result number."""
    present = [c for c in ("event", *COLUMNS) if c in frame.columns]
    frame = frame.select(
        [pl.col(c).cast(pl.String).str.strip_chars().fill_null("") for c in present]
    )
    frame = frame.with_columns(pl.lit("").alias(c) for c in COLUMNS if c not in present)
    return frame.with_columns(line=(pl.int_range(pl.len()).over("event") + 1).cast(pl.Int64))


def _problems(frame: pl.DataFrame, source: str) -> list[tuple[str, int | None, str]]:
    """Every event's problems, each located as ``SOURCE [event NAME]:N``."""
    problems: list[tuple[str, int | None, str]] = []
    for (event,), lines in frame.group_by("event", maintain_order=True):
        try:
            check_frame(lines, _where(source, event), units=_UNITS, keep_adjusted=True)
        except FileFormatError as error:
            problems.extend((p.path or source, p.line, p.message) for p in error.problems)
    return problems


def _where(source: str, event: object) -> str:
    return f"{source} [event {event}]"


_POINTS = {
    "line": pl.Int64,
    "ns_score": pl.Int64,
    "ns_pair": pl.String,
    "ew_pair": pl.String,
    "direction_ns": pl.String,
    "direction_ew": pl.String,
    "ns_points": pl.Int64,
    "ew_points": pl.Int64,
    "denominator": pl.Int64,
    "top": pl.Int64,
}
"""What a scored line has beside its given columns (and ``ns_value``, ``ew_value``)."""


def score_partition(part: Any, rules: PairsRules, directory: str, number: int, source: str) -> Any:
    """In a worker: check, score and write one partition; return its rankings or problems.

    Events with an adjusted score (artificial or weighted), or with sections that share boards
    compared across the field, are scored by the exact engine, the others all together by the
    kernels; with rules the kernels leave to the engine
    (:func:`~bridgescore.fast.kernels_score`), every event by the exact engine.
    """
    given = pl.from_pandas(part)
    frame = _strings(given)
    if frame.height == 0:
        return [], [], None
    events = frame["event"].unique().to_list()
    try:
        lines = check_frame(frame, source, units=_UNITS, keep_adjusted=True)
    except FileFormatError:
        return events, _problems(frame, source), None
    engine = pl.concat(
        [
            lines.filter("adjusted").select("event"),
            shared_boards(lines, rules, ("event",)).select("event"),
        ]
    )
    exact = pl.col("event").is_in(engine["event"].unique().implode())
    if not kernels_score(rules):  # a convention of another program: every event exactly
        exact = pl.lit(True)
    plain = lines.filter(~exact).drop("adjusted")
    try:
        points, rankings = _score_fast(plain, rules)
    except ScoringError:  # say which event, event by event
        return events, _scoring_problems(plain, rules, source), None
    problems = []
    for (event,), rows in frame.filter(exact).group_by("event", maintain_order=True):
        try:
            scored = _score_exact(rows, rules)
        except ScoringError as error:
            problems.extend(_located(error, source, event))
            continue
        points.append(_exact_points(str(event), scored))
        rankings[str(event)] = scored.rankings
    if problems:
        return events, problems, None
    path = Path(directory) / "lines" / f"part-{number:05d}.parquet"
    try:
        _scored_lines(given, frame, pl.concat(points)).write_parquet(path)
    except OSError as error:  # not a problem in the dataset: say where the worker could not write
        raise ArchiveError(f"cannot write {path}: {first_line(error)}") from None
    return events, [], rankings_frame(rankings).to_arrow()


def _score_fast(
    lines: pl.DataFrame, rules: PairsRules
) -> tuple[list[pl.DataFrame], dict[str, tuple[FieldRanking, ...]]]:
    """Clean lines of whole events scored by the kernels: their points and rankings by event."""
    if lines.height == 0:
        return [], {}
    scored, _ = score_frame(lines, rules, _UNITS)
    ranked = rank_pairs(pair_table(scored, _UNITS), rules, None, _UNITS)
    points = scored.select("event", *(pl.col(name).cast(kind) for name, kind in _POINTS.items()))
    return [points], {str(key[0]): value for key, value in ranked.items()}


def _scoring_problems(
    lines: pl.DataFrame, rules: PairsRules, source: str
) -> list[tuple[str, int | None, str]]:
    """The problems of each event the kernels cannot score (a pair playing a board twice in
    different rounds, say), each located in its event."""
    problems: list[tuple[str, int | None, str]] = []
    for (event,), rows in lines.group_by("event", maintain_order=True):
        try:
            _score_fast(rows, rules)
        except ScoringError as error:
            problems.extend(_located(error, source, event))
    return problems


def _located(error: ScoringError, source: str, event: object) -> list[tuple[str, int | None, str]]:
    """An event's scoring problems as the dataset's: ``SOURCE [event NAME]:N: ...``."""
    return [(_where(source, event), p.line, p.message) for p in error.problems]


def _score_exact(rows: pl.DataFrame, rules: PairsRules) -> PairsEvent:
    """One event scored by the exact engine, its lines read by the CSV reader's own rule.

    ``rows`` (:data:`COLUMNS` as text, and ``line``) have passed :func:`check_frame`.
    """
    lines = tuple(
        read_line({name: row[name] for name in COLUMNS}, row["line"])
        for row in rows.iter_rows(named=True)
    )
    return score_session(Session(lines), rules)


def _exact_points(event: str, scored: PairsEvent) -> pl.DataFrame:
    """The exact engine's points on each line, as the kernels give them (over one denominator)."""
    rows = []
    for board in scored.boards:
        for line in board.lines:
            denominator = math.lcm(line.ns_points.denominator, line.ew_points.denominator)
            rows.append(
                (
                    event,
                    line.line.line,
                    line.line.ns_score,
                    line.ns_pair.label,
                    line.ew_pair.label,
                    "" if line.ns_pair.direction is None else "NS",
                    "" if line.ew_pair.direction is None else "EW",
                    int(line.ns_points * denominator),
                    int(line.ew_points * denominator),
                    denominator,
                    0 if board.top is None else int(board.top),
                )
            )
    return pl.DataFrame(rows, schema={"event": pl.String, **_POINTS}, orient="row")


def _scored_lines(given: pl.DataFrame, frame: pl.DataFrame, points: pl.DataFrame) -> pl.DataFrame:
    """Each line as given, every column, with its points (matched on event and result number).

    ``frame`` is ``given`` as text, row for row; a given column named like a points column is
    replaced by it.
    """
    key = "__bridgescore_event"
    points = points.rename({"event": key})
    lines = given.drop(*_POINTS, "ns_value", "ew_value", strict=False).with_columns(
        frame["event"].alias(key), frame["line"]
    )
    lines = lines.join(points, on=[key, "line"], how="left", maintain_order="left").drop(key)
    return lines.with_columns(
        ns_value=pl.col("ns_points") / pl.col("denominator"),
        ew_value=pl.col("ew_points") / pl.col("denominator"),
    )
