"""Each field ranked, and held in columns: for a field of a million pairs, where a
:class:`~bridgescore.core.pairs.event.PairStanding` for each pair costs more than the scoring.

Pairs with the same totals (sum of points, boards, tops) have the same figures and the same
place, so each group's :class:`Figures` and place are worked out once (:func:`rank_groups`),
and every pair holds only its label and its group. :class:`RankedRows` is a sequence of
:class:`~bridgescore.core.pairs.event.PairStanding`, made one by one as they are asked for, so
it stands wherever a field's entries do; the printers read its columns directly.
:func:`rank_fields` ranks every field of an event so.

>>> from bridgescore.core.pairs.event import PairStanding
>>> figures = (Figures(Fraction(5), 3, Fraction(6), Fraction(250, 3), Fraction(5)),)
>>> rows = RankedRows("A", Side.NS, ("1", "4"), (0, 0), ((1, True),), figures)
>>> len(rows), rows[1].pair.full, rows[1].rank_text, float(rows[1].percent)
(2, 'A 4 NS', '1=', 83.33333333333333)
>>> rows == tuple(rows), rows[1:] == (rows[1],)
(True, True)
"""

from __future__ import annotations

__all__ = ["Figures", "RankedRows", "field_figures", "rank_fields", "rank_groups"]

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from bridgescore.core.lazy import ItemsByIndex, Made
from bridgescore.core.numbers import natural_key
from bridgescore.core.pairs.event import FieldRanking, PairStanding
from bridgescore.core.pairs.fields import (
    Contestants,
    FieldName,
    PairId,
    name_keys,
    natural_order_key,
    natural_positions,
)
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.pairs.totals import PairTotal
from bridgescore.core.scoring.ranking import TieNotation, group_places
from bridgescore.core.table.seats import Side

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Figures:
    """What the pairs of one group share: their score (missed boards scored in), boards
    played, the sum of their tops, percentage and scaled score, as in
    :class:`~bridgescore.core.pairs.event.PairStanding`."""

    score: Fraction
    boards: int
    max: Fraction | None
    percent: Fraction | None
    scaled: Fraction


@dataclass(frozen=True, eq=False)
class RankedRows(ItemsByIndex[PairStanding]):
    """A field's entries, best first, in columns: each pair's ``labels`` and ``groups`` (its
    index in ``placed`` and ``figures``); each group's place and whether it is shared;
    ``names`` when the pairs have any; ``sections``, each pair's, in a ranking of every
    section's pairs together (else every pair's section is ``section``)."""

    section: str | None
    side: Side | None
    labels: Sequence[str]
    groups: Sequence[int]
    placed: Sequence[tuple[int, bool]]
    figures: tuple[Figures, ...]
    names: Sequence[str | None] | None = None
    ties: TieNotation = TieNotation.EQUALS
    sections: Sequence[str | None] | None = None

    def __len__(self) -> int:
        return len(self.labels)

    def _item(self, index: int) -> PairStanding:
        group = self.groups[index]
        shared, (place, tied) = self.figures[group], self.placed[group]
        return PairStanding(
            PairId(
                self.labels[index],
                self.side,
                self.section if self.sections is None else self.sections[index],
            ),
            None if self.names is None else self.names[index],
            shared.score,
            shared.boards,
            shared.max,
            shared.percent,
            shared.scaled,
            place,
            tied,
            self.ties,
        )

    def rank_texts(self) -> list[str]:
        """Each group's place as the results show it (``3``, ``3=``)."""
        return [self.ties.text(place, tied) for place, tied in self.placed]


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
    ``totals[i]``): each group's figures, and each group's (index, place, whether the place is
    shared), best first, as the pairs would be placed one by one.

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


def rank_fields(
    contestants: Contestants,
    keys: Sequence[K],
    total: Callable[[K], PairTotal],
    rules: PairsRules,
    names: Mapping[str, str],
    *,
    overall: bool = False,
    players: bool = False,
) -> tuple[FieldRanking, ...]:
    """Rank each field (section and direction; ``overall``, each direction's pairs of every
    section together) of the ``contestants``, whose totals are ``total(keys[i])``: each
    field's figures are :func:`field_figures`', its places by groups of equal totals
    (:func:`rank_groups`), its pairs by place then in natural order.

    A bare number in ``names`` names a pair only when no pair of the other direction has the
    same number.

    >>> pairs = Contestants(["1", "2", "3"], [0, 0, 0], [(None, None)])
    >>> totals = {3: PairTotal(Fraction(3), 2), 5: PairTotal(Fraction(5), 2)}
    >>> (ranking,) = rank_fields(pairs, [3, 5, 3], totals.__getitem__,
    ...                          PairsRules(method=PairsMethod.TOTAL), {"2": "Ann & Bob"})
    >>> [(e.rank_text, e.pair.label, e.names) for e in ranking.entries]
    [('1', '2', 'Ann & Bob'), ('2=', '1', None), ('2=', '3', None)]
    """
    by_field = sorted(range(len(contestants)), key=contestants.field_of.__getitem__)
    counted_in = Counter(contestants.field_of)
    members_of: list[list[int]] = []
    for field in range(len(contestants.fields)):  # (each field's numbers, in order)
        start = sum(map(len, members_of))
        members_of.append(by_field[start : start + counted_in[field]])
    ranked_as: dict[tuple[str | None, Side | None], list[int]] = {}  # fields' indexes
    for index, (section, side) in enumerate(contestants.fields):
        ranked_as.setdefault((None if overall else section, side), []).append(index)
    order = sorted(
        ranked_as,
        key=lambda key: min(
            PairId("", key[1], contestants.fields[i][0]).sort_key()[:2] for i in ranked_as[key]
        ),
    )
    named = name_keys(Made(len(contestants), contestants.pair), names) if names else {}
    order_of_labels = natural_order_key(contestants.labels)
    rankings = []
    for section, side in order:
        members: list[int] = []
        for index in sorted(
            ranked_as[section, side], key=lambda i: natural_key(contestants.fields[i][0] or "")
        ):
            labels = list(map(contestants.labels.__getitem__, members_of[index]))
            positions = natural_positions(labels, order_of_labels)
            members += map(members_of[index].__getitem__, positions)
        keyed = list(map(keys.__getitem__, members))
        groups_of = {key: group for group, key in enumerate(dict.fromkeys(keyed))}
        groups = list(map(groups_of.__getitem__, keyed))
        counted = Counter(groups)
        figures, placed = rank_groups(
            [total(key) for key in groups_of], [counted[g] for g in range(len(groups_of))], rules
        )
        shared: list[tuple[int, bool]] = [(0, False)] * len(groups_of)
        for group, place, tied in placed:
            shared[group] = (place, tied)
        place_of = [place for place, _ in shared]
        places = list(map(place_of.__getitem__, groups))
        ranked = sorted(range(len(members)), key=places.__getitem__)  # (stable: natural order)
        chosen = list(map(members.__getitem__, ranked))
        field_of = contestants.field_of
        entries = RankedRows(
            section,
            side,
            list(map(contestants.labels.__getitem__, chosen)),
            list(map(groups.__getitem__, ranked)),
            shared,
            figures,
            [_name(names, named.get(contestants.pair(n))) for n in chosen] if named else None,
            rules.ties,
            [contestants.fields[field_of[n]][0] for n in chosen] if overall else None,
        )
        field_name: FieldName = PairId("", side).field
        rankings.append(FieldRanking(section, field_name, entries, overall, players))
    return tuple(rankings)


def _name(names: Mapping[str, str], key: str | None) -> str | None:
    return None if key is None else names[key]
