"""One board of a LIN file, from the tags read for it (a :class:`Draft`) to a
:class:`~bridgescore.formats.lin.model.LinBoard`: its number (``qx``, a heading, ``bn`` or the
board before), players, vulnerability, auction, play and claim, each checked, what cannot be used
reported as a problem and left out.

>>> class File:
...     boards, numbers, players, problems = [], [], [], []
...     def problem(self, line, message):
...         self.problems.append(message)
>>> hands = HandsDraft.parse("3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,")
>>> draft = Draft(1, hands, headings=["Board 3"], bidding=[("mb", "1np3nppp", 1)])
>>> board = build_board(File(), draft)
>>> board.number, str(board.contract), board.declarer
(3, '3NT', Seat.NORTH)
"""

from __future__ import annotations

__all__ = ["Draft", "ReadSoFar", "build_board"]

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Protocol

from bridgescore.core.errors import NotationError, quoted
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.auction import Auction, AuctionCall, Call
from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.deal import Card, Deal
from bridgescore.core.table.play import Play, PlayedCard
from bridgescore.core.table.seats import Seat
from bridgescore.formats.lin.hands import LIN_SEATS, HandsDraft, read_cards
from bridgescore.formats.lin.model import LinBoard, tagged

_CALL = re.compile(r"\s*([1-7](?:NT|[CDHSN])|PASS|P|XX|X|D|R)(!?)", re.IGNORECASE)
_QX = re.compile(r"^\s*([oc]?)([0-9]+)\s*$", re.IGNORECASE)
_QX_MEANT = re.compile(r"^\s*[oc]?[0-9]", re.IGNORECASE)
"""A ``qx`` meant as a board id (``o0``, ``o10^20``), not a label (``MP8, appendixes``)."""
_HEADING_NUMBER = re.compile(r"\bboard\s*([0-9]+)", re.IGNORECASE)


@dataclass
class Draft:
    """A board as it is being read."""

    line: int
    hands: HandsDraft | None = None
    players: list[str] = field(default_factory=list)
    vulnerability: tuple[str, int] | None = None
    headings: list[str] = field(default_factory=list)
    qx: str | None = None
    qx_line: int | None = None
    bidding: list[tuple[str, str, int]] = field(default_factory=list)
    cards: list[tuple[str, int]] = field(default_factory=list)
    claim: tuple[str, int] | None = None
    comments: list[str] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return bool(self.bidding or self.cards or self.claim)


class ReadSoFar(Protocol):
    """What the file has told before a board, which the board reads: the boards read, the board
    numbers from ``bn``, the last players (a board without ``pn`` keeps them); and where its
    problems go."""

    boards: list[LinBoard]
    numbers: list[int]
    players: list[str]

    def problem(self, line: int, message: str) -> None: ...


def build_board(read: ReadSoFar, draft: Draft) -> LinBoard:
    """The board of a finished ``draft``, its problems reported to ``read``."""
    return _BoardBuilder(read, draft).build()


