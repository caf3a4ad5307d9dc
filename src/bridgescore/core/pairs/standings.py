"""A field's ranking held in columns: for a field of a million pairs,
where a :class:`~bridgescore.core.pairs.event.PairStanding` for each pair (or a
:class:`~bridgescore.core.pairs.scored.ScoredLine` for each result) costs more than the scoring.

Pairs with the same totals (sum of points, boards, tops) have the same figures and the same
place, so each group's :class:`Figures` and place are worked out once, and every pair holds
only its label and its group. :class:`RankedRows` is a sequence of
:class:`~bridgescore.core.pairs.event.PairStanding`, made one by one as they are asked for, so
it stands wherever a field's entries do; the printers read its columns directly.

>>> from bridgescore.core.pairs.event import PairStanding
>>> figures = (Figures(Fraction(5), 3, Fraction(6), Fraction(250, 3), Fraction(5)),)
>>> rows = RankedRows("A", Side.NS, ("1", "4"), (0, 0), ((1, True),), figures)
>>> len(rows), rows[1].pair.full, rows[1].rank_text, float(rows[1].percent)
(2, 'A 4 NS', '1=', 83.33333333333333)
>>> rows == tuple(rows), rows[1:] == (rows[1],)
(True, True)
"""

from __future__ import annotations

__all__ = ["Figures", "RankedRows"]

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import overload

from bridgescore.core.pairs.event import PairStanding
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.scoring.ranking import TieNotation
from bridgescore.core.table.seats import Side


@dataclass(frozen=True, slots=True)
class Figures:
    """What the pairs of one group share: their score (missed boards scored in), boards
    played, the sum of their tops, percentage and scaled score, as in
    :class:`~bridgescore.core.pairs.event.PairStanding`."""

    score: Fraction
    boards: int
    max: Fraction | None
    percent: Fraction | None
    scaled: Fraction


@dataclass(frozen=True, eq=False)
class RankedRows(Sequence[PairStanding]):
    """A field's entries, best first, in columns: each pair's ``labels`` and ``groups`` (its
    index in ``placed`` and ``figures``); each group's place and whether it is shared;
    ``names`` when the pairs have any."""

    section: str | None
    side: Side | None
    labels: Sequence[str]
    groups: Sequence[int]
    placed: Sequence[tuple[int, bool]]
    figures: tuple[Figures, ...]
    names: Sequence[str | None] | None = None
    ties: TieNotation = TieNotation.EQUALS

    def __len__(self) -> int:
        return len(self.labels)

    @overload
    def __getitem__(self, index: int) -> PairStanding: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[PairStanding, ...]: ...

    def __getitem__(self, index: int | slice) -> PairStanding | tuple[PairStanding, ...]:
        if isinstance(index, slice):
            return tuple(self._standing(i) for i in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._standing(index)

    def __iter__(self) -> Iterator[PairStanding]:
        return (self._standing(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def _standing(self, index: int) -> PairStanding:
        group = self.groups[index]
        shared, (place, tied) = self.figures[group], self.placed[group]
        return PairStanding(
            PairId(self.labels[index], self.side, self.section),
            None if self.names is None else self.names[index],
            shared.score,
            shared.boards,
            shared.max,
            shared.percent,
            shared.scaled,
            place,
            tied,
            self.ties,
        )

    def rank_texts(self) -> list[str]:
        """Each group's place as the results show it (``3``, ``3=``)."""
        return [self.ties.text(place, tied) for place, tied in self.placed]
