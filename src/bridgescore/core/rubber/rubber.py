"""The rubber bridge score sheet: We (NS) and They (EW), above and below the line.

Trick points for the odd tricks bid and made go below the line and count towards game (100);
partscores add up within a game and a new line is drawn when a side reaches 100. Everything else
(overtricks, insult, slams, undertricks, honours, the rubber bonus) goes above the line. A side
that has won a game is vulnerable. The first side to win two games wins the rubber: 700 if the
other side has no game, 500 if it has one; then a new rubber starts, nobody vulnerable. There is
no game or partscore premium (those are duplicate only). When play stops in the middle of a
rubber, a side that has won the only completed game scores 300 and each side with a partscore
in the unfinished game scores 100 (50 under the older rule, by setting).

>>> sheet = score_rubber(PlayedDeal.parse(t) for t in ("4S N 10", "2H E 8", "3NT S 10"))
>>> [(r.winner, r.bonus.as_dict()) for r in sheet.rubbers]
[(Side.NS, {'NS': 700, 'EW': 0})]
>>> sheet.totals, sheet.difference
(SideTotals(ns=950, ew=60), 890)
"""

from __future__ import annotations

__all__ = [
    "PARTSCORE_BONUSES",
    "Game",
    "Rubber",
    "RubberSheet",
    "score_rubber",
]

from collections.abc import Iterable
from dataclasses import dataclass, field

from bridgescore.core.errors import ScoringError
from bridgescore.core.rubber.sheet import (
    Entry,
    PlayedDeal,
    Reason,
    ScoredDeal,
    SideTotals,
    deal_entries,
)
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.law77 import GAME
from bridgescore.core.table.seats import Side

TWO_GAME_RUBBER = 700
THREE_GAME_RUBBER = 500
UNFINISHED_GAME = 300
PARTSCORE_BONUSES = (100, 50)
"""Allowed partscore bonuses in an unfinished rubber: 100 (current laws), 50 (the older rule)."""

