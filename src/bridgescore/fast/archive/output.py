"""What an archive run writes and where: the output directory's safety (never over anything but
an earlier run's output, never in, onto or around the dataset), the marker file, the rankings
table, and the result read back from it.
"""

from __future__ import annotations

__all__ = ["MARKER", "ArchiveResult", "check_out", "rankings_frame"]

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import polars as pl

from bridgescore.core.errors import ArchiveError
from bridgescore.core.pairs.event import FieldRanking, PairStanding
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.table.seats import Side

MARKER = ".bridgescore-archive"
"""The file that marks a directory as archive output, which a later run may replace."""

_RANKING_SCHEMA = {
    "event": pl.String,
    "section": pl.String,
    "field": pl.String,
    "rank": pl.Int64,
    "tied": pl.Boolean,
    "pair": pl.String,
    "names": pl.String,
    "score": pl.String,
    "score_value": pl.Float64,
    "max": pl.String,
    "percent": pl.String,
    "percent_value": pl.Float64,
    "scaled": pl.String,
    "scaled_value": pl.Float64,
    "boards": pl.Int64,
    "overall": pl.Boolean,
}


@dataclass(frozen=True, slots=True)
class ArchiveResult:
    """What an archive run scored and where it wrote it; ``rankings`` as written to Parquet."""

    out: Path
    events: int
    lines: int
    rankings: pl.DataFrame

    def event_rankings(self, event: str) -> tuple[FieldRanking, ...]:
        """One event's rankings, as :func:`bridgescore.core.pairs.score.score_session` gives them."""
        rows = self.rankings.filter(pl.col("event") == event)
        fields: dict[tuple[str | None, str, bool], list[PairStanding]] = {}
        for row in rows.iter_rows(named=True):
            field, overall = row["field"], bool(row["overall"])
            pair = PairId(row["pair"], None if field == "ALL" else Side(field), row["section"])
            key = (None if overall else row["section"], field, overall)
            fields.setdefault(key, []).append(
                PairStanding(
                    pair,
                    row["names"],
                    Fraction(row["score"]),
                    row["boards"],
                    None if row["max"] is None else Fraction(row["max"]),
                    None if row["percent"] is None else Fraction(row["percent"]),
                    Fraction(row["scaled"]),
                    row["rank"],
                    row["tied"],
                )
            )
        return tuple(
            FieldRanking(section, field, tuple(entries), overall)  # type: ignore[arg-type]
            for (section, field, overall), entries in fields.items()
        )


def rankings_frame(rankings: dict[str, tuple[FieldRanking, ...]]) -> pl.DataFrame:
    """Rankings as rows (exact values as text, floats beside them)."""

    def text(value: Fraction | None) -> str | None:
        return None if value is None else str(value)

    def value(number: Fraction | None) -> float | None:
        return None if number is None else float(number)

    rows = [
        {
            "event": event,
            "section": entry.pair.section,
            "field": ranking.field,
            "rank": entry.rank,
            "tied": entry.tied,
            "pair": entry.pair.label,
            "names": entry.names,
            "score": text(entry.score),
            "score_value": value(entry.score),
            "max": text(entry.max),
            "percent": text(entry.percent),
            "percent_value": value(entry.percent),
            "scaled": text(entry.scaled),
            "scaled_value": value(entry.scaled),
            "boards": entry.boards,
            "overall": ranking.overall,
        }
        for event, event_rankings in rankings.items()
        for ranking in event_rankings
        for entry in ranking.entries
    ]
    return pl.DataFrame(rows, schema=_RANKING_SCHEMA)


def check_out(target: Path, dataset: Path) -> None:
    """Refuse to write where the dataset is, or over anything but an earlier run's output."""
    out, data = target.resolve(), dataset.resolve()
    if out == data:
        clash = "is the dataset"
    elif data in out.parents:
        clash = f"is inside the dataset {dataset}"
    elif out in data.parents:
        clash = f"holds the dataset {dataset}"
    else:
        clash = ""
    if clash:
        raise ArchiveError(f"{target} {clash}: the scored archive goes to a directory apart")
    if target.exists() and not target.is_dir():
        raise ArchiveError(f"{target} is a file, not a directory for the scored archive")
    if target.is_dir() and not (target / MARKER).is_file() and any(target.iterdir()):
        raise ArchiveError(
            f"{target} already holds files and is not the output of an earlier archive run "
            f"(it has no {MARKER}): choose a new or empty directory"
        )
