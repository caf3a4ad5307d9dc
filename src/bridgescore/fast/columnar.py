"""Score and rank a huge pairs event held in columns (polars), exactly as the pure engine would.

:func:`score_file` reads a traveller CSV (see :mod:`bridgescore.fast.travellers`), decides the
fields of each section (two, NS and EW, for a Mitchell where a number sits both ways on a board,
pairs carry an NS/EW suffix or nobody changes direction; one for a Howell), scores every board
with the numpy kernels and ranks the pairs of each field on exact totals. Each section is
scored on its own (a file whose sections share boards compared across the field is left to
the exact engine); Neuberg's E is the most results on any board of the section (or the rules').

:func:`score_frame` does the same for lines already in a polars frame, grouped by any unit
columns (``section``; or ``event`` and ``section`` for an archive).
"""

from __future__ import annotations

__all__ = [
    "ColumnarEvent",
    "score_checked",
    "score_file",
    "score_frame",
    "shared_boards",
]

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np
import polars as pl

from bridgescore.core.errors import Problem, ScoringError
from bridgescore.core.pairs.boards import check_expected
from bridgescore.core.pairs.event import FieldRanking, PairsEvent
from bridgescore.core.pairs.fields import (
    FieldFacts,
    Fields,
    decide_fields,
    natural_order,
    suffix_pattern,
)
from bridgescore.core.pairs.rules import CompareMode, FieldMode, PairsRules
from bridgescore.core.pairs.traveller_rows import TravellerRows
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import EventInfo, Seating, Session, played_twice
from bridgescore.fast import kernels_score
from bridgescore.fast.methods import score_lines
from bridgescore.fast.ranking import PLAIN_NUMBER, pair_table, rank_pairs
from bridgescore.fast.traveller_rows import traveller_rows
from bridgescore.fast.travellers import ExactEngineNeeded, read_csv

_NS_SUFFIX, _EW_SUFFIX = suffix_pattern(Side.NS), suffix_pattern(Side.EW)


@dataclass(frozen=True, slots=True)
class ColumnarEvent:
    """A pairs event scored on the columnar path: the pure engine's rankings, no line objects.

    ``fields`` is the field structure found; ``lines`` and ``boards`` count what was scored.
    """

    source: str
    rules: PairsRules
    lines: int
    boards: int
    fields: Fields
    rankings: tuple[FieldRanking, ...]
    travellers: tuple[TravellerRows, ...] = ()
    info: EventInfo = field(default_factory=EventInfo)

    def pairs_event(self) -> PairsEvent:
        """The rankings (and travellers, when read) as a :class:`PairsEvent` with no boards,
        for the pairs renderers."""
        session = Session((), info=self.info, source=self.source)
        return PairsEvent(
            session, self.rules, (), self.rankings, self.fields, travellers=self.travellers
        )


def _fields(frame: pl.DataFrame, units: Sequence[str], mode: FieldMode) -> pl.DataFrame:
    """Per unit: ``two`` (NS and EW ranked apart), ``suffixed`` (labels end in NS/EW) and
    ``reason`` (why), as :func:`~bridgescore.core.pairs.fields.decide_fields` decides from the
    facts gathered here in columns."""
    unit = list(units)
    keys = [*unit, "board"]
    # plain numbers without leading zeros (most labels) are worked on as their values, which
    # sort in natural order: the first few are cut in columns, not a million of them listed
    plain = bool(frame.select(_plain("ns").all() & _plain("ew").all()).item())
    label = (lambda name: pl.col(name).cast(pl.Int64)) if plain else pl.col
    ns = frame.select(*keys, label("ns").alias("label")).unique()
    ew = frame.select(*keys, label("ew").alias("label")).unique()
    collisions = ns.join(ew, on=[*keys, "label"], how="semi")  # (labels both ways on a board)
    first = (
        collisions.filter(pl.col("board") == pl.col("board").min().over(unit))
        .group_by(unit)
        .agg(pl.col("board").first(), _first(plain, 1).alias("on_board"))
    )
    ns_labels, ew_labels = ns.select(*unit, "label").unique(), ew.select(*unit, "label").unique()
    movers = (
        ns_labels.join(ew_labels, on=[*unit, "label"], how="semi")
        .group_by(unit)
        .agg(_first(plain, 6).alias("movers"))
    )
    summary = frame.group_by(unit).agg(
        suffixed=(
            pl.col("ns").str.contains(_NS_SUFFIX) & pl.col("ew").str.contains(_EW_SUFFIX)
        ).all(),
    )
    summary = summary.join(first, on=unit, how="left", nulls_equal=True)
    summary = summary.join(movers, on=unit, how="left", nulls_equal=True)
    two: list[bool] = []
    reasons: list[str] = []
    for row in summary.iter_rows(named=True):
        collision = (
            None
            if row["board"] is None
            else (int(row["board"]), _naturally_first(row["on_board"], 1)[0])
        )
        # (the facts show the first five movers, and whether there are more)
        facts = FieldFacts(row["suffixed"], collision, _naturally_first(row["movers"] or [], 6))
        decided, reason = decide_fields(facts, mode)
        two.append(decided)
        reasons.append(reason)
    return summary.select(*unit, "suffixed").with_columns(
        two=pl.Series(two, dtype=pl.Boolean), reason=pl.Series(reasons, dtype=pl.String)
    )


