"""A pair's total over the session and its place in its field: percentage over the tops of the
boards it played, the score scaled to the boards most pairs played, ranks with ties.
"""

from __future__ import annotations

__all__ = [
    "PairTotal",
    "add_up",
    "field_figures",
    "pair_totals",
    "rank_field",
    "rank_fields",
    "rank_grouped",
    "rank_groups",
]

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING

from bridgescore.core.pairs.conventions import ShortBoards, board_percent
from bridgescore.core.pairs.event import FieldRanking, PairStanding
from bridgescore.core.pairs.fields import FieldName, PairId, name_keys, natural_order
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.standings import Figures, RankedRows
from bridgescore.core.scoring.ranking import group_places, places
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session

if TYPE_CHECKING:  # (the exact engine's boards)
    from bridgescore.core.pairs.scored import ScoredBoard, ScoredLine

_ZERO = Fraction(0)
_HUNDRED = Fraction(100)


def add_up(
    boards: tuple[ScoredBoard, ...],
    rules: PairsRules,
    who: Callable[[ScoredLine, Side], Iterable[PairId]] = lambda line, side: (line.pair(side),),
) -> dict[PairId, PairTotal]:
    """Each pair's total over the boards: the points of the side it sat on every line ``who``
    names it for (the line's pair; an individual event's two players).

    Exact sums, added as whole numerators over each denominator (a board's points rarely
    have more than one or two), and each pair's percentages over each top it was out of.
    """
    records: dict[PairId, _Record] = {}
    for board in boards:
        top = board.top
        full_top = None if top is None else rules.scale.top(board.expected)
        for line in board.lines:
            line_top = board.top_of(line)
            counted = top is not None and line_top is not None
            for side in Side:
                points = line.points(side)
                average = line.ns_average if side is Side.NS else line.ew_average
                for pair in who(line, side):
                    record = records.get(pair)
                    if record is None:
                        record = records[pair] = _Record()
                    _add(record.score, points)
                    record.played += 1
                    if counted:
                        assert line_top is not None and full_top is not None
                        _add(record.maximum, line_top)
                        if line_top and average is None:
                            _add(record.over.setdefault(line_top, {}), points)
                        else:  # an artificial score's percentage, or 50 % of a top of 0
                            record.give(_FIFTY if average is None else average)
                        record.full = full_top
    return {pair: record.total() for pair, record in records.items()}


_Sum = dict[int, int]
"""An exact sum being added up: the sum of the numerators over each denominator."""
_FIFTY = Fraction(50)


class _Record:
    """A pair's sums as they are added up: its points, its tops, its points at each top (for
    its percentages), the percentages its artificial scores are given."""

    __slots__ = ("full", "given", "maximum", "over", "played", "score")

    def __init__(self) -> None:
        self.score: _Sum = {}
        self.played = 0
        self.maximum: _Sum = {}
        self.over: dict[Fraction, _Sum] = {}
        self.given: _Sum | None = None  # (most pairs have none)
        self.full: Fraction | None = None

    def give(self, percent: Fraction) -> None:
        """A board's percentage given outright."""
        if self.given is None:
            self.given = {}
        _add(self.given, percent)

    def total(self) -> PairTotal:
        counted = self.full is not None
        return PairTotal(
            _total(self.score),
            self.played,
            _total(self.maximum) if counted else None,
            _percents(self.over, self.given) if counted else None,
            self.full,
        )


def _add(parts: _Sum, value: Fraction) -> None:
    """Add ``value`` to a sum."""
    denominator = value.denominator
    parts[denominator] = parts.get(denominator, 0) + value.numerator


