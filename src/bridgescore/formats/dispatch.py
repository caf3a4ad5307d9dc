"""Which reader and writer a file needs: a small table of formats, keyed by name.

A format has its file extensions, a sniffer that recognises its content, and a loader and a
dumper (either may be missing). Loaders give a :class:`Session` (traveller files), a
:class:`PbnFile` (files with deals, auctions and play) or a :class:`UsebioEvent` (USEBIO: the
session with the file's ids, players' national numbers and figures, which a USEBIO dumper writes
back whole); :func:`as_session` and :func:`as_pbn` turn one into the other, so any loader feeds
any dumper. What only USEBIO holds (club and event ids, ``TITLE``, national numbers, the
figures) is lost on the way to CSV or PBN. To add a format, register it::

    register(FileFormat("xml", "USEBIO", ("xml",), sniff_usebio, load_usebio, dump_usebio,
                        kind="session"))

The input format comes from the extension, else from the content (a BBO LIN file saved as
``.txt``); the output format from the extension.

>>> sniff("[Event \\"Club\\"]\\n[Board \\"1\\"]\\n").name, sniff("qx|o1|md|3S2,,,|").name
('pbn', 'lin')
>>> sniff("board,ns,ew,contract\\n").name
'csv'

A Bridgemate BWS file (a Microsoft Access database) is read by its extension, or by its first
bytes under another name; nothing writes one.
"""

from __future__ import annotations

__all__ = [
    "FORMATS",
    "Conversion",
    "FileFormat",
    "Loaded",
    "Written",
    "as_pbn",
    "as_session",
    "convert",
    "input_format",
    "output_format",
    "register",
    "sniff",
    "write",
]

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias, cast

from bridgescore.core.errors import FileFormatError, Problem
from bridgescore.core.table.traveller import Session
from bridgescore.formats.atomic import input_clash
from bridgescore.formats.text import decode, read_text

if TYPE_CHECKING:  # (a traveller CSV is read without importing the PBN and USEBIO readers)
    from bridgescore.formats.pbn.model import PbnFile
    from bridgescore.formats.usebio.event import UsebioEvent

Loaded: TypeAlias = "Session | PbnFile | UsebioEvent"
"""What a loader gives: traveller lines, PBN games, or a USEBIO event."""


def _usebio(data: Loaded) -> UsebioEvent | None:
    """``data`` if it is a USEBIO event (there is none unless the USEBIO reader was imported)."""
    module = sys.modules.get("bridgescore.formats.usebio.event")
    if module is not None and isinstance(data, module.UsebioEvent):
        return cast("UsebioEvent", data)
    return None


@dataclass(frozen=True, slots=True)
class FileFormat:
    """A file format: its name, title, extensions, content sniffer, loader and dumper.

    ``load(path, lenient)`` reads a file, ``loads(data, source, lenient)`` its text (or its
    bytes) read already; ``dump(data, path)`` writes one, from a :class:`Session` when ``kind``
    is ``"session"``, from a :class:`PbnFile` when it is ``"pbn"``. ``warns`` says the
    format's problems are warnings even when reading strictly (LIN: BBO leaves hands out on
    purpose): its loader, given ``lenient`` as asked, reads the rest loosely itself and refuses
    strictly only a text unfit to show (a control character). A ``binary`` format (BWS, a
    database) is known by its first bytes, never sniffed as text.
    """

    name: str
    title: str
    extensions: tuple[str, ...]
    sniff: Callable[[str], bool]
    load: Callable[[Path, bool], Loaded] | None = None
    dump: Callable[[Loaded, Path], None] | None = None
    kind: str = "pbn"
    warns: bool = False
    loads: Callable[[str | bytes, str, bool], Loaded] | None = None
    binary: bool = False


FORMATS: dict[str, FileFormat] = {}
"""The formats by name, in the order their sniffers are tried."""


def register(file_format: FileFormat) -> None:
    FORMATS[file_format.name] = file_format


def as_session(data: Loaded, *, lenient: bool = False, pairs_only: bool = False) -> Session:
    """The traveller lines of what a loader read (PBN games become lines as
    :func:`bridgescore.formats.pbn.pbn_to_session` says).

    ``pairs_only`` refuses a USEBIO teams event, which a pairs scoring would get wrong.
    """
    if isinstance(data, Session):
        return data
    usebio = _usebio(data)
    if usebio is not None:
        if pairs_only and usebio.is_teams:
            raise FileFormatError(
                usebio.session.source or "<usebio>",
                None,
                f"this is a teams event ({usebio.event_type}): use bridgescore teams",
            )
        return usebio.session
    from bridgescore.formats.pbn.model import PbnFile
    from bridgescore.formats.pbn.session import pbn_to_session

    assert isinstance(data, PbnFile)
    return pbn_to_session(data, lenient=lenient)


