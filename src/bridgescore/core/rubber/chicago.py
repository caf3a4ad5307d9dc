"""Chicago (four-deal bridge), ACBL rules by default.

A chukker is four deals, each player dealing once (North first unless set otherwise). Deal 1:
nobody vulnerable; deals 2 and 3: the dealer's side vulnerable (by agreement, the other side);
deal 4: both. Each deal is scored as at duplicate for trick values, overtricks, insult, slams and
undertricks, but partscores carry: trick points of earlier partscores add up towards game, the
game premium (300/500) follows the vulnerability of the side completing the game, and once a
game is made no earlier partscore of either side counts. A partscore on deal 4 that completes
no game earns 100; there is no other partscore premium. A passed-out deal is redealt by the same
dealer at the same vulnerability and is not one of the four. Honours count only if asked.

"Duplicate style" scores every deal as a duplicate board 1-4 instead: Law 77 in full (50 for a
partscore, no carrying), at the vulnerability of boards 1-4 (nobody; deals 2 and 3 the side
not dealing; both).

>>> sheet = score_chicago(PlayedDeal.parse(t) for t in ("2H N 8", "2S S 8", "pass", "1NT E 6", "3C W 9"))
>>> [d.totals.as_dict() for d in sheet.deals]
[{'NS': 60, 'EW': 0}, {'NS': 360, 'EW': 0}, {'NS': 0, 'EW': 0}, {'NS': 50, 'EW': 0}, {'NS': 0, 'EW': 160}]
>>> sheet.totals, sheet.complete
(SideTotals(ns=470, ew=160), True)
"""

from __future__ import annotations

__all__ = [
    "DEALS_PER_CHUKKER",
    "ChicagoDeal",
    "ChicagoRules",
    "ChicagoSheet",
    "Chukker",
    "score_chicago",
]

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby

from bridgescore.core.rubber.sheet import (
    Entry,
    PlayedDeal,
    Reason,
    ScoredDeal,
    SideTotals,
    deal_entries,
    honours_entries,
)
from bridgescore.core.table.board import Vulnerability
from bridgescore.core.table.law77 import GAME, PARTSCORE_BONUS, game_bonus
from bridgescore.core.table.seats import Seat, Side

DEALS_PER_CHUKKER = 4
FOURTH_DEAL_PARTSCORE = 100


@dataclass(frozen=True, slots=True)
class ChicagoRules:
    """How a Chicago is scored; the defaults are the ACBL's.

    >>> rules = ChicagoRules()
    >>> [(str(rules.dealer(p)), str(rules.vulnerability(p))) for p in (1, 2, 3, 4)]
    [('N', 'None'), ('E', 'EW'), ('S', 'NS'), ('W', 'Both')]
    >>> [str(ChicagoRules(dealer_vulnerable=False).vulnerability(p)) for p in (1, 2, 3, 4)]
    ['None', 'NS', 'EW', 'Both']
    """

    dealer_vulnerable: bool = True
    """Deals 2 and 3: the dealer's side vulnerable (ACBL); False for the side not dealing."""
    honours: bool = False
    duplicate_style: bool = False
    """Score each deal as duplicate board 1-4 (implies the side not dealing is vulnerable)."""
    first_dealer: Seat = Seat.NORTH

    def dealer(self, position: int) -> Seat:
        """Who deals the deal at ``position`` (1-4) of a chukker."""
        return self.first_dealer.next(position - 1)

    def vulnerability(self, position: int) -> Vulnerability:
        """The vulnerability of the deal at ``position`` (1-4) of a chukker."""
        if position == 1:
            return Vulnerability.NONE
        if position == DEALS_PER_CHUKKER:
            return Vulnerability.BOTH
        dealing = self.dealer(position).side
        vulnerable = (
            dealing if self.dealer_vulnerable and not self.duplicate_style else dealing.opponent
        )
        return Vulnerability.of(ns=vulnerable is Side.NS, ew=vulnerable is Side.EW)


@dataclass(frozen=True, slots=True)
class ChicagoDeal(ScoredDeal):
    """A deal of a Chicago: where it falls in its chukker, who dealt, and the partscores
    carried towards game after it (``carried``; always 0 in duplicate style)."""

    chukker: int
    position: int
    dealer: Seat
    carried: SideTotals

    @property
    def redealt(self) -> bool:
        """A passed-out deal: redealt by the same dealer, not one of the four."""
        return self.deal.is_pass