def _plain(name: str) -> pl.Expr:
    """Whether a label is a plain number without leading zeros and fits in 64 bits."""
    return pl.col(name).str.contains(PLAIN_NUMBER)


def _first(plain: bool, count: int) -> pl.Expr:
    """The labels of a group, as text: when ``plain`` (their values), the first ``count``."""
    if plain:
        return pl.col("label").sort().head(count).cast(pl.String)
    return pl.col("label")


def _naturally_first(labels: list[str], count: int) -> list[str]:
    """The first ``count`` labels in natural order, without sorting a million of them: the
    plain numbers (most labels) are cut down by their value in columns, the rest sorted.

    >>> _naturally_first([str(n) for n in range(500, 0, -1)] + ["1A", "007"], 3)
    ['1', '1A', '2']
    """
    if len(labels) <= 100:
        return natural_order(labels)[:count]
    series = pl.Series(labels, dtype=pl.String)
    plain = series.str.contains(r"^[0-9]+$")
    others = series.filter(~plain).to_list()
    # a plain number's natural key is its digits without leading zeros: shorter first
    digits = series.filter(plain).str.strip_chars_start("0")
    keyed = pl.DataFrame(
        {"label": series.filter(plain), "length": digits.str.len_bytes(), "digits": digits}
    ).sort("length", "digits", maintain_order=True)
    if keyed.height > count:  # the first ``count``, and any that tie with the last of them
        length, last = keyed.row(count - 1)[1:]
        keyed = keyed.filter(
            (pl.col("length") < length)
            | ((pl.col("length") == length) & (pl.col("digits") <= last))
        )
    return natural_order([*keyed["label"].to_list(), *others])[:count]


def shared_boards(frame: pl.DataFrame, rules: PairsRules, units: Sequence[str]) -> pl.DataFrame:
    """The boards (keyed by ``units`` and ``board``) played in more than one section, when the
    rules compare them across the field: those the kernels leave to the exact engine, which
    compares them (the kernels compare within each section)."""
    if rules.compare is CompareMode.WITHIN or "section" not in frame.columns:
        return frame.clear().select(*units, "board")
    counted = frame.group_by(*units, "board").agg(pl.col("section").n_unique().alias("n"))
    return counted.filter(pl.col("n") > 1).select(*units, "board")


