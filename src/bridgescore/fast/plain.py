r"""Score and rank a traveller CSV held in plain Python columns: the columnar path without numpy
or polars, for a file too big to give every line an object and too small to pay for importing
them (:mod:`bridgescore.fast.select` chooses by cost).

The rankings are :func:`bridgescore.core.pairs.score.score_session`'s, figure for figure: the
lines are read and checked in columns (:mod:`bridgescore.fast.plain_columns`), each board is
compared by the core's own functions on integers (matchpoints with Neuberg as numerators over
the board's denominator, cross-IMPs, Butler, total points), the pairs' totals are exact, and
the pairs engine ranks each field by groups of pairs with equal totals
(:func:`~bridgescore.core.pairs.totals.rank_field`; :func:`rank_fields` when the pairs have
names).

It answers only for clean files: a line it has any doubt about (a board, round or table number,
a lead, an adjusted score, a quote running over lines, a control character, a pair at two
tables of a board), a board over the expected number, something that looks like a teams event,
raises :class:`ExactEngineNeeded`; the exact engine then reads the file, and reports each
problem with its line or scores what is there.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "board.csv"
>>> _ = path.write_text("board,ns,ew,contract,declarer,result\n"
...                     "1,1,1,4S,N,=\n1,2,2,4S,N,+1\n1,3,3,3NT,N,=\n")
>>> event = score_file(path, PairsRules())
>>> [(e.rank_text, e.pair.label, str(e.score)) for e in event.ranking("NS").entries]
[('1', '2', '4'), ('2', '1', '2'), ('3', '3', '0')]
"""

from __future__ import annotations

__all__ = ["score_file"]

import os
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import count, groupby

from bridgescore.core.pairs.checks import lonely_boards
from bridgescore.core.pairs.event import FieldRanking, PairsEvent
from bridgescore.core.pairs.fields import (
    FieldFacts,
    Fields,
    PairId,
    decide_fields,
    natural_order,
    suffix_pattern,
)
from bridgescore.core.pairs.rules import CompareMode, PairsMethod, PairsRules
from bridgescore.core.pairs.totals import PairTotal, rank_field, rank_fields
from bridgescore.core.scoring.butler import butler_datum
from bridgescore.core.scoring.crossimps import CrossNorm, cross_imp_totals
from bridgescore.core.scoring.imps import imps
from bridgescore.core.scoring.matchpoints import Scale, raw_matchpoints
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session, looks_like_teams
from bridgescore.fast import ExactEngineNeeded
from bridgescore.fast.plain_columns import Columns, read_columns

_SUFFIX = {side: re.compile(suffix_pattern(side)) for side in Side}

_ZERO = Fraction(0)

Board = tuple[str | None, int]
"""A board of a section: (section, board number)."""


def _fields(columns: Columns, rules: PairsRules) -> Fields:
    """Each section's fields, decided by the pairs engine's rule from its tables."""
    sections = set(columns.section)
    two: dict[str | None, bool] = {}
    reasons: dict[str | None, str] = {}
    suffixed = set()
    for section in sections:
        if len(sections) == 1:
            boards, ns, ew = columns.board, columns.ns, columns.ew
        else:
            rows = [i for i, s in enumerate(columns.section) if s == section]
            boards = [columns.board[i] for i in rows]
            ns, ew = [columns.ns[i] for i in rows], [columns.ew[i] for i in rows]
        facts = FieldFacts.of_columns(boards, ns, ew)
        two[section], reasons[section] = decide_fields(facts, rules.field)
        if facts.suffixed:
            suffixed.add(section)
    return Fields(two, frozenset(suffixed), reasons)


def _label(label: str, side: Side) -> str:
    match = _SUFFIX[side].match(label)
    return label if match is None else match.group(1)


Points = tuple[list[int], list[int], int, int]
"""A board's points: NS and EW numerators (line by line) over one denominator, and its top."""


def _board_points(scores: list[int], expected: int, rules: PairsRules) -> Points:
    """One board's points, as the pairs engine gives them, as integers over a denominator."""
    actual = len(scores)
    method = rules.method
    if method is PairsMethod.MP:
        units = raw_matchpoints(scores)
        most = 2 * (actual - 1)
        ns, ew = units, [most - u for u in units]
        denominator = 1
        if actual != expected:  # Neuberg: (MP + 1) x E/A - 1
            ns = [(u + 1) * expected - actual for u in ns]
            ew = [(u + 1) * expected - actual for u in ew]
            denominator = actual
        top = 2 * (expected - 1)
        if rules.scale is Scale.ACBL:
            return ns, ew, 2 * denominator, top // 2
        return ns, ew, denominator, top
    if method is PairsMethod.TOTAL:
        return scores, [-s for s in scores], 1, 0
    if method is PairsMethod.BUTLER:
        drop = rules.butler_drop.count_for(actual)
        datum = butler_datum(sorted(scores), drop, rules.datum_rounding)
        against = {s: imps(s - datum) for s in set(scores)}
        ns = [against[s] for s in scores]
        return ns, [-p for p in ns], 1, 0
    if actual < 2:
        return [0] * actual, [0] * actual, 1, 0
    totals = cross_imp_totals(scores)
    if rules.cross is CrossNorm.PER_SCORE:
        return totals, [-t for t in totals], actual, 0
    if rules.cross is CrossNorm.TOTAL:
        totals = [t * (expected - 1) for t in totals]
    return totals, [-t for t in totals], actual - 1, 0


