"""A USEBIO event, and building one from any session.

A :class:`UsebioEvent` is the session (traveller lines, names, event details, hand records)
together with what only a USEBIO file says about it (the values of
:mod:`bridgescore.formats.usebio.model`): the event type, the participants (pairs or teams with
their players), the teams/Swiss matches, and the figures a scoring program computed.

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

__all__ = ["UsebioEvent", "carry_ids", "event_from_session", "with_figures"]

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from bridgescore.core.errors import BridgeScoreError, ScoringError
from bridgescore.core.numbers import parse_count
from bridgescore.core.pairs.fields import PairId
from bridgescore.core.pairs.rules import scoring_in
from bridgescore.core.table.deal import Card
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.formats.usebio.conventions import (
    MOVEMENTS,
    POINTS_SCORING,
    derive_scoring,
    group_lines,
    infer_movement,
    iso_date,
    pairs_event_type,
    section_order,
)
from bridgescore.formats.usebio.model import (
    TEAMS_EVENT_TYPES,
    Figures,
    LineFigures,
    MatchRecord,
    PairRef,
    Participant,
    Player,
    directed_label,
    pair_ref,
    section_key,
)


@dataclass(frozen=True, slots=True)
class UsebioEvent:
    """A USEBIO event: the session and what the file adds to it (see the module's doc)."""

    session: Session
    event_type: str = "MP_PAIRS"
    participants: tuple[Participant, ...] = ()
    figures: Figures = field(default_factory=Figures)
    matches: tuple[MatchRecord, ...] = ()
    club_id: str | None = None
    event_id: str | None = None
    match_scoring: str | None = None
    title: str | None = None
    """The file's ``TITLE`` where it also has an ``EVENT_DESCRIPTION`` (``session.info.title``)."""
    team_pairing: str | None = None
    """``TEAM_PAIRING_AVAILABLE`` as the file writes it (TeamsScorer's multiple teams)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "participants", tuple(self.participants))
        object.__setattr__(self, "matches", tuple(self.matches))
        listed = {p.key for p in self.participants}
        unlisted = [label for label in self.figures.pairs if label not in listed]
        if unlisted:
            raise ScoringError(
                f"figures for pairs that are not participants: {', '.join(unlisted)}"
            )
        lines = self.figures.lines
        if lines and len(lines) != len(self.session.lines):
            raise ScoringError(
                f"{len(lines)} line figures for {len(self.session.lines)} traveller lines"
            )

    @property
    def is_multiple_teams(self) -> bool:
        """A multiple-teams event (EBU style: several short matches a round for some teams,
        none for others), as the file says: ``MULTI_TEAMS``, or TeamsScorer's
        ``TEAM_PAIRING_AVAILABLE``."""
        return self.event_type == "MULTI_TEAMS" or self.team_pairing is not None

    @property
    def is_teams(self) -> bool:
        return self.event_type in TEAMS_EVENT_TYPES or any(
            p.kind == "team" for p in self.participants
        )

    def participant(self, key: str) -> Participant | None:
        """The participant with this key: its id, after its section in a file of sections."""
        return next((p for p in self.participants if p.key == key), None)

    def pair_ref(self, label: str) -> PairRef:
        """Which pair an id in ``session.lines`` or a participant's key denotes."""
        known = self.participant(label)
        if known is not None:
            return pair_ref(known.label, known.direction, known.section)
        section = next(
            (line.section for line in self.session.lines if label in (line.ns, line.ew)), None
        )
        return pair_ref(label, None, section)

    def line_figures(self, index: int) -> LineFigures | None:
        """The file's points for ``session.lines[index]`` (``None`` if it gives none)."""
        return self.figures.lines[index] if self.figures.lines else None

    def with_figures(self, figures: Figures) -> UsebioEvent:
        """The same event with other figures (``figures.lines`` parallel to ``session.lines``),
        e.g. those bridgescore's own scoring computed; pairs they name are listed if need be."""
        return with_figures(self, figures)

    def without_locations(self) -> UsebioEvent:
        """The same event without file names and line numbers (to compare content)."""
        lines = tuple(replace(line, line=None) for line in self.session.lines)
        return replace(self, session=replace(self.session, lines=lines, source=None))

    @classmethod
    def from_session(
        cls,
        session: Session,
        figures: Figures | None = None,
        *,
        event_type: str | None = None,
        matches: tuple[MatchRecord, ...] | None = None,
    ) -> UsebioEvent:
        """A USEBIO event from any session, with figures computed elsewhere (or none).

        See :func:`event_from_session`.
        """
        return event_from_session(session, figures, event_type=event_type, matches=matches)


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


def _partners(label: str) -> tuple[str, ...] | None:
    """The two players of an individual event's side (``1+5``), or ``None``."""
    players = [p.strip() for p in label.split("+")]
    return tuple(players) if len(players) == 2 and all(players) else None


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
    individual = bool(lines) and all(_partners(x) for line in lines for x in (line.ns, line.ew))
    for line in lines:
        for label in (line.ns, line.ew):
            for one in _partners(label) or () if individual else (label,):
                key = section_key(one, line.section)
                if key not in found:
                    name = _name(one, line.section, looked)
                    found[key] = _participant(one, line.section, name, teams)
                    if individual:
                        players = (Player(name),) if name else ()
                        found[key] = Participant(one, "player", None, line.section, players)
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
        team_pairing=event.team_pairing or original.team_pairing,
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
        scoring = POINTS_SCORING[figures.points]
    individual = bool(session.lines) and all(
        _partners(x) for line in session.lines for x in (line.ns, line.ew)
    )
    kind = event_type or ("INDIVIDUAL" if individual else None) or pairs_event_type(scoring)
    kind = kind or "PAIRS"
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
