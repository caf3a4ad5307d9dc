"""BBO LIN files (hand records, vugraph and teaching files), read like ``json``.

A LIN file is a stream of ``tag|value|`` pairs, one board a line or spread over many lines,
possibly inside other text (a teaching file is mostly pages of text). BBO never published the
format; what is read:

* ``md`` the deal (see :mod:`bridgescore.formats.lin.hands`), ``sv`` vulnerability (``o``/``0``
  none, ``n``, ``e``, ``b``), ``pn`` players from South (eight names: open then closed room; they stay until the next ``pn``),
  ``ah`` headings (``Board 12`` gives the number), ``qx`` board id (``o12``/``c12``: room and
  number), ``rh``, ``st``;
* ``mb`` calls (``p``, ``d``, ``r``, ``1C``...``7N``; ``!`` alerts; several in one value),
  ``an`` the explanation of the call before, ``pc`` cards in play order (several in one value),
  ``mc`` a claim (declarer's total tricks), ``nt`` comments;
* ``vg`` (event title, scoring ``I``/``P``/``B``), ``bn`` board numbers, ``rs``, ``pw``, ``pg``;
  other tags are ignored, and so are lines starting with ``%``.

A board starts at an ``md`` (``md|0...`` adds cards to the hands of the board shown); a ``qx``, or a
heading or players once the auction or play has begun, open the next one. Contract and declarer
follow from the auction, declarer's tricks from the claim or 13 played tricks. Reading is lenient
by default: what cannot be read is reported as a :class:`Problem` naming the line, and kept out.

>>> lin = loads("pn|Ann,Bob,Cy,Di|st||md|3S269H2568QADTQC2T,S47AHJD3479C4567Q,"
...             "S58QH479KDKAC38JA,|sv|b|rh||ah|Board 3|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|"
...             "pc|H3|pc|H2|pc|HJ|pc|HK|mc|9|pg||")
>>> board = lin.boards[0]
>>> board.number, board.dealer, board.vulnerability, board.players[Seat.NORTH]
(3, Seat.NORTH, Vulnerability.BOTH, 'Cy')
>>> str(board.result), lin.problems
('3NTN=', ())
"""

from __future__ import annotations

__all__ = ["LinBoard", "LinFile", "load", "loads"]

import bisect
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from bridgescore.core.errors import FileFormatError, NotationError, Problem
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.auction import Auction, AuctionCall, Call
from bridgescore.core.table.board import Board, Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.deal import Card, Deal
from bridgescore.core.table.play import Play, PlayedCard
from bridgescore.core.table.result import Result
from bridgescore.core.table.seats import Seat
from bridgescore.formats.lin.hands import LIN_SEATS, HandsDraft, read_cards
from bridgescore.formats.text import read_text

_TAG = re.compile(r"([A-Za-z]{2})\|")
_CALL = re.compile(r"\s*([1-7](?:NT|[CDHSN])|PASS|P|XX|X|D|R)(!?)", re.IGNORECASE)
_QX = re.compile(r"^\s*([oc]?)([0-9]+)\s*$", re.IGNORECASE)
_HEADING_NUMBER = re.compile(r"\bboard\s*([0-9]+)", re.IGNORECASE)
_SETUP = frozenset({"qx", "pn", "sv", "ah", "rh", "st"})
_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}