def _total(parts: _Sum) -> Fraction:
    """The exact sum.

    >>> _total({1: 7, 2: 3, 6: 1}), _total({4: 6})
    (Fraction(26, 3), Fraction(3, 2))
    """
    if len(parts) == 1:
        [(denominator, numerator)] = parts.items()
        return Fraction(numerator) if denominator == 1 else Fraction(numerator, denominator)
    common = lcm(*parts)
    return Fraction(sum(n * (common // d) for d, n in parts.items()), common)


def _percents(over: Mapping[Fraction, _Sum], given: _Sum | None) -> Fraction:
    """The sum of a pair's board percentages: its points at each top over that top, and the
    percentages given outright."""
    shares = [board_percent(_total(points), top) for top, points in over.items()]
    if given:
        shares.append(_total(given))
    return shares[0] if len(shares) == 1 else sum(shares, _ZERO)  # (most pairs: one top)


def pair_totals(
    session: Session, boards: tuple[ScoredBoard, ...], rules: PairsRules
) -> tuple[FieldRanking, ...]:
    """Each field's ranking; with boards compared across the field and several sections, each
    direction's pairs of every section ranked together first."""
    totals = add_up(boards, rules)
    if session.names:
        rankings = rank_fields(totals, rules, session.names)
    else:  # (groups of equal totals: the cheaper way, by far for a big field)
        rankings = rank_grouped(totals, rules)
    across = any(board.section is None for board in boards)
    if across and len({pair.section for pair in totals}) > 1:
        overall = rank_fields(totals, rules, session.names, overall=True)
        rankings = overall + rankings
    return rankings


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's sum of board points, boards played and (at matchpoints) sum of the tops, sum of
    its boards' percentages and the top of a full board of its section; ``missed`` boards
    scored as the rules' ``sit_out`` says are in the sums, not in ``boards``."""

    score: Fraction
    boards: int
    max: Fraction | None = None
    percents: Fraction | None = None
    full_top: Fraction | None = None
    missed: int = 0

    @property
    def counted(self) -> int:
        """The boards its sums are over: those played and those missed and scored."""
        return self.boards + self.missed

    def percent(self, rules: PairsRules) -> Fraction | None:
        """Its percentage: over its tops, or the mean of its boards' (``unfactored``)."""
        if rules.short_boards is ShortBoards.UNFACTORED and self.percents is not None:
            return self.percents / self.counted
        return board_percent(self.score, self.max) if self.max else None

    def with_missed(self, missed: int, rules: PairsRules) -> PairTotal:
        """The total with ``missed`` boards scored as the rules' ``sit_out`` says."""
        worth = rules.sit_out
        if not missed or worth is None:
            return self
        if not worth.percent:
            return replace(self, score=self.score + missed * worth.value, missed=missed)
        top = self.full_top
        assert top is not None and self.max is not None and self.percents is not None
        return replace(
            self,
            score=self.score + missed * worth.value * top / _HUNDRED,
            max=self.max + missed * top,
            percents=self.percents + missed * worth.value,
            missed=missed,
        )


def rank_fields(
    totals: Mapping[PairId, PairTotal],
    rules: PairsRules,
    names: Mapping[str, str],
    *,
    overall: bool = False,
) -> tuple[FieldRanking, ...]:
    """Rank each field (section and direction) from the pairs' totals; ``overall``, each
    direction's pairs of every section together.

    Each field's figures are :func:`field_figures`'. A bare number in ``names`` names a pair
    only when no pair of the other direction has the same number.
    """
    keys = name_keys(totals, names) if names else {}
    groups: dict[tuple[str | None, FieldName], list[tuple[PairId, PairTotal]]] = {}
    for pair, total in sorted(totals.items(), key=lambda item: item[0].sort_key()):
        groups.setdefault((None if overall else pair.section, pair.field), []).append((pair, total))
    rankings = []
    for (section, field_name), members in groups.items():
        counted = [given for _, given in members]
        worked = field_figures(counted, Counter(total.boards for total in counted), rules)
        entries = []
        for index, place, tied in places([value for _, value in worked]):
            pair, (figures, _) = members[index][0], worked[index]
            name_key = keys.get(pair) if keys else None
            entries.append(
                PairStanding(
                    pair,
                    None if name_key is None else names[name_key],
                    figures.score,
                    figures.boards,
                    figures.max,
                    figures.percent,
                    figures.scaled,
                    place,
                    tied,
                    rules.ties,
                )
            )
        rankings.append(FieldRanking(section, field_name, tuple(entries), overall))
    return tuple(rankings)


def field_figures(
    totals: Sequence[PairTotal], boards: Mapping[int, int], rules: PairsRules
) -> list[tuple[Figures, Fraction]]:
    """The figures of each total of a field and the value it is ranked on; ``boards`` counts
    the field's pairs by the boards they played.

    Percentages are over the tops of the boards played (or the mean of the boards', as the
    rules say), scores are scaled to the number of boards most pairs of the field played;
    matchpoints rank on the percentage, the other methods on the scaled score. A pair short of
    that number of boards has its missed boards scored as the rules' ``sit_out`` says, if
    anything.
    """
    usual = max(boards, key=lambda n: (boards[n], n))
    by_percent = rules.method is PairsMethod.MP
    found = []
    for given in totals:
        missed = usual - given.boards
        total = given if missed <= 0 else given.with_missed(missed, rules)
        score, counted = total.score, total.boards + total.missed
        scaled = score if counted == usual else score * usual / counted
        percent = total.percent(rules)
        figures = Figures(score, total.boards, total.max, percent, scaled)
        found.append((figures, percent if percent is not None and by_percent else scaled))
    return found


def rank_groups(
    totals: Sequence[PairTotal], counts: Sequence[int], rules: PairsRules
) -> tuple[tuple[Figures, ...], list[tuple[int, int, bool]]]:
    """A field ranked by groups of pairs with the same totals (``counts[i]`` pairs have
    ``totals[i]``), as :func:`rank_fields` ranks them one by one: each group's figures, and
    each group's (index, place, whether the place is shared), best first.

    >>> figures, placed = rank_groups([PairTotal(Fraction(3), 2), PairTotal(Fraction(5), 2)],
    ...                               [2, 1], PairsRules(method=PairsMethod.TOTAL))
    >>> placed
    [(1, 1, False), (0, 2, True)]
    """
    boards: Counter[int] = Counter()
    for total, count in zip(totals, counts, strict=True):
        boards[total.boards] += count
    worked = field_figures(totals, boards, rules)
    return tuple(f for f, _ in worked), group_places([v for _, v in worked], counts)


def rank_grouped(totals: Mapping[PairId, PairTotal], rules: PairsRules) -> tuple[FieldRanking, ...]:
    """:func:`rank_fields` without names, each field ranked by groups of pairs with the same
    totals (:func:`rank_field`): the same standings, as :class:`RankedRows`, with no object
    for each pair (the cheaper way for a field of thousands of pairs).

    >>> pairs = {PairId(n): PairTotal(Fraction(s), 2) for n, s in (("1", 3), ("2", 5), ("3", 3))}
    >>> (ranking,) = rank_grouped(pairs, PairsRules(method=PairsMethod.TOTAL))
    >>> [(e.rank_text, e.pair.label) for e in ranking.entries]
    [('1', '2'), ('2=', '1'), ('2=', '3')]
    """
    fields: dict[tuple[str | None, Side | None], dict[str, PairTotal]] = {}
    for pair, total in totals.items():
        fields.setdefault((pair.section, pair.direction), {})[pair.label] = total
    rankings = []
    for section, side in sorted(fields, key=lambda key: PairId("", key[1], key[0]).sort_key()):
        by_label = fields[section, side]
        labels = natural_order(by_label)
        keys: dict[_Key, int] = {}
        given: list[PairTotal] = []
        groups = []
        for label in labels:
            total = by_label[label]
            group = keys.setdefault(_key(total), len(keys))
            if group == len(given):
                given.append(total)
            groups.append(group)
        rankings.append(rank_field(section, side, labels, groups, given, rules))
    return tuple(rankings)


def rank_field(
    section: str | None,
    side: Side | None,
    labels: Sequence[str],
    groups: Sequence[int],
    given: Sequence[PairTotal],
    rules: PairsRules,
) -> FieldRanking:
    """The ranking of one field whose pairs (``labels``, in natural order) each have the
    total of their group (``given[groups[i]]``): the standings :func:`rank_fields` gives them
    one by one, each group's figures and place worked out once (:func:`rank_groups`), as
    :class:`RankedRows` (by place, then label).

    >>> ranking = rank_field(None, None, ["1", "2", "3"], [0, 1, 0],
    ...                      [PairTotal(Fraction(3), 2), PairTotal(Fraction(5), 2)],
    ...                      PairsRules(method=PairsMethod.TOTAL))
    >>> [(e.rank_text, e.pair.label, int(e.score)) for e in ranking.entries]
    [('1', '2', 5), ('2=', '1', 3), ('2=', '3', 3)]
    """
    counted = Counter(groups)
    figures, placed = rank_groups(given, [counted[group] for group in range(len(given))], rules)
    shared: list[tuple[int, bool]] = [(0, False)] * len(given)
    for group, place, tied in placed:
        shared[group] = (place, tied)
    place_of = [place for place, _ in shared]
    places = list(map(place_of.__getitem__, groups))
    ranked = sorted(range(len(labels)), key=places.__getitem__)  # (stable: labels in order)
    entries = RankedRows(
        section,
        side,
        list(map(labels.__getitem__, ranked)),
        list(map(groups.__getitem__, ranked)),
        shared,
        figures,
        ties=rules.ties,
    )
    return FieldRanking(section, PairId("", side).field, entries)


_Key = tuple[object, ...]


def _key(total: PairTotal) -> _Key:
    """A total as whole numbers, equal when the totals are (and hashed far sooner)."""
    return (
        *_parts(total.score),
        total.boards,
        *_parts(total.max),
        *_parts(total.percents),
        *_parts(total.full_top),
        total.missed,
    )


def _parts(value: Fraction | None) -> tuple[int | None, int | None]:
    return (None, None) if value is None else (value.numerator, value.denominator)