def score_frame(
    frame: pl.DataFrame,
    rules: PairsRules,
    units: Sequence[str] = ("section",),
    source: str | None = None,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Score clean lines (``units``, ``board``, ``ns``, ``ew``, ``ns_score``): both sides' points.

    Returns the lines with ``ns_pair``/``ew_pair`` (labels), ``direction_ns``/``direction_ew``
    (``NS``/``EW``, or ``""`` in one field), ``ns_points``/``ew_points`` numerators over
    ``denominator`` and the board's ``top``; and the fields of each unit (``suffixed``, ``two``).
    """
    unit = list(units)
    group = (
        frame.select((pl.struct(*unit, "board").rank("dense") - 1).cast(pl.Int64))
        .to_series()
        .to_numpy()
    )
    sizes = frame.select(
        "board", *unit, size=pl.len().over(*unit, "board").cast(pl.Int64)
    ).with_columns(most=pl.col("size").max().over(unit))
    per_group = np.zeros(int(group.max()) + 1 if group.size else 0, dtype=np.int64)
    if rules.expected is not None:
        _check_expected(sizes, rules.expected, unit)
        per_group[:] = rules.expected
    else:
        per_group[group] = sizes["most"].to_numpy()
    points = score_lines(group, frame["ns_score"].to_numpy().astype(np.int64), rules, per_group)
    fields = _fields(frame, unit, rules.field)
    frame = frame.join(fields, on=unit, how="left", nulls_equal=True, maintain_order="left")
    strip = pl.col("suffixed")
    ns_pair, ew_pair = pl.col("ns"), pl.col("ew")
    if fields["suffixed"].any():
        ns_pair = pl.when(strip).then(ns_pair.str.extract(_NS_SUFFIX, 1)).otherwise(ns_pair)
        ew_pair = pl.when(strip).then(ew_pair.str.extract(_EW_SUFFIX, 1)).otherwise(ew_pair)
    scored = frame.with_columns(
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        direction_ns=pl.when("two").then(pl.lit("NS")).otherwise(pl.lit("")),
        direction_ew=pl.when("two").then(pl.lit("EW")).otherwise(pl.lit("")),
        ns_points=pl.Series(points.ns),
        ew_points=pl.Series(points.ew),
        denominator=pl.Series(points.denominator),
        top=pl.Series(points.top),
    ).drop("suffixed", "two", "reason")
    _check_each_pair_plays_once(scored, unit, source)
    return scored, fields


def _check_each_pair_plays_once(
    scored: pl.DataFrame, unit: list[str], source: str | None = None
) -> None:
    """The pairs engine's rule (:func:`played_twice`), on the lines where a pair of a field
    appears twice on a board: found by columns, decided and worded by the rule."""
    sides = [
        scored.select(
            *unit,
            "board",
            "line",
            pl.col(f"direction_{side}").alias("direction"),
            pl.col(f"{side}_pair").alias("pair"),
        )
        for side in ("ns", "ew")
    ]
    long = pl.concat(sides)
    lines = long.filter(pl.struct(*unit, "board", "direction", "pair").is_duplicated())
    if lines.height == 0:
        return
    columns = ["board", "ns_pair", "ew_pair", "line", "section", "direction_ns"]
    candidates = scored.join(lines.select(*unit, "line").unique(), on=[*unit, "line"])
    problems: list[Problem] = []
    for _, rows in candidates.sort("line").group_by(unit, maintain_order=True):
        seatings = [
            Seating(board, ns, ew, line, section or None, None, directed=direction != "")
            for board, ns, ew, line, section, direction in rows.select(columns).iter_rows()
        ]
        problems.extend(Problem(source, t.line, t.message) for t in played_twice(seatings))
    problems.sort(key=lambda problem: problem.line or 0)
    raise ScoringError.from_problems(problems)


def _check_expected(sizes: pl.DataFrame, expected: int, unit: list[str]) -> None:
    """The boards over ``expected``, found by columns, checked by the pairs engine's rule."""
    over = sizes.filter(pl.col("size") > expected).unique(["board", *unit])
    counts = over.select("board", pl.col("section").fill_null(""), "size").iter_rows()
    check_expected(((board, section or None, size) for board, section, size in counts), expected)


@contextmanager
def _progress(show: bool, total: int) -> Iterator[Callable[[str], None]]:
    if not show:
        yield lambda description: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with bar:
        task = bar.add_task("reading", total=total)

        def step(description: str) -> None:
            bar.update(task, advance=1, description=description)

        yield step


def score_file(
    path: str | os.PathLike[str],
    rules: PairsRules | None = None,
    *,
    names: Mapping[str, str] | None = None,
    progress: bool = False,
    travellers: bool = False,
) -> ColumnarEvent:
    """Read, check, score and rank a traveller CSV on the columnar path.

    The same rankings as :func:`bridgescore.core.pairs.score.score_session` on the same file. Raises
    :class:`~bridgescore.core.errors.FileFormatError` for bad lines and
    :class:`~bridgescore.fast.travellers.ExactEngineNeeded` for adjusted scores, files only
    the small reader reads and rules the kernels leave to the engine
    (:func:`~bridgescore.fast.kernels_score`). ``progress`` shows a rich progress bar
    on standard error; ``travellers`` keeps every board's traveller, in columns.
    """
    rules = rules or PairsRules()
    if not kernels_score(rules):
        raise ExactEngineNeeded("the rules follow a convention the kernels leave to the engine")
    with _progress(progress, 4) as step:
        frame = read_csv(path, results=travellers)
        return score_checked(frame, str(path), rules, names=names, step=step, travellers=travellers)


def score_checked(
    frame: pl.DataFrame,
    source: str,
    rules: PairsRules,
    *,
    names: Mapping[str, str] | None = None,
    step: Callable[[str], None] = lambda description: None,
    travellers: bool = False,
    info: EventInfo | None = None,
) -> ColumnarEvent:
    """Score and rank clean lines of one file (``section``, ``board``, ``ns``, ``ew``,
    ``ns_score``, ``line``, as :func:`~bridgescore.fast.travellers.check_frame` gives them):
    :func:`score_file` after reading. ``step`` is told each stage; ``info`` holds the event's
    details the file gives."""
    if not kernels_score(rules):
        raise ExactEngineNeeded("the rules follow a convention the kernels leave to the engine")
    if shared_boards(frame, rules, ()).height:
        raise ExactEngineNeeded(f"{source}: sections compared across the field")
    step("scoring boards")
    scored, fields = score_frame(frame, rules, ("section",), source)
    step("adding up")
    table = pair_table(scored, ("section",))
    step("ranking")
    rankings = rank_pairs(table, rules, names).get((), ())
    boards_read = traveller_rows(scored, rules) if travellers else ()
    step("done")
    boards = frame.select(pl.struct("section", "board").n_unique()).item()
    two = {
        (section or None): bool(two) for section, two in fields.select("section", "two").iter_rows()
    }
    suffixed = frozenset(
        section or None
        for section, flag in fields.select("section", "suffixed").iter_rows()
        if flag
    )
    reasons = {
        (section or None): reason
        for section, reason in fields.select("section", "reason").iter_rows()
    }
    return ColumnarEvent(
        source,
        rules,
        frame.height,
        int(boards),
        Fields(two, suffixed, reasons),
        rankings,
        boards_read,
        info or EventInfo(),
    )
