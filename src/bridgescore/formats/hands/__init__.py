"""Hand-record files: the deals of a set of boards in every format bridgescore reads and writes.

========  =================================================  ============  =============
format    what it is                                         board numbers  analysis kept
========  =================================================  ============  =============
PBN       Portable Bridge Notation (and every other tag)     yes           yes
LIN       BBO's hand records                                 yes           no
DUP       Duplimate (DOS), ACBL Live                         first, last   no
DLM       Duplimate (Windows), ACBL Live                     first, last   no
BRI       older Duplimate software                           from 1        no
DGE       Duplimate's text of the hands                      from 1        no
USEBIO    the ``HANDSET`` of a results file (read only)      yes           no
========  =================================================  ============  =============

:func:`load` picks the format by the file's extension (a text file with another extension by
its content: PBN, LIN or USEBIO) and gives :class:`HandRecords`; :func:`dump` writes records in
the format the target's extension names, completely or not at all. A PBN file read and written
keeps every game's tags and tables, with the analysis put in.

>>> import tempfile
>>> from pathlib import Path
>>> records = load("examples/club-hands.pbn")
>>> len(records.records), records.records[0].board
(26, 1)
>>> with tempfile.TemporaryDirectory() as folder:
...     dump(records, Path(folder) / "club.dup")
...     again = load(Path(folder) / "club.dup")
>>> [r.deal for r in again.records] == [r.deal for r in records.records]
True

A PBN file's records hold the file itself (``pbn``, what :func:`bridgescore.load` reads) and
its results (``session``): one model of the file, its deals and its results.

>>> from bridgescore.formats import pbn
>>> records.pbn == pbn.load("examples/club-hands.pbn"), len(records.session.lines)
(True, 0)
"""

from __future__ import annotations

__all__ = ["FORMATS", "HandFormat", "HandRecords", "dump", "input_format", "load", "output_format"]

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from importlib import import_module
from pathlib import Path
from typing import Protocol, cast

from bridgescore.core.errors import FileFormatError, Problem
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.traveller import Session
from bridgescore.formats.atomic import write_bytes_atomic
from bridgescore.formats.bounds import read_bytes
from bridgescore.formats.pbn.model import PbnFile


@dataclass(frozen=True, slots=True)
class HandRecords:
    """The hand records of a file: the records in file order, the event's title when the file
    has one, the problems found (reading leniently), and the PBN file they came from (whose
    tags a PBN written from them keeps)."""

    records: tuple[HandRecord, ...]
    source: str | None = None
    title: str | None = None
    problems: tuple[Problem, ...] = ()
    pbn: PbnFile | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "records", tuple(self.records))
        object.__setattr__(self, "problems", tuple(self.problems))

    def with_records(self, records: Sequence[HandRecord]) -> HandRecords:
        return replace(self, records=tuple(records))

    @property
    def session(self) -> Session | None:
        """The results of the PBN file the records came from (its ScoreTables, read leniently
        as the records are), beside its deals: one file, one model; ``None`` for a file of
        another format."""
        if self.pbn is None:
            return None
        from bridgescore.formats.pbn.session import pbn_to_session

        return pbn_to_session(self.pbn, lenient=True)


Loader = Callable[[Path], HandRecords]
Dumper = Callable[[HandRecords, Path], bytes]


@dataclass(frozen=True, slots=True)
class HandFormat:
    """A hand-record format: its name, title, extensions, and how it is read and written."""

    name: str
    title: str
    extensions: tuple[str, ...]
    load: Loader | None
    dump: Dumper | None


def _pbn_load(path: Path) -> HandRecords:
    from bridgescore.formats import pbn

    read = pbn.load(path, lenient=True)
    return _from_pbn(read, str(path))


def _from_pbn(read: PbnFile, source: str) -> HandRecords:
    from bridgescore.formats.pbn.hands import records_from_pbn

    records, problems = records_from_pbn(read)
    title = next((g.tag("Event") for g in read.games if g.tag("Event")), None)
    return HandRecords(tuple(records), source, title, (*read.problems, *problems), read)


def _pbn_dump(records: HandRecords, path: Path) -> bytes:
    from bridgescore.formats import pbn
    from bridgescore.formats.pbn.hands import records_to_pbn
    from bridgescore.formats.pbn.write import latin_1

    event = {"Event": records.title} if records.title else {}
    written = records_to_pbn(list(records.records), like=records.pbn, event=event)
    return latin_1(pbn.dumps(written)).encode("latin-1")


