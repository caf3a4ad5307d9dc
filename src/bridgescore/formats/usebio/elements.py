"""Reading the elements of a USEBIO event, one at a time, into what has been found so far:
participants (``PAIR``, ``TEAM``, ``PLAYER``) with their players and standings, ``BOARD`` with
its traveller lines, the line points and the Butler datum, ``MATCH`` and the hands. Each problem
is noted with the element's line; :mod:`bridgescore.formats.usebio.reader` walks the file and
puts the event together.

>>> from bridgescore.formats.usebio.safexml import parse
>>> reader = ElementReader("club.xml", lenient=False)
>>> board = parse(
...     "<BOARD><BOARD_NUMBER>7</BOARD_NUMBER>"
...     "<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>5</EW_PAIR_NUMBER>"
...     "<SCORE>620</SCORE></TRAVELLER_LINE>"
...     "<TRAVELLER_LINE><NS_PAIR_NUMBER>4</NS_PAIR_NUMBER></TRAVELLER_LINE></BOARD>",
...     "club.xml",
... )
>>> reader.board(board, None, None, {})
>>> [(line.board, line.ns, line.ew, line.ns_score) for line, _ in reader.found.lines]
[(7, '3', '5', 620)]
>>> [problem.message for problem in reader.problems]
['TRAVELLER_LINE: the EW pair number is missing']
"""

from __future__ import annotations

__all__ = ["ElementReader", "Found"]

from collections.abc import Iterator
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Literal

from bridgescore.core.errors import BridgeScoreError, Problem, quoted
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.deal import Deal, Hand
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.formats.usebio.model import (
    POINT_KINDS,
    LineFigures,
    MatchRecord,
    PairFigures,
    Participant,
    Player,
    directed_label,
    number,
    pair_ref,
)
from bridgescore.formats.usebio.safexml import Element, at, child, elements, line_of, text
from bridgescore.formats.usebio.travellers import Skip, lead_card, outcome, reason

_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


@dataclass
class Found:
    """What has been read so far."""

    lines: list[tuple[TravellerLine, LineFigures | None]]
    participants: list[tuple[Participant, PairFigures | None, Element]]
    datums: dict[int, Decimal]
    deals: dict[int, Deal]
    matches: list[MatchRecord]
    points: str | None = None


class ElementReader:
    """Reads elements of one file into :attr:`found`, noting each problem in :attr:`problems`
    (``two_fields``: plain pair numbers get their direction, as in a Mitchell)."""

    def __init__(self, source: str, lenient: bool) -> None:
        self.source = source
        self.lenient = lenient
        self.problems: list[Problem] = []
        self.found = Found([], [], {}, {}, [])
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
            self.note(at(node, tag), f"{node.tag}: {tag} {quoted(value)} is not a number")
            return None

    def count(self, node: Element, tag: str, value: str | None = None) -> int | None:
        value = text(node, tag) if value is None else value
        if value is None:
            return None
        number = parse_count(value, 4, least=1)
        if number is None:
            self.note(at(node, tag), f"{node.tag}: {tag} {quoted(value)} is not a number from 1")
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
            self.note(
                at(node, "DIRECTION"), f"{node.tag}: DIRECTION {quoted(written)} is not NS or EW"
            )
            return None

    def participant(self, node: Element, section: str | None) -> None:
        if node.tag == "TEAM":
            label = node.get("TEAM_ID") or text(node, "TEAM_NUMBER") or text(node, "TEAM_ID")
            name = node.get("TEAM_NAME") or text(node, "TEAM_NAME")
            found = Participant("", "team", None, section, tuple(self.players(node)), name)
        elif node.tag == "PLAYER":  # an individual event's player
            label = text(node, "PLAYER_NUMBER")
            found = Participant("", "player", None, section, tuple(self.players(node)))
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

    def seats(self, line: Element) -> tuple[str, str] | None:
        """An individual event's line in the seat form (``N_PLAYER_NUMBER`` ... ``W_``): the
        partnerships ``N+S`` and ``E+W``; ``None`` when the line names no seat."""
        players = {seat: text(line, f"{seat}_PLAYER_NUMBER") for seat in "NSEW"}
        if not any(players.values()):
            return None
        missing = [seat for seat, number in players.items() if not number]
        if missing:
            said = {"N": "North", "S": "South", "E": "East", "W": "West"}[missing[0]]
            raise Skip(line, f"the {said} player number ({missing[0]}_PLAYER_NUMBER) is missing")
        return f"{players['N']}+{players['S']}", f"{players['E']}+{players['W']}"

    def sides(self, line: Element, match: MatchRecord | None, position: int) -> tuple[str, str]:
        ns, ew = text(line, "NS_PAIR_NUMBER"), text(line, "EW_PAIR_NUMBER")
        if match is None and ns is None and ew is None:
            players = self.seats(line)
            if players is not None:
                return players
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
                    at(line, "DIRECTION"), f"DIRECTION {quoted(written)} is not NS or EW"
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
        try:
            played = outcome(line, board, ns, ew)
        except Skip as skip:
            if not self.lenient or skip.kept is None or skip.kept.ns_score is None:
                raise
            told = f"TRAVELLER_LINE: {skip}"
            self.problems.append(
                Problem.kept_at(self.source, line_of(skip.node), told, skip.kept.ns_score)
            )
            played = skip.kept
        lead_text = text(line, "LEAD")
        lead = None
        if lead_text is not None:
            try:
                lead = lead_card(lead_text)
            except BridgeScoreError:
                raise Skip(
                    at(line, "LEAD"), f"LEAD {quoted(lead_text)} is not a card (7H, TD, AS)"
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
                self.note(at(hand, "DIRECTION"), f"HAND: DIRECTION {quoted(written)} is not a seat")
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
