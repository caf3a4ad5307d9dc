"""Reading a USEBIO file into a :class:`UsebioEvent`, every problem located by its line.

What is read: ``CLUB`` (name, id), ``EVENT`` (type, description, date, venue, scoring method,
``WINNER_TYPE``), ``PARTICIPANTS`` (``PAIR``, ``TEAM``, ``PLAYER``, their players and standings),
``BOARD`` / ``TRAVELLER_LINE`` (pairs, or an individual event's four players ``N_PLAYER_NUMBER``
... ``W_PLAYER_NUMBER`` or partnerships ``1+5``; contract, declarer, lead, tricks, score and the
line's points, the Butler datum ``BOARD_AVERAGE``), ``MATCH`` (teams and Swiss pairs: round, teams, scores, the
boards of both tables) and ``HANDSET`` (the hands), also inside ``SESSION``/``SECTION``.
What is anywhere else, or misspelt, is said (see :mod:`bridgescore.formats.usebio.structure`):
the warnings come with the count of traveller lines read.
"""

from __future__ import annotations

__all__ = ["read"]

from collections.abc import Iterator
from dataclasses import replace

from bridgescore.core.errors import FileFormatError, Problem
from bridgescore.core.table.traveller import (
    EventInfo,
    Seating,
    Session,
    TravellerLine,
    played_twice,
)
from bridgescore.formats.usebio.conventions import (
    compare_said,
    derive_scoring,
    infer_movement,
    iso_date,
)
from bridgescore.formats.usebio.elements import ElementReader
from bridgescore.formats.usebio.event import UsebioEvent
from bridgescore.formats.usebio.model import (
    TEAMS_EVENT_TYPES,
    Figures,
    LineFigures,
    PairFigures,
    Participant,
    directed_label,
    pair_ref,
    section_key,
)
from bridgescore.formats.usebio.safexml import Element, child, elements, line_of, parse, text
from bridgescore.formats.usebio.structure import check


def _section_id(section: Element) -> str | None:
    return (section.get("SECTION_ID") or text(section, "SECTION_ID") or "").strip() or None


def _containers(event: Element) -> Iterator[tuple[str | None, Element]]:
    """The event itself and its sections, with their section ids."""
    yield None, event
    for session in elements(event, "SESSION"):
        sections = list(elements(session, "SECTION"))
        if not sections:
            yield None, session
        for section in sections:
            yield _section_id(section), section
    for section in elements(event, "SECTION"):
        yield _section_id(section), section


def read(data: bytes | str, source: str, lenient: bool) -> UsebioEvent:
    """A USEBIO document as an event (see :func:`bridgescore.formats.usebio.loads`)."""
    root = parse(data, source)
    event, *extras = _events(root, source)
    reader = ElementReader(source, lenient)
    errors, warnings = check(root, source)
    reader.problems.extend(errors)
    for extra in extras:
        reader.note(extra, "EVENT: only the first event of a file is read")
    event_type = (event.get("EVENT_TYPE") or text(event, "EVENT_TYPE") or "PAIRS").strip().upper()
    containers = list(_containers(event))
    _read_participants(reader, containers)
    movement = _movement(reader, event, event_type)
    reader.two_fields = movement == "Mitchell"
    _read_results(reader, root, containers)
    return _event(reader, root, event, event_type, movement, warnings + errors)


def _events(root: Element, source: str) -> list[Element]:
    """The ``EVENT`` elements of a USEBIO document (at least one)."""
    if root.tag != "USEBIO":
        raise FileFormatError(
            source,
            line_of(root),
            f"the root element is <{root.tag}>, not <USEBIO>: not a USEBIO file",
        )
    events = list(elements(root, "EVENT"))
    if not events:
        raise FileFormatError(source, line_of(root), "USEBIO: the file has no EVENT")
    return events


def _read_participants(reader: ElementReader, containers: list[tuple[str | None, Element]]) -> None:
    for section, container in containers:
        for participants in elements(container, "PARTICIPANTS"):
            for node in elements(participants):
                if node.tag in ("PAIR", "TEAM", "PLAYER"):
                    reader.participant(node, section)


def _movement(reader: ElementReader, event: Element, event_type: str) -> str | None:
    """``Mitchell``, ``Howell`` or none (teams), from ``WINNER_TYPE`` or the pairs' directions
    (as the participants give them, else the pair numbers of the traveller lines)."""
    found = reader.found
    teams = event_type in TEAMS_EVENT_TYPES or any(
        p.kind == "team" for p, _, _ in found.participants
    )
    directions = [p.direction for p, _, _ in found.participants] or [
        pair_ref(node.text or "").direction
        for tag in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER")
        for node in event.iter(tag)
    ]
    return infer_movement(teams, text(event, "WINNER_TYPE"), directions)


