"""Results files in and out, whatever their format: :func:`load` and :func:`dump` choose it from
the file's extension, else (reading) from its content, through :mod:`bridgescore.formats.dispatch`
(as ``bridgescore convert`` does); :func:`loads` reads text already in hand;
:func:`prepare_export` writes a scored event as ``bridgescore export`` does.

What :func:`load` gives is what the format holds: a :class:`Session` (traveller CSV), a
:class:`PbnFile` (PBN, and BBO LIN read as PBN: deals, auctions, play) or a :class:`UsebioEvent`
(the session with the file's ids, players and figures). :func:`dump` writes any of them to any
format that is written, and a scored :class:`PairsEvent` with its figures.

>>> import tempfile
>>> from pathlib import Path
>>> session = load("examples/club-session.csv")
>>> len(session.lines), session.lines[0].result
(312, Result.parse('3CN+1'))
>>> with tempfile.TemporaryDirectory() as folder:
...     dump(session, Path(folder) / "club.pbn")  # one game a board, its results in a table
...     again = load(Path(folder) / "club.pbn")
>>> type(again).__name__, len(again.games)
('PbnFile', 26)
"""

from __future__ import annotations

__all__ = [
    "Export",
    "Loaded",
    "dump",
    "dump_hands",
    "load",
    "load_hands",
    "load_session",
    "loads",
    "prepare_export",
]

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING

from bridgescore.core.errors import FileFormatError
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.table.traveller import Session
from bridgescore.formats.atomic import input_clash
from bridgescore.formats.dispatch import (
    FORMATS,
    FileFormat,
    Loaded,
    as_session,
    input_format,
    output_format,
    sniff,
    write,
)

if TYPE_CHECKING:  # (hand records are read without the results' readers, and the other way)
    from bridgescore.core.hands.record import HandRecord
    from bridgescore.formats.hands import HandRecords


def load(path: str | os.PathLike[str] | IO[str] | IO[bytes], *, lenient: bool = False) -> Loaded:
    """Read a results file of any format bridgescore reads (USEBIO, PBN, BBO LIN, traveller CSV,
    Bridgemate BWS, which gives a :class:`UsebioEvent` with the players' member numbers), given
    by its path or as an open file (text or binary; its format from its name's
    extension, else from its content).

    Strictly (the default) a problem raises :class:`FileFormatError` naming every line at
    fault; with ``lenient`` what cannot be read is skipped and listed in the result's
    ``problems``. LIN problems are always warnings (BBO leaves hands out on purpose), but for a
    name or note unfit to show (a control character).

    >>> with open("examples/board1.csv", encoding="utf-8") as file:
    ...     session = load(file)
    >>> session.source, len(session.lines), session == load("examples/board1.csv")
    ('examples/board1.csv', 6, True)
    """
    if not isinstance(path, str | os.PathLike):
        name = getattr(path, "name", None)
        source = name if isinstance(name, str) else "<file>"
        known = _by_name(source)
        return loads(path.read(), format=known, source=source, lenient=lenient)
    file_format = input_format(path)
    assert file_format.load is not None
    return file_format.load(Path(path), lenient)  # (a format that warns reads loosely itself)


def loads(
    data: str | bytes,
    *,
    format: str | None = None,
    source: str = "<text>",
    lenient: bool = False,
) -> Loaded:
    """Read results from their text (or a file's bytes): ``format`` is ``csv``, ``pbn``,
    ``xml`` (USEBIO, also ``usebio``) or ``lin``, else the format the content shows; ``source``
    names it in messages. As :func:`load` otherwise.

    >>> session = loads("board,ns,ew,contract,declarer,result\\n1,1,2,4S,N,=\\n", format="csv")
    >>> [(line.ns, line.ns_score) for line in session.lines]
    [('1', 420)]
    >>> loads("board,ns,ew,contract,declarer,result\\n1,1,2,8NT,N,=\\n", source="club.csv")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.FileFormatError: club.csv:2: board 1: 8NT is not a contract: a contract's level is 1 to 7
    """
    if format is None:
        text = data if isinstance(data, str) else data.decode("utf-8", errors="replace")
        try:
            file_format = sniff(text)
        except FileFormatError as error:
            raise FileFormatError(source, None, error.message) from None
    else:
        name = {"usebio": "xml"}.get(format.lower(), format.lower())
        if name not in FORMATS or FORMATS[name].loads is None:
            known = ", ".join(f for f, found in FORMATS.items() if found.loads is not None)
            raise FileFormatError(source, None, f"{format!r} is not a format read here ({known})")
        file_format = FORMATS[name]
    assert file_format.loads is not None
    return file_format.loads(data, source, lenient)  # (a format that warns reads loosely itself)


def _by_name(name: str) -> str | None:
    """The format a file's name says by its extension, if any."""
    extension = name.lower().rpartition(".")[2] if "." in name else ""
    return next((n for n, f in FORMATS.items() if extension in f.extensions and f.loads), None)


def load_hands(path: str | os.PathLike[str], *, lenient: bool = False) -> HandRecords:
    """The hand records of a file (PBN, LIN, the dealing machines' DUP, DLM, BRI and DGE, a
    USEBIO file's hand set): each board's deal, and its double-dummy table and par when the
    file has them. Of a PBN file the records hold the file itself (``pbn``, what :func:`load`
    reads) and its results (``session``): one model of the file.

    >>> records = load_hands("examples/club-hands.pbn")
    >>> len(records.records), records.pbn == load("examples/club-hands.pbn")
    (26, True)
    """
    from bridgescore.formats import hands

    return hands.load(path, lenient=lenient)


