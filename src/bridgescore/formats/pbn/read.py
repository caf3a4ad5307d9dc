"""Reading PBN 2.1 import format into the model; every problem located by file and line.

Tags of one game may come in any order; a repeated tag is ignored (PBN §3.4). ``#`` takes a
tag's value from the nearest previous game, ``##text`` gives ``text`` to this and every later
game (both refused for Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play and Note). A
tag followed by tokens opens a section: the auction, the play or a table.
"""

from __future__ import annotations

__all__ = ["read"]

import re
from dataclasses import dataclass, field, replace

from bridgescore.core.errors import NotationError, Problem, quoted
from bridgescore.core.table.auction import Auction
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.play import Play
from bridgescore.core.table.seats import Seat
from bridgescore.formats.pbn.lex import Comment, Item, Tag, Token, lex
from bridgescore.formats.pbn.model import (
    NO_COPY_FORWARD,
    PbnComment,
    PbnFile,
    PbnGame,
    canonical,
)
from bridgescore.formats.pbn.sections import read_auction, read_note, read_play
from bridgescore.formats.pbn.tables import PbnTable

Problems = list[tuple[int, str]]
TABLES = frozenset(
    {
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "OptimumResultTable",
        "PlayTimeTable",
        "ScoreTable",
        "TotalScoreTable",
    }
)
"""The tables of PBN 2.1 §5: sections even without rows (any tag followed by tokens is one)."""
_VERSION = re.compile(r"^PBN\s+([0-9]+\.[0-9]+)\s*$", re.IGNORECASE)


@dataclass
class _Section:
    name: str
    value: str
    line: int
    tokens: list[Token] = field(default_factory=list)
    notes: list[Tag] = field(default_factory=list)


@dataclass
class _CopyForward:
    """What ``#`` and ``##`` refer to: the last value of each tag, and the ``##`` values."""

    last: dict[str, str] = field(default_factory=dict)
    sticky: dict[str, str] = field(default_factory=dict)
    sections: set[str] = field(default_factory=set)

    def value(self, tag: Tag, problems: Problems) -> str | None:
        value = tag.value
        if value == "#" or value.startswith("##"):
            if tag.name in NO_COPY_FORWARD:
                problems.append(
                    (
                        tag.line,
                        f"[{tag.name}]: {quoted(value)}: copying from earlier games is not "
                        f"allowed for {tag.name}",
                    )
                )
                return None
            if value == "#":
                return self.last.get(tag.name, "")
            self.sticky[tag.name] = value[2:]
            return value[2:]
        if tag.name in self.sticky:
            self.sticky[tag.name] = value
        return value

    def finish(self, tags: dict[str, str]) -> None:
        for name, value in self.sticky.items():
            if name not in self.sections:
                tags.setdefault(name, value)
        self.last.update(tags)


@dataclass
class _Game:
    """One game's items sorted into tags, sections and comments."""

    tags: dict[str, Tag] = field(default_factory=dict)
    sections: list[_Section] = field(default_factory=list)
    comments: list[PbnComment] = field(default_factory=list)


def _opens_section(items: list[Item], index: int) -> bool:
    tag = items[index]
    assert isinstance(tag, Tag)
    if tag.name in ("Auction", "Play") or tag.name in TABLES:
        return True
    if tag.name == "Deal":
        return False
    following = next((i for i in items[index + 1 :] if not isinstance(i, Comment)), None)
    return isinstance(following, Token)


