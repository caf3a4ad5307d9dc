"""Hand records from file to file: what ``bridgescore deals analyse`` and ``deals convert`` do,
and the analysis ``report`` adds to a hand record that has none.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as folder:
...     done = convert_file("examples/club-hands.pbn", Path(folder) / "club.dlm")
>>> done.count, done.source.title, done.target.title
(26, 'PBN', 'Duplimate DLM')
"""

from __future__ import annotations

__all__ = [
    "Analysed",
    "Converted",
    "analyse_file",
    "analyse_missing",
    "analyse_records",
    "analyse_session",
    "convert_file",
    "hand_record",
    "missing_from_hand_record",
    "unanalysed",
]

import os
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

from bridgescore.core.errors import FileFormatError, Problem
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.par import DoubleDummy
from bridgescore.core.table.traveller import Session
from bridgescore.formats import hands
from bridgescore.formats.hands import HandFormat, HandRecords

Progress = Callable[[int], None]
"""Told how many more deals are done, as the analysis goes."""


@dataclass(frozen=True, slots=True)
class Analysed:
    """What :func:`analyse_file` did: how many deals it analysed, how many kept the table the
    file had, and the warnings."""

    analysed: int
    kept: int
    problems: tuple[Problem, ...]


@dataclass(frozen=True, slots=True)
class Converted:
    """What :func:`convert_file` did: the formats, the deals written and the warnings."""

    source: HandFormat
    target: HandFormat
    count: int
    problems: tuple[Problem, ...]


def analyse_file(
    source: str | os.PathLike[str],
    target: str | os.PathLike[str],
    *,
    progress: Progress | None = None,
    again: bool = False,
    lenient: bool = False,
) -> Analysed:
    """Read a hand record (any format), add every deal's double-dummy table and par, and
    write it as PBN to ``target`` (the only format that keeps them). Deals whose table the file
    has already keep it unless ``again``."""
    return analyse_records(
        hands.load(source, lenient=lenient), target, progress=progress, again=again
    )


def analyse_records(
    read: HandRecords,
    target: str | os.PathLike[str],
    *,
    progress: Progress | None = None,
    again: bool = False,
) -> Analysed:
    """:func:`analyse_file` of hand records already read (``read.source`` names them)."""
    from bridgescore.fast.double_dummy import analyse

    if hands.output_format(target).name != "pbn":
        raise FileFormatError(
            str(target), None, "the analysis is kept in PBN only: write a .pbn file"
        )
    incomplete = [r.board for r in read.records if not r.deal.is_complete]
    if incomplete:
        listed = ", ".join(map(str, incomplete))
        which = f"board {listed} has" if len(incomplete) == 1 else f"boards {listed} have"
        raise FileFormatError(read.source or "<hands>", None, f"{which} a hand missing")
    done = analyse(read.records, progress, again=again)
    kept = 0 if again else sum(1 for record in read.records if record.analysed)
    hands.dump(read.with_records(done), target)
    return Analysed(len(done) - kept, kept, read.problems)


def analyse_session(session: Session, progress: Progress | None = None) -> tuple[Session, int]:
    """The session with the double-dummy analysis of every complete deal that has none, and
    how many deals were analysed."""
    from bridgescore.fast.double_dummy import analyse

    todo = [
        HandRecord(board, deal)
        for board, deal in sorted(session.deals.items())
        if deal.is_complete and _lacks_table(session.double_dummy.get(board))
    ]
    if not todo:
        return session, 0
    done = analyse(todo, progress)
    analysis = {r.board: r.double_dummy for r in done if r.double_dummy is not None}
    return session.with_deals({}, analysis), len(done)


def unanalysed(records: Sequence[HandRecord]) -> int:
    """How many complete deals have no double-dummy table: what :func:`analyse_missing` solves."""
    return sum(1 for record in records if record.deal.is_complete and not record.analysed)


def analyse_missing(read: HandRecords, progress: Progress | None = None) -> HandRecords:
    """The hand records with the analysis of every complete deal that has none (``read`` as it
    is when endplay is not installed)."""
    from bridgescore.fast.double_dummy import analyse, available

    if not unanalysed(read.records) or not available():
        return read
    return read.with_records(analyse(read.records, progress))


def _lacks_table(analysis: DoubleDummy | None) -> bool:
    return analysis is None or analysis.table is None


def convert_file(
    source: str | os.PathLike[str], target: str | os.PathLike[str], *, lenient: bool = False
) -> Converted:
    """Read a hand record in any format and write it in the format ``target``'s extension
    names (completely or not at all)."""
    writer = hands.output_format(target)  # refused before anything is read
    reader = hands.input_format(source)
    read = hands.load(source, lenient=lenient)
    hands.dump(read, target)
    return Converted(reader, writer, len(read.records), read.problems)


def hand_record(path: str | os.PathLike[str]) -> Session:
    """A hand-record file of any format as a session without lines: its deals, their analysis
    and (PBN, LIN, USEBIO) the event details it has."""
    from bridgescore.events.files import load_session

    try:
        name = hands.input_format(path).name
    except FileFormatError:  # a traveller CSV, say: read as results, it has no deals
        name = ""
    if name in ("dup", "dlm", "bri", "dge"):
        read = hands.load(path)
        return Session((), deals={r.board: r.deal for r in read.records}, source=str(path))
    record = load_session(path)
    if not record.deals:
        raise FileFormatError(str(path), None, "the file has no hand records")
    return record


def missing_from_hand_record(
    played: Iterable[int], known: Collection[int], hands_file: str
) -> str | None:
    """The one warning for the boards ``played`` that the hand record (its boards ``known``)
    lacks: they are shown without hands. ``None`` when it has them all; a run of three boards
    or more is written as a range.

    >>> missing_from_hand_record([1, 2, 3], [1, 2, 3], "h.pbn") is None
    True
    >>> missing_from_hand_record(range(1, 57), range(1, 9), "h.pbn")
    'boards 9-56 are not in the hand record h.pbn: shown without hands'
    >>> missing_from_hand_record([3, 7, 8, 10, 11, 12], [], "h.pbn")
    'boards 3, 7, 8, 10-12 are not in the hand record h.pbn: shown without hands'
    """
    missing = sorted(set(played) - set(known))
    if not missing:
        return None
    runs: list[list[int]] = []
    for board in missing:
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    parts = []
    for run in runs:
        if len(run) >= 3:
            parts.append(f"{run[0]}-{run[-1]}")
        else:
            parts.extend(map(str, run))
    listed = ", ".join(parts)
    boards = f"board {listed} is" if len(missing) == 1 else f"boards {listed} are"
    return f"{boards} not in the hand record {hands_file}: shown without hands"
