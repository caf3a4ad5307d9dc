"""USEBIO 1.2, the EBU's results interchange XML: read and written like ``json``.

:func:`load` / :func:`loads` read a file into a :class:`UsebioEvent`: its ``session`` (traveller
lines, names, event details, hands) is what every scoring method takes; the figures the file
carries (matchpoints or Butler IMPs per line, datums, totals, percentages, places) are kept apart
in ``event.figures``. :func:`dump` / :func:`dumps` write an event (or any :class:`Session`) back;
writing then reading gives the same event. Pair ids are kept as the file writes them; see
:mod:`bridgescore.formats.usebio.model` for how ``3NS`` / ``3EW`` map to pairs, and for the
participants, players and teams matches.

The modules behind it: ``model`` (pair ids, participants, matches, figures), ``event``
(:class:`UsebioEvent`, and building one from any session), ``conventions`` (dates, scoring
method, movement, the order of the ``BOARD`` elements), ``safexml`` (parsing safely),
``elements`` and ``travellers`` (reading each element), ``reader`` (the whole file) and
``writer``.

>>> text = '''<?xml version="1.0"?>
... <USEBIO Version="1.2">
...   <EVENT EVENT_TYPE="MP_PAIRS">
...     <BOARD><BOARD_NUMBER>7</BOARD_NUMBER>
...       <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>5</EW_PAIR_NUMBER>
...         <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>7H</LEAD><TRICKS>10</TRICKS>
...         <SCORE>620</SCORE><NS_MATCH_POINTS>8.6</NS_MATCH_POINTS><EW_MATCH_POINTS>1.4</EW_MATCH_POINTS>
...       </TRAVELLER_LINE>
...       <TRAVELLER_LINE><NS_PAIR_NUMBER>4</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER>
...         <SCORE>A6040</SCORE></TRAVELLER_LINE>
...     </BOARD>
...   </EVENT>
... </USEBIO>'''
>>> event = loads(text, source="club.xml")
>>> [(l.ns, str(l.result or l.adjusted), l.ns_score, l.lead) for l in event.session.lines]
[('3', '4SN=', 620, 'H7'), ('4', 'A60/40', None, None)]
>>> event.figures.points, event.line_figures(0)
('MATCH_POINTS', LineFigures(ns=Decimal('8.6'), ew=Decimal('1.4')))
>>> loads(text.replace(">10<", ">14<"), source="club.xml")
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: club.xml:6: TRAVELLER_LINE: TRICKS '14' is not 0 to 13
>>> loads(dumps(event)).without_locations() == event.without_locations()
True
"""

from __future__ import annotations

__all__ = [
    "Figures",
    "LineFigures",
    "PairFigures",
    "PairRef",
    "UsebioEvent",
    "dump",
    "dumps",
    "load",
    "loads",
    "pair_ref",
    "sniff",
]

import os
import re

from bridgescore.core.table.traveller import Session
from bridgescore.formats.atomic import write_bytes_atomic
from bridgescore.formats.bounds import read_bytes
from bridgescore.formats.usebio.event import UsebioEvent
from bridgescore.formats.usebio.model import (
    Figures,
    LineFigures,
    PairFigures,
    PairRef,
    pair_ref,
)

_SNIFF = re.compile(r"<(!DOCTYPE\s+)?USEBIO[\s/>]")


def loads(data: bytes | str, *, source: str = "<usebio>", lenient: bool = False) -> UsebioEvent:
    """Read a USEBIO document (bytes as stored, or text).

    Every problem is reported with the file and line. Strictly (the default), any problem raises
    :class:`FileFormatError` listing them all; with ``lenient`` the unreadable parts are skipped
    and the problems kept in ``event.session.problems``. A file that is not XML, is not USEBIO
    or declares XML entities is refused either way.
    """
    from bridgescore.formats.usebio.reader import read

    return read(data, source, lenient)


def load(path: str | os.PathLike[str], *, lenient: bool = False) -> UsebioEvent:
    """Read a USEBIO file (see :func:`loads`)."""
    return loads(read_bytes(path), source=str(path), lenient=lenient)


def dumps(event: UsebioEvent | Session) -> str:
    """The event as a USEBIO 1.2 document; a plain session goes through
    :meth:`UsebioEvent.from_session` first."""
    from bridgescore.formats.usebio.writer import write

    if isinstance(event, Session):
        event = UsebioEvent.from_session(event)
    return write(event)


def dump(event: UsebioEvent | Session, path: str | os.PathLike[str]) -> None:
    """Write the event as a USEBIO file (ISO-8859-1), completely or not at all."""
    write_bytes_atomic(path, dumps(event).encode("iso-8859-1"))


def sniff(data: bytes) -> bool:
    """Whether the bytes look like a USEBIO document (its root or DOCTYPE names ``USEBIO``).

    >>> sniff(b'<?xml version="1.0"?>\\n<!DOCTYPE USEBIO SYSTEM "x.dtd">\\n<USEBIO Version="1.2">')
    True
    >>> sniff(b"<html><body>USEBIO</body></html>"), sniff(b"board,ns,ew")
    (False, False)
    """
    head = data[:4096]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = head.decode("utf-16", errors="ignore")
    else:
        text = head.decode("latin-1")
    return _SNIFF.search(text) is not None
