"""A pair's total over the session and its place in its field: percentage over the tops of the
boards it played, the score scaled to the boards most pairs played, ranks with ties.
"""

from __future__ import annotations

__all__ = ["PairTotal", "add_up", "pair_totals", "rank_fields"]

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from bridgescore.core.pairs.event import FieldRanking, PairStanding, ScoredBoard, ScoredLine
from bridgescore.core.pairs.fields import FieldName, PairId
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.scoring.ranking import rank
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session

_ZERO = Fraction(0)
_HUNDRED = Fraction(100)


def add_up(
    boards: tuple[ScoredBoard, ...],
    who: Callable[[ScoredLine, Side], Iterable[PairId]] = lambda line, side: (line.pair(side),),
) -> dict[PairId, PairTotal]:
    """Each pair's total over the boards: the points of the side it sat on every line ``who``
    names it for (the line's pair; an individual event's two players)."""
    score: dict[PairId, Fraction] = {}
    played: Counter[PairId] = Counter()
    maximum: dict[PairId, Fraction] = {}
    for board in boards:
        for line in board.lines:
            for side in Side:
                for pair in who(line, side):
                    score[pair] = score.get(pair, _ZERO) + line.points(side)
                    played[pair] += 1
                    if board.top is not None:
                        maximum[pair] = maximum.get(pair, _ZERO) + board.top
    return {pair: PairTotal(score[pair], played[pair], maximum.get(pair)) for pair in score}


def pair_totals(
    session: Session, boards: tuple[ScoredBoard, ...], rules: PairsRules
) -> tuple[FieldRanking, ...]:
    totals = add_up(boards)
    rankings = rank_fields(totals, rules, session.names)
    across = any(board.section is None for board in boards)
    if across and len({pair.section for pair in totals}) > 1:
        overall = rank_fields(totals, rules, session.names, overall=True)
        rankings = overall + rankings
    return rankings


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's sum of board points, boards played and (at matchpoints) sum of the tops."""

    score: Fraction
    boards: int
    max: Fraction | None = None


def rank_fields(
    totals: Mapping[PairId, PairTotal],
    rules: PairsRules,
    names: Mapping[str, str],
    *,
    overall: bool = False,
) -> tuple[FieldRanking, ...]:
    """Rank each field (section and direction) from the pairs' totals; ``overall``, each
    direction's pairs of every section together.

    Percentages are over the tops of the boards played, scores are scaled to the number of
    boards most pairs of the field played; matchpoints rank on the percentage, the other methods
    on the scaled score. A bare number in ``names`` names a pair only when no pair of the other
    direction has the same number.
    """
    directions: dict[tuple[str | None, str], set[Side | None]] = {}
    for pair in totals:
        directions.setdefault((pair.section, pair.label), set()).add(pair.direction)
    groups: dict[tuple[str | None, FieldName], list[PairId]] = {}
    for pair in sorted(totals, key=PairId.sort_key):
        groups.setdefault((None if overall else pair.section, pair.field), []).append(pair)
    rankings = []
    for (section, field_name), pairs in groups.items():
        counts = Counter(totals[p].boards for p in pairs)
        usual = max(counts, key=lambda n: (counts[n], n))
        standings = {}
        for pair in pairs:
            total = totals[pair]
            percent = total.score / total.max * _HUNDRED if total.max else None
            standings[pair] = PairStanding(
                pair,
                pair.names(names, bare=len(directions[(pair.section, pair.label)]) == 1),
                total.score,
                total.boards,
                total.max,
                percent,
                total.score * usual / total.boards,
            )
        key = {
            p: (s.percent if s.percent is not None and rules.method is PairsMethod.MP else s.scaled)
            for p, s in standings.items()
        }
        entries = tuple(_placed(standings[r.key], r.rank, r.tied) for r in rank(key))
        rankings.append(FieldRanking(section, field_name, entries, overall))
    return tuple(rankings)


def _placed(standing: PairStanding, place: int, tied: bool) -> PairStanding:
    return replace(standing, rank=place, tied=tied)
