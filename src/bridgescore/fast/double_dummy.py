"""Double-dummy analysis with endplay, the Python binding of Bo Haglund and Soren Hein's DDS.

endplay is a dependency of bridgescore wherever it has a wheel (CPython 3.11 to 3.13); it is
imported only when deals are analysed, and :func:`available` says whether it can be. Deals go
to DDS in batches of :data:`BATCH` (one ``CalcAllTables`` call holds 40 tables at most), which
shares them over the machine's cores. The par of each deal is then worked out from its table by
:func:`bridgescore.core.table.par.par`, our own, which agrees with DDS's ``DealerPar``.
(``bridgescore.analyse`` is :func:`analyse`; the package's docstring shows it at work.)
"""

from __future__ import annotations

__all__ = ["BATCH", "analyse", "available", "solve"]

import importlib.util
from collections.abc import Callable, Sequence
from typing import Any

from bridgescore.core.errors import AnalysisError
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.ddtable import DDTable
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.seats import Seat
from bridgescore.core.table.strain import Strain

BATCH = 32
"""Deals sent to DDS in one call."""

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_DENOMS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
"""endplay's ``Denom`` order (its values 0 to 4); its ``Player`` order is N, E, S, W."""


def available() -> bool:
    """Whether endplay can be imported here."""
    return importlib.util.find_spec("endplay") is not None


def _endplay() -> Any:
    try:
        from endplay import dds, types
    except ImportError:
        raise AnalysisError(
            "double-dummy analysis needs endplay: pip install endplay (wheels for CPython "
            "3.11 to 3.13)"
        ) from None
    return dds, types


def solve(deals: Sequence[Deal], progress: Callable[[int], None] | None = None) -> list[DDTable]:
    """The double-dummy table of each deal, in order; ``progress`` is told how many deals each
    batch finished. A deal with a hand missing is an :class:`AnalysisError`."""
    for deal in deals:
        if not deal.is_complete:
            raise AnalysisError(f"{deal.to_pbn()}: a deal with a hand missing cannot be analysed")
    dds, types = _endplay()
    tables: list[DDTable] = []
    for start in range(0, len(deals), BATCH):
        batch = [types.Deal(deal.to_pbn()) for deal in deals[start : start + BATCH]]
        for result in dds.calc_all_tables(batch):
            rows = result.to_list()  # rows by Denom, columns by Player
            tables.append(
                DDTable.of(
                    {
                        (seat, strain): rows[denom][player]
                        for denom, strain in enumerate(_DENOMS)
                        for player, seat in enumerate(_SEATS)
                    }
                )
            )
        if progress is not None:
            progress(len(batch))
    return tables


def analyse(
    records: Sequence[HandRecord],
    progress: Callable[[int], None] | None = None,
    *,
    again: bool = False,
) -> list[HandRecord]:
    """The records with their double-dummy tables and par. Records that have a table already
    keep it (the file is the cache) unless ``again``; only complete deals are analysed."""
    todo = [i for i, r in enumerate(records) if r.deal.is_complete and (again or not r.analysed)]
    tables = solve([records[i].deal for i in todo], progress)
    done = list(records)
    for index, table in zip(todo, tables, strict=True):
        done[index] = records[index].with_table(table)
    return done