class _Sorter:
    """Sorts one game's items, in file order, into tags, sections and comments."""

    def __init__(self, problems: Problems) -> None:
        self.game = _Game()
        self.problems = problems
        self.section: _Section | None = None
        self.after: str | None = None
        self.stray_lines: set[int] = set()

    def comment(self, item: Comment) -> None:
        self.game.comments.append(PbnComment(item.text, self.after, item.brace))

    def token(self, item: Token) -> None:
        if self.section is not None:
            self.section.tokens.append(item)
        elif item.line not in self.stray_lines:
            self.stray_lines.add(item.line)
            self.problems.append((item.line, f"{quoted(str(item))} stands outside any section"))

    def note(self, item: Tag) -> None:
        if self.section is not None and self.section.name in ("Auction", "Play"):
            self.section.notes.append(item)
        else:
            self.problems.append((item.line, "[Note]: a note belongs after the auction or play"))

    def open_section(self, item: Tag) -> None:
        game = self.game
        names = [s.name for s in game.sections]
        if item.name in names or item.name in game.tags:
            self.problems.append((item.line, f"[{item.name}]: the game has this section twice"))
            self.section = _Section(item.name, item.value, item.line)  # read, then dropped
        else:
            self.section = _Section(item.name, item.value, item.line)
            game.sections.append(self.section)
        self.after = item.name

    def tag(self, item: Tag) -> None:
        self.section, self.after = None, item.name
        if all(s.name != item.name for s in self.game.sections):
            self.game.tags.setdefault(item.name, item)


def _sort(items: list[Item], problems: Problems) -> _Game:
    sorter = _Sorter(problems)
    for index, item in enumerate(items):
        if isinstance(item, Comment):
            sorter.comment(item)
        elif isinstance(item, Token):
            sorter.token(item)
        elif item.name == "Note":
            sorter.note(item)
        elif _opens_section(items, index):
            sorter.open_section(item)
        else:
            sorter.tag(item)
    return sorter.game


def _notes(section: _Section, problems: Problems) -> dict[int, str]:
    notes: dict[int, str] = {}
    for tag in section.notes:
        try:
            index, text = read_note(tag.value)
        except NotationError as error:
            problems.append((tag.line, f"[Note]: {error}"))
            continue
        if index in notes:
            problems.append((tag.line, f"[Note]: note {index} is given twice"))
        notes.setdefault(index, text)
    return notes


def _seat(section: _Section, problems: Problems) -> Seat | None:
    try:
        return Seat.parse(section.value)
    except NotationError as error:
        problems.append((section.line, f"[{section.name}]: {error}"))
        return None


def _table(section: _Section, problems: Problems) -> PbnTable | None:
    try:
        columns = PbnTable.parse_spec(section.value)
        width = len(columns)
        tokens = section.tokens
        if len(tokens) % width:
            problems.append(
                (
                    tokens[-1].line,
                    f"[{section.name}]: the last row has {len(tokens) % width} of {width} elements",
                )
            )
            tokens = tokens[: len(tokens) - len(tokens) % width]
        rows = [tuple(t.text for t in tokens[i : i + width]) for i in range(0, len(tokens), width)]
        lines = tuple(tokens[i].line for i in range(0, len(tokens), width))
        return PbnTable(section.name, columns, tuple(rows), lines)
    except NotationError as error:
        problems.append((section.line, f"[{section.name}]: {error}"))
        return None


