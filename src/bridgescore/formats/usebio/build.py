"""Building a :class:`UsebioEvent` from any session, and the rules reader and writer share.

A session read from a CSV, PBN or LIN file becomes a USEBIO event with
:meth:`UsebioEvent.from_session`: the pairs (or teams) are listed from the lines and names, the
movement and scoring method are worked out where the session does not say, and the lines are put
in the order a USEBIO file holds them (by section, match and board, boards in order of first
appearance). What USEBIO 1.2 has no place for is left out: table numbers, and round numbers of
lines outside teams/Swiss matches.

>>> from bridgescore.core.table.result import Result
>>> session = Session(
...     (
...         TravellerLine.played(2, "1NS", "2EW", Result.parse("3NTN=")),
...         TravellerLine.played(1, "1NS", "1EW", Result.parse("4SE-1")),
...         TravellerLine.played(2, "2NS", "1EW", Result.parse("3NTS+1")),
...     ),
...     names={"1NS": "Ann Smith & Bob Jones"},
... )
>>> event = event_from_session(session)
>>> [(l.board, l.ns) for l in event.session.lines]
[(2, '1NS'), (2, '2NS'), (1, '1NS')]
>>> event.session.info.movement, event.session.info.scoring, event.event_type
('Mitchell', None, 'PAIRS')
>>> event_from_session(session, event_type="BUTLER_PAIRS").session.info.scoring
'BUTLER_IMPS'
>>> [p.label for p in event.participants], event.participants[0].players[1].name
(['1NS', '2NS', '1EW', '2EW'], 'Bob Jones')
"""

from __future__ import annotations

__all__ = [
    "LineGroup",
    "carry_ids",
    "derive_scoring",
    "event_from_session",
    "group_lines",
    "infer_movement",
    "iso_date",
    "pairs_event_type",
    "usebio_date",
    "with_figures",
]

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date

from bridgescore.core.errors import BridgeScoreError, ScoringError
from bridgescore.core.numbers import parse_count
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.pairs.rules import USEBIO_METHODS, scoring_in, scoring_rules, usebio_scoring
from bridgescore.core.table.deal import Card
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.formats.usebio.model import (
    TEAMS_EVENT_TYPES,
    Figures,
    LineFigures,
    MatchRecord,
    Participant,
    Player,
    UsebioEvent,
    directed_label,
    pair_ref,
    section_key,
)