@dataclass(frozen=True, slots=True)
class LinBoard:
    """One board of a LIN file, with what follows from it: contract, declarer and tricks
    (``None`` when the file does not tell). ``line`` is where its ``md`` stands."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    players: Mapping[Seat, str] = field(default_factory=lambda: MappingProxyType({}))
    auction: Auction | None = None
    play: Play | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    room: str | None = None
    headings: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()
    line: int | None = field(default=None, compare=False)

    @property
    def result(self) -> Result | None:
        """The result, when the contract, declarer and tricks are known."""
        if self.contract is not None and self.contract.is_pass:
            return Result.passed_out()
        if self.contract is None or self.tricks is None:
            return None
        return Result(self.contract, self.declarer, self.tricks)


@dataclass(frozen=True, slots=True)
class LinFile:
    """The boards of a LIN file, its event title and scoring (from ``vg``), and the problems."""

    boards: tuple[LinBoard, ...]
    title: str | None = None
    scoring: str | None = None
    source: str | None = field(default=None, compare=False)
    problems: tuple[Problem, ...] = field(default=(), compare=False)


def _pairs(text: str) -> Iterator[tuple[str, str, int]]:
    """``(tag, value, line)`` for each ``tag|value|``, skipping other text and ``%`` lines."""
    newlines = [i for i, char in enumerate(text) if char == "\n"]
    pos = 0
    while (match := _TAG.search(text, pos)) is not None:
        start = text.rfind("\n", 0, match.start()) + 1
        if start >= pos and text[start : match.start()].lstrip().startswith("%"):
            end = text.find("\n", match.start())
            pos = len(text) if end < 0 else end
            continue
        close = text.find("|", match.end())
        close = len(text) if close < 0 else close
        line = bisect.bisect_left(newlines, match.start()) + 1
        yield match.group(1).lower(), text[match.end() : close], line
        pos = close + 1


@dataclass
class _Draft:
    """A board as it is being read."""

    line: int
    hands: HandsDraft | None = None
    players: list[str] = field(default_factory=list)
    vulnerability: tuple[str, int] | None = None
    headings: list[str] = field(default_factory=list)
    qx: str | None = None
    bidding: list[tuple[str, str, int]] = field(default_factory=list)
    cards: list[tuple[str, int]] = field(default_factory=list)
    claim: tuple[str, int] | None = None
    comments: list[str] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return bool(self.bidding or self.cards or self.claim)


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []
        self.boards: list[LinBoard] = []
        self.current: _Draft | None = None
        self.pending = _Draft(1)
        self.next_started = False
        self.title: str | None = None
        self.scoring: str | None = None
        self.numbers: list[int] = []
        self.players: list[str] = []

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.source, line, message))

    def setup_target(self, tag: str) -> _Draft:
        current = self.current
        if current is None:
            return self.pending
        if self.next_started or current.started or (tag == "qx" and current.qx is not None):
            self.next_started = True
            return self.pending
        return current

    def tag(self, tag: str, value: str, line: int) -> None:
        if tag in _SETUP:
            self.setup(self.setup_target(tag), tag, value, line)
        elif tag == "md":
            self.deal(value, line)
        elif tag == "nt":
            target = self.pending if self.next_started or not self.current else self.current
            if value.strip():
                target.comments.append(value.strip())
        elif tag in ("mb", "an", "pc", "mc"):
            current = self.current
            if current is None or self.next_started:
                self.problem(line, f"{tag}|{value}|: a call or card before any deal (md)")
            else:
                self.play(current, tag, value, line)
        elif tag == "vg":
            fields = value.split(",")
            self.title = fields[0].strip() or None
            if len(fields) > 2:
                self.scoring = _SCORING.get(fields[2].strip().upper())
        elif tag == "bn":
            self.numbers = [parse_count(n) or 0 for n in re.findall(r"[0-9]+", value)]

    def setup(self, draft: _Draft, tag: str, value: str, line: int) -> None:
        if tag == "pn":
            draft.players = [name.strip() for name in value.split(",")]
        elif tag == "sv":
            draft.vulnerability = (value, line)
        elif tag == "ah" and value.strip():
            draft.headings.append(value.strip())
        elif tag == "qx":
            draft.qx = value.strip()

    def deal(self, value: str, line: int) -> None:
        current = self.current
        if value.strip().startswith("0") and current is not None and not self.next_started:
            assert current.hands is not None
            current.hands.add(value.strip()[1:], amending=True)
            return
        if current is not None:
            self.finish(current)
        draft, self.pending, self.next_started = self.pending, _Draft(line), False
        draft.line, draft.hands = line, HandsDraft.parse(value)
        self.current = draft

    def play(self, draft: _Draft, tag: str, value: str, line: int) -> None:
        if tag in ("mb", "an"):
            draft.bidding.append((tag, value, line))
        elif tag == "pc":
            draft.cards.append((value, line))
        else:
            draft.claim = (value, line)

    def finish(self, draft: _Draft) -> None:
        self.boards.append(_Board(self, draft).build())


class _Board:
    """Turns a finished draft into a :class:`LinBoard`, reporting what cannot be used."""

    def __init__(self, reader: _Reader, draft: _Draft) -> None:
        self.reader = reader
        self.draft = draft
        self.number = self.board_number()
        heading = next((h for h in draft.headings if not _HEADING_NUMBER.search(h)), None)
        self.where = f"board {self.number}" + (f" ({heading})" if heading else "")

    def problem(self, line: int, message: str) -> None:
        self.reader.problem(line, f"{self.where}: {message}")

    def board_number(self) -> int:
        draft, reader = self.draft, self.reader
        match = _QX.match(draft.qx or "")
        number = None if match is None else parse_count(match.group(2))
        if number is not None:
            return max(1, number)
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
                self.problem(line, f"sv|{value}|: {error.reason}; taken from the number")
        return Board(self.number).vulnerability

    def calls(self, value: str, line: int) -> Iterator[AuctionCall]:
        """The calls of one ``mb`` value: one call, or several run together (``1np3nppp``)."""
        pos = 0
        text = value.rstrip()
        while pos < len(text):
            match = _CALL.match(text, pos)
            if match is None:
                self.problem(line, f"mb|{value}|: {text[pos]!r} is not a call: left out")
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
                    self.problem(line, f"mb|{value}|: {error.reason}: left out")
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
                self.problem(line, f"pc|{value}|: {error.reason}: the play is kept up to here")
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
            self.problem(line, f"mc|{value}|: a claim is 0 to 13 tricks for declarer")
            return None
        if declarer is None:
            self.problem(line, f"mc|{value}|: a claim but no contract: left out")
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


def loads(text: str, *, source: str = "<text>", lenient: bool = True) -> LinFile:
    """Read LIN text (LIN inside other text too). Lenient by default: problems are kept in
    ``LinFile.problems``; with ``lenient=False`` any problem raises :class:`FileFormatError`.
    Text without any deal (``md``) raises it in both modes."""
    reader = _Reader(source)
    for tag, value, line in _pairs(text):
        reader.tag(tag, value, line)
    if reader.current is not None:
        reader.finish(reader.current)
    problems = sorted(reader.problems, key=lambda p: p.line or 0)
    if not reader.boards:
        raise FileFormatError(source, None, "no deal (md|...|) found: this is not a LIN file")
    if problems and not lenient:
        raise FileFormatError.from_problems(problems)
    return LinFile(tuple(reader.boards), reader.title, reader.scoring, source, tuple(problems))


def load(path: str | os.PathLike[str], *, lenient: bool = True) -> LinFile:
    """Read a LIN file (see :func:`loads`)."""
    return loads(read_text(path), source=str(path), lenient=lenient)
