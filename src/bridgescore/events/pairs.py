"""Score a pairs session from its file: what ``bridgescore score``, ``explain``, ``report`` and
``export`` do before they print or write anything.

:func:`score_file` reads any format, adds the names file and the hand records, takes the
scoring from the file's own tag when no method is given, and scores a big traveller CSV on the
columnar path when asked. The rules come in three layers, each over the one before: the preset
of a governing body (``ebu``, ``acbl``, ``wbf``), then what the file says (a PBN ``Scoring``
tag, a USEBIO method), then the method and settings given.

>>> event = score_file("examples/club-session.csv", names="examples/club-names.csv")
>>> event.rules.method, len(event.boards)
(PairsMethod.MP, 26)
>>> [(e.rank_text, e.pair.label, e.names) for e in event.ranking("NS").entries][:2]
[('1', '13', 'Pete Price & Wendy Usher'), ('2', '8', 'Sam Reed & Ann Archer')]
>>> str(score_file("examples/club-session.csv", method="butler", rules="acbl").rules.datum_rounding)
'even'
"""

from __future__ import annotations

__all__ = ["PairsSettings", "pairs_rules", "score_file", "with_hand_record"]

import os
from dataclasses import replace
from typing import Unpack

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.score import score_session
from bridgescore.core.table.traveller import EventInfo
from bridgescore.events.files import load_session
from bridgescore.events.rules import PairsSettings, merged_info, pairs_rules, with_hand_record


def score_file(
    path: str | os.PathLike[str],
    *,
    method: PairsMethod | str | None = None,
    names: str | os.PathLike[str] | None = None,
    hands: str | os.PathLike[str] | None = None,
    rules: PairsRules | str | None = None,
    lenient: bool = False,
    columnar: bool = False,
    details: EventInfo | None = None,
    **settings: Unpack[PairsSettings],
) -> PairsEvent:
    """Score the pairs session in ``path`` (USEBIO, PBN, BBO LIN or traveller CSV, or a
    session file ``.toml``: see :mod:`bridgescore.events.session`), exactly as
    ``bridgescore score`` does with the same options.

    ``names`` is a names file (``pair,names``); ``hands`` a file with the deals (every board
    played must be in it; the event details the results lack are taken from it). ``rules`` is a
    preset (``ebu``, the default, ``acbl`` or ``wbf``), on which the file's scoring tag applies
    when no ``method`` is given, or complete :class:`PairsRules` used as they are; ``method``
    and the ``settings`` (see :class:`PairsSettings`) override both. With ``lenient`` bad lines
    are skipped and listed in ``event.session.problems``; the engine's warnings are in
    ``event.warnings``. With ``columnar`` a traveller CSV of 50,000 lines or more is scored on
    the columnar path: the rankings only, no boards. ``details`` (a title, date, club) are
    shown instead of the file's.

    Problems in the files raise :class:`FileFormatError`, an event that cannot be scored as
    asked :class:`ScoringError`.
    """
    from bridgescore.fast.select import board_kernels, score_big_file
    from bridgescore.formats.csv import travellers
    from bridgescore.formats.dispatch import input_format

    if os.fspath(path).lower().endswith(".toml"):  # a session file
        from bridgescore.events.session import score_session_file

        return score_session_file(
            path,
            rules=rules,
            method=method,
            names=names,
            hands=hands,
            lenient=lenient,
            details=details,
            **settings,
        )
    table = travellers.load_names(names) if names else {}
    file_format = input_format(path)
    if columnar and not lenient and file_format.name == "csv":
        event = score_big_file(path, pairs_rules(rules, method=method, **settings), table)
        if event is not None:
            if details is None:
                return event
            info = merged_info(details, event.session.info)
            return replace(event, session=replace(event.session, info=info))
    session = load_session(path, lenient=lenient, known=file_format)
    if table:
        session = session.with_names(table)
    if hands:
        session = with_hand_record(session, hands)
    if details is not None:
        session = replace(session, info=merged_info(details, session.info))
    chosen = pairs_rules(rules, method=method, scoring=session.info.scoring, **settings)
    return score_session(session, chosen, kernels=board_kernels())
