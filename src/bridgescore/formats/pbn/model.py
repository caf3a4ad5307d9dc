"""The PBN model: a file of games, each with its tags, deal, auction, play, tables and comments.

Tag values are kept as text in their export spelling (``Pass``, ``All``, ``None``, ``3NTX``); the
typed accessors read them. The copy-forward values ``#`` and ``##`` are resolved on reading.

>>> game = PbnGame({"Board": "7", "Vulnerable": "All", "Contract": "4SX", "Declarer": "N",
...                 "Result": "NS 9"})
>>> game.board, game.vulnerability, game.contract, game.declarer, game.declarer_tricks
(7, Vulnerability.BOTH, Contract.parse('4SX'), Seat.NORTH, 9)
>>> canonical("Vulnerable", "both"), canonical("Contract", "pass"), canonical("Contract", "3ntx")
('All', 'Pass', '3NTX')
"""

from __future__ import annotations

__all__ = [
    "INFO_TAGS",
    "MANDATORY",
    "NO_COPY_FORWARD",
    "PbnComment",
    "PbnFile",
    "PbnGame",
    "canonical",
    "event_info",
    "result_tricks",
]

import contextlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TypeVar

from bridgescore.core.errors import BridgeScoreError, NotationError, Problem
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.auction import Auction
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.contract import Contract
from bridgescore.core.table.deal import Deal
from bridgescore.core.table.play import Play
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.traveller import EventInfo
from bridgescore.formats.pbn.tables import PbnTable

MANDATORY = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
"""The 15 tags of the mandatory tag set, in export order."""

NO_COPY_FORWARD = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)
"""Tags whose value may not be ``#`` or ``##...`` (PBN §4.8)."""

INFO_TAGS = (
    ("title", "Event"),
    ("venue", "Site"),
    ("date", "Date"),
    ("scoring", "Scoring"),
    ("club", "Club"),
    ("movement", "Movement"),
)
"""The event's details (:class:`EventInfo` fields) and the tags that give them (Club and
Movement are not PBN's own)."""
_PBN_DATE = re.compile(r"^([0-9]{4})\.([0-9]{2})\.([0-9]{2})$")


def event_info(first: Mapping[str, str]) -> EventInfo:
    """The event's details from the first value a file gives each tag of :data:`INFO_TAGS`
    (a PBN date ``2026.11.28`` read as ``2026-11-28``).

    >>> event_info({"Event": "Club night", "Date": "2026.11.28"}).date
    '2026-11-28'
    """
    values: dict[str, str | None] = {}
    for field_name, tag in INFO_TAGS:
        value = first.get(tag)
        if value is not None and tag == "Date" and (match := _PBN_DATE.match(value)):
            value = "-".join(match.groups())
        values[field_name] = value
    return EventInfo(**values)


SECTION_TAGS = frozenset({"Deal", "Auction", "Play", "Note"})
"""Tags the model holds outside ``tags``: the deal, the auction and play sections, their notes."""

_RESULT = re.compile(r"^\^?\s*(?:(NS|EW)\s+)?([0-9]+)(?:\s+(NS|EW)\s+([0-9]+))?$")
T = TypeVar("T")
_VUL_EXPORT = {
    Vulnerability.NONE: "None",
    Vulnerability.NS: "NS",
    Vulnerability.EW: "EW",
    Vulnerability.BOTH: "All",
}


def result_tricks(text: str, declarer: Seat | None) -> int | None:
    """Declarer's tricks from a Result tag: ``9``, ``NS 9``, ``EW 4``, ``NS 9 EW 4``, ``^9``.

    >>> result_tricks("EW 4", Seat.NORTH), result_tricks("^10", None), result_tricks("", None)
    (9, 10, None)
    """
    body = text.strip()
    if body in ("", "?"):
        return None
    match = _RESULT.match(body)
    if match is None:
        raise NotationError(text, "a result is the tricks declarer won (0-13), or 'NS 9', 'EW 4'")
    side_text, count_text, other_side, other_text = match.groups()
    count, other_count = parse_count(count_text), parse_count(other_text or "0")
    if count is None or other_count is None or max(count, other_count) > 13:
        raise NotationError(text, "a deal has 13 tricks")
    counts = {Side.parse(side_text): count} if side_text else {}
    if other_side:
        counts[Side.parse(other_side)] = other_count
    if len(counts) == 2 and sum(counts.values()) != 13:
        raise NotationError(text, "the two sides' tricks add up to 13")
    if not side_text:
        return count
    if declarer is None:
        return None
    side = declarer.side
    return counts[side] if side in counts else 13 - counts[side.opponent]


def canonical(name: str, value: str) -> str:
    """A tag value in its export spelling; :class:`NotationError` if it cannot be read.

    ``""`` (inappropriate) and ``?`` (unknown) stay as they are.
    """
    text = value.strip() if name in _TYPED else value
    if text in ("", "?") or name not in _TYPED:
        return text
    return _TYPED[name](text)


