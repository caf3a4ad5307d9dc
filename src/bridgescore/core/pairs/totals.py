"""A pair's total over the session and its place in its field: percentage over the tops of the
boards it played, the score scaled to the boards most pairs played, ranks with ties.
"""

from __future__ import annotations

__all__ = ["PairTotal", "pair_totals", "rank_fields"]

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.core.pairs.event import FieldRanking, PairStanding, ScoredBoard
from bridgescore.core.pairs.fields import FieldName, PairId, name_keys
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.scoring.ranking import places
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session

_ZERO = Fraction(0)
_HUNDRED = Fraction(100)


def pair_totals(
    session: Session, boards: tuple[ScoredBoard, ...], rules: PairsRules
) -> tuple[FieldRanking, ...]:
    score: dict[PairId, Fraction] = {}
    played: Counter[PairId] = Counter()
    maximum: dict[PairId, Fraction] = {}
    for board in boards:
        for line in board.lines:
            for side in Side:
                pair = line.pair(side)
                score[pair] = score.get(pair, _ZERO) + line.points(side)
                played[pair] += 1
                if board.top is not None:
                    maximum[pair] = maximum.get(pair, _ZERO) + board.top
    totals = {pair: PairTotal(score[pair], played[pair], maximum.get(pair)) for pair in score}
    return rank_fields(totals, rules, session.names)


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's sum of board points, boards played and (at matchpoints) sum of the tops."""

    score: Fraction
    boards: int
    max: Fraction | None = None


def rank_fields(
    totals: Mapping[PairId, PairTotal], rules: PairsRules, names: Mapping[str, str]
) -> tuple[FieldRanking, ...]:
    """Rank each field (section and direction) from the pairs' totals.

    Percentages are over the tops of the boards played, scores are scaled to the number of
    boards most pairs of the field played; matchpoints rank on the percentage, the other methods
    on the scaled score. A bare number in ``names`` names a pair only when no pair of the other
    direction has the same number.
    """
    keys = name_keys(totals, names) if names else {}
    groups: dict[tuple[str | None, FieldName], list[tuple[PairId, PairTotal]]] = {}
    for pair, total in sorted(totals.items(), key=lambda item: item[0].sort_key()):
        groups.setdefault((pair.section, pair.field), []).append((pair, total))
    by_percent = rules.method is PairsMethod.MP
    rankings = []
    for (section, field_name), members in groups.items():
        counts = Counter(total.boards for _, total in members)
        usual = max(counts, key=lambda n: (counts[n], n))
        figures = []
        for _, total in members:
            score, top = total.score, total.max
            percent = _percent(score, top) if top else None
            scaled = score if total.boards == usual else score * usual / total.boards
            figures.append((percent, scaled))
        values = [p if p is not None and by_percent else s for p, s in figures]
        entries = []
        for index, place, tied in places(values):
            pair, total = members[index]
            percent, scaled = figures[index]
            name_key = keys.get(pair) if keys else None
            names_shown = None if name_key is None else names[name_key]
            entries.append(
                PairStanding(
                    pair,
                    names_shown,
                    total.score,
                    total.boards,
                    total.max,
                    percent,
                    scaled,
                    place,
                    tied,
                )
            )
        rankings.append(FieldRanking(section, field_name, tuple(entries)))
    return tuple(rankings)


def _percent(score: Fraction, top: Fraction) -> Fraction:
    """``score / top x 100``, as one fraction."""
    return Fraction(score.numerator * 100 * top.denominator, score.denominator * top.numerator)