class _BoardBuilder:
    """Turns a finished draft into a :class:`LinBoard`, reporting what cannot be used."""

    def __init__(self, reader: ReadSoFar, draft: Draft) -> None:
        self.reader = reader
        self.draft = draft
        self.number = self.board_number()
        heading = next((h for h in draft.headings if not _HEADING_NUMBER.search(h)), None)
        self.where = f"board {self.number}" + (f" ({heading})" if heading else "")

    def problem(self, line: int, message: str) -> None:
        self.reader.problem(line, f"{self.where}: {message}")

    def board_number(self) -> int:
        """The board's number: its ``qx`` id (``o5``, ``c5``), else as :meth:`unnumbered`
        says; an id that is meant as a number but is not one (``o0``, ``o10^20``) is
        reported with the number used instead."""
        qx = self.draft.qx or ""
        match = _QX.match(qx)
        number = None if match is None else parse_count(match.group(2), least=1)
        if number is not None:
            return number
        used = self.unnumbered()
        if _QX_MEANT.match(qx):
            self.reader.problem(
                self.draft.qx_line or self.draft.line,
                f"{tagged('qx', qx)}: {quoted(qx)} is not a board number from 1: "
                f"read as board {used}",
            )
        return used

    def unnumbered(self) -> int:
        """The number of a board without a ``qx`` id: from a heading, ``bn`` or the board
        before."""
        draft, reader = self.draft, self.reader
        for heading in draft.headings:
            found = _HEADING_NUMBER.search(heading)
            number = None if found is None else parse_count(found.group(1), least=1)
            if number is not None:
                return number
        index = len(reader.boards)
        if index < len(reader.numbers) and reader.numbers[index] >= 1:
            return reader.numbers[index]
        return reader.boards[-1].number + 1 if reader.boards else 1

    def players(self) -> dict[Seat, str]:
        names = self.draft.players or self.reader.players
        self.reader.players = names
        match = _QX.match(self.draft.qx or "")
        if len(names) >= 8 and match and match.group(1).lower() == "c":
            names = names[4:8]
        return {seat: name for seat, name in zip(LIN_SEATS, names, strict=False) if name}

    def vulnerability(self) -> Vulnerability:
        given = self.draft.vulnerability
        if given is not None:
            value, line = given
            try:
                return Vulnerability.parse(value)
            except NotationError as error:
                self.problem(line, f"{tagged('sv', value)}: {error.reason}; taken from the number")
        return Board(self.number).vulnerability

    def calls(self, value: str, line: int) -> Iterator[AuctionCall]:
        """The calls of one ``mb`` value: one call, or several run together (``1np3nppp``)."""
        pos = 0
        text = value.rstrip()
        while pos < len(text):
            match = _CALL.match(text, pos)
            if match is None:
                self.problem(
                    line, f"{tagged('mb', value)}: {quoted(text[pos])} is not a call: left out"
                )
                pos += 1
                continue
            yield AuctionCall(Call.parse(match.group(1)), alert=bool(match.group(2)))
            pos = match.end()

    def auction(self, dealer: Seat) -> Auction | None:
        auction = Auction(dealer)
        for tag, value, line in self.draft.bidding:
            if tag == "an":
                if auction.calls:
                    last = replace(auction.calls[-1], explanation=value.strip() or None)
                    auction = replace(auction, calls=(*auction.calls[:-1], last))
                continue
            for made in self.calls(value, line):
                try:
                    auction = auction.then(made)
                except NotationError as error:
                    self.problem(line, f"{tagged('mb', value)}: {error.reason}: left out")
        return auction if auction.calls else None

    def play(self, auction: Auction | None, deal: Deal) -> Play | None:
        cards = self.draft.cards
        contract = None if auction is None else auction.contract
        declarer = None if auction is None else auction.declarer
        if not cards:
            return None
        if contract is None or declarer is None:
            message = "cards are played but the auction has no contract: the play is left out"
            self.problem(cards[0][1], message)
            return None
        played: list[PlayedCard] = []
        leader = declarer.next()
        turn: Seat | None = leader
        for value, line in cards:
            try:
                for card in read_cards(value):
                    played.append(PlayedCard(self.check(card, turn, played, deal)))
                    turn = Play.from_cards(leader, played, contract.strain).next_to_play(
                        contract.strain
                    )
            except NotationError as error:
                self.problem(
                    line, f"{tagged('pc', value)}: {error.reason}: the play is kept up to here"
                )
                break
        return Play.from_cards(leader, played, contract.strain)

    def check(self, card: Card, turn: Seat | None, played: list[PlayedCard], deal: Deal) -> Card:
        if len(played) == 52:
            raise NotationError(str(card), "all 52 cards are played")
        if any(p.card == card for p in played):
            raise NotationError(str(card), f"{card} is played twice")
        hand = None if turn is None else deal.hand(turn)
        if turn is not None and hand is not None and card not in hand.cards:
            raise NotationError(str(card), f"{turn.name.title()} does not hold {card}")
        return card

    def claim(self, play: Play | None, declarer: Seat | None) -> int | None:
        claim = self.draft.claim
        if claim is None:
            return None
        value, line = claim
        tricks = parse_count(value.strip())
        if tricks is None or tricks > 13:
            self.problem(line, f"{tagged('mc', value)}: a claim is 0 to 13 tricks for declarer")
            return None
        if declarer is None:
            self.problem(line, f"{tagged('mc', value)}: a claim but no contract: left out")
            return None
        return tricks

    def build(self) -> LinBoard:
        draft = self.draft
        assert draft.hands is not None
        deal, notes = draft.hands.deal()
        for note in notes:
            self.problem(draft.line, note)
        dealer = draft.hands.dealer
        if dealer is None:
            dealer = Board(self.number).dealer
            self.problem(draft.line, f"the dealer is taken from the board number: {dealer}")
        auction = self.auction(dealer)
        contract = None if auction is None else auction.contract
        declarer = None if auction is None else auction.declarer
        play = self.play(auction, deal)
        claim = self.claim(play, declarer)
        if play is not None and claim is not None:
            play = Play(play.leader, play.tricks, claim)
        tricks = 0 if contract is not None and contract.is_pass else None
        if declarer is not None and contract is not None:
            tricks = claim if play is None else play.declarer_tricks(declarer, contract.strain)
        room = _QX.match(draft.qx or "")
        return LinBoard(
            self.number,
            dealer,
            self.vulnerability(),
            deal,
            MappingProxyType(self.players()),
            auction,
            play,
            contract,
            declarer,
            tricks,
            (room.group(1).lower() or None) if room else None,
            tuple(draft.headings),
            tuple(draft.comments),
            draft.line,
        )