def as_pbn(data: Loaded) -> PbnFile:
    """What a loader read as PBN games (a session gives one game per board)."""
    from bridgescore.formats.pbn.model import PbnFile
    from bridgescore.formats.pbn.session import session_to_pbn

    if isinstance(data, PbnFile):
        return data

    return session_to_pbn(as_session(data))


# --- the formats bridgescore knows --------------------------------------------------------------

_PBN_TAG = re.compile(r'^\s*\[[A-Z][A-Za-z0-9_]*\s+"', re.MULTILINE)
_LIN_TAG = re.compile(r"(?i)(?:^|[|\s])(md|pn|qx|mb|pc|sv|ah|rh|pg|nt|st)\|")


def _sniff_pbn(text: str) -> bool:
    return text.lstrip("\ufeff").startswith("% PBN") or _PBN_TAG.search(text) is not None


def _sniff_lin(text: str) -> bool:
    return len(_LIN_TAG.findall(text, 0, 1_000_000)) >= 2


def _sniff_csv(text: str) -> bool:
    first = next((line for line in text.lstrip("\ufeff").splitlines() if line.strip()), "")
    cells = [cell.strip().strip('"').lower() for cell in first.split(",")]
    return len(cells) >= 3 and "board" in cells


def _text(data: str | bytes, source: str) -> str:
    """Text read already, or a file's bytes decoded as the readers decode them."""
    return data if isinstance(data, str) else decode(data, source)


def _loads_csv(data: str | bytes, source: str, lenient: bool) -> Loaded:
    from bridgescore.formats.csv import travellers

    return travellers.loads(_text(data, source), source=source, lenient=lenient)


def _loads_pbn(data: str | bytes, source: str, lenient: bool) -> Loaded:
    from bridgescore.formats import pbn

    return pbn.loads(_text(data, source), source=source, lenient=lenient)


def _loads_lin(data: str | bytes, source: str, lenient: bool) -> Loaded:
    from bridgescore.formats import lin
    from bridgescore.formats.lin.to_pbn import lin_to_pbn

    return lin_to_pbn(lin.loads(_text(data, source), source=source, masking=lenient))


def _loads_usebio(data: str | bytes, source: str, lenient: bool) -> Loaded:
    from bridgescore.formats import usebio

    return usebio.loads(data, source=source, lenient=lenient)


def _load_csv(path: Path, lenient: bool) -> Loaded:
    from bridgescore.formats.csv import travellers

    return travellers.load(path, lenient=lenient)


def _dump_csv(data: Loaded, path: Path) -> None:
    from bridgescore.formats.csv import travellers

    travellers.dump(as_session(data, lenient=True), path)


def _load_pbn(path: Path, lenient: bool) -> Loaded:
    from bridgescore.formats import pbn

    return pbn.load(path, lenient=lenient)


def _dump_pbn(data: Loaded, path: Path) -> None:
    from bridgescore.formats import pbn

    pbn.dump(as_pbn(data), path)


def _load_lin(path: Path, lenient: bool) -> Loaded:
    from bridgescore.formats import lin
    from bridgescore.formats.lin.to_pbn import lin_to_pbn

    return lin_to_pbn(lin.load(path, masking=lenient))  # (what else is wrong: warnings)


def _sniff_bws(text: str) -> bool:
    return text[4:19] in ("Standard Jet DB", "Standard ACE DB")  # an Access database, read raw


def _load_bws(path: Path, lenient: bool) -> Loaded:
    from bridgescore.formats import bws

    return bws.load_event(path, lenient=lenient)


def _sniff_usebio(text: str) -> bool:
    from bridgescore.formats import usebio

    return usebio.sniff(text[:4096].encode("utf-8", errors="replace"))


def _load_usebio(path: Path, lenient: bool) -> Loaded:
    from bridgescore.formats import usebio

    return usebio.load(path, lenient=lenient)


def _dump_usebio(data: Loaded, path: Path) -> None:
    from bridgescore.formats import usebio

    usebio.dump(_usebio(data) or as_session(data, lenient=True), path)


