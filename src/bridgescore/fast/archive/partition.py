"""One partition of the dataset in a worker: its lines checked in columns as the CSV reader
would (:mod:`bridgescore.fast.archive.check`), each event scored by the pairs engine from its
columns, the scored lines written to Parquet, and the rankings (or the problems) sent back.
"""

from __future__ import annotations

__all__ = ["score_partition"]

import math
from pathlib import Path
from typing import Any

import polars as pl

from bridgescore.core.errors import ArchiveError, FileFormatError, ScoringError
from bridgescore.core.lazy import Made
from bridgescore.core.pairs.event import FieldRanking, PairsEvent
from bridgescore.core.pairs.lines import Compared, Lines, compared_as
from bridgescore.core.pairs.rules import PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.pairs.scored import ScoredBoards
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.fast.archive.check import check_frame
from bridgescore.fast.archive.cluster import first_line
from bridgescore.fast.archive.output import rankings_frame
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
            check_frame(lines, _where(source, event), units=_UNITS)
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

    Every event is scored by the pairs engine from its checked columns, its adjusted scores
    (artificial or weighted) read by the CSV reader's own rule.
    """
    given = pl.from_pandas(part)
    frame = _strings(given)
    if frame.height == 0:
        return [], [], None
    events = frame["event"].unique().to_list()
    try:
        checked = check_frame(frame, source, units=_UNITS)
    except FileFormatError:
        return events, _problems(frame, source), None
    points = []
    rankings: dict[str, tuple[FieldRanking, ...]] = {}
    problems: list[tuple[str, int | None, str]] = []
    texts = frame.partition_by("event", as_dict=True, maintain_order=True)
    for (event,), lines in checked.partition_by("event", as_dict=True, maintain_order=True).items():
        try:
            scored = _score(lines, texts[(event,)], rules)
        except ScoringError as error:
            problems.extend(_located(error, source, event))
            continue
        points.append(_points(str(event), scored, lines))
        rankings[str(event)] = scored.rankings
    if problems:
        return events, problems, None
    path = Path(directory) / "lines" / f"part-{number:05d}.parquet"
    try:
        _scored_lines(given, frame, pl.concat(points)).write_parquet(path)
    except OSError as error:  # not a problem in the dataset: say where the worker could not write
        raise ArchiveError(f"cannot write {path}: {first_line(error)}") from None
    return events, [], rankings_frame(rankings).to_arrow()


def _located(error: ScoringError, source: str, event: object) -> list[tuple[str, int | None, str]]:
    """An event's scoring problems as the dataset's: ``SOURCE [event NAME]:N: ...``."""
    return [(_where(source, event), p.line, p.message) for p in error.problems]


def _score(checked: pl.DataFrame, texts: pl.DataFrame, rules: PairsRules) -> PairsEvent:
    """One event's checked lines scored by the pairs engine; ``texts`` are its lines as
    given (:data:`COLUMNS` as text, and ``line``), of which each line is made by the CSV
    reader's own rule when it is asked for (an adjusted score's at once: it says what the
    line is compared as)."""
    rows = texts.select(*COLUMNS, "line").rows()
    place = {line: index for index, line in enumerate(texts["line"].to_list())}
    numbers = checked["line"].to_list()

    def made(index: int) -> TravellerLine:
        *fields, line = rows[place[numbers[index]]]
        return read_line(dict(zip(COLUMNS, fields, strict=True)), line)

    lines: Made[TravellerLine] = Made(len(numbers), made)
    compared: list[Compared] = [
        compared_as(lines[index]) if adjusted else score
        for index, (score, adjusted) in enumerate(
            zip(checked["ns_score"].to_list(), checked["adjusted"].to_list(), strict=True)
        )
    ]
    columns = Lines(
        checked["board"].to_list(),
        [section or None for section in checked["section"].to_list()],
        checked["round"].to_list(),
        checked["ns"].to_list(),
        checked["ew"].to_list(),
        compared,
        numbers,
        lines,
    )
    return score_session(Session(lines), rules, lines=columns)


def _points(event: str, scored: PairsEvent, checked: pl.DataFrame) -> pl.DataFrame:
    """The engine's points on each of an event's lines (``checked``), each over one
    denominator."""
    assert isinstance(scored.boards, ScoredBoards)
    rows = []
    for line, score, (ns, ew, ns_points, ew_points, top) in zip(
        checked["line"].to_list(),
        checked["ns_score"].to_list(),
        scored.boards.line_figures(),
        strict=True,
    ):
        denominator = math.lcm(ns_points.denominator, ew_points.denominator)
        rows.append(
            (
                event,
                line,
                score,
                ns.label,
                ew.label,
                "" if ns.direction is None else "NS",
                "" if ew.direction is None else "EW",
                int(ns_points * denominator),
                int(ew_points * denominator),
                denominator,
                0 if top is None else int(top),
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
    lines = lines.join(points, on=[key, "line"], how="left", maintain_order="left")
    return lines.drop(key).with_columns(
        ns_value=pl.col("ns_points") / pl.col("denominator"),
        ew_value=pl.col("ew_points") / pl.col("denominator"),
    )