def _boards(columns: Columns) -> dict[Board, list[int]]:
    """Each board's lines (their indexes, in file order), board by board within each section."""
    sections = set(columns.section)
    if len(sections) == 1:  # (one section: each line by its board alone)
        (only,) = sections
        numbers = columns.board
        ordered = sorted(range(len(numbers)), key=numbers.__getitem__)
        return {
            (only, board): list(lines) for board, lines in groupby(ordered, key=numbers.__getitem__)
        }
    keys = list(zip([section or "" for section in columns.section], columns.board, strict=True))
    ordered = sorted(range(len(keys)), key=keys.__getitem__)
    boards: dict[Board, list[int]] = {}
    for (section, board), lines in groupby(ordered, key=keys.__getitem__):
        boards[section or None, board] = list(lines)
    return boards


def _expected(boards: Mapping[Board, Sequence[int]], rules: PairsRules) -> dict[str | None, int]:
    """Neuberg's E of each section: the rules', or the most results on any of its boards."""
    most: dict[str | None, int] = {}
    for (section, _), lines in boards.items():
        most[section] = max(most.get(section, 0), len(lines))
    if rules.expected is None:
        return most
    if any(most_results > rules.expected for most_results in most.values()):
        raise ExactEngineNeeded("a board has more results than expected")
    return dict.fromkeys(most, rules.expected)


_Field = tuple[str | None, Side | None]
"""A field: its section and, in a two-field section, its direction."""


class _Pairs:
    """The pairs of an event, numbered 0, 1, ... in the order met: each line's NS and EW pair
    by number, and each number's field and label."""

    def __init__(self, columns: Columns, fields: Fields) -> None:
        self.ids: dict[tuple[str | None, str], dict[str, int]] = {}
        self.fields: list[_Field] = []
        self.labels: list[str] = []
        self.ns = self._side(columns, columns.ns, Side.NS, fields)
        self.ew = self._side(columns, columns.ew, Side.EW, fields)

    def _side(self, columns: Columns, written: list[str], side: Side, fields: Fields) -> list[int]:
        sections = set(columns.section)
        if len(sections) == 1 and not fields.suffixed:  # (most files: labels as written)
            (section,) = sections
            numbers = self._numbered(section, side, fields, dict.fromkeys(written))
            return list(map(numbers.__getitem__, written))
        keys = list(zip(columns.section, written, strict=True))
        by_section: dict[str | None, dict[tuple[str | None, str], str]] = {}
        for key in dict.fromkeys(keys):  # (sections in the order met)
            section, label = key
            suffixed = section in fields.suffixed
            by_section.setdefault(section, {})[key] = _label(label, side) if suffixed else label
        found: dict[tuple[str | None, str], int] = {}
        for section, labels in by_section.items():
            numbers = self._numbered(section, side, fields, dict.fromkeys(labels.values()))
            found.update((key, numbers[label]) for key, label in labels.items())
        return list(map(found.__getitem__, keys))

    def _numbered(
        self, section: str | None, side: Side, fields: Fields, labels: Iterable[str]
    ) -> dict[str, int]:
        """The numbers of a section's pairs on one side by label, numbering those not met."""
        two = fields.is_two_field(section)
        numbers = self.ids.setdefault((section, side.value if two else ""), {})
        new = [label for label in labels if label not in numbers]
        numbers.update(zip(new, count(len(self.labels))))
        self.labels.extend(new)
        self.fields.extend([(section, side if two else None)] * len(new))
        return numbers

    def pair(self, number: int) -> PairId:
        section, direction = self.fields[number]
        return PairId(self.labels[number], direction, section)


class _Totals:
    """Every pair's total, by number: its score (a whole numerator over ``over``, or exact),
    boards played and (matchpoints) sum of the tops, as one key each; equal keys are equal
    totals."""

    def __init__(
        self,
        scores: Sequence[int | Fraction],
        over: int,
        played: Sequence[int],
        tops: Sequence[int],
        mp: bool,
    ) -> None:
        self.keys = list(zip(scores, played, tops, strict=True))
        self.over = over
        self.mp = mp
        self._tops = {top: Fraction(top) for top in set(tops)}

    def total(self, key: tuple[int | Fraction, int, int]) -> PairTotal:
        score, played, top = key
        if isinstance(score, int):
            score = Fraction(score) if self.over == 1 else Fraction(score, self.over)
        return PairTotal(score, played, self._tops[top] if self.mp else None)