_BONUS_REASONS = (Reason.RUBBER_BONUS, Reason.UNFINISHED_GAME, Reason.UNFINISHED_PARTSCORE)


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a rubber: the trick points written below the line until a side reached 100.
    ``winner`` is None for the game in progress when play stopped."""

    number: int
    winner: Side | None
    entries: tuple[Entry, ...]

    @property
    def totals(self) -> SideTotals:
        return SideTotals.of_entries(self.entries)


@dataclass(frozen=True, slots=True)
class Rubber:
    """A rubber: its deals, its games (a line after each), and every entry in the order written.
    ``winner`` is None when play stopped before a side won two games."""

    number: int
    deals: tuple[ScoredDeal, ...]
    games: tuple[Game, ...]
    entries: tuple[Entry, ...]
    winner: Side | None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def above(self) -> tuple[Entry, ...]:
        """Entries above the line, in the order written."""
        return tuple(e for e in self.entries if not e.below)

    @property
    def below(self) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.below)

    def games_won(self, side: Side) -> int:
        return sum(1 for g in self.games if g.winner is side)

    @property
    def bonus(self) -> SideTotals:
        """The rubber bonus, or the unfinished-rubber bonuses, for each side."""
        return SideTotals.of_entries(e for e in self.entries if e.reason in _BONUS_REASONS)

    @property
    def totals(self) -> SideTotals:
        return SideTotals.of_entries(self.entries)


@dataclass(frozen=True, slots=True)
class RubberSheet:
    """Rubbers in a row, with running totals and the final difference."""

    rubbers: tuple[Rubber, ...]
    partscore_bonus: int = 100

    @property
    def deals(self) -> tuple[ScoredDeal, ...]:
        return tuple(d for r in self.rubbers for d in r.deals)

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(e for r in self.rubbers for e in r.entries)

    @property
    def totals(self) -> SideTotals:
        total = SideTotals()
        for rubber in self.rubbers:
            total += rubber.totals
        return total

    @property
    def running_totals(self) -> tuple[SideTotals, ...]:
        """The totals after each rubber."""
        running: list[SideTotals] = []
        total = SideTotals()
        for rubber in self.rubbers:
            total += rubber.totals
            running.append(total)
        return tuple(running)

    @property
    def difference(self) -> int:
        """NS minus EW over the whole session, in points."""
        return self.totals.difference


@dataclass
class _RubberInProgress:
    number: int
    partscore_bonus: int
    deals: list[ScoredDeal] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    game_entries: list[Entry] = field(default_factory=list)
    below: dict[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})

    def won(self, side: Side) -> int:
        return sum(1 for g in self.games if g.winner is side)

    @property
    def vulnerability(self) -> Vulnerability:
        return Vulnerability.of(ns=self.won(Side.NS) > 0, ew=self.won(Side.EW) > 0)

    def play(self, number: int, deal: PlayedDeal) -> Side | None:
        """Score one deal; return the rubber's winner if this deal ended it."""
        vulnerability = self.vulnerability
        written = []
        side = deal.declaring_side
        if side is not None:
            game = len(self.games) + 1
            written = deal_entries(number, deal, vulnerability.is_vulnerable(side), game=game)
        winner = None
        for entry in written:
            if entry.below:
                self.game_entries.append(entry)
                self.below[entry.side] += entry.points
        if side is not None and self.below[side] >= GAME:
            self.games.append(Game(len(self.games) + 1, side, tuple(self.game_entries)))
            self.game_entries.clear()
            self.below = {Side.NS: 0, Side.EW: 0}
            if self.won(side) == 2:
                winner = side
                loser_games = self.won(side.opponent)
                bonus = THREE_GAME_RUBBER if loser_games else TWO_GAME_RUBBER
                written.append(Entry(number, side, bonus, Reason.RUBBER_BONUS))
        self.entries.extend(written)
        self.deals.append(ScoredDeal(number, deal, vulnerability, tuple(written)))
        return winner

    def close(self, winner: Side | None) -> Rubber:
        """The finished rubber, or the unfinished one with its end-of-play bonuses."""
        games = list(self.games)
        if winner is None:
            if len(self.games) == 1:
                only = self.games[0].winner
                assert only is not None
                self.entries.append(Entry(None, only, UNFINISHED_GAME, Reason.UNFINISHED_GAME))
            for side in (Side.NS, Side.EW):
                if self.below[side] > 0:
                    self.entries.append(
                        Entry(None, side, self.partscore_bonus, Reason.UNFINISHED_PARTSCORE)
                    )
            if self.game_entries or not games:
                games.append(Game(len(games) + 1, None, tuple(self.game_entries)))
        return Rubber(self.number, tuple(self.deals), tuple(games), tuple(self.entries), winner)


def score_rubber(deals: Iterable[PlayedDeal], *, partscore_bonus: int = 100) -> RubberSheet:
    """Score deals played in order as rubbers: each rubber ends when a side wins two games and
    the next deal starts a new one. If play stops mid-rubber, the last rubber is unfinished.

    Deals are numbered from 1 through the session; a passed-out deal keeps its number and
    scores nothing (at rubber it is simply redealt).

    >>> sheet = score_rubber([PlayedDeal.parse("2S N 8"), PlayedDeal.parse("3C E 9")], partscore_bonus=50)
    >>> rubber = sheet.rubbers[0]
    >>> rubber.finished, [(str(e.side), e.points, str(e.reason)) for e in rubber.above]
    (False, [('NS', 50, 'unfinished rubber: partscore'), ('EW', 50, 'unfinished rubber: partscore')])
    """
    if partscore_bonus not in PARTSCORE_BONUSES:
        raise ScoringError(
            f"the partscore bonus in an unfinished rubber is 100 or 50, not {partscore_bonus}"
        )
    rubbers: list[Rubber] = []
    current: _RubberInProgress | None = None
    for number, deal in enumerate(deals, start=1):
        if current is None:
            current = _RubberInProgress(len(rubbers) + 1, partscore_bonus)
        winner = current.play(number, deal)
        if winner is not None:
            rubbers.append(current.close(winner))
            current = None
    if current is not None:
        rubbers.append(current.close(None))
    return RubberSheet(tuple(rubbers), partscore_bonus)
