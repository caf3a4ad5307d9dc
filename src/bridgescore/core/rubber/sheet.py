"""What rubber and Chicago score sheets share: a deal as recorded, honours, and sheet entries.

A :class:`PlayedDeal` is one line of a score pad: the result (contract, declarer, tricks taken) and,
if a player held them, honours. Scoring a deal writes :class:`Entry` items, each saying which
deal produced it, for which side, how many points and why.

>>> deal = PlayedDeal.parse("4S N 11 honours=EW:100")
>>> deal
PlayedDeal.parse('4SN+1 honours=EW:100')
>>> [(e.side.value, e.points, e.reason.value) for e in deal_entries(1, deal, vulnerable=False)]
[('NS', 120, 'trick score'), ('NS', 30, 'overtricks'), ('EW', 100, 'honours')]
"""

from __future__ import annotations

__all__ = [
    "Entry",
    "Honours",
    "PlayedDeal",
    "Reason",
    "ScoredDeal",
    "SideTotals",
    "deal_entries",
    "honours_entries",
]

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from bridgescore.core.errors import InvalidResultError, NotationError, quoted
from bridgescore.core.numbers import parse_count
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.law77 import (
    insult_bonus,
    overtrick_score,
    slam_bonus,
    trick_score,
    undertrick_penalty,
)
from bridgescore.core.table.result import Result
from bridgescore.core.table.seats import Seat, Side
from bridgescore.core.table.strain import Strain

HONOURS_POINTS = (100, 150)
WRITE_HONOURS = "honours are written honours=NS:100 or honours=EW:150 (a side or a seat)"
_ITEM = re.compile(r"^(?P<key>[A-Za-z]{3,})=(?P<value>\S+)$")


