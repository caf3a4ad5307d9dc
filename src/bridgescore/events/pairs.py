"""Score a pairs session from its file: what ``bridgescore score``, ``explain``, ``report`` and
``export`` do before they print or write anything.

:func:`score_file` reads any format (a traveller CSV, or a big PBN file, in columns when
asked), adds the names file and the hand records, takes the scoring from the file's own tag
when no method is given, and scores it with the one pairs engine. The rules come in three
layers, each over the one before: the preset of a governing body or a program (``ebu``,
``acbl``, ``wbf``, ``bbo``, ...), then what the file says (a PBN ``Scoring`` tag, a USEBIO
method), then the method and settings given.

>>> event = score_file("examples/club-session.csv", names="examples/club-names.csv")
>>> event.rules.method, len(event.boards)
(PairsMethod.MP, 26)
>>> [(e.rank_text, e.pair.label, e.names) for e in event.ranking("NS").entries][:2]
[('1', '12', 'Wendy Usher & Mary Moss'), ('2', '8', 'Ann Archer & Gill Green')]
>>> str(score_file("examples/club-session.csv", method="butler", rules="acbl").rules.datum_rounding)
'even'
"""

from __future__ import annotations

__all__ = [
    "PairsSettings",
    "pairs_rules",
    "score_file",
    "with_hand_record",
]

import os
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Unpack

from bridgescore.core.errors import FileFormatError, ScoringError
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.fields import name_keys
from bridgescore.core.pairs.lines import Lines
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.table.traveller import EventInfo, Session, looks_like_teams
from bridgescore.events.rules import PairsSettings, merged_info, pairs_rules, with_hand_record
from bridgescore.formats.names import names_problems

if TYPE_CHECKING:
    from bridgescore.formats.csv.travellers import NameTable


def score_file(
    path: str | os.PathLike[str],
    *,
    method: PairsMethod | str | None = None,
    names: str | os.PathLike[str] | None = None,
    hands: str | os.PathLike[str] | None = None,
    rules: PairsRules | str | None = None,
    lenient: bool = False,
    columnar: bool = False,
    info: EventInfo | None = None,
    **settings: Unpack[PairsSettings],
) -> PairsEvent:
    """Score the pairs session in ``path`` (USEBIO, PBN, BBO LIN or traveller CSV), exactly as
    ``bridgescore score`` does with the same options.

    ``names`` is a names file (``pair,names``); ``hands`` a file with the deals, and with their
    double-dummy tables and par when it has them (a board it lacks is shown without hands, with
    one warning in ``event.warnings`` naming them all; the event details the results lack are
    taken from it). ``rules`` is a preset (``ebu``, the default, ``acbl``, ``wbf``, ``bbo``,
    ...), on which the file's scoring tag applies when no ``method`` is given, or complete
    :class:`PairsRules` used as they are; ``method`` and the ``settings`` (see
    :class:`PairsSettings`) override both. With ``lenient`` bad lines are skipped and listed in
    ``event.session.problems``; the engine's warnings are in ``event.warnings``. ``info``'s
    details (title, club, date, ...) stand over those the files give.

    With ``columnar`` a traveller CSV (or a big PBN file of results) is read in columns when
    its columnar reader takes it, which costs far less for a big file
    (:func:`bridgescore.fast.select.read_columns`): the event is the same, board for board and
    figure for figure, only each line and board is made when it is asked for.

    >>> columns = score_file("examples/club-session.csv", columnar=True)
    >>> columns.to_dict() == score_file("examples/club-session.csv").to_dict()
    True

    Problems in the files raise :class:`FileFormatError`, an event that cannot be scored as
    asked :class:`ScoringError`.
    """
    if os.fspath(path).lower().endswith(".toml"):  # a session file
        from bridgescore.events.session import score_session_file

        return score_session_file(
            path,
            rules=rules,
            method=method,
            names=names,
            hands=hands,
            lenient=lenient,
            info=info,
            **settings,
        )
    from bridgescore.fast.select import read_columns
    from bridgescore.formats.bounds import reread
    from bridgescore.formats.csv.travellers import NameTable, load_names

    table = load_names(names) if names else NameTable()
    chosen = partial(pairs_rules, rules, method=method, **settings)
    fast = columnar and reread(path)  # (a file read twice: not a FIFO, within the bound)
    read = read_columns(path, _kind(path)) if fast else None
    if read is not None:
        try:
            return _scored(*read, chosen, table, hands, info)
        except ScoringError:  # (the file's own reader says what is wrong, and where)
            pass
    from bridgescore.events.files import load_session
    from bridgescore.formats.dispatch import input_format

    session = load_session(path, lenient=lenient, known=input_format(path))
    return _scored(session, None, chosen, table, hands, info)


