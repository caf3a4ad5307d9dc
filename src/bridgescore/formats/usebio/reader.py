"""Reading a USEBIO file into a :class:`UsebioEvent`, every problem located by its line.

What is read: ``CLUB`` (name, id), ``EVENT`` (type, description, date, venue, scoring method,
``WINNER_TYPE``), ``PARTICIPANTS`` (``PAIR``, ``TEAM``, their players and standings), ``BOARD`` /
``TRAVELLER_LINE`` (pairs, contract, declarer, lead, tricks, score and the line's points, the
Butler datum ``BOARD_AVERAGE``), ``MATCH`` (teams and Swiss pairs: round, teams, scores, the
boards of both tables) and ``HANDSET`` (the hands), also inside ``SESSION``/``SECTION``.
"""

from __future__ import annotations

__all__ = ["read"]

from collections.abc import Iterator
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Literal

from bridgescore.core.errors import BridgeScoreError, FileFormatError, Problem
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.deal import Deal, Hand
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.traveller import EventInfo, Session, TravellerLine
from bridgescore.formats.usebio.build import derive_scoring, infer_movement, iso_date
from bridgescore.formats.usebio.model import (
    POINT_KINDS,
    TEAMS_EVENT_TYPES,
    Figures,
    LineFigures,
    MatchRecord,
    PairFigures,
    Participant,
    Player,
    UsebioEvent,
    directed_label,
    number,
    pair_ref,
)
from bridgescore.formats.usebio.safexml import Element, at, child, elements, line_of, parse, text
from bridgescore.formats.usebio.travellers import Skip, lead_card, outcome, reason

_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


@dataclass
class _Found:
    """What has been read so far."""

    lines: list[tuple[TravellerLine, LineFigures | None]]
    participants: list[tuple[Participant, PairFigures | None, Element]]
    datums: dict[int, Decimal]
    deals: dict[int, Deal]
    matches: list[MatchRecord]
    points: str | None = None


