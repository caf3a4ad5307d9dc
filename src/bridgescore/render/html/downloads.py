"""The files of a scored event that the results page offers for download.

Each :class:`Download` turns a scored event into the bytes of one file: the traveller CSV (which
``bridgescore score`` reads back), USEBIO 1.2 with bridgescore's own figures (points per line,
datums, totals, percentages and places) and PBN 2.1 with the hands, ScoreTables and a
TotalScoreTable, offered only when the event has a hand record (a PBN file of ``[Deal "?"]``
would promise what it does not hold). A teams event offers its travellers as CSV and, with a
hand record, as PBN with the hands (:data:`TEAMS_DOWNLOADS`).
"""

from __future__ import annotations

__all__ = ["DOWNLOADS", "TEAMS_DOWNLOADS", "Download", "offered"]

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.table.traveller import Session

T = TypeVar("T", PairsEvent, Session)


@dataclass(frozen=True, slots=True)
class Download(Generic[T]):
    """A file of the event offered on the results page: ``write`` gives its bytes from the
    scored event (a pairs event) or the session (a teams event's travellers)."""

    name: str
    label: str
    suffix: str
    write: Callable[[T], bytes]
    hands: bool = False
    """Offered only when the event has a hand record."""


def offered(downloads: Iterable[Download[T]], session: Session) -> list[Download[T]]:
    """The downloads there is something to put in: those that need hands only with a hand
    record."""
    return [d for d in downloads if session.deals or not d.hands]


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


def _session_csv(session: Session) -> bytes:
    from bridgescore.formats.csv import travellers

    return travellers.dumps(session).encode("utf-8")


def _session_pbn(session: Session) -> bytes:
    """The travellers and the hands as PBN 2.1, in ISO-8859-1 as PBN is."""
    from bridgescore.formats import pbn
    from bridgescore.formats.dispatch import as_pbn

    return pbn.dumps(as_pbn(session)).encode("iso-8859-1", errors="replace")


DOWNLOADS: dict[str, Download[PairsEvent]] = {
    "csv": Download("csv", "Travellers (CSV)", ".csv", _traveller_csv),
    "usebio": Download("usebio", "Results (USEBIO 1.2 XML)", ".xml", _usebio),
    "pbn": Download("pbn", "Results with hands (PBN 2.1)", ".pbn", _pbn, hands=True),
}
"""The download formats of a pairs event there are writers for, by name."""

TEAMS_DOWNLOADS: dict[str, Download[Session]] = {
    "csv": Download("csv", "Travellers (CSV)", ".csv", _session_csv),
    "pbn": Download("pbn", "Travellers with hands (PBN 2.1)", ".pbn", _session_pbn, hands=True),
}
"""The downloads of a teams event: its travellers, and the hands when it has a hand record."""