def _totals(
    columns: Columns,
    boards: Mapping[Board, Sequence[int]],
    pairs: _Pairs,
    fields: Fields,
    rules: PairsRules,
) -> _Totals:
    """Every pair's exact total, boards played and (matchpoints) sum of the tops."""
    expected = _expected(boards, rules)
    size = len(pairs.labels)
    sums: dict[int, list[int]] = {}  # by denominator: each pair's numerators
    section_top: dict[str | None, int] = {}
    scores = columns.score
    for (section, _), lines in boards.items():
        ns_ids, ew_ids = (
            list(map(pairs.ns.__getitem__, lines)),
            list(map(pairs.ew.__getitem__, lines)),
        )
        seated = ns_ids + ew_ids if not fields.is_two_field(section) else ns_ids
        if len(set(seated)) != len(seated) or len(set(ew_ids)) != len(ew_ids):
            raise ExactEngineNeeded("a pair plays a board twice")
        ns, ew, denominator, top = _board_points(
            list(map(scores.__getitem__, lines)), expected[section], rules
        )
        section_top[section] = top  # (Neuberg's E, and so the top, is the section's)
        numerators = sums.get(denominator)
        if numerators is None:
            numerators = sums[denominator] = [0] * size
        for ids, values in ((ns_ids, ns), (ew_ids, ew)):
            for pair, value in zip(ids, values, strict=True):
                numerators[pair] += value
    counted = Counter(pairs.ns)
    counted.update(pairs.ew)
    played = [counted[number] for number in range(size)]
    tops = [section_top[section] * n for (section, _), n in zip(pairs.fields, played, strict=True)]
    mp = rules.method is PairsMethod.MP
    if len(sums) == 1:  # one denominator for every board: a numerator a pair
        ((denominator, numerators),) = sums.items()
        return _Totals(numerators, denominator, played, tops, mp)
    score = [sum((Fraction(n[i], d) for d, n in sums.items()), _ZERO) for i in range(size)]
    return _Totals(score, 1, played, tops, mp)


def _rankings(
    pairs: _Pairs, totals: _Totals, rules: PairsRules, names: Mapping[str, str] | None
) -> tuple[FieldRanking, ...]:
    """Each field's ranking, by groups of pairs with equal totals (:func:`rank_field`); with
    ``names``, pair by pair (:func:`rank_fields`, which looks up their names)."""
    if names:
        each = {pairs.pair(n): totals.total(key) for n, key in enumerate(totals.keys)}
        return rank_fields(each, rules, names)
    members: dict[_Field, dict[str, int]] = {}
    for number, (field, label) in enumerate(zip(pairs.fields, pairs.labels, strict=True)):
        members.setdefault(field, {})[label] = number
    rankings = []
    for section, side in sorted(members, key=lambda key: PairId("", key[1], key[0]).sort_key()):
        by_label = members[section, side]
        labels = natural_order(by_label)
        keys = totals.keys
        groups_of: dict[tuple[int | Fraction, int, int], int] = {}
        groups = [groups_of.setdefault(keys[by_label[label]], len(groups_of)) for label in labels]
        given = [totals.total(key) for key in groups_of]
        rankings.append(rank_field(section, side, labels, groups, given, rules))
    return tuple(rankings)


def _sections_share_boards(columns: Columns) -> bool:
    """Whether a board is played in two sections (the engine compares them across the field;
    this path compares each section alone)."""
    boards = set(columns.board)
    return len(set(zip(columns.board, columns.section, strict=True))) > len(boards)


def score_file(
    path: str | os.PathLike[str],
    rules: PairsRules,
    names: Mapping[str, str] | None = None,
) -> PairsEvent:
    """The rankings of a clean traveller CSV (a :class:`PairsEvent` without boards), or
    :class:`ExactEngineNeeded` (see the module)."""
    source = str(path)
    columns = read_columns(path)
    tables = zip(columns.board, columns.section, columns.round, columns.ns, columns.ew, strict=True)
    if looks_like_teams(tables):
        raise ExactEngineNeeded(f"{source} looks like a teams event")
    if rules.compare is not CompareMode.WITHIN and _sections_share_boards(columns):
        raise ExactEngineNeeded(f"{source}: sections compared across the field")
    fields = _fields(columns, rules)
    pairs = _Pairs(columns, fields)
    boards = _boards(columns)
    rankings = _rankings(pairs, _totals(columns, boards, pairs, fields, rules), rules, names)
    first = {key: (len(lines), columns.line[lines[0]]) for key, lines in boards.items()}
    warnings = lonely_boards(source, {(board, section): v for (section, board), v in first.items()})
    session = Session((), source=source)
    return PairsEvent(session, rules, (), rankings, fields, warnings)