class _Reader:
    def __init__(self, source: str, lenient: bool) -> None:
        self.source = source
        self.lenient = lenient
        self.problems: list[Problem] = []
        self.found = _Found([], [], {}, {}, [])
        self.two_fields = False

    # --- helpers -----------------------------------------------------------------------------

    def note(self, node: Element | None, message: str) -> None:
        line = None if node is None else line_of(node)
        self.problems.append(Problem(self.source, line, message))

    def figure(self, node: Element, tag: str) -> Decimal | None:
        value = text(node, tag)
        if value is None:
            return None
        try:
            return number(value)
        except BridgeScoreError:
            self.note(at(node, tag), f"{node.tag}: {tag} {value!r} is not a number")
            return None

    def count(self, node: Element, tag: str, value: str | None = None) -> int | None:
        value = text(node, tag) if value is None else value
        if value is None:
            return None
        number = parse_count(value, 4, least=1)
        if number is None:
            self.note(at(node, tag), f"{node.tag}: {tag} {value!r} is not a number from 1")
        return number

    # --- participants ------------------------------------------------------------------------

    def standing(self, node: Element) -> PairFigures | None:
        place, tied = None, False
        place_text = text(node, "PLACE")
        if place_text is not None:
            try:
                place, tied = PairFigures.parse_place(place_text)
            except BridgeScoreError as error:
                self.note(at(node, "PLACE"), f"{node.tag}: PLACE {error}")
        figures = PairFigures(
            self.figure(node, "TOTAL_SCORE"),
            self.figure(node, "PERCENTAGE"),
            place,
            tied,
            self.count(node, "BOARDS_PLAYED"),
        )
        return None if figures == PairFigures() else figures

    def players(self, node: Element) -> Iterator[Player]:
        if node.tag == "PLAYER":
            name = text(node, "PLAYER_NAME")
            if name is not None:
                yield Player(name, text(node, "NATIONAL_ID_NUMBER"))
            return
        for member in elements(node):
            if member.tag in ("PLAYER", "PAIR"):
                yield from self.players(member)

    def direction(self, node: Element) -> Side | None:
        written = text(node, "DIRECTION")
        if written is None:
            return None
        try:
            return Side.parse(written)
        except BridgeScoreError:
            self.note(at(node, "DIRECTION"), f"{node.tag}: DIRECTION {written!r} is not NS or EW")
            return None

    def participant(self, node: Element, section: str | None) -> None:
        if node.tag == "TEAM":
            label = node.get("TEAM_ID") or text(node, "TEAM_NUMBER") or text(node, "TEAM_ID")
            name = node.get("TEAM_NAME") or text(node, "TEAM_NAME")
            found = Participant("", "team", None, section, tuple(self.players(node)), name)
        else:
            label = text(node, "PAIR_NUMBER") or text(node, "PLAYER_NUMBER")
            players = tuple(self.players(node))
            found = Participant("", "pair", self.direction(node), section, players)
        if label is None or not label.strip():
            self.note(node, f"{node.tag}: the number is missing")
            return
        label = label.strip()
        found = replace(found, label=label, direction=found.direction or pair_ref(label).direction)
        self.found.participants.append((found, self.standing(node), node))

    # --- traveller lines ---------------------------------------------------------------------

    def line_points(self, line: Element) -> LineFigures | None:
        for kind in POINT_KINDS:
            ns, ew = self.figure(line, f"NS_{kind}"), self.figure(line, f"EW_{kind}")
            if ns is None and ew is None:
                continue
            if self.found.points is None:
                self.found.points = kind
            if kind != self.found.points:
                self.note(line, f"TRAVELLER_LINE: {kind} in a file of {self.found.points}")
                return None
            return LineFigures(ns, ew)
        return None

    def sides(self, line: Element, match: MatchRecord | None, position: int) -> tuple[str, str]:
        ns, ew = text(line, "NS_PAIR_NUMBER"), text(line, "EW_PAIR_NUMBER")
        if match is None or (match.kind == "pairs" and ns and ew and not text(line, "DIRECTION")):
            if ns is None or ew is None:
                raise Skip(line, f"the {'NS' if ns is None else 'EW'} pair number is missing")
            if self.two_fields:
                return directed_label(ns, Side.NS), directed_label(ew, Side.EW)
            return ns, ew
        written = text(line, "DIRECTION")
        side = Side.NS if match.kind == "pairs" or position % 2 == 0 else Side.EW
        if written is not None:
            try:
                side = Side.parse(written)
            except BridgeScoreError:
                raise Skip(
                    at(line, "DIRECTION"), f"DIRECTION {written!r} is not NS or EW"
                ) from None
        if side is Side.NS:
            return match.team, match.opponent
        return match.opponent, match.team

    def traveller_line(
        self,
        line: Element,
        board: int,
        section: str | None,
        match: MatchRecord | None,
        position: int,
    ) -> None:
        ns, ew = self.sides(line, match, position)
        played = outcome(line, board, ns, ew)
        lead_text = text(line, "LEAD")
        lead = None
        if lead_text is not None:
            try:
                lead = lead_card(lead_text)
            except BridgeScoreError:
                raise Skip(
                    at(line, "LEAD"), f"LEAD {lead_text!r} is not a card (7H, TD, AS)"
                ) from None
        round_number = None if match is None else match.round
        placed = replace(played, lead=lead, section=section, round=round_number, line=line_of(line))
        self.found.lines.append((placed, self.line_points(line)))

    # --- boards, matches, hands --------------------------------------------------------------

    def deal(self, node: Element, board: int) -> None:
        hands: dict[Seat, Hand | None] = {}
        for hand in elements(node, "HAND"):
            written = text(hand, "DIRECTION") or ""
            try:
                seat = Seat.parse(written)
            except BridgeScoreError:
                self.note(at(hand, "DIRECTION"), f"HAND: DIRECTION {written!r} is not a seat")
                return
            suits = [(text(hand, suit) or "").replace("-", "") for suit in _SUITS]
            try:
                hands[seat] = Hand.parse(".".join(suits)) if any(suits) else None
            except BridgeScoreError as error:
                self.note(hand, f"HAND: {seat.name.title()}'s hand: {reason(error)}")
                return
        try:
            deal = Deal.of(hands)
        except BridgeScoreError as error:
            self.note(node, f"HAND: board {board}: {reason(error)}")
            return
        if self.found.deals.get(board, deal) != deal:
            self.note(node, f"HAND: board {board} has two different deals")
            return
        self.found.deals[board] = deal

    def board_number(self, node: Element) -> int | None:
        written = text(node, "BOARD_NUMBER") or node.get("BOARD_NUMBER")
        if written is None:
            self.note(node, "BOARD: BOARD_NUMBER is missing")
            return None
        return self.count(node, "BOARD_NUMBER", written)

    def board(
        self,
        node: Element,
        section: str | None,
        match: MatchRecord | None,
        imps: dict[int, Decimal],
    ) -> None:
        board = self.board_number(node)
        if board is None:
            return
        datum = self.figure(node, "BOARD_AVERAGE")
        if datum is not None and self.found.datums.setdefault(board, datum) != datum:
            self.note(at(node, "BOARD_AVERAGE"), f"BOARD: board {board} has two datums")
        net = self.figure(node, "IMPS")
        if net is not None and match is not None:
            imps[board] = net
        if child(node, "HAND") is not None:
            self.deal(node, board)
        for position, line in enumerate(elements(node, "TRAVELLER_LINE")):
            try:
                self.traveller_line(line, board, section, match, position)
            except Skip as skip:
                self.note(skip.node, f"TRAVELLER_LINE: {skip.told(self.lenient)}")
            except BridgeScoreError as error:
                self.note(line, f"TRAVELLER_LINE: {reason(error)}")

    def match(self, node: Element, section: str | None) -> None:
        kind: Literal["teams", "pairs"] = "teams" if text(node, "TEAM") else "pairs"
        home = text(node, "TEAM") or text(node, "NS_PAIR_NUMBER")
        away = text(node, "OPPOSING_TEAM") or text(node, "EW_PAIR_NUMBER")
        if home is None or away is None:
            self.note(node, "MATCH: the two teams (TEAM, OPPOSING_TEAM) are missing")
            return
        scores = (
            ("TEAM_SCORE", "OPPOSING_TEAM_SCORE") if kind == "teams" else ("NS_SCORE", "EW_SCORE")
        )
        record = MatchRecord(
            home,
            away,
            self.count(node, "ROUND_NUMBER"),
            section,
            self.figure(node, scores[0]),
            self.figure(node, scores[1]),
            kind=kind,
        )
        imps: dict[int, Decimal] = {}
        for board in elements(node, "BOARD"):
            self.board(board, section, record, imps)
        self.found.matches.append(replace(record, imps=imps))


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
    if root.tag != "USEBIO":
        raise FileFormatError(
            source,
            line_of(root),
            f"the root element is <{root.tag}>, not <USEBIO>: not a USEBIO file",
        )
    events = list(elements(root, "EVENT"))
    if not events:
        raise FileFormatError(source, line_of(root), "USEBIO: the file has no EVENT")
    reader = _Reader(source, lenient)
    event = events[0]
    for extra in events[1:]:
        reader.note(extra, "EVENT: only the first event of a file is read")
    event_type = (event.get("EVENT_TYPE") or text(event, "EVENT_TYPE") or "PAIRS").strip().upper()
    containers = list(_containers(event))
    for section, container in containers:
        for participants in elements(container, "PARTICIPANTS"):
            for node in elements(participants):
                if node.tag in ("PAIR", "TEAM", "PLAYER"):
                    reader.participant(node, section)
    found = reader.found
    teams = event_type in TEAMS_EVENT_TYPES or any(
        p.kind == "team" for p, _, _ in found.participants
    )
    directions = [p.direction for p, _, _ in found.participants] or [
        pair_ref(node.text or "").direction
        for tag in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER")
        for node in event.iter(tag)
    ]
    movement = infer_movement(teams, text(event, "WINNER_TYPE"), directions)
    reader.two_fields = movement == "Mitchell"
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
    return _event(reader, root, event, event_type, movement)


