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
    "SAMPLE",
    "Analysed",
    "Converted",
    "StoredCheck",
    "analyse_file",
    "analyse_missing",
    "analyse_records",
    "analyse_session",
    "check_session",
    "check_stored",
    "convert_file",
    "hand_record",
    "missing_from_hand_record",
    "stored",
    "unanalysed",
]

import os
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

from bridgescore.core.errors import FileFormatError, Problem
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.ddtable import DD_SEATS, DD_STRAINS
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


# --- the stored figures checked -----------------------------------------------------------------

SAMPLE = 4
"""How many boards' stored double-dummy figures are checked when not all are asked for: spread
over the set (the first, the last and between); when one of them is wrong, every board is."""


@dataclass(frozen=True, slots=True)
class StoredCheck:
    """What :func:`check_stored` did: the records (each wrong one with the solver's figures,
    unless they are kept), a warning for each wrong board (or one saying nothing could be
    checked), and how many boards were checked."""

    records: tuple[HandRecord, ...]
    warnings: tuple[str, ...]
    checked: int


def stored(records: Sequence[HandRecord]) -> list[HandRecord]:
    """The records whose file gave double-dummy figures for a complete deal: what can be checked."""
    return [r for r in records if r.double_dummy is not None and r.deal.is_complete]


def _spread(found: list[HandRecord], count: int) -> list[HandRecord]:
    if len(found) <= count:
        return found
    picks = sorted({round(i * (len(found) - 1) / (count - 1)) for i in range(count)})
    return [found[i] for i in picks]


def _disagreement(record: HandRecord, solved: HandRecord) -> str | None:
    """What the stored figures of ``record`` get wrong against the solver's (``None``: nothing)."""
    said = []
    if record.table is not None and solved.table is not None and record.table != solved.table:
        cells = [
            (seat, strain)
            for seat in DD_SEATS
            for strain in DD_STRAINS
            if record.table[seat, strain] != solved.table[seat, strain]
        ]
        seat, strain = cells[0]
        tricks = record.table[seat, strain]
        said.append(
            f"{len(cells)} of the 20 results differ ({seat.name.title()} in "
            f"{strain.name.lower()}: {tricks} trick{'s' * (tricks != 1)} stored, "
            f"{solved.table[seat, strain]} by the solver)"
        )
    if record.par is not None and solved.par is not None and record.par.score != solved.par.score:
        said.append(
            f"the par is {record.par.optimum_score}, {solved.par.optimum_score} by the solver"
        )
    return "; ".join(said) or None


def check_stored(
    records: Sequence[HandRecord],
    *,
    source: str = "the hand record",
    every: bool = False,
    keep: bool = False,
    progress: Progress | None = None,
) -> StoredCheck:
    """Check the double-dummy figures a file stored (tables, par) against the deals, with the
    solver: a sample of :data:`SAMPLE` boards, or ``every`` one; when a board of the sample is
    wrong, every board. Each wrong board is a warning naming it, and gets the solver's table and
    par unless ``keep``. Without the solver nothing is checked, and the warning says so."""
    from bridgescore.fast.double_dummy import analyse, available

    found = stored(records)
    if not found:
        return StoredCheck(tuple(records), (), 0)
    if not available():
        boards = "board" if len(found) == 1 else f"{len(found)} boards"
        message = (
            f"{source}: the double-dummy figures stored for {boards} are unchecked (the solver, "
            "endplay, is not installed): shown as the file has them"
        )
        return StoredCheck(tuple(records), (message,), 0)
    first = found if every else _spread(found, SAMPLE)
    solved = {r.board: r for r in analyse([r.with_double_dummy(None) for r in first], progress)}
    wrong = [r for r in first if _disagreement(r, solved[r.board])]
    if wrong and len(first) < len(found):
        rest = [r.with_double_dummy(None) for r in found if r.board not in solved]
        solved |= {r.board: r for r in analyse(rest, progress)}
    warnings = []
    done = []
    action = "kept as stored (--keep-stored)" if keep else "the solver's figures are used"
    for record in records:
        answer = solved.get(record.board)
        told = (
            None if answer is None or record.double_dummy is None else _disagreement(record, answer)
        )
        if told is None or answer is None:
            done.append(record)
            continue
        warnings.append(
            f"{source}: board {record.board}: the stored double-dummy figures are wrong for its "
            f"deal: {told}; {action}"
        )
        done.append(record if keep else record.with_double_dummy(answer.double_dummy))
    return StoredCheck(tuple(done), tuple(warnings), len(solved))


def check_session(
    session: Session,
    *,
    source: str = "the hand record",
    every: bool = False,
    keep: bool = False,
    progress: Progress | None = None,
) -> tuple[Session, tuple[str, ...]]:
    """:func:`check_stored` for the hand record of a session (its deals and their analysis, of
    the boards played when it has results): the session with the solver's figures where the
    stored ones are wrong, and the warnings."""
    played = set(session.boards) or set(session.deals)
    records = [
        HandRecord(board, deal).with_double_dummy(session.double_dummy.get(board))
        for board, deal in sorted(session.deals.items())
        if board in session.double_dummy and board in played
    ]
    done = check_stored(records, source=source, every=every, keep=keep, progress=progress)
    changed = {
        r.board: r.double_dummy
        for r, before in zip(done.records, records, strict=True)
        if r is not before and r.double_dummy is not None
    }
    return session.with_deals({}, changed), done.warnings