_POINTS_SCORING = {
    "MATCH_POINTS": "MATCH_POINTS",
    "BUTLER_POINTS": "BUTLER_IMPS",
    "CROSS_IMPS": "CROSS_IMPS",
    "IMPS": "IMPS",
}
_TYPE_SCORING = {
    **dict(USEBIO_METHODS.values()),
    "SWISS_PAIRS_CROSS_IMPS": "CROSS_IMPS",
    "SWISS_PAIRS_BUTLER_IMPS": "BUTLER_IMPS",
    **dict.fromkeys(TEAMS_EVENT_TYPES, "IMPS"),
}
MOVEMENTS = ("Howell", "Mitchell")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DAY_FIRST = re.compile(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$")


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
        return _POINTS_SCORING[points]
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


def _auto_matches(lines: Sequence[TravellerLine]) -> tuple[MatchRecord, ...]:
    found: list[MatchRecord] = []
    for line in lines:
        if line.round is not None and not any(m.holds(line) for m in found):
            found.append(MatchRecord(line.ns, line.ew, line.round, line.section))
    return tuple(found)


def _lead(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return str(Card.parse(text))
    except BridgeScoreError:
        return None


def _relabel(lines: Sequence[TravellerLine], two_fields: bool) -> list[TravellerLine]:
    """Plainly numbered pairs of a two-field session get their direction (``3`` -> ``3NS``)."""
    if not two_fields:
        return list(lines)
    return [
        replace(line, ns=directed_label(line.ns, Side.NS), ew=directed_label(line.ew, Side.EW))
        for line in lines
    ]


class _Looked(Mapping[str, str]):
    """A names table that remembers which of its keys were found in it."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names
        self.found: set[str] = set()

    def __getitem__(self, key: str) -> str:
        value = self.names[key]
        self.found.add(key)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


def _name(label: str, section: str | None, names: _Looked) -> str | None:
    """A pair's names as the pairs engine finds them (``A 3NS``, ``3NS``, ``3`` ...)."""
    exact = names.get(section_key(label, section))
    if exact is not None:
        return exact
    ref = pair_ref(label)
    return PairId(ref.number, ref.direction, section).names(names)


def _participant(label: str, section: str | None, name: str | None, teams: bool) -> Participant:
    if teams:
        return Participant(label, "team", None, section, (), name or None)
    players = tuple(Player(p.strip()) for p in (name or "").split(" & ") if p.strip())
    return Participant(label, "pair", pair_ref(label).direction, section, players)


def _participants(
    lines: Sequence[TravellerLine],
    names: Mapping[str, str],
    teams: bool,
    more: Iterable[str],
    two_fields: bool = False,
) -> tuple[Participant, ...]:
    """The pairs (or teams) of the lines, once each in their section, with their names; then
    those only the names table or ``more`` (keys of figures) lists."""
    looked = _Looked(names)
    found: dict[str, Participant] = {}
    for line in lines:
        for label in (line.ns, line.ew):
            key = section_key(label, line.section)
            if key not in found:
                name = _name(label, line.section, looked)
                found[key] = _participant(label, line.section, name, teams)
    unused = [k for k in names if k not in looked.found and not (two_fields and k.isdigit())]
    for key in [*unused, *more]:
        if key not in found:
            found[key] = _participant(key, None, names.get(key), teams)
    sections = section_order(lines)

    def order(p: Participant) -> tuple[int, int, int, str]:
        ref = pair_ref(p.label)
        side = 2 if ref.direction is None else (0 if ref.direction is Side.NS else 1)
        numeric = parse_count(ref.number)
        numeric = 10**9 if numeric is None else numeric
        return (sections.index(p.section), side, numeric, p.label)

    return tuple(sorted(found.values(), key=order))


def _pair_of_key(lines: Sequence[TravellerLine], key: str) -> tuple[str, str | None]:
    """The id and section of the pair with this key (the key itself when no line has it)."""
    for line in lines:
        for label in (line.ns, line.ew):
            if section_key(label, line.section) == key:
                return label, line.section
    return key, None


def with_figures(event: UsebioEvent, figures: Figures) -> UsebioEvent:
    """The event with these figures, listing any pair they name that it does not list yet."""
    lines = event.session.lines
    added = list(event.participants)
    for key in figures.pairs:
        if event.participant(key) is None:
            label, section = _pair_of_key(lines, key)
            added.append(_participant(label, section, None, event.is_teams))
    sections = section_order(lines, added, event.matches)
    participants = tuple(sorted(added, key=lambda p: sections.index(p.section)))
    return replace(event, participants=participants, figures=figures)


def carry_ids(event: UsebioEvent, original: UsebioEvent) -> UsebioEvent:
    """``event`` with what only a USEBIO file holds taken from ``original`` (the file it was
    made from, e.g. scored): the club and event ids, ``TITLE``, the match scoring, and the
    players (with their national numbers) of each pair or team whose players' names are the same.
    """
    players = {p.key: p.players for p in original.participants}

    def carried(participant: Participant) -> Participant:
        before = players.get(participant.key, ())
        same = [x.name for x in before] == [x.name for x in participant.players]
        return replace(participant, players=before) if same else participant

    return replace(
        event,
        participants=tuple(carried(p) for p in event.participants),
        club_id=event.club_id or original.club_id,
        event_id=event.event_id or original.event_id,
        title=event.title or original.title,
        match_scoring=event.match_scoring or original.match_scoring,
    )


def event_from_session(
    session: Session,
    figures: Figures | None = None,
    *,
    event_type: str | None = None,
    matches: tuple[MatchRecord, ...] | None = None,
) -> UsebioEvent:
    """A USEBIO event from a session and optional figures (see the module's doc).

    ``figures.lines`` (if any) is parallel to ``session.lines``; it is reordered with them.
    """
    figures = figures or Figures()
    if figures.lines and len(figures.lines) != len(session.lines):
        raise ScoringError(
            f"{len(figures.lines)} line figures for {len(session.lines)} traveller lines"
        )
    info = session.info
    scoring = scoring_in(info.scoring, "usebio")
    if scoring is None and figures.points is not None:
        scoring = _POINTS_SCORING[figures.points]
    kind = event_type or pairs_event_type(scoring) or "PAIRS"
    teams = kind in TEAMS_EVENT_TYPES
    labels = [pair_ref(x).direction for line in session.lines for x in (line.ns, line.ew)]
    movement = info.movement if info.movement in MOVEMENTS and not teams else None
    movement = movement or infer_movement(teams, None, labels)
    two_fields = movement == "Mitchell"
    lines = _relabel(session.lines, two_fields)
    if matches is None:
        matches = _auto_matches(lines) if teams else ()
    lines = [
        replace(
            line,
            lead=_lead(line.lead),
            table=None,
            round=line.round if any(m.holds(line) for m in matches) else None,
        )
        for line in lines
    ]
    participants = _participants(lines, session.names, teams, figures.pairs, two_fields)
    order = [i for group in group_lines(lines, matches, participants) for i in group.indices]
    line_figures: tuple[LineFigures | None, ...] = ()
    if figures.lines:
        line_figures = tuple(figures.lines[i] for i in order)
    scoring = scoring or derive_scoring(kind, None)
    new_session = replace(
        session,
        lines=tuple(lines[i] for i in order),
        names={p.key: p.name for p in participants if p.name},
        info=replace(info, movement=movement, scoring=scoring, date=iso_date(info.date)),
    )
    return UsebioEvent(
        new_session,
        kind,
        participants,
        replace(figures, lines=line_figures),
        matches,
    )