def _read_results(
    reader: ElementReader, root: Element, containers: list[tuple[str | None, Element]]
) -> None:
    """The boards and matches of every section, then the hands of any ``HANDSET``."""
    for section, container in containers:
        for node in elements(container):
            if node.tag == "BOARD":
                reader.board(node, section, None, {})
            elif node.tag == "MATCH":
                reader.match(node, section)
    for handset in root.iter("HANDSET"):
        for board in elements(handset, "BOARD"):
            number_ = reader.board_number(board)
            if number_ is not None:
                reader.deal(board, number_)


def _participants(reader: ElementReader) -> tuple[tuple[Participant, ...], dict[str, PairFigures]]:
    """The participants under their final ids (``3`` of the NS field is ``3NS``), once each in
    their section (numbers restart in each section)."""
    chosen: list[Participant] = []
    keys: set[str] = set()  # (a set: a field of 10,000 pairs is checked in one pass)
    standings: dict[str, PairFigures] = {}
    for written, figures, node in reader.found.participants:
        participant = written
        if reader.two_fields and written.direction is not None:
            participant = replace(written, label=directed_label(written.label, written.direction))
        if participant.key in keys:
            where = "" if participant.section is None else f" in section {participant.section}"
            reader.note(node, f"{node.tag}: {participant.label} is listed twice{where}")
            continue
        keys.add(participant.key)
        chosen.append(participant)
        if figures is not None:
            standings[participant.key] = figures
    return tuple(chosen), standings


def _unique(reader: ElementReader) -> list[tuple[TravellerLine, LineFigures | None]]:
    """The lines, without those where a pair plays a board again (:func:`played_twice`)."""
    found = reader.found.lines
    twice = played_twice([Seating.of(line) for line, _ in found])
    reader.problems.extend(Problem(reader.source, t.line, t.message) for t in twice)
    dropped = {t.index for t in twice}
    return [line for index, line in enumerate(found) if index not in dropped]


def _strangers(
    participants: tuple[Participant, ...], lines: list[TravellerLine], source: str
) -> list[Problem]:
    """A warning for each individual event's line naming a player the participants do not
    list (the line is kept)."""
    listed = {p.key for p in participants if p.kind == "player"}
    found = []
    for line in lines if listed else ():
        sides = [side.split("+") for side in (line.ns, line.ew)]
        for number in [n.strip() for side in sides if len(side) == 2 for n in side]:
            if section_key(number, line.section) not in listed:
                message = (
                    f"TRAVELLER_LINE: board {line.board}: player {number} is not one of the "
                    "PARTICIPANTS; the line is kept"
                )
                found.append(Problem(source, line.line, message, kept=True))
    return found


def _event(
    reader: ElementReader,
    root: Element,
    event: Element,
    event_type: str,
    movement: str | None,
    unread: list[Problem],
) -> UsebioEvent:
    """The event read; ``unread`` says what of the file was not (the warnings among them are
    added to the problems, with the count of the lines read)."""
    found = reader.found
    participants, standings = _participants(reader)
    lines = _unique(reader)
    line_figures = tuple(figures for _, figures in lines)
    points = found.points if any(line_figures) else None
    club = child(root, "CLUB")
    description = text(event, "EVENT_DESCRIPTION")
    info = EventInfo(
        title=description or text(event, "TITLE"),
        club=None if club is None else text(club, "CLUB_NAME"),
        date=iso_date(text(event, "DATE")),
        venue=text(event, "VENUE"),
        scoring=text(event, "BOARD_SCORING_METHOD")
        or derive_scoring(event_type, points, text(event, "SCORING_METHOD")),
        movement=movement,
        compare=compare_said([line for line, _ in lines], line_figures)
        if points == "MATCH_POINTS"
        else None,
    )
    if not lines and not participants and not reader.problems:
        reader.note(event, "EVENT: no results: the file has no TRAVELLER_LINE and no PARTICIPANTS")
    problems = tuple(sorted(reader.problems, key=lambda p: p.line or 0))
    if problems and not reader.lenient:
        raise FileFormatError.from_problems(problems)
    if unread:
        count = len(lines)
        read = f"{count} traveller line{'' if count == 1 else 's'} read"
        kept = sorted({*problems, *unread}, key=lambda p: p.line or 0)
        problems = (*kept, Problem(reader.source, None, read))
    problems = (*problems, *_strangers(participants, [line for line, _ in lines], reader.source))
    session = Session(
        tuple(line for line, _ in lines),
        names={p.key: p.name for p in participants if p.name},
        info=info,
        source=reader.source,
        problems=problems,
        deals=found.deals,
    )
    return UsebioEvent(
        session,
        event_type,
        participants,
        Figures(points, line_figures if points else (), found.datums, standings),
        tuple(found.matches),
        club_id=None if club is None else text(club, "CLUB_ID_NUMBER"),
        event_id=text(event, "EVENT_IDENTIFIER"),
        match_scoring=text(event, "MATCH_SCORING_METHOD"),
        team_pairing=text(event, "TEAM_PAIRING_AVAILABLE"),
        title=text(event, "TITLE") if description else None,
    )
