"""How USEBIO writes what every reader and writer of it needs: dates, the scoring method (from
the line points or the event type), the movement (from ``WINNER_TYPE`` or the pairs' directions)
and the order of the ``BOARD`` elements (by section, match, then board).

>>> iso_date("11/07/2022"), usebio_date("2022-07-11")
('2022-07-11', '11/07/2022')
>>> derive_scoring("MP_PAIRS", None), infer_movement(False, "2", [])
('MATCH_POINTS', 'Mitchell')
"""

from __future__ import annotations

__all__ = [
    "MOVEMENTS",
    "POINTS_SCORING",
    "LineGroup",
    "compare_said",
    "derive_scoring",
    "group_lines",
    "infer_movement",
    "iso_date",
    "pairs_event_type",
    "section_order",
    "usebio_date",
]

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from bridgescore.core.pairs.rules import USEBIO_METHODS, scoring_in, scoring_rules, usebio_scoring
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.formats.usebio.model import (
    TEAMS_EVENT_TYPES,
    LineFigures,
    MatchRecord,
    Participant,
)

POINTS_SCORING = {
    "MATCH_POINTS": "MATCH_POINTS",
    "BUTLER_POINTS": "BUTLER_IMPS",
    "CROSS_IMPS": "CROSS_IMPS",
    "IMPS": "IMPS",
}
"""The board scoring method of each kind of line points
(:data:`~bridgescore.formats.usebio.model.POINT_KINDS`)."""

_TYPE_SCORING = {
    **dict(USEBIO_METHODS.values()),
    "SWISS_PAIRS_CROSS_IMPS": "CROSS_IMPS",
    "SWISS_PAIRS_BUTLER_IMPS": "BUTLER_IMPS",
    **dict.fromkeys(TEAMS_EVENT_TYPES, "IMPS"),
}
MOVEMENTS = ("Howell", "Mitchell")
"""The movements ``WINNER_TYPE`` 1 and 2 stand for."""

_ISO = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_DAY_FIRST = re.compile(r"^([0-9]{1,2})[/.-]([0-9]{1,2})[/.-]([0-9]{4})$")


def iso_date(text: str | None) -> str | None:
    """A USEBIO date (``DD/MM/YYYY``) as ISO ``YYYY-MM-DD``; other text is kept as it is.

    >>> iso_date("11/07/2022"), iso_date("2022-07-11"), iso_date("Monday")
    ('2022-07-11', '2022-07-11', 'Monday')
    """
    if text is None or not text.strip():
        return None
    match = _DAY_FIRST.match(text.strip())
    if match is not None:
        day, month, year = (int(part) for part in match.groups())
        try:
            return date(year, month, day).isoformat()
        except ValueError:
            pass
    return text.strip()


def usebio_date(text: str) -> str:
    """An ISO date as USEBIO writes it (``DD/MM/YYYY``); other text as it is.

    >>> usebio_date("2022-07-11"), usebio_date("Monday")
    ('11/07/2022', 'Monday')
    """
    if not _ISO.match(text):
        return text
    try:
        return date.fromisoformat(text).strftime("%d/%m/%Y")
    except ValueError:
        return text


def derive_scoring(event_type: str, points: str | None, written: str | None = None) -> str | None:
    """The board scoring method: from the line points, else the event type, else as written.

    >>> derive_scoring("AGGREGATE", None), derive_scoring("PAIRS", "BUTLER_POINTS")
    ('AGGREGATE', 'BUTLER_IMPS')
    """
    if points is not None:
        return POINTS_SCORING[points]
    return _TYPE_SCORING.get(event_type, written)


