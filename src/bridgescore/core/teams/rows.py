"""A team in the standings: each match from its side, and its row (total, rank, byes, penalty).

>>> row = StandingsRow(2, True, "3", Fraction(30), (), (), Fraction(0), Fraction(0))
>>> row.rank_text, row.imp_quotient
('2=', None)
"""

from __future__ import annotations

__all__ = ["MatchLine", "StandingsRow"]

from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.scoring.ranking import TieNotation

_ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One match from one team's side."""

    round: int | None
    opponent: str
    score: Fraction
    opponent_score: Fraction
    margin: Fraction
    points: Fraction
    """Event points: VPs, or the match score in its method when there is no VP scale."""
    imps_for: Fraction
    imps_against: Fraction
    pab: Fraction
    """Point-a-board count-back points (2 a board won, 1 a board tied)."""
    boards: int


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """A team's place: ``rank`` (None when withdrawn), ``tied`` when it shares the rank."""

    rank: int | None
    tied: bool
    team: str
    total: Fraction
    matches: tuple[MatchLine, ...]
    bye_rounds: tuple[int, ...]
    bye_points: Fraction
    penalty: Fraction
    withdrawn: bool = False
    decided_by: str | None = None
    """The tie-break step that last separated this team from teams with the same total."""
    ties: TieNotation = TieNotation.EQUALS

    @property
    def rank_text(self) -> str:
        """``3``, ``3=`` when tied (plain ``3`` with :attr:`TieNotation.PLAIN`), ``-`` when
        withdrawn."""
        return self.ties.text(self.rank, self.tied)

    @property
    def imps_for(self) -> Fraction:
        return sum((m.imps_for for m in self.matches), _ZERO)

    @property
    def imps_against(self) -> Fraction:
        return sum((m.imps_against for m in self.matches), _ZERO)

    @property
    def imp_quotient(self) -> Fraction | None:
        """IMPs won ÷ IMPs lost over all matches (None when no IMP was lost)."""
        against = self.imps_against
        return self.imps_for / against if against else None

    @property
    def pab(self) -> Fraction:
        return sum((m.pab for m in self.matches), _ZERO)