def _board(text: str) -> str:
    number = parse_count(text, least=1)
    if number is None:
        raise NotationError(text, "a board number is a whole number from 1")
    return str(number)


def _contract(text: str) -> str:
    if text.upper().startswith("PASS"):
        Contract.parse(text)
        return "Pass"
    contract = Contract.parse(text)
    if contract.is_pass:
        return "Pass"
    return str(contract)


def _declarer(text: str) -> str:
    swapped = text.startswith("^")
    seat = Seat.parse(text[1:] if swapped else text)
    return ("^" if swapped else "") + str(seat)


def _result(text: str) -> str:
    result_tricks(text, None)
    return " ".join(text.split()).upper()


_TYPED = {
    "Board": _board,
    "Dealer": lambda text: str(Seat.parse(text)),
    "Vulnerable": lambda text: _VUL_EXPORT[Vulnerability.parse(text)],
    "Contract": _contract,
    "Declarer": _declarer,
    "Result": _result,
}


def _quietly(read: Callable[[str], T], value: str | None) -> T | None:
    """``read(value)``, or ``None`` when the value is missing or cannot be read."""
    if value is None:
        return None
    try:
        return read(value)
    except (BridgeScoreError, ValueError):
        return None


@dataclass(frozen=True, slots=True)
class PbnComment:
    """A comment: its text, the tag or section it follows (``None``: the start of the game), and
    whether it is a ``{}`` comment (else a ``;`` comment)."""

    text: str
    after: str | None = None
    brace: bool = True


@dataclass(frozen=True, slots=True)
class PbnGame:
    """One game: identification tags (typed ones in export spelling), the deal, the auction and play
    sections, the tables (sorted by name, as exported) and the comments.

    ``tags`` holds every tag but ``Deal``, ``Auction``, ``Play``, ``Note`` and the tables.
    ``line`` is where the game starts in its file (not compared).
    """

    tags: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    deal: Deal | None = None
    auction: Auction | None = None
    play: Play | None = None
    tables: tuple[PbnTable, ...] = ()
    comments: tuple[PbnComment, ...] = ()
    line: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        tags = dict(self.tags)
        for name in _TYPED.keys() & tags.keys():
            with contextlib.suppress(NotationError):
                tags[name] = canonical(name, tags[name])
        object.__setattr__(self, "tags", MappingProxyType(tags))
        object.__setattr__(self, "tables", tuple(sorted(self.tables, key=lambda t: t.name)))
        object.__setattr__(self, "comments", tuple(self.comments))
        reserved = SECTION_TAGS.intersection(self.tags) | {
            t.name for t in self.tables if t.name in self.tags or t.name in SECTION_TAGS
        }
        if reserved:
            raise NotationError(sorted(reserved)[0], "this tag is not a plain tag of a game")

    def tag(self, name: str) -> str | None:
        """A tag's value, or ``None`` when the game does not have it or it is ``?`` or ``""``."""
        value = self.tags.get(name)
        return None if value in (None, "", "?") else value

    def table(self, name: str) -> PbnTable | None:
        return next((table for table in self.tables if table.name == name), None)

    @property
    def board(self) -> int | None:
        return _quietly(lambda text: int(_board(text)), self.tag("Board"))

    @property
    def dealer(self) -> Seat | None:
        return _quietly(Seat.parse, self.tag("Dealer"))

    @property
    def vulnerability(self) -> Vulnerability | None:
        return _quietly(Vulnerability.parse, self.tag("Vulnerable"))

    @property
    def contract(self) -> Contract | None:
        return _quietly(Contract.parse, self.tag("Contract"))

    @property
    def declarer(self) -> Seat | None:
        return _quietly(lambda text: Seat.parse(text.lstrip("^")), self.tag("Declarer"))

    @property
    def declarer_tricks(self) -> int | None:
        return _quietly(lambda text: result_tricks(text, self.declarer), self.tag("Result"))


@dataclass(frozen=True, slots=True)
class PbnFile:
    """A PBN file: its games and its header lines (the ``%`` lines before the first game other
    than ``% PBN x.y`` and ``% EXPORT``, without the ``%``).

    ``version`` and ``export`` say what the file declared; ``source`` names it; ``problems`` are
    what a lenient reading found. None of these take part in comparisons.
    """

    games: tuple[PbnGame, ...] = ()
    header: tuple[str, ...] = ()
    source: str | None = field(default=None, compare=False)
    problems: tuple[Problem, ...] = field(default=(), compare=False)
    version: str | None = field(default=None, compare=False)
    export: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "games", tuple(self.games))
        object.__setattr__(self, "header", tuple(self.header))
