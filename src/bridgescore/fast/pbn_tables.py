"""The tables of a PBN file read in columns (:mod:`bridgescore.fast.pbn_columns`): each
ScoreTable row checked and scored by the PBN reader's own rules, the pairs' names from the
ScoreTables and the TotalScoreTables.

What the PBN reader would report, or what only it reads (adjusted scores), raises
:class:`~bridgescore.fast.ExactEngineNeeded` through :func:`leave`.

>>> leave("two deals for board 3")
ExactEngineNeeded('the PBN reader reads this file: two deals for board 3')
"""

from __future__ import annotations

__all__ = [
    "SCORE_COLUMNS",
    "each",
    "ensure",
    "leave",
    "pair_names",
    "scored_rows",
    "table_rows",
]

from collections.abc import Callable

import polars as pl

from bridgescore.core.errors import BridgeScoreError
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.board import Vulnerability
from bridgescore.fast import ExactEngineNeeded
from bridgescore.formats.pbn.session import RowError, row_line
from bridgescore.formats.pbn.tables import PbnTable

_RESULT_COLUMNS = ("Contract", "Declarer", "Result", "Score_NS", "Score_EW")
"""The ScoreTable columns a row's score is read from."""
_DETAIL_COLUMNS = ("Lead", "Section", "Round", "Table")
_UNKNOWN = ("?", "-")


def leave(why: str) -> ExactEngineNeeded:
    """The signal that the PBN reader reads the file, and why."""
    return ExactEngineNeeded(f"the PBN reader reads this file: {why}")


def ensure(found: bool, why: str) -> None:
    """Go on if ``found``, else leave the file to the PBN reader."""
    if not found:
        raise leave(why)


def each(values: pl.Series, check: Callable[[str], object]) -> None:
    """Each distinct value through ``check`` (a PBN reader's rule); what it raises sends the
    file to the PBN reader."""
    for value in values.drop_nulls().unique().to_list():
        try:
            check(value)
        except (BridgeScoreError, RowError, ValueError) as error:
            raise leave(str(error)) from None


def _layout(spec: str) -> dict[str, int]:
    """Where a table's columns stand, by name (its tag value read by the PBN reader)."""
    try:
        columns = [column.name for column in PbnTable.parse_spec(spec)]
    except BridgeScoreError as error:
        raise leave(str(error)) from None
    ensure(len(set(columns)) == len(columns), "a table with a column twice")
    return {name: index for index, name in enumerate(columns)}


def _row_score(vul: str, *result: str) -> int:
    """The NS score of a row's result (Contract, Declarer, Result, Score_NS, Score_EW) by the
    PBN reader's own row reader."""
    raw = dict(zip(_RESULT_COLUMNS, result, strict=True))
    try:
        line = row_line(1, "1", "2", raw, Vulnerability(vul))
    except (RowError, BridgeScoreError) as error:
        raise leave(str(error)) from None
    if line.ns_score is None:
        raise leave("adjusted scores")
    return line.ns_score


def _count(text: str) -> None:
    """A Round or Table element: a number from 1, or unknown (the PBN reader's rule)."""
    if text not in _UNKNOWN and parse_count(text, least=1) is None:
        raise ValueError(f"{text!r} is not a number from 1")


SCORE_COLUMNS = (
    "PairId_NS",
    "PairId_EW",
    *_RESULT_COLUMNS,
    *_DETAIL_COLUMNS,
    "Names_NS",
    "Names_EW",
)


def table_rows(
    rows: pl.DataFrame, games: pl.DataFrame, table: str, columns: tuple[str, ...]
) -> pl.DataFrame:
    """The rows of one table (``ScoreTable``, ``TotalScoreTable``) with their elements by
    column name (``-`` where the table lacks the column) and their game's ``game``, ``board``
    and ``vul``."""
    rows = rows.filter(pl.col("opened") == table).join(
        games, on="game", how="inner", maintain_order="left"
    )
    parts = [
        rows.clear().select(
            "line", "game", "board", "vul", *(pl.lit("-").alias(c) for c in columns)
        )
    ]
    for (spec,), group in rows.group_by(table, maintain_order=True):
        place = _layout(str(spec))
        ensure(
            table != "ScoreTable" or {"PairId_NS", "PairId_EW"} <= place.keys(),
            "a ScoreTable without its pairs",
        )
        ensure(
            bool((group["elements"].list.len() == len(place)).all()),
            f"a {table} row with too few or too many elements",
        )
        elements = pl.col("elements")
        parts.append(
            group.select(
                "line",
                "game",
                "board",
                "vul",
                *(
                    (elements.list.get(place[name]) if name in place else pl.lit("-")).alias(name)
                    for name in columns
                ),
            )
        )
    return pl.concat(parts).sort("line")


def scored_rows(rows: pl.DataFrame) -> pl.DataFrame:
    """The rows checked as the PBN reader checks them, with their NS scores."""
    pair = pl.col("PairId_NS"), pl.col("PairId_EW")
    ensure(
        not rows.select(pl.any_horizontal(p.is_in(["?", "-", ""]) for p in pair).any()).item(),
        "a row without its pairs",
    )
    for name in ("Round", "Table"):
        each(rows[name], _count)
    section = pl.col("Section")
    ensure(not rows.select((section == "").any()).item(), "an empty section")
    key = ["vul", *_RESULT_COLUMNS]
    results = rows.select(key).unique()
    scores = [_row_score(*result) for result in results.iter_rows()]
    results = results.with_columns(pl.Series("ns_score", scores, dtype=pl.Int64))
    rows = rows.join(results, on=key, how="left", maintain_order="left")
    unknown = section.is_in(_UNKNOWN) | section.str.starts_with("^")
    round_text = pl.col("Round")
    return rows.with_columns(
        pl.when(unknown).then(pl.lit("")).otherwise(section).alias("section"),
        pl.when(round_text.is_in(_UNKNOWN))
        .then(0)
        .otherwise(round_text.cast(pl.Int64, strict=False))  # (each a number: checked above)
        .alias("round"),
    )


def pair_names(scores: pl.DataFrame, totals: pl.DataFrame) -> dict[str, str]:
    """Each pair's names from the first row that gives them, game by game: the ScoreTable's
    rows (NS, then EW), then the TotalScoreTable's (the PBN reader's rule)."""
    sides = [
        rows.select(
            "game",
            pl.lit(order).alias("order"),
            "line",
            pl.col(pair).alias("pair"),
            pl.col(names).alias("names"),
        )
        for order, (rows, pair, names) in enumerate(
            (
                (scores, "PairId_NS", "Names_NS"),
                (scores, "PairId_EW", "Names_EW"),
                (totals, "PairId", "Names"),
            )
        )
    ]
    given = pl.concat(sides).filter(
        ~pl.col("names").is_in(["?", "-", ""]) & ~pl.col("pair").is_in(["?", "-"])
    )
    ordered = given.sort("game", pl.col("order") == 2, "line", "order")
    first = ordered.group_by("pair", maintain_order=True).agg(pl.col("names").first())
    return dict(first.iter_rows())
