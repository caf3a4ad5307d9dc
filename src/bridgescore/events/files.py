"""Results files in and out, whatever their format: :func:`load` and :func:`dump` choose it from
the file's extension, else (reading) from its content, through :mod:`bridgescore.formats.dispatch`
(as ``bridgescore convert`` does); :func:`prepare_export` writes a scored event as
``bridgescore export`` does.

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

__all__ = ["Export", "Loaded", "dump", "load", "load_session", "prepare_export"]

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from bridgescore.core.errors import FileFormatError
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.table.traveller import Session
from bridgescore.formats.atomic import input_clash
from bridgescore.formats.dispatch import (
    FileFormat,
    Loaded,
    as_session,
    input_format,
    output_format,
    write,
)


def load(path: str | os.PathLike[str], *, lenient: bool = False) -> Loaded:
    """Read a results file of any format bridgescore reads (USEBIO, PBN, BBO LIN, traveller CSV,
    Bridgemate BWS, which gives a :class:`UsebioEvent` with the players' member numbers).

    Strictly (the default) a problem raises :class:`FileFormatError` naming every line at
    fault; with ``lenient`` what cannot be read is skipped and listed in the result's
    ``problems``. LIN problems are always warnings (BBO leaves hands out on purpose), but
    for a name or note unfit to show (a control character).
    """
    file_format = input_format(path)
    assert file_format.load is not None
    return file_format.load(Path(path), lenient)  # (a format that warns reads loosely itself)


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
