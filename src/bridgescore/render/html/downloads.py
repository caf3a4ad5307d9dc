"""The files of a scored event that the results page offers for download.

Each :class:`Download` turns a scored event into the bytes of one file: the traveller CSV (which
``bridgescore score`` reads back), USEBIO 1.2 with bridgescore's own figures (points per line,
datums, totals, percentages and places) and PBN 2.1 with ScoreTables and a TotalScoreTable. A format is listed only when its writer exists.
"""

from __future__ import annotations

__all__ = ["DOWNLOADS", "Download"]

from collections.abc import Callable
from dataclasses import dataclass

from bridgescore.core.pairs.event import PairsEvent


@dataclass(frozen=True, slots=True)
class Download:
    """A file of the event offered on the results page."""

    name: str
    label: str
    suffix: str
    write: Callable[[PairsEvent], bytes]


def _traveller_csv(event: PairsEvent) -> bytes:
    from bridgescore.formats.csv import travellers

    return travellers.dumps(event.session).encode("utf-8")


def _usebio(event: PairsEvent) -> bytes:
    """USEBIO 1.2 with the event's figures, in the ISO-8859-1 the format is written in."""
    from bridgescore.formats import usebio
    from bridgescore.formats.scored import usebio_event

    return usebio.dumps(usebio_event(event)).encode("iso-8859-1")


def _pbn(event: PairsEvent) -> bytes:
    """PBN 2.1 with a ScoreTable per board and the TotalScoreTable, in ISO-8859-1 as PBN is."""
    from bridgescore.formats import pbn
    from bridgescore.formats.scored import pbn_file

    return pbn.dumps(pbn_file(event)).encode("iso-8859-1", errors="replace")


DOWNLOADS: dict[str, Download] = {
    "csv": Download("csv", "Travellers (CSV)", ".csv", _traveller_csv),
    "usebio": Download("usebio", "Results (USEBIO 1.2 XML)", ".xml", _usebio),
    "pbn": Download("pbn", "Results with hands (PBN 2.1)", ".pbn", _pbn),
}
"""The download formats there are writers for, by name."""
