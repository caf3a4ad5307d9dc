"""A session's traveller lines in columns: what the pairs engine scores.

Every reader's lines come to the engine this way: a file's own reader gives a
:class:`~bridgescore.core.table.traveller.Session` (:meth:`Lines.of` takes its lines apart), a
columnar reader (:mod:`bridgescore.fast`) gives the columns themselves and makes each
:class:`TravellerLine` only when it is asked for. Either way the engine reads the same columns,
so a figure cannot depend on the reader.

>>> from bridgescore.core.table.adjusted import ArtificialScore
>>> lines = Lines.of([TravellerLine(1, "1", "2", ns_score=420),
...                   TravellerLine(1, "3", "4", adjusted=ArtificialScore.parse("A60/40"))])
>>> len(lines), lines.ns, lines.compared
(2, ('1', '3'), (420, None))
"""

from __future__ import annotations

__all__ = ["Compared", "Lines", "compared_as"]

from collections.abc import Sequence
from dataclasses import dataclass

from bridgescore.core.scoring.matchpoints import Distribution
from bridgescore.core.table.adjusted import WeightedScore
from bridgescore.core.table.traveller import TravellerLine

Compared = int | Distribution | None
"""What a line is compared as: an NS score, a weighted score's distribution, or nothing (an
artificial adjusted score, given its value apart)."""


def compared_as(line: TravellerLine) -> Compared:
    """What ``line`` is compared as (:data:`Compared`).

    >>> compared_as(TravellerLine(1, "1", "2", ns_score=-50))
    -50
    """
    if isinstance(line.adjusted, WeightedScore):
        return tuple((c.weight, c.ns_score) for c in line.adjusted.components)
    if line.adjusted is not None:
        return None
    assert line.ns_score is not None
    return line.ns_score


@dataclass(frozen=True, slots=True, eq=False)
class Lines:
    """The lines of a session, column by column, in the order of the file.

    ``compared`` is what each line is compared as (:func:`compared_as`), ``number`` where it
    stands in its file, ``lines`` each line itself (made when asked for, by a columnar reader).
    Two are equal when their columns hold the same values, whatever sequences they are.
    """

    board: Sequence[int]
    section: Sequence[str | None]
    round: Sequence[int | None]
    ns: Sequence[str]
    ew: Sequence[str]
    compared: Sequence[Compared]
    number: Sequence[int | None]
    lines: Sequence[TravellerLine]

    def __len__(self) -> int:
        return len(self.board)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Lines):
            return NotImplemented
        return all(
            tuple(getattr(self, name)) == tuple(getattr(other, name)) for name in self.__slots__
        )

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def of(cls, lines: Sequence[TravellerLine]) -> Lines:
        """The columns of lines already read."""
        return cls(
            tuple(line.board for line in lines),
            tuple(line.section for line in lines),
            tuple(line.round for line in lines),
            tuple(line.ns for line in lines),
            tuple(line.ew for line in lines),
            tuple(map(compared_as, lines)),
            tuple(line.line for line in lines),
            lines,
        )