def _lin_load(path: Path) -> HandRecords:
    from bridgescore.formats import lin
    from bridgescore.formats.lin.to_pbn import lin_to_pbn

    read = lin_to_pbn(lin.load(path))
    return replace(_from_pbn(read, str(path)), pbn=None)


def _lin_dump(records: HandRecords, path: Path) -> bytes:
    from bridgescore.formats.hands import lin

    return lin.dumps(records.records, str(path)).encode("utf-8")


def _usebio_load(path: Path) -> HandRecords:
    from bridgescore.formats import usebio

    session = usebio.load(path, lenient=True).session
    records = tuple(HandRecord(board, session.deals[board]) for board in sorted(session.deals))
    return HandRecords(records, str(path), session.info.title, session.problems)


class _Machine(Protocol):
    """A dealing machine's format module: ``loads`` and ``dumps``."""

    def loads(self, data: bytes, source: str) -> tuple[list[HandRecord], list[Problem]]: ...

    def dumps(self, records: Sequence[HandRecord], target: str) -> bytes: ...


def _machine(name: str) -> tuple[Loader, Dumper]:
    """How a dealing machine's format (module ``name`` here) is read and written."""

    def module() -> _Machine:
        return cast(_Machine, import_module(f"bridgescore.formats.hands.{name}"))

    def load(path: Path) -> HandRecords:
        records, problems = module().loads(read_bytes(path), str(path))
        return HandRecords(tuple(records), str(path), None, tuple(problems))

    def dump(records: HandRecords, path: Path) -> bytes:
        if name == "dlm":
            from bridgescore.formats.hands import dlm

            return dlm.dumps(records.records, str(path), records.title or "")
        return module().dumps(records.records, str(path))

    return load, dump


FORMATS: dict[str, HandFormat] = {
    "pbn": HandFormat("pbn", "PBN", ("pbn",), _pbn_load, _pbn_dump),
    "lin": HandFormat("lin", "BBO LIN", ("lin",), _lin_load, _lin_dump),
    "dup": HandFormat("dup", "Duplimate DUP", ("dup",), *_machine("dup")),
    "dlm": HandFormat("dlm", "Duplimate DLM", ("dlm",), *_machine("dlm")),
    "bri": HandFormat("bri", "BRI", ("bri",), *_machine("bri")),
    "dge": HandFormat("dge", "DGE", ("dge",), *_machine("dge")),
    "xml": HandFormat("xml", "USEBIO", ("xml",), _usebio_load, None),
}
"""The hand-record formats by name."""


def _known(written: bool) -> str:
    return ", ".join(
        f".{f.extensions[0]}" for f in FORMATS.values() if (f.dump if written else f.load)
    )


def input_format(path: str | os.PathLike[str]) -> HandFormat:
    """The format to read ``path`` with: by its extension, else (text) by its content."""
    extension = Path(path).suffix.lower().lstrip(".")
    found = next((f for f in FORMATS.values() if extension in f.extensions), None)
    if found is not None:
        return found
    from bridgescore.formats.dispatch import input_format as results_format

    try:
        name = results_format(path).name
    except FileFormatError:
        name = ""
    if name in FORMATS:
        return FORMATS[name]
    raise FileFormatError(
        str(path), None, f"not a hand-record file bridgescore reads ({_known(False)})"
    )


def output_format(path: str | os.PathLike[str]) -> HandFormat:
    """The format to write ``path`` in, by its extension."""
    extension = Path(path).suffix.lower().lstrip(".")
    found = next((f for f in FORMATS.values() if extension in f.extensions), None)
    if found is None or found.dump is None:
        raise FileFormatError(
            str(path), None, f"cannot write hand records here (write {_known(True)})"
        )
    return found


def load(path: str | os.PathLike[str], *, lenient: bool = False) -> HandRecords:
    """The hand records of a file in any format above. Strictly (the default) a problem raises
    :class:`FileFormatError` listing them all; with ``lenient`` they are in ``problems`` and
    what could not be read is left out. A file without a deal is an error either way."""
    file_format = input_format(path)
    assert file_format.load is not None
    read = file_format.load(Path(path))
    if read.problems and not lenient:
        raise FileFormatError.from_problems(read.problems)
    if not read.records:
        raise FileFormatError(str(path), None, "the file has no hand records")
    return read


def dump(records: HandRecords | Sequence[HandRecord], path: str | os.PathLike[str]) -> None:
    """Write hand records in the format ``path``'s extension names, completely or not at all."""
    held = records if isinstance(records, HandRecords) else HandRecords(tuple(records))
    file_format = output_format(path)
    assert file_format.dump is not None
    write_bytes_atomic(path, file_format.dump(held, Path(path)))