@dataclass(frozen=True, slots=True)
class Chukker:
    """Four deals (fewer if play stopped early), passed-out deals included but not counted."""

    number: int
    deals: tuple[ChicagoDeal, ...]

    @property
    def played(self) -> int:
        """Deals that count (passed-out deals are redealt)."""
        return sum(1 for d in self.deals if not d.redealt)

    @property
    def complete(self) -> bool:
        return self.played == DEALS_PER_CHUKKER

    @property
    def totals(self) -> SideTotals:
        return SideTotals.of_entries(e for d in self.deals for e in d.entries)


@dataclass(frozen=True, slots=True)
class ChicagoSheet:
    """A Chicago session: its deals in order, grouped in chukkers."""

    deals: tuple[ChicagoDeal, ...]
    rules: ChicagoRules = ChicagoRules()

    @property
    def chukkers(self) -> tuple[Chukker, ...]:
        grouped = groupby(self.deals, key=lambda d: d.chukker)
        return tuple(Chukker(number, tuple(deals)) for number, deals in grouped)

    @property
    def complete(self) -> bool:
        """Whether every chukker has its four deals (an incomplete last one is scored as far
        as it went)."""
        return all(c.complete for c in self.chukkers)

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(e for d in self.deals for e in d.entries)

    @property
    def totals(self) -> SideTotals:
        return SideTotals.of_entries(self.entries)

    @property
    def difference(self) -> int:
        """NS minus EW, in points."""
        return self.totals.difference

    @property
    def ignored_honours(self) -> tuple[int, ...]:
        """Deals with honours recorded that were not counted (honours not asked for)."""
        if self.rules.honours:
            return ()
        return tuple(d.number for d in self.deals if d.deal.honours is not None)


def _premiums(
    entries: list[Entry],
    position: int,
    vulnerable: bool,
    carried: dict[Side, int],
    rules: ChicagoRules,
) -> list[Entry]:
    """Game and partscore premiums after a made contract whose ``entries`` are written;
    updates the partscores ``carried`` towards game."""
    trick = next(e for e in entries if e.reason is Reason.TRICK_SCORE)
    number, side, below = trick.deal, trick.side, trick.points
    if rules.duplicate_style:
        if below >= GAME:
            return [Entry(number, side, game_bonus(vulnerable), Reason.GAME_PREMIUM)]
        return [Entry(number, side, PARTSCORE_BONUS, Reason.PARTSCORE_PREMIUM)]
    carried[side] += below
    if carried[side] >= GAME:
        carried[Side.NS] = carried[Side.EW] = 0
        return [Entry(number, side, game_bonus(vulnerable), Reason.GAME_PREMIUM)]
    if position == DEALS_PER_CHUKKER:
        return [Entry(number, side, FOURTH_DEAL_PARTSCORE, Reason.PARTSCORE_PREMIUM)]
    return []


def score_chicago(deals: Iterable[PlayedDeal], rules: ChicagoRules | None = None) -> ChicagoSheet:
    """Score deals played in order as Chicago; any number of deals (a last chukker with fewer
    than four is scored as far as it went: see :attr:`ChicagoSheet.complete`).

    >>> sheet = score_chicago([PlayedDeal.parse("4S N 10")], ChicagoRules(duplicate_style=True))
    >>> sheet.totals.ns, sheet.complete
    (420, False)
    """
    rules = rules or ChicagoRules()
    scored: list[ChicagoDeal] = []
    chukker, position = 1, 1
    carried = {Side.NS: 0, Side.EW: 0}
    for number, deal in enumerate(deals, start=1):
        if position > DEALS_PER_CHUKKER:
            chukker, position = chukker + 1, 1
        vulnerability = rules.vulnerability(position)
        entries: list[Entry] = []
        side = deal.declaring_side
        if side is not None:
            vulnerable = vulnerability.is_vulnerable(side)
            entries = deal_entries(number, deal, vulnerable, honours=False)
            if deal.made:
                entries += _premiums(entries, position, vulnerable, carried, rules)
            if rules.honours:
                entries += honours_entries(number, deal)
        if position == DEALS_PER_CHUKKER and not deal.is_pass:
            carried = {Side.NS: 0, Side.EW: 0}  # partscores do not carry into the next chukker
        scored.append(
            ChicagoDeal(
                number,
                deal,
                vulnerability,
                tuple(entries),
                chukker,
                position,
                rules.dealer(position),
                SideTotals(carried[Side.NS], carried[Side.EW]),
            )
        )
        if not deal.is_pass:
            position += 1
    return ChicagoSheet(tuple(scored), rules)
