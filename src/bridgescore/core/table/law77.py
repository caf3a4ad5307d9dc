"""The score of one deal under Law 77 (duplicate and total-points scoring), piece by piece.

The pieces are shared with rubber and Chicago, which place them differently on the sheet.
All figures are for the declaring side; undertricks are negative.

>>> duplicate_breakdown(4, Strain.HEARTS, Doubling.DOUBLED, tricks=11, vulnerable=True).total
990
>>> undertrick_penalty(13, Doubling.REDOUBLED, vulnerable=True)
7600
>>> trick_score(2, Strain.SPADES, Doubling.DOUBLED)
120
"""

from __future__ import annotations

__all__ = [
    "GAME",
    "ScoreBreakdown",
    "duplicate_breakdown",
    "game_bonus",
    "insult_bonus",
    "overtrick_score",
    "possible_scores",
    "slam_bonus",
    "trick_score",
    "undertrick_penalty",
]

from dataclasses import asdict, dataclass
from functools import cache

from bridgescore.core.table.strain import Doubling, Strain

GAME = 100
"""Trick points that make a game."""

PARTSCORE_BONUS = 50


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The parts of a deal's score for the declaring side.

    ``tricks`` is the trick score for the odd tricks bid and made (below the line at rubber);
    ``undertricks`` is negative (the defenders' penalty seen from declarer's side).

    >>> b = ScoreBreakdown(tricks=120, game=300)
    >>> b.total, b.as_dict()["game"]
    (420, 300)
    """

    tricks: int = 0
    overtricks: int = 0
    insult: int = 0
    game: int = 0
    partscore: int = 0
    slam: int = 0
    undertricks: int = 0

    @property
    def total(self) -> int:
        return (
            self.tricks
            + self.overtricks
            + self.insult
            + self.game
            + self.partscore
            + self.slam
            + self.undertricks
        )

    def as_dict(self) -> dict[str, int]:
        """The parts by name, in the order of the fields."""
        return asdict(self)


def trick_score(level: int, strain: Strain, doubling: Doubling) -> int:
    """Trick points for the odd tricks bid (contract made).

    >>> trick_score(3, Strain.NOTRUMP, Doubling.UNDOUBLED), trick_score(1, Strain.NOTRUMP, Doubling.REDOUBLED)
    (100, 160)
    """
    return (strain.first_trick_value + (level - 1) * strain.trick_value) * doubling.multiplier


def overtrick_score(overtricks: int, strain: Strain, doubling: Doubling, vulnerable: bool) -> int:
    """Overtricks: trick value undoubled; 100/200 each doubled, 200/400 redoubled (NV/V).

    >>> overtrick_score(2, Strain.HEARTS, Doubling.UNDOUBLED, False)
    60
    >>> overtrick_score(6, Strain.NOTRUMP, Doubling.REDOUBLED, True)
    2400
    """
    if doubling is Doubling.UNDOUBLED:
        return overtricks * strain.trick_value
    return overtricks * (200 if vulnerable else 100) * doubling.multiplier // 2


def insult_bonus(doubling: Doubling) -> int:
    """50 for making a doubled contract, 100 redoubled, nothing undoubled."""
    return (0, 50, 100)[doubling]


def slam_bonus(level: int, vulnerable: bool) -> int:
    """500/750 for a small slam bid and made, 1000/1500 for a grand slam (NV/V)."""
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


def game_bonus(vulnerable: bool) -> int:
    """300 not vulnerable, 500 vulnerable."""
    return 500 if vulnerable else 300


def undertrick_penalty(undertricks: int, doubling: Doubling, vulnerable: bool) -> int:
    """What the defenders score for defeating a contract by ``undertricks`` tricks.

    >>> [undertrick_penalty(n, Doubling.DOUBLED, False) for n in range(1, 7)]
    [100, 300, 500, 800, 1100, 1400]
    >>> [undertrick_penalty(n, Doubling.DOUBLED, True) for n in range(1, 7)]
    [200, 500, 800, 1100, 1400, 1700]
    """
    if undertricks <= 0:
        return 0
    if doubling is Doubling.UNDOUBLED:
        return undertricks * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (undertricks - 1)
    else:
        second_third = min(undertricks - 1, 2)
        later = max(undertricks - 3, 0)
        doubled = 100 + 200 * second_third + 300 * later
    return doubled * doubling.multiplier // 2


def duplicate_breakdown(
    level: int, strain: Strain, doubling: Doubling, tricks: int, vulnerable: bool
) -> ScoreBreakdown:
    """Law 77 score, by parts, of a contract (level 1-7) when declarer takes ``tricks``.

    The caller checks the input is possible (see :meth:`Contract.breakdown`).

    >>> duplicate_breakdown(2, Strain.SPADES, Doubling.DOUBLED, 8, False)
    ScoreBreakdown(tricks=120, overtricks=0, insult=50, game=300, partscore=0, slam=0, undertricks=0)
    """
    needed = level + 6
    if tricks < needed:
        return ScoreBreakdown(
            undertricks=-undertrick_penalty(needed - tricks, doubling, vulnerable)
        )
    below = trick_score(level, strain, doubling)
    is_game = below >= GAME
    return ScoreBreakdown(
        tricks=below,
        overtricks=overtrick_score(tricks - needed, strain, doubling, vulnerable),
        insult=insult_bonus(doubling),
        game=game_bonus(vulnerable) if is_game else 0,
        partscore=0 if is_game else PARTSCORE_BONUS,
        slam=slam_bonus(level, vulnerable),
    )


@cache
def possible_scores(vulnerable: bool) -> frozenset[int]:
    """Every score a declaring side can get on one deal (Law 77), made or defeated, and 0.

    >>> scores = possible_scores(vulnerable=False)
    >>> 420 in scores, -7000 in scores, 415 in scores, 0 in scores
    (True, True, False, True)
    """
    scores = {0}
    for level in range(1, 8):
        for strain in Strain:
            for doubling in Doubling:
                for tricks in range(14):
                    scores.add(
                        duplicate_breakdown(level, strain, doubling, tricks, vulnerable).total
                    )
    return frozenset(scores)
