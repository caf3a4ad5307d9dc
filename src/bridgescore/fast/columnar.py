"""Score and rank a huge pairs event held in columns (polars), exactly as the pure engine would.

:func:`score_file` reads a traveller CSV (see :mod:`bridgescore.fast.travellers`), decides the
fields of each section (two, NS and EW, for a Mitchell where a number sits both ways on a board,
pairs carry an NS/EW suffix or nobody changes direction; one for a Howell), scores every board
with the numpy kernels and ranks the pairs of each field on exact totals. Each section is
scored on its own; Neuberg's E is the most results on any board of the section (or the rules').

:func:`score_frame` does the same for lines already in a polars frame, grouped by any unit
columns (``section``; or ``event`` and ``section`` for an archive).
"""

from __future__ import annotations

__all__ = [
    "EventResult",
    "FieldResult",
    "PairKey",
    "PairResult",
    "pair_table",
    "rank_pairs",
    "score_file",
    "score_frame",
]

import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import numpy as np
import polars as pl

from bridgescore.core.ranking import Ranked, rank
from bridgescore.fast.kernels import exact_sums
from bridgescore.fast.methods import FastRules, ScoringRules, method_name, score_lines
from bridgescore.fast.travellers import read_csv

FieldMode = Literal["auto", "one", "two"]
_NS_SUFFIX = r"(?i)^(.+?)[\s\-]*NS$"
_EW_SUFFIX = r"(?i)^(.+?)[\s\-]*EW$"


@dataclass(frozen=True, slots=True, order=True)
class PairKey:
    """A pair: its section, its direction in a two-field section (else ``None``), its label."""

    section: str | None
    direction: Literal["NS", "EW"] | None
    label: str

    def __str__(self) -> str:
        return self.label

    def sort_key(self) -> tuple[object, ...]:
        """``2`` before ``10``, ``1A`` before ``1B``."""
        return tuple(
            (0, int(part)) if part.isdigit() else (1, part.upper())
            for part in re.findall(r"\d+|\D+", self.label)
        )


@dataclass(frozen=True, slots=True)
class PairResult:
    """A pair's exact total, boards played and (matchpoints) percentage of the tops."""

    pair: PairKey
    total: Fraction
    boards: int
    percentage: Fraction | None


@dataclass(frozen=True, slots=True)
class FieldResult:
    """One field's ranking: ``field`` is ``NS``, ``EW`` or ``ALL`` (one field)."""

    section: str | None
    field: Literal["NS", "EW", "ALL"]
    ranking: tuple[Ranked[PairKey], ...]
    pairs: Mapping[PairKey, PairResult]


@dataclass(frozen=True, slots=True)
class EventResult:
    """A scored event: the method, how many lines and boards, each field's ranking."""

    source: str
    method: str
    lines: int
    boards: int
    fields: tuple[FieldResult, ...]


def _fields(frame: pl.DataFrame, units: Sequence[str], mode: FieldMode) -> pl.DataFrame:
    """Per unit: ``two`` (NS and EW ranked apart) and ``suffixed`` (labels end in NS/EW)."""
    unit = list(units)
    keys = [*unit, "board"]
    ns = frame.select(*keys, pl.col("ns").alias("label")).unique()
    ew = frame.select(*keys, pl.col("ew").alias("label")).unique()
    collide = ns.join(ew, on=[*keys, "label"]).select(unit).unique().with_columns(collide=True)
    ns_labels, ew_labels = ns.select(*unit, "label").unique(), ew.select(*unit, "label").unique()
    change = ns_labels.join(ew_labels, on=[*unit, "label"]).select(unit).unique()
    summary = frame.group_by(unit).agg(
        suffixed=(
            pl.col("ns").str.contains(_NS_SUFFIX) & pl.col("ew").str.contains(_EW_SUFFIX)
        ).all(),
        same=(pl.col("ns") == pl.col("ew")).any(),
    )
    summary = summary.join(collide, on=unit, how="left", nulls_equal=True)
    summary = summary.join(change.with_columns(change=True), on=unit, how="left", nulls_equal=True)
    detected = (
        pl.col("suffixed")
        | pl.col("same")
        | pl.col("collide").fill_null(False)
        | ~pl.col("change").fill_null(False)
    )
    two = detected if mode == "auto" else pl.lit(mode == "two")
    return summary.select(*unit, "suffixed", two.alias("two"))