def _participants(reader: _Reader) -> tuple[tuple[Participant, ...], dict[str, PairFigures]]:
    """The participants under their final ids (``3`` of the NS field is ``3NS``), once each in
    their section (numbers restart in each section)."""
    chosen: list[Participant] = []
    standings: dict[str, PairFigures] = {}
    for written, figures, node in reader.found.participants:
        participant = written
        if reader.two_fields and written.direction is not None:
            participant = replace(written, label=directed_label(written.label, written.direction))
        if any(other.key == participant.key for other in chosen):
            where = "" if participant.section is None else f" in section {participant.section}"
            reader.note(node, f"{node.tag}: {participant.label} is listed twice{where}")
            continue
        chosen.append(participant)
        if figures is not None:
            standings[participant.key] = figures
    return tuple(chosen), standings


def _unique(reader: _Reader) -> list[tuple[TravellerLine, LineFigures | None]]:
    """The lines, without a pair's second line in the same direction on the same board."""
    seen: set[tuple[str | None, int | None, int, str, str]] = set()
    kept = []
    for line, figures in reader.found.lines:
        keys = [
            (line.section, line.round, line.board, side, pair)
            for side, pair in (("NS", line.ns), ("EW", line.ew))
        ]
        clash = next((key for key in keys if key in seen), None)
        if clash is not None:
            reader.problems.append(
                Problem(
                    reader.source,
                    line.line,
                    f"TRAVELLER_LINE: {clash[3]} pair {clash[4]} plays board {line.board} twice",
                )
            )
            continue
        seen.update(keys)
        kept.append((line, figures))
    return kept


def _event(
    reader: _Reader, root: Element, event: Element, event_type: str, movement: str | None
) -> UsebioEvent:
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
    )
    if not lines and not participants and not reader.problems:
        reader.note(event, "EVENT: no results: the file has no TRAVELLER_LINE and no PARTICIPANTS")
    problems = tuple(sorted(reader.problems, key=lambda p: p.line or 0))
    session = Session(
        tuple(line for line, _ in lines),
        names={p.key: p.name for p in participants if p.name},
        info=info,
        source=reader.source,
        problems=problems,
        deals=found.deals,
    )
    if problems and not reader.lenient:
        raise FileFormatError.from_problems(problems)
    return UsebioEvent(
        session,
        event_type,
        participants,
        Figures(points, line_figures if points else (), found.datums, standings),
        tuple(found.matches),
        club_id=None if club is None else text(club, "CLUB_ID_NUMBER"),
        event_id=text(event, "EVENT_IDENTIFIER"),
        match_scoring=text(event, "MATCH_SCORING_METHOD"),
        title=text(event, "TITLE") if description else None,
    )
