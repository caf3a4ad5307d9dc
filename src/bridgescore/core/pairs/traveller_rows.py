"""A huge board's traveller held in columns (the polars path's, with ``--travellers``): a
:class:`~bridgescore.core.pairs.scored.ScoredLine` for each of a million results would cost
more than the scoring. Each distinct result stands once for all the lines that have it.
"""

from __future__ import annotations

__all__ = ["TravellerRows"]

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.table.traveller import TravellerLine


@dataclass(frozen=True)
class TravellerRows:
    """A huge board's traveller in columns, best NS score first (lines with equal points in
    the order of the file): each line's pairs' labels, its points and its group, the index
    in ``results`` of a line that stands for all with its result (contract, declarer,
    result and NS score are what a traveller shows of it). ``top`` is the matchpoint top.

    >>> line = TravellerLine(1, "1", "2", ns_score=420)
    >>> rows = TravellerRows(1, None, Fraction(2), ("3", "1"), ("4", "2"), (0, 0),
    ...                      (Fraction(1), Fraction(1)), (Fraction(1), Fraction(1)), (line,))
    >>> len(rows), rows.results[rows.groups[1]].ns_score
    (2, 420)
    """

    board: int
    section: str | None
    top: Fraction | None
    ns: Sequence[str]
    ew: Sequence[str]
    groups: Sequence[int]
    ns_points: Sequence[Fraction]
    ew_points: Sequence[Fraction]
    results: tuple[TravellerLine, ...]

    def __len__(self) -> int:
        return len(self.ns)
