"""A huge event's travellers in columns, for ``bridgescore score --travellers``: each board's
lines best NS score first, as :class:`~bridgescore.core.pairs.traveller_rows.TravellerRows`.

The distinct results as written (a few thousand even in a million lines) are each read once
by the small reader, which gives the line a traveller shows for all the lines with that
result; each line keeps only its pairs, its points and the index of its result.
"""

from __future__ import annotations

__all__ = ["traveller_rows"]

from fractions import Fraction

import polars as pl

from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.traveller_rows import TravellerRows
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.fast.travellers import RESULT, ExactEngineNeeded
from bridgescore.formats.csv.traveller_line import read_line


def traveller_rows(scored: pl.DataFrame, rules: PairsRules) -> tuple[TravellerRows, ...]:
    """Every board's traveller from the scored lines of
    :func:`~bridgescore.fast.columnar.score_frame` (read with their results), in board then
    section order. Butler's travellers show the datum, which this path does not keep: they
    are left to the exact engine (:class:`ExactEngineNeeded`)."""
    if rules.method is PairsMethod.BUTLER:
        raise ExactEngineNeeded("Butler travellers show the datum")
    key = list(RESULT)
    written = scored.select(key).unique(maintain_order=True).with_row_index("group")
    results = tuple(_standing_for(*row) for row in written.select(key).iter_rows())
    lines = scored.join(written, on=key, how="left", nulls_equal=True, maintain_order="left")
    # a board's points share one denominator (its Neuberg factor or comparisons), so the
    # numerators order its lines
    lines = lines.with_columns(pl.col("section").fill_null("")).sort(
        ["board", "section", "ns_points", "line"],
        descending=[False, False, True, False],
    )
    made: dict[tuple[int, int], Fraction] = {}

    def fractions(numerators: list[int], denominators: list[int]) -> list[Fraction]:
        found = []
        for pair in zip(numerators, denominators, strict=True):
            value = made.get(pair)
            if value is None:
                value = made[pair] = Fraction(*pair)
            found.append(value)
        return found

    mp = rules.method is PairsMethod.MP
    boards = []
    for (board, section), rows in lines.group_by(["board", "section"], maintain_order=True):
        over = rows["denominator"].to_list()
        boards.append(
            TravellerRows(
                int(str(board)),
                str(section) or None,
                Fraction(int(rows["top"][0])) if mp else None,
                rows["ns_pair"].to_list(),
                rows["ew_pair"].to_list(),
                rows["group"].to_list(),
                fractions(rows["ns_points"].to_list(), over),
                fractions(rows["ew_points"].to_list(), over),
                results,
            )
        )
    return tuple(boards)


def _standing_for(vul: int, contract: str, declarer: str, result: str, score: str) -> TravellerLine:
    """The line the small reader reads for a result as written, on a board of its
    vulnerability (the file's lines with it were read so when they were checked)."""
    fields = {"board": str(vul + 1), "ns": "1", "ew": "2", "contract": contract}
    fields |= {"declarer": declarer, "result": result, "score": score}
    return read_line(fields, 0)
