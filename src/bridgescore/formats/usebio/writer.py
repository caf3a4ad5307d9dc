"""Writing a :class:`UsebioEvent` as a USEBIO 1.2 document: deterministic and pretty-printed.

The document is ISO-8859-1 with the USEBIO 1.2 DOCTYPE; characters outside Latin-1 are written as
character references, so names in any script survive. Elements come in the order Compscore
writes them. Adjusted scores go in ``SCORE``: ``A6040`` (artificial), ``60% 4SN= 40% 4SN-1``
(weighted, as bridgescore writes it elsewhere; USEBIO has no notation of its own for these).
"""

from __future__ import annotations

__all__ = ["DOCTYPE", "write"]

from collections.abc import Sequence
from decimal import Decimal

from lxml import etree

from bridgescore._version import __version__
from bridgescore.core.errors import NotationError
from bridgescore.core.pairs.rules import scoring_in
from bridgescore.core.table.deal import Card, Deal, Suit
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.formats.usebio.conventions import (
    LineGroup,
    group_lines,
    section_order,
    usebio_date,
)
from bridgescore.formats.usebio.event import UsebioEvent
from bridgescore.formats.usebio.model import (
    LineFigures,
    MatchRecord,
    PairFigures,
    Participant,
)

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
_HEADER = f'<?xml version="1.0" encoding="iso-8859-1"?>\n{DOCTYPE}\n'
_WINNER_TYPE = {"Howell": "1", "Mitchell": "2"}
_SUIT_ELEMENTS = (
    ("CLUBS", Suit.CLUBS),
    ("DIAMONDS", Suit.DIAMONDS),
    ("HEARTS", Suit.HEARTS),
    ("SPADES", Suit.SPADES),
)
_SEAT_WORDS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}

Element = etree._Element


def _leaf(parent: Element, tag: str, value: str | Decimal | int | None) -> None:
    """``<TAG>value</TAG>`` unless the value is missing."""
    if value is None:
        return
    node = etree.SubElement(parent, tag)
    shown = format(value, "f") if isinstance(value, Decimal) else str(value)
    try:
        node.text = shown
    except ValueError:
        raise NotationError(
            shown, f"{tag} cannot be written: XML has no control characters"
        ) from None


def _attributes(node: Element, **values: str) -> Element:
    for name, value in values.items():
        try:
            node.set(name, value)
        except ValueError:
            raise NotationError(
                value, f"{name} cannot be written: XML has no control characters"
            ) from None
    return node


def _lead(text: str) -> str:
    try:
        card = Card.parse(text)
    except NotationError:
        return text
    return f"{card.rank_letter}{card.suit.letter}"


def _outcome(node: Element, line: TravellerLine) -> None:
    result = line.result
    if result is not None:
        _leaf(node, "CONTRACT", str(result.contract))
        _leaf(node, "PLAYED_BY", None if result.declarer is None else str(result.declarer))
    _leaf(node, "LEAD", None if line.lead is None else _lead(line.lead))
    if result is not None and not result.contract.is_pass:
        _leaf(node, "TRICKS", result.tricks)
    if line.artificial_score is not None:
        _leaf(node, "SCORE", str(line.artificial_score).replace("/", ""))
    elif line.weighted_score is not None:
        _leaf(node, "SCORE", str(line.weighted_score))
    else:
        _leaf(node, "SCORE", line.ns_score)


def _partnerships(line: TravellerLine) -> tuple[str, str, str, str] | None:
    """The players North, South, East and West of an individual event's line (``1+5`` v
    ``2+6``), or ``None`` for a pair's line."""
    sides = [side.split("+") for side in (line.ns, line.ew)]
    if all(len(players) == 2 and all(p.strip() for p in players) for players in sides):
        (north, south), (east, west) = sides
        return north.strip(), south.strip(), east.strip(), west.strip()
    return None


def _line(
    parent: Element,
    line: TravellerLine,
    match: MatchRecord | None,
    points: str | None,
    figures: LineFigures | None,
    individual: bool = False,
) -> None:
    node = etree.SubElement(parent, "TRAVELLER_LINE")
    players = _partnerships(line) if match is None and individual else None
    if players is not None:  # an individual event: a player in each seat
        for seat, number in zip("NSEW", players, strict=True):
            _leaf(node, f"{seat}_PLAYER_NUMBER", number)
    elif match is None:
        _leaf(node, "NS_PAIR_NUMBER", line.ns)
        _leaf(node, "EW_PAIR_NUMBER", line.ew)
    else:
        _leaf(node, "DIRECTION", str(Side.NS if line.ns == match.team else Side.EW))
    _outcome(node, line)
    if figures is not None and points is not None:
        _leaf(node, f"NS_{points}", figures.ns)
        _leaf(node, f"EW_{points}", figures.ew)


def _board(parent: Element, event: UsebioEvent, group: LineGroup) -> None:
    node = _attributes(etree.SubElement(parent, "BOARD"), EVENT_TYPE=event.event_type)
    _leaf(node, "BOARD_NUMBER", group.board)
    if group.match is None:
        _leaf(node, "BOARD_AVERAGE", event.figures.datums.get(group.board))
    else:
        _leaf(node, "IMPS", group.match.imps.get(group.board))
    for index in group.indices:
        _line(
            node,
            event.session.lines[index],
            group.match,
            event.figures.points,
            event.line_figures(index),
            event.event_type == "INDIVIDUAL",
        )