register(
    FileFormat(
        "xml",
        "USEBIO",
        ("xml",),
        _sniff_usebio,
        _load_usebio,
        _dump_usebio,
        "session",
        loads=_loads_usebio,
    )
)
register(FileFormat("pbn", "PBN", ("pbn",), _sniff_pbn, _load_pbn, _dump_pbn, loads=_loads_pbn))
register(
    FileFormat("lin", "BBO LIN", ("lin",), _sniff_lin, _load_lin, warns=True, loads=_loads_lin)
)
register(
    FileFormat(
        "csv",
        "traveller CSV",
        ("csv",),
        _sniff_csv,
        _load_csv,
        _dump_csv,
        "session",
        loads=_loads_csv,
    )
)

register(
    FileFormat(
        "bws", "Bridgemate BWS", ("bws",), _sniff_bws, _load_bws, kind="session", binary=True
    )
)


# --- choosing and converting --------------------------------------------------------------------


def _by_extension(path: Path) -> FileFormat | None:
    extension = path.suffix.lower().lstrip(".")
    return next((f for f in FORMATS.values() if extension in f.extensions), None)


def sniff(text: str) -> FileFormat:
    """The format whose sniffer recognises ``text`` first."""
    texts = [f for f in FORMATS.values() if f.load is not None and not f.binary]
    for file_format in texts:
        if file_format.sniff(text):
            return file_format
    known = ", ".join(f.title for f in texts)
    raise FileFormatError("<text>", None, f"not a file bridgescore reads ({known})")


def input_format(path: str | os.PathLike[str]) -> FileFormat:
    """The format to read ``path`` with: by its extension, else by its content."""
    found = _by_extension(Path(path))
    if found is not None and found.load is not None:
        return found
    try:
        with open(path, "rb") as file:  # a database (BWS) is not text: its first bytes say so
            head = file.read(32).decode("latin-1")
    except OSError:
        head = ""
    if FORMATS["bws"].sniff(head):
        return FORMATS["bws"]
    try:
        return sniff(read_text(path))
    except FileFormatError as error:
        if error.path != "<text>":
            raise
        raise FileFormatError(str(path), None, error.message) from None


def output_format(path: str | os.PathLike[str]) -> FileFormat:
    """The format to write ``path`` in, by its extension."""
    found = _by_extension(Path(path))
    if found is None or found.dump is None:
        known = ", ".join(f".{f.extensions[0]}" for f in FORMATS.values() if f.dump is not None)
        raise FileFormatError(str(path), None, f"cannot write this kind of file (write {known})")
    return found


@dataclass(frozen=True, slots=True)
class Written:
    """What :func:`write` did: the format, how much it wrote, and the warnings."""

    target: FileFormat
    written: str
    problems: tuple[Problem, ...]


@dataclass(frozen=True, slots=True)
class Conversion:
    """What :func:`convert` did: the formats, how much it wrote, and the warnings."""

    source: FileFormat
    target: FileFormat
    written: str
    problems: tuple[Problem, ...]


def write(data: Loaded, target: str | os.PathLike[str], *, lenient: bool = False) -> Written:
    """Write what a loader read to ``target``, in the format its extension names (completely
    or not at all).

    Strictly (the default) what cannot be written raises :class:`FileFormatError` (a PBN game
    with no result, written as traveller lines); with ``lenient`` it is left out and comes
    back as a warning.
    """
    writer = output_format(target)
    assert writer.dump is not None
    event = _usebio(data)
    source = event.session.source if event is not None else cast("Session | PbnFile", data).source
    clash = input_clash(target, [source] if source and not source.startswith("<") else [])
    if clash is not None:
        raise FileFormatError(str(target), None, f"cannot write: {clash}")
    if writer.kind == "session":
        session = as_session(data, lenient=lenient)
        writer.dump(event or session, Path(target))
        return Written(writer, _count(len(session.lines), "traveller line"), session.problems)
    pbn = as_pbn(data)
    writer.dump(pbn, Path(target))
    return Written(writer, _count(len(pbn.games), "game"), pbn.problems)


def convert(
    source: str | os.PathLike[str], target: str | os.PathLike[str], *, lenient: bool = False
) -> Conversion:
    """Read ``source`` and write it to ``target`` (completely or not at all).

    Strictly (the default) a problem in the input raises :class:`FileFormatError`; with
    ``lenient`` (and always for LIN) the problems come back as warnings.
    """
    reader = input_format(source)
    output_format(target)  # a file that cannot be written is refused before any reading
    clash = input_clash(target, [source])
    if clash is not None:
        raise FileFormatError(str(target), None, f"cannot write: {clash}")
    assert reader.load is not None
    keep_going = lenient or reader.warns
    done = write(reader.load(Path(source), lenient), target, lenient=keep_going)
    return Conversion(reader, done.target, done.written, done.problems)


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"