def dump_hands(records: HandRecords | Sequence[HandRecord], path: str | os.PathLike[str]) -> None:
    """Write hand records in the format ``path``'s extension names (``.pbn``, ``.lin``,
    ``.dup``, ``.dlm``, ``.bri``, ``.dge``), completely or not at all.

    >>> import tempfile
    >>> from pathlib import Path
    >>> records = load_hands("examples/club-hands.pbn")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     dump_hands(records, Path(folder) / "club.dup")
    ...     again = load_hands(Path(folder) / "club.dup")
    >>> [r.deal for r in again.records] == [r.deal for r in records.records]
    True
    """
    from bridgescore.formats import hands

    hands.dump(records, path)


def load_session(
    path: str | os.PathLike[str], *, lenient: bool = False, known: FileFormat | None = None
) -> Session:
    """The pairs session in a results file of any format (the format ``known`` already, or
    found as :func:`load` finds it); a USEBIO teams event is refused, a pairs scoring would get
    it wrong."""
    file_format = input_format(path) if known is None else known
    assert file_format.load is not None
    loaded = file_format.load(Path(path), lenient)  # (a format that warns reads loosely itself)
    return as_session(loaded, lenient=lenient or file_format.warns, pairs_only=True)


def dump(data: Loaded | PairsEvent, path: str | os.PathLike[str], *, lenient: bool = False) -> None:
    """Write ``data`` to ``path`` in the format its extension names (``.xml`` USEBIO, ``.pbn``,
    ``.csv``), completely or not at all.

    A scored :class:`PairsEvent` is written with its figures, as ``bridgescore export`` writes
    it. Strictly (the default) what a format cannot hold raises :class:`FileFormatError` (a PBN
    game with no result, written as traveller lines); with ``lenient`` it is left out.

    >>> import tempfile
    >>> from pathlib import Path
    >>> session = load("examples/board1.csv")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     dump(session, Path(folder) / "board1.pbn")  # the board's game, its lines in a table
    ...     again = load(Path(folder) / "board1.pbn")
    >>> type(again).__name__, len(again.games), len(again.games[0].tables[0].rows)
    ('PbnFile', 1, 6)
    """
    if isinstance(data, PairsEvent):
        kind = output_format(path).name
        (export,) = prepare_export(
            data,
            usebio=path if kind == "xml" else None,
            pbn=path if kind == "pbn" else None,
            csv=path if kind == "csv" else None,
        )
        export.write()
        return
    write(data, path, lenient=lenient)


@dataclass(frozen=True, slots=True)
class Export:
    """One file of an export, built and checked: :meth:`write` writes it."""

    path: str
    write: Callable[[], None]


def prepare_export(
    event: PairsEvent,
    *,
    usebio: str | os.PathLike[str] | None = None,
    pbn: str | os.PathLike[str] | None = None,
    csv: str | os.PathLike[str] | None = None,
    source: str | os.PathLike[str] | None = None,
    lenient: bool = False,
    inputs: Iterable[str | os.PathLike[str] | None] = (),
) -> tuple[Export, ...]:
    """Every file asked for, built and checked before any is written: all of them or none.

    ``pbn`` gets the games with ScoreTables and a TotalScoreTable, ``usebio`` USEBIO 1.2 with
    our figures (keeping the club and event ids, players and their numbers of the ``source``
    file when it is USEBIO, read leniently with ``lenient``, or the players' national numbers
    of a session file or of a Bridgemate file's tables), ``csv`` the travellers. The exports come in that order (PBN, USEBIO,
    CSV). Refused here: a folder that does not exist, two exports to one file, and an export
    over an input (``source``, the event's own file, or any of ``inputs``, such as the names
    file).
    """
    from bridgescore.formats import pbn as pbn_format
    from bridgescore.formats import usebio as usebio_format
    from bridgescore.formats.csv import travellers
    from bridgescore.formats.scored import pbn_file, usebio_event
    from bridgescore.formats.usebio import UsebioEvent

    exports: list[Export] = []
    if pbn:
        scored_pbn = pbn_file(event)
        pbn_format.dumps(scored_pbn)
        exports.append(Export(str(pbn), partial(pbn_format.dump, scored_pbn, pbn)))
    if usebio:
        original = None
        if source is not None and os.fspath(source).lower().endswith(".toml"):
            from bridgescore.formats import session as session_file

            listed = session_file.participants(session_file.load(source))
            original = UsebioEvent(Session(()), participants=listed)  # the players' numbers
        elif source is not None and input_format(source).name == "xml":  # keep the file's ids
            original = usebio_format.load(source, lenient=lenient)
        elif source is not None and input_format(source).name == "bws":  # the member numbers
            from bridgescore.formats import bws

            original = bws.load_event(source, lenient=lenient)
        scored_usebio = usebio_event(event, original)
        usebio_format.dumps(scored_usebio)
        exports.append(Export(str(usebio), partial(usebio_format.dump, scored_usebio, usebio)))
    if csv:
        travellers.dumps(event.session)
        exports.append(Export(str(csv), partial(travellers.dump, event.session, csv)))
    read = [source, event.session.source, *inputs]
    for index, export in enumerate(exports):
        folder = Path(export.path).resolve().parent
        if not folder.is_dir():
            raise FileFormatError(
                export.path, None, f"cannot write: the directory {folder} does not exist"
            )
        clash = input_clash(export.path, [s for s in read if s and not str(s).startswith("<")])
        if clash is not None:
            raise FileFormatError(export.path, None, f"cannot write: {clash}")
        if any(Path(export.path).resolve() == Path(e.path).resolve() for e in exports[:index]):
            raise FileFormatError(export.path, None, "cannot write: two exports go to this file")
    return tuple(exports)