def pairs_event_type(scoring: str | None) -> str | None:
    """The USEBIO event type of a pairs event scored as ``scoring`` says (in the words of PBN
    or USEBIO), ``None`` when it names no pairs method (or only IMPs, which teams use too).

    >>> pairs_event_type("IMP;Butler-2;Mean"), pairs_event_type("MATCH_POINTS")
    ('BUTLER_PAIRS', 'MP_PAIRS')
    >>> pairs_event_type("IMPS"), pairs_event_type(None)
    (None, None)
    """
    method = scoring_in(scoring, "usebio")
    rules = scoring_rules(method)
    return None if rules is None or method == "IMPS" else usebio_scoring(rules)[0]


def infer_movement(
    teams: bool, winner_type: str | None, directions: Iterable[Side | None]
) -> str | None:
    """``Mitchell`` (two fields) or ``Howell`` (one field); ``None`` for teams or no pairs.

    ``WINNER_TYPE`` 2 (two winners) is a Mitchell, 1 a Howell; without it, a Mitchell when every
    pair has a direction.
    """
    if teams:
        return None
    if winner_type in ("1", "2"):
        return MOVEMENTS[int(winner_type) - 1]
    known = list(directions)
    if not known:
        return None
    return "Mitchell" if all(d is not None for d in known) else "Howell"


@dataclass(frozen=True, slots=True)
class LineGroup:
    """The lines of one ``BOARD`` element: a board of a section, in a match or not."""

    section: str | None
    match: MatchRecord | None
    board: int
    indices: tuple[int, ...]


def _first_seen(items: Iterable[str | None]) -> list[str | None]:
    order: list[str | None] = [None]
    for item in items:
        if item not in order:
            order.append(item)
    return order


def section_order(
    lines: Sequence[TravellerLine],
    participants: Sequence[Participant] = (),
    matches: Sequence[MatchRecord] = (),
) -> list[str | None]:
    """Sections as a file holds them: none first, then in order of first appearance."""
    return _first_seen(
        [line.section for line in lines]
        + [p.section for p in participants]
        + [m.section for m in matches]
    )


def group_lines(
    lines: Sequence[TravellerLine],
    matches: Sequence[MatchRecord],
    participants: Sequence[Participant] = (),
) -> list[LineGroup]:
    """The ``BOARD`` elements a file holds, in file order: by section, match, then board."""
    slots: dict[tuple[str | None, int, int], list[int]] = {}
    for index, line in enumerate(lines):
        match_index = next((i for i, m in enumerate(matches) if m.holds(line)), len(matches))
        slots.setdefault((line.section, match_index, line.board), []).append(index)
    groups: list[LineGroup] = []
    for section in section_order(lines, participants, matches):
        for match_index in range(len(matches) + 1):
            for (s, m, board), indices in slots.items():
                if s == section and m == match_index:
                    match = matches[m] if m < len(matches) else None
                    groups.append(LineGroup(section, match, board, tuple(indices)))
    return groups


def compare_said(
    lines: Sequence[TravellerLine], figures: Sequence[LineFigures | None]
) -> str | None:
    """How a file's own matchpoints compared sections that play the same board: ``within``
    each section or ``across`` the field, read from the top a line's NS and EW points add up to
    (2/1 or 1/0.5 scale); ``None`` when no board says.

    >>> lines = [TravellerLine(1, "1", "1", ns_score=s, section=x) for s, x in
    ...          ((420, "A"), (450, "A"), (400, "B"), (170, "B"))]
    >>> compare_said(lines, [LineFigures.of(1, 1)] * 4), compare_said(lines, [LineFigures.of(4, 2)] * 4)
    ('within', 'across')
    """
    counts: dict[int, Counter[str | None]] = {}
    for line in lines:
        counts.setdefault(line.board, Counter())[line.section] += 1
    for line, figure in zip(lines, figures, strict=True):
        found = counts[line.board]
        if len(found) < 2 or figure is None or figure.ns is None or figure.ew is None:
            continue
        top = figure.ns + figure.ew
        within, across = found[line.section] - 1, sum(found.values()) - 1
        for scale in (2, 1):
            if top == scale * within:
                return "within"
            if top == scale * across:
                return "across"
    return None