def _scored(
    session: Session,
    lines: Lines | None,
    chosen: Callable[..., PairsRules],
    table: NameTable,
    hands: str | os.PathLike[str] | None,
    info: EventInfo | None,
) -> PairsEvent:
    """The session scored (its lines in columns when a columnar reader gave them) with the
    rules ``chosen`` for the file's scoring tag, the names and the hand record."""
    from bridgescore.core.pairs.score import score_session
    from bridgescore.fast.select import board_kernels

    _check_not_teams(session, lines)
    if table:
        session = session.with_names(table)
    if hands:
        session = with_hand_record(session, hands)
    rules = chosen(scoring=session.info.scoring)
    event = score_session(session, rules, kernels=board_kernels(), lines=lines)
    missing = None
    if hands:
        from bridgescore.events.hands import missing_from_hand_record

        missing = missing_from_hand_record(session.boards, session.deals, str(hands))
    if missing:
        event = replace(event, warnings=(*event.warnings, missing))
    return _with_info(_checked_names(event, table), info)


def _with_info(event: PairsEvent, info: EventInfo | None) -> PairsEvent:
    """The event with the details given standing over the files' own."""
    if info is None:
        return event
    session = event.session
    return replace(event, session=replace(session, info=merged_info(info, session.info)))


def _kind(path: str | os.PathLike[str]) -> str:
    """The format the file is read as (``csv``, ``pbn``, ...): by its extension for a traveller
    CSV or a PBN file (the readers of the other formats are then not even imported), else by
    its content."""
    extension = os.fspath(path).lower().rpartition(".")[2]
    if extension in ("csv", "pbn"):
        return extension
    from bridgescore.formats.dispatch import input_format

    return input_format(path).name


def _checked_names(event: PairsEvent, table: NameTable) -> PairsEvent:
    """Every entry of the names file names a pair of the event, and no pair twice (else the
    names would be published wrong, or not at all; :mod:`bridgescore.formats.names`); a pair
    the file does not name is a warning."""
    if not table:
        return event
    pairs = [entry.pair for ranking in event.rankings for entry in ranking.entries]
    source = table.source or "names file"
    problems = names_problems(table.entries(), source, pairs)
    if problems:
        raise FileFormatError.from_problems(problems)
    unnamed = [
        f"pair {pair.full} has no name in {source}"
        for pair, key in name_keys(pairs, table).items()
        if key is None
    ]
    return replace(event, warnings=event.warnings + tuple(unnamed))


def _check_not_teams(session: Session, lines: Lines | None) -> None:
    """A teams event's results (:func:`looks_like_teams`) scored as pairs would give nonsense:
    say which command scores them."""
    columns = lines or Lines.of(session.lines)
    tables = (columns.board, columns.section, columns.round, columns.ns, columns.ew)
    if looks_like_teams(*tables):
        raise ScoringError(
            f"{session.source or 'the results'}: this looks like a teams event (each board is "
            "played at two tables by the same two teams, NS and EW swapped): use "
            "bridgescore teams"
        )