def _standing(node: Element, figures: PairFigures | None) -> None:
    if figures is None:
        return
    _leaf(node, "BOARDS_PLAYED", figures.boards_played)
    _leaf(node, "TOTAL_SCORE", figures.total)
    _leaf(node, "PERCENTAGE", figures.percentage)
    _leaf(node, "PLACE", figures.place_text)


def _participant(parent: Element, participant: Participant, figures: PairFigures | None) -> None:
    if participant.kind == "player":  # an individual event's player
        node = etree.SubElement(parent, "PLAYER")
        _leaf(node, "PLAYER_NUMBER", participant.label)
        for player in participant.players[:1]:
            _leaf(node, "PLAYER_NAME", player.name)
            _leaf(node, "NATIONAL_ID_NUMBER", player.national_id)
        _standing(node, figures)
        return
    if participant.kind == "team":
        node = _attributes(etree.SubElement(parent, "TEAM"), TEAM_ID=participant.label)
        if participant.team_name:
            _attributes(node, TEAM_NAME=participant.team_name)
    else:
        node = etree.SubElement(parent, "PAIR")
        _leaf(node, "PAIR_NUMBER", participant.label)
        _leaf(
            node, "DIRECTION", None if participant.direction is None else str(participant.direction)
        )
    _standing(node, figures)
    for player in participant.players:
        person = etree.SubElement(node, "PLAYER")
        _leaf(person, "PLAYER_NAME", player.name)
        _leaf(person, "NATIONAL_ID_NUMBER", player.national_id)


def _match(
    parent: Element, event: UsebioEvent, match: MatchRecord, groups: Sequence[LineGroup]
) -> None:
    node = etree.SubElement(parent, "MATCH")
    _leaf(node, "ROUND_NUMBER", match.round)
    teams = match.kind == "teams"
    _leaf(node, "TEAM" if teams else "NS_PAIR_NUMBER", match.team)
    _leaf(node, "OPPOSING_TEAM" if teams else "EW_PAIR_NUMBER", match.opponent)
    _leaf(node, "TEAM_SCORE" if teams else "NS_SCORE", match.team_score)
    _leaf(node, "OPPOSING_TEAM_SCORE" if teams else "EW_SCORE", match.opponent_score)
    for group in groups:
        if group.match is match:
            _board(node, event, group)


def _section(
    parent: Element, event: UsebioEvent, section: str | None, groups: Sequence[LineGroup]
) -> None:
    members = [p for p in event.participants if p.section == section]
    if members:
        listing = _attributes(etree.SubElement(parent, "PARTICIPANTS"), EVENT_TYPE=event.event_type)
        for participant in members:
            _participant(listing, participant, event.figures.pairs.get(participant.key))
    for match in event.matches:
        if match.section == section:
            _match(parent, event, match, groups)
    for group in groups:
        if group.section == section and group.match is None:
            _board(parent, event, group)


def _handset(root: Element, deals: dict[int, Deal]) -> None:
    handset = etree.SubElement(root, "HANDSET")
    for board in sorted(deals):
        node = etree.SubElement(handset, "BOARD")
        _leaf(node, "BOARD_NUMBER", board)
        for seat, hand in deals[board].by_seat().items():
            if hand is None:
                continue
            held = etree.SubElement(node, "HAND")
            _leaf(held, "DIRECTION", _SEAT_WORDS[seat])
            for tag, suit in _SUIT_ELEMENTS:
                etree.SubElement(held, tag).text = hand.holding(suit)


def write(event: UsebioEvent) -> str:
    """The event as a USEBIO 1.2 document (text; its characters are all Latin-1)."""
    session, info = event.session, event.session.info
    root = etree.Element("USEBIO", Version="1.2")
    if info.club is not None or event.club_id is not None:
        club = etree.SubElement(root, "CLUB")
        _leaf(club, "CLUB_NAME", info.club)
        _leaf(club, "CLUB_ID_NUMBER", event.club_id)
    node = _attributes(etree.SubElement(root, "EVENT"), EVENT_TYPE=event.event_type)
    _leaf(node, "EVENT_IDENTIFIER", event.event_id)
    _leaf(node, "EVENT_DESCRIPTION", info.title)
    _leaf(node, "PROGRAM_NAME", "bridgescore")
    _leaf(node, "PROGRAM_VERSION", __version__)
    _leaf(node, "BOARD_SCORING_METHOD", scoring_in(info.scoring, "usebio"))
    _leaf(node, "MATCH_SCORING_METHOD", event.match_scoring)
    _leaf(node, "TEAM_PAIRING_AVAILABLE", event.team_pairing)
    _leaf(node, "WINNER_TYPE", _WINNER_TYPE.get(info.movement or ""))
    _leaf(node, "TITLE", event.title)
    _leaf(node, "DATE", None if info.date is None else usebio_date(info.date))
    _leaf(node, "VENUE", info.venue)
    groups = group_lines(session.lines, event.matches, event.participants)
    sessions: Element | None = None
    for section in section_order(session.lines, event.participants, event.matches):
        parent = node
        if section is not None:
            if sessions is None:
                sessions = etree.SubElement(node, "SESSION", SESSION_ID="1")
            parent = _attributes(etree.SubElement(sessions, "SECTION"), SECTION_ID=section)
        _section(parent, event, section, groups)
    if session.deals:
        _handset(root, dict(session.deals))
    etree.indent(root, space="  ")
    body = etree.tostring(root, encoding="iso-8859-1", xml_declaration=False)
    assert isinstance(body, bytes)
    return _HEADER + body.decode("iso-8859-1") + "\n"