def score_frame(
    frame: pl.DataFrame,
    rules: ScoringRules,
    units: Sequence[str] = ("section",),
    mode: FieldMode = "auto",
) -> pl.DataFrame:
    """Score clean lines (``units``, ``board``, ``ns``, ``ew``, ``ns_score``): both sides' points.

    Adds ``ns_pair``/``ew_pair`` (labels), ``direction_ns``/``direction_ew`` (``NS``/``EW`` or
    ``""`` in one field), ``ns_points``/``ew_points`` numerators over ``denominator``, ``top``.
    """
    unit = list(units)
    boards = frame.select((pl.struct(*unit, "board").rank("dense") - 1).cast(pl.Int64)).to_series()
    group = boards.to_numpy()
    sizes = frame.select(pl.len().over(*unit, "board").max().over(unit).cast(pl.Int64))
    per_group = np.zeros(int(group.max()) + 1 if group.size else 0, dtype=np.int64)
    if rules.expected is not None:
        per_group[:] = rules.expected
    else:
        per_group[group] = sizes.to_series().to_numpy()
    points = score_lines(group, frame["ns_score"].to_numpy().astype(np.int64), rules, per_group)
    fields = _fields(frame, unit, mode)
    frame = frame.join(fields, on=unit, how="left", nulls_equal=True, maintain_order="left")
    strip = pl.col("suffixed")
    return frame.with_columns(
        ns_pair=pl.when(strip).then(pl.col("ns").str.extract(_NS_SUFFIX, 1)).otherwise("ns"),
        ew_pair=pl.when(strip).then(pl.col("ew").str.extract(_EW_SUFFIX, 1)).otherwise("ew"),
        direction_ns=pl.when("two").then(pl.lit("NS")).otherwise(pl.lit("")),
        direction_ew=pl.when("two").then(pl.lit("EW")).otherwise(pl.lit("")),
        ns_points=pl.Series(points.ns),
        ew_points=pl.Series(points.ew),
        denominator=pl.Series(points.denominator),
        top=pl.Series(points.top),
    ).drop("suffixed", "two")


def pair_table(scored: pl.DataFrame, units: Sequence[str] = ("section",)) -> pl.DataFrame:
    """Per pair (``units``, ``direction``, ``pair``): exact ``total`` as text, ``boards``, ``top``."""
    unit = list(units)
    sides = [
        scored.select(
            *unit,
            pl.col(f"direction_{side}").alias("direction"),
            pl.col(f"{side}_pair").alias("pair"),
            pl.col(f"{side}_points").alias("points"),
            "denominator",
            "top",
        )
        for side in ("ns", "ew")
    ]
    long = pl.concat(sides)
    keys = [*unit, "direction", "pair"]
    long = long.with_columns(index=(pl.struct(keys).rank("dense") - 1).cast(pl.Int64))
    table = long.group_by("index").agg(
        *[pl.col(k).first() for k in keys], boards=pl.len(), top=pl.col("top").sum()
    )
    table = table.sort("index")
    totals = exact_sums(
        long["index"].to_numpy(),
        long["points"].to_numpy(),
        long["denominator"].to_numpy(),
        table.height,
    )
    return table.with_columns(total=pl.Series([str(t) for t in totals], dtype=pl.String)).drop(
        "index"
    )


def rank_pairs(
    table: pl.DataFrame, method: str, unit_names: Sequence[str] = ("section",)
) -> dict[tuple[object, ...], list[FieldResult]]:
    """Rank each field of each unit; matchpoints by percentage, the rest by total."""
    fields: dict[tuple[object, ...], dict[tuple[str | None, str], list[PairResult]]] = {}
    columns = [*unit_names, "direction", "pair", "total", "boards", "top"]
    for row in table.select(columns).iter_rows():
        *unit, direction, label, total_text, boards, top = row
        section = unit[-1] or None
        key = PairKey(section, direction or None, label)
        total = Fraction(total_text)
        percentage = total * 100 / top if method == "mp" and top else None
        if method == "mp" and not top:
            percentage = Fraction(50)
        where = (section, direction or "ALL")
        by_field = fields.setdefault(tuple(unit[:-1]), {})
        by_field.setdefault(where, []).append(PairResult(key, total, boards, percentage))
    ranked: dict[tuple[object, ...], list[FieldResult]] = {}
    for outer, by_field in fields.items():
        results = []
        for (section, field), pairs in sorted(by_field.items(), key=_field_order):
            values = {p.pair: p.percentage if p.percentage is not None else p.total for p in pairs}
            ranking = rank(values, order=PairKey.sort_key)
            results.append(
                FieldResult(section, field, tuple(ranking), {p.pair: p for p in pairs})  # type: ignore[arg-type]
            )
        ranked[outer] = results
    return ranked


def _field_order(item: tuple[tuple[str | None, str], object]) -> tuple[str, int]:
    (section, field), _ = item
    return (section or "", ["ALL", "NS", "EW"].index(field))


@contextmanager
def _progress(show: bool, total: int) -> Iterator[callable]:  # type: ignore[valid-type]
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
    rules: ScoringRules | None = None,
    *,
    field: FieldMode = "auto",
    progress: bool = False,
) -> EventResult:
    """Read, check, score and rank a traveller CSV on the columnar path.

    ``progress`` shows a rich progress bar on the terminal (standard error).
    """
    rules = rules or FastRules()
    method = method_name(rules)
    with _progress(progress, 4) as step:
        frame = read_csv(path)
        step("scoring boards")
        scored = score_frame(frame, rules, ("section",), field)
        step("adding up")
        table = pair_table(scored, ("section",))
        step("ranking")
        fields = rank_pairs(table, method, ("section",)).get((), [])
        step("done")
    boards = frame.select(pl.struct("section", "board").n_unique()).item()
    return EventResult(str(path), method, frame.height, int(boards), tuple(fields))