class _GameReader:
    def __init__(self, items: list[Item], carry: _CopyForward) -> None:
        self.problems: Problems = []
        self.sorted = _sort(items, self.problems)
        self.carry = carry
        self.line = items[0].line

    def tags(self) -> tuple[dict[str, str], dict[str, int]]:
        values: dict[str, str] = {}
        lines: dict[str, int] = {}
        for name, tag in self.sorted.tags.items():
            value = self.carry.value(tag, self.problems)
            if value is None:
                continue
            lines[name] = tag.line
            try:
                values[name] = canonical(name, value)
            except NotationError as error:
                self.problems.append((tag.line, f"[{name}]: {error}"))
                values[name] = value
        self.carry.finish(values)
        return values, lines

    def deal(self, text: str | None, line: int) -> Deal | None:
        if text is None or text.strip() in ("", "?"):
            return None
        try:
            return Deal.parse(text)
        except NotationError as error:
            self.problems.append((line, f"[Deal]: {error.reason}"))
            return None

    def read(self) -> PbnGame:
        for section in self.sorted.sections:
            self.carry.sections.add(section.name)
            resolved = self.carry.value(Tag(section.name, section.value, section.line), [])
            section.value = section.value if resolved is None else resolved
        tags, lines = self.tags()
        deal = self.deal(tags.pop("Deal", None), lines.get("Deal", self.line))
        game = PbnGame(tags, deal, line=self.line)
        auction: Auction | None = None
        play: Play | None = None
        tables: list[PbnTable] = []
        for section in self.sorted.sections:
            if section.name == "Auction" and (first := _seat(section, self.problems)):
                auction, problems = read_auction(first, section.tokens)
                self.problems.extend(problems)
                auction = replace(auction, notes=_notes(section, self.problems))
            elif section.name == "Play" and (leader := _seat(section, self.problems)):
                play, problems = read_play(leader, section.tokens, deal)
                self.problems.extend(problems)
                play = replace(play, notes=_notes(section, self.problems))
            elif section.name not in ("Auction", "Play"):
                table = _table(section, self.problems)
                if table is not None:
                    tables.append(table)
        game = replace(game, auction=auction, play=play, tables=tuple(tables))
        game = replace(game, comments=tuple(self.sorted.comments))
        self.check(game)
        return game

    def check(self, game: PbnGame) -> None:
        """Whether the auction and play agree with the Dealer, Contract and Declarer tags."""
        where = {s.name: s.line for s in self.sorted.sections}
        auction, dealer = game.auction, game.dealer
        if auction is not None:
            line = where["Auction"]
            if dealer is not None and auction.dealer != dealer:
                self.problems.append(
                    (
                        line,
                        f"[Auction]: the auction starts with "
                        f"{auction.dealer.name.title()} but the dealer is {dealer.name.title()}",
                    )
                )
            contract, given = auction.contract, game.contract
            if contract is not None and given is not None and contract != given:
                self.problems.append(
                    (
                        line,
                        f"[Auction]: the auction ends in {contract}, the Contract tag says {given}",
                    )
                )
            declarer, tag = auction.declarer, game.tags.get("Declarer", "")
            if declarer is not None and game.declarer not in (None, declarer) and "^" not in tag:
                self.problems.append(
                    (
                        line,
                        f"[Auction]: the auction's declarer is {declarer}, "
                        f"the Declarer tag says {tag}",
                    )
                )
        play, declarer = game.play, game.declarer
        if play is not None and declarer is not None and play.leader != declarer.next():
            self.problems.append(
                (
                    where["Play"],
                    f"[Play]: {play.leader.name.title()} leads "
                    f"but the opening leader is {declarer.next().name.title()}",
                )
            )


def _header(lines: list[tuple[int, str]]) -> tuple[tuple[str, ...], str | None, bool]:
    header: list[str] = []
    version: str | None = None
    export = False
    for _, text in lines:
        match = _VERSION.match(text)
        if match:
            version = match.group(1)
        elif text.upper() == "EXPORT":
            export = True
        else:
            header.append(text)
    return tuple(header), version, export


NOT_PBN = 'not a PBN file: no [Tag "value"] pairs'


def _not_pbn(games: list[list[Item]], problems: Problems) -> bool:
    """Text with something in it but not one tag pair: another kind of file, not a PBN file
    with hundreds of problems. (Only comments, or nothing, is an empty PBN file.)"""
    items = [item for game in games for item in game]
    return not any(isinstance(item, Tag) for item in items) and (
        bool(problems) or any(isinstance(item, Token) for item in items)
    )


def read(text: str, source: str) -> PbnFile:
    """Read PBN text; never raises: the problems are in ``PbnFile.problems``.

    Text that is clearly not PBN has one problem, :data:`NOT_PBN`, and no games.
    """
    lexed = lex(text)
    problems = list(lexed.problems)
    header, version, export = _header(lexed.header)
    if _not_pbn(lexed.games, problems):
        return PbnFile((), header, source, (Problem(source, None, NOT_PBN),), version, export)
    carry = _CopyForward()
    games: list[PbnGame] = []
    for items in lexed.games:
        reader = _GameReader(items, carry)
        games.append(reader.read())
        problems.extend(reader.problems)
    located = sorted(
        (Problem(source, line, message) for line, message in problems), key=lambda p: p.line or 0
    )
    return PbnFile(tuple(games), header, source, tuple(located), version, export)
