"""Double-dummy analysis of deals or hand records, as ``bridgescore.analyse`` does it: each
deal's table (the tricks each seat takes in each strain, by DDS through endplay's binding,
:mod:`bridgescore.fast.double_dummy`) and its par.
"""

from __future__ import annotations

__all__ = ["analyse"]

from collections.abc import Callable, Iterable

from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.deal import Deal


def analyse(
    deals: Iterable[Deal | HandRecord],
    progress: Callable[[int], None] | None = None,
    *,
    again: bool = False,
) -> list[HandRecord]:
    """The hand records of ``deals`` (:class:`Deal`\\ s, numbered as boards 1, 2, ... in the
    order given, or :class:`HandRecord`\\ s) with their double-dummy tables and par. A record
    that has its table already keeps it unless ``again``; only complete deals are analysed;
    ``progress`` is told how many deals each batch finished.

    >>> from bridgescore.core.table.seats import Seat
    >>> from bridgescore.core.table.strain import Strain
    >>> deal = Deal.parse("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    >>> (record,) = analyse([deal])  # a deal alone is board 1, 2, ... in the order given
    >>> record.board, record.table[Seat.NORTH, Strain.NOTRUMP], str(record.par)
    (1, 5, 'NS 80: NS 1S')
    """
    from bridgescore.fast.double_dummy import analyse as analysed

    records = [
        given if isinstance(given, HandRecord) else HandRecord(number, given)
        for number, given in enumerate(deals, start=1)
    ]
    return analysed(records, progress, again=again)