class Reason(Enum):
    """Why an entry is on the sheet."""

    TRICK_SCORE = "trick score"
    OVERTRICKS = "overtricks"
    INSULT = "insult"
    SLAM = "slam"
    UNDERTRICKS = "undertricks"
    HONOURS = "honours"
    RUBBER_BONUS = "rubber bonus"
    UNFINISHED_GAME = "unfinished rubber: game"
    UNFINISHED_PARTSCORE = "unfinished rubber: partscore"
    GAME_PREMIUM = "game premium"
    PARTSCORE_PREMIUM = "partscore premium"

    def __repr__(self) -> str:
        return f"Reason.{self.name}"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours held in one hand, credited to that hand's side: 100 for four of the five trump
    honours, 150 for all five or for the four aces at no-trumps. Doubling does not change them.

    >>> Honours.parse("NS:150"), Honours.parse("w:100")
    (Honours(Side.NS, 150), Honours(Side.EW, 100))
    >>> Honours.parse("NS:120")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.NotationError: 'NS:120': honours are 100 (four of the five trump honours) or 150 (all five, or the four aces at no-trumps)
    """

    side: Side
    points: int

    def __post_init__(self) -> None:
        if isinstance(self.points, bool) or self.points not in HONOURS_POINTS:
            raise NotationError(
                f"{self.side}:{self.points}",
                "honours are 100 (four of the five trump honours) "
                "or 150 (all five, or the four aces at no-trumps)",
            )

    @classmethod
    def parse(cls, text: str) -> Honours:
        """Read ``NS:150``, ``EW:100`` or a seat, ``N:100`` (credited to the seat's side)."""
        who, colon, points = text.strip().partition(":")
        value = parse_count(points.strip())
        if not colon or value is None:
            raise NotationError(text, WRITE_HONOURS)
        try:
            side = Side.parse(who)
        except NotationError:
            try:
                side = Seat.parse(who).side
            except NotationError:
                raise NotationError(text, WRITE_HONOURS) from None
        try:
            return cls(side, value)
        except NotationError as error:
            raise NotationError(text, error.reason) from None

    def __str__(self) -> str:
        return f"{self.side}:{self.points}"

    def __repr__(self) -> str:
        return f"Honours(Side.{self.side.name}, {self.points})"


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One deal as played and recorded on a rubber or Chicago pad: the result and any honours held
    (named apart from the cards of a deal).

    The declarer is needed (the sheet credits a side); a passed-out deal scores nothing.

    >>> PlayedDeal.parse("3NTX E 7 honours=NS:150").honours
    Honours(Side.NS, 150)
    >>> PlayedDeal.parse("3NT E 9 honours=NS:100")
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.InvalidResultError: '3NTE=': honours at no-trumps are the four aces in one hand (150); there are no trump honours
    """

    result: Result
    honours: Honours | None = None

    def __post_init__(self) -> None:
        contract = self.result.contract
        if contract.is_pass:
            if self.honours is not None:
                raise InvalidResultError(
                    "PASS", "a passed-out deal scores nothing, not even honours"
                )
            return
        if self.result.declarer is None:
            raise InvalidResultError(
                str(self.result), "the declarer is missing: write it after the contract, 4S N 10"
            )
        if (
            self.honours is not None
            and contract.strain is Strain.NOTRUMP
            and self.honours.points != 150
        ):
            raise InvalidResultError(
                str(self.result),
                "honours at no-trumps are the four aces in one hand (150); there are no trump honours",
            )

    @classmethod
    def parse(cls, text: str) -> PlayedDeal:
        """Read ``4S N 10``, ``4SX N -2``, ``4HN+1``, ``3NTX E 7 honours=NS:150`` or ``pass``.

        >>> PlayedDeal.parse("4SX N -2"), PlayedDeal.parse("pass")
        (PlayedDeal.parse('4SXN-2'), PlayedDeal.parse('PASS'))
        """
        honours: Honours | None = None
        words: list[str] = []
        for word in text.split():
            item = _ITEM.match(word)
            if item is None:
                words.append(word)
                continue
            key = item.group("key").lower()
            if key not in ("honours", "honors"):
                raise NotationError(
                    word, f"unknown item {quoted(key)}; the only extra is honours=NS:150"
                )
            if honours is not None:
                raise NotationError(word, "honours are given twice")
            honours = Honours.parse(item.group("value"))
        return cls(Result.parse(" ".join(words)), honours)

    def __str__(self) -> str:
        extra = "" if self.honours is None else f" honours={self.honours}"
        return f"{self.result}{extra}"

    def __repr__(self) -> str:
        return f"PlayedDeal.parse({str(self)!r})"

    @property
    def is_pass(self) -> bool:
        return self.result.contract.is_pass

    @property
    def declaring_side(self) -> Side | None:
        """The declarer's side (None when passed out)."""
        return None if self.result.declarer is None else self.result.declarer.side

    @property
    def made(self) -> bool:
        """Whether the contract was made (False when passed out)."""
        return not self.is_pass and self.result.relative >= 0


@dataclass(frozen=True, slots=True)
class Entry:
    """One figure on the sheet: which deal wrote it (None for end-of-play bonuses), for which
    side, how many points (never negative) and why. ``game`` is the game of the rubber it is
    written under (below the line); None means above the line, or not a rubber.
    """

    deal: int | None
    side: Side
    points: int
    reason: Reason
    game: int | None = None

    @property
    def below(self) -> bool:
        """Whether the entry is below the line (trick points towards game)."""
        return self.game is not None


@dataclass(frozen=True, slots=True)
class SideTotals:
    """Points for We (NS) and They (EW).

    >>> t = SideTotals.of_entries([Entry(1, Side.NS, 120, Reason.TRICK_SCORE)]) + SideTotals(0, 50)
    >>> t, t.difference, t.leader, t.as_dict()
    (SideTotals(ns=120, ew=50), 70, Side.NS, {'NS': 120, 'EW': 50})
    """

    ns: int = 0
    ew: int = 0

    @classmethod
    def of_entries(cls, entries: Iterable[Entry]) -> SideTotals:
        ns = ew = 0
        for entry in entries:
            if entry.side is Side.NS:
                ns += entry.points
            else:
                ew += entry.points
        return cls(ns, ew)

    def __add__(self, other: SideTotals) -> SideTotals:
        return SideTotals(self.ns + other.ns, self.ew + other.ew)

    def of(self, side: Side) -> int:
        return self.ns if side is Side.NS else self.ew

    @property
    def difference(self) -> int:
        """NS minus EW."""
        return self.ns - self.ew

    @property
    def leader(self) -> Side | None:
        """The side ahead, None when level."""
        if self.ns == self.ew:
            return None
        return Side.NS if self.ns > self.ew else Side.EW

    def as_dict(self) -> dict[str, int]:
        return {"NS": self.ns, "EW": self.ew}


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """A deal as the sheet scored it: its number in the session, the vulnerability it was played
    at, and the entries it wrote (bonuses that ended a rubber included)."""

    number: int
    deal: PlayedDeal
    vulnerability: Vulnerability
    entries: tuple[Entry, ...]

    @property
    def totals(self) -> SideTotals:
        return SideTotals.of_entries(self.entries)


def deal_entries(
    number: int,
    deal: PlayedDeal,
    vulnerable: bool,
    *,
    honours: bool = True,
    game: int | None = None,
) -> list[Entry]:
    """The entries every regime writes alike: trick score, overtricks, insult and slam for a
    made contract, undertricks for the defenders of a failed one, and (if counted) honours.
    No game or partscore premium: those differ between rubber, Chicago and duplicate.

    ``vulnerable`` is the declaring side's vulnerability; ``game`` marks the trick score as
    written below the line in that game of a rubber.

    >>> [(e.side.value, e.points, str(e.reason)) for e in deal_entries(2, PlayedDeal.parse("4HX S 8"), True)]
    [('EW', 500, 'undertricks')]
    """
    result, declaring = deal.result, deal.declaring_side
    contract = result.contract
    entries: list[Entry] = []
    if declaring is None or contract.strain is None:
        return entries
    if deal.made:
        parts = (
            (trick_score(contract.level, contract.strain, contract.doubling), Reason.TRICK_SCORE),
            (
                overtrick_score(result.relative, contract.strain, contract.doubling, vulnerable),
                Reason.OVERTRICKS,
            ),
            (insult_bonus(contract.doubling), Reason.INSULT),
            (slam_bonus(contract.level, vulnerable), Reason.SLAM),
        )
        for points, reason in parts:
            if points:
                below = game if reason is Reason.TRICK_SCORE else None
                entries.append(Entry(number, declaring, points, reason, below))
    else:
        penalty = undertrick_penalty(-result.relative, contract.doubling, vulnerable)
        entries.append(Entry(number, declaring.opponent, penalty, Reason.UNDERTRICKS))
    if honours:
        entries += honours_entries(number, deal)
    return entries


def honours_entries(number: int, deal: PlayedDeal) -> list[Entry]:
    """The honours entry of a deal, if a hand held honours (whichever side declared)."""
    if deal.honours is None:
        return []
    return [Entry(number, deal.honours.side, deal.honours.points, Reason.HONOURS)]
