"""Each pair's total over the session, added up in columns: its points, boards played and (at
matchpoints) the tops it was out of and its boards' percentages.

Pairs (or an individual event's players) are numbered; each board adds its lines' points to
them as whole numerators over the board's denominator, so a field of a million pairs is added
up without a Fraction for each line. Pairs whose sums are alike have the same total
(:meth:`Totals.keys`), which is worked out once (:meth:`Totals.total`).

>>> from bridgescore.core.pairs.boards import BoardKernels, BoardScores, score_board
>>> board = BoardScores(1, None, [0, 1], 2, 2)
>>> score_board(board, [420, 450], PairsRules(), BoardKernels())
>>> totals = add_up([board], [420, 450], [([0, 2], Side.NS), ([1, 3], Side.EW)], 4, PairsRules())
>>> [str(totals.total(key).score) for key in totals.keys()]
['0', '2', '2', '0']
"""

from __future__ import annotations

__all__ = ["PairTotal", "Totals", "add_up"]

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import lcm
from operator import mul
from typing import cast

from bridgescore.core.pairs.boards import BoardScores, Result
from bridgescore.core.pairs.conventions import ShortBoards, board_percent
from bridgescore.core.pairs.lines import Compared
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.table.seats import Side

_ZERO = Fraction(0)
_FIFTY = Fraction(50)
_HUNDRED = Fraction(100)


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's sum of board points, boards played and (at matchpoints) sum of the tops, sum of
    its boards' percentages (where the rules want them: the mean of the boards', a sit-out
    score in percent) and (with a sit-out score in percent) the top of a full board of its
    section; ``missed`` boards scored as the rules' ``sit_out`` says are in the sums, not
    in ``boards``."""

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


_Part = tuple[Fraction | None, int]
"""Where a line's points are added: the top they are over (``None``: none, at the other
methods, or on a board with a top of 0) and their denominator."""
_Entry = tuple[_Part, int, Fraction | None, Fraction | None]
"""One side of a line as added up: where, its numerator, the top it counts (matchpoints) and
the percentage it gives outright (an artificial score's, or 50 % of a top of 0)."""


class Totals:
    """Every contestant's sums, by number (see :func:`add_up`): its points over each top and
    denominator (``parts``), the boards it played at each top (``tops``), the percentages it
    was given outright, the top of its section's full board (with a sit-out score in percent)
    and the boards it played."""

    def __init__(self, size: int, rules: PairsRules) -> None:
        self.size = size
        self.rules = rules
        self.parts: dict[_Part, list[int]] = {}
        self.tops: dict[Fraction, list[int]] = {}
        self.given: dict[int, Fraction] = {}
        self.full: list[Fraction | None] | None = None
        self.played: list[int] = []
        self.pending: list[tuple[Fraction, list[int]]] = []
        """Boards' seats whose lines count a top, counted at the end (at once, when every line
        of the event counts the same top)."""

    def part(self, where: _Part) -> list[int]:
        found = self.parts.get(where)
        if found is None:
            found = self.parts[where] = [0] * self.size
        return found

    def top(self, top: Fraction) -> list[int]:
        found = self.tops.get(top)
        if found is None:
            found = self.tops[top] = [0] * self.size
        return found

    def add(self, pair: int, entry: _Entry) -> None:
        """One side of one line."""
        where, numerator, top, given = entry
        self.part(where)[pair] += numerator
        if top is not None:
            self.top(top)[pair] += 1
        if given is not None:
            self.given[pair] = self.given.get(pair, _ZERO) + given

    def keys(self) -> list[tuple[object, ...]]:
        """What each contestant's total is made of, by number: equal keys, equal totals."""
        given = [self.given.get(n) for n in range(self.size)] if self.given else None
        columns: list[Sequence[object]] = [*self.parts.values(), *self.tops.values(), self.played]
        columns += [given] if given is not None else []
        columns += [self.full] if self.full is not None else []
        return list(zip(*columns, strict=True))

    def total(self, key: tuple[object, ...]) -> PairTotal:
        """The total a key of :meth:`keys` stands for."""
        if not hasattr(self, "_common"):
            self._prepare()
        parted, topped = len(self.parts), len(self.parts) + len(self.tops)
        numerators: tuple[int, ...] = key[:parted]  # type: ignore[assignment]
        played: int = key[topped]  # type: ignore[assignment]
        given = key[topped + 1] if self.given else None
        full: Fraction | None = key[-1] if self.full is not None else None  # type: ignore[assignment]
        common, factors = self._common, self._factors
        score = Fraction(sum(map(mul, numerators, factors)), common)
        if self.rules.method is not PairsMethod.MP:
            return PairTotal(score, played)
        counts: tuple[int, ...] = key[parted:topped]  # type: ignore[assignment]
        if len(counts) == 1:  # (one top: most events; a few numbers of boards played)
            maximum = self._maxima.get(counts[0])
            if maximum is None:
                maximum = self._maxima[counts[0]] = self._one_top * counts[0]
        else:
            maximum = sum(map(mul, self.tops, counts), _ZERO)
        if not self._percents:  # (only the mean of the boards' and a sit-out score use them)
            return PairTotal(score, played, maximum, None, full)
        shares = [
            board_percent(Fraction(sum(numerators[i] * factors[i] for i in where), common), top)
            for top, where in self._over.items()
        ]
        shares += [given] if isinstance(given, Fraction) else []
        percents = shares[0] if len(shares) == 1 else sum(shares, _ZERO)
        return PairTotal(score, played, maximum, percents, full)

    def _prepare(self) -> None:
        """The parts' common denominator, which parts are points over each top, and whether
        the boards' percentages are wanted."""
        rules = self.rules
        self._percents = rules.short_boards is ShortBoards.UNFACTORED or (
            rules.sit_out is not None and rules.sit_out.percent
        )
        self._one_top = next(iter(self.tops), _ZERO)
        self._maxima: dict[int, Fraction] = {}
        self._common = lcm(*(denominator for _, denominator in self.parts))
        self._factors = [self._common // denominator for _, denominator in self.parts]
        self._over: dict[Fraction, list[int]] = {}
        for index, (top, _) in enumerate(self.parts):
            if top is not None:
                self._over.setdefault(top, []).append(index)


class _Plan:
    """How a board's real results are added up: each figure's entries from each side (NS,
    then EW), by the figure's identity, the board's denominator, and each side's one place of
    every line where there is one (``None``: each line by itself). Boards whose figures are the
    same objects (most boards of a big event) share a plan."""

    __slots__ = ("by_figure", "denominator", "uniform")

    def __init__(self, board: BoardScores, rules: PairsRules) -> None:
        figures = [
            *(value for ns, ew, _, _ in board.values.values() for value in (ns, ew)),
            *(value for ns, ew, _, _ in board.artificial.values() for value in (ns, ew)),
        ]
        self.denominator = denominator = lcm(*(value.denominator for value in figures))
        mp = rules.method is PairsMethod.MP
        self.by_figure: dict[int, list[_Entry]] = {}
        for figure in board.values.values():
            ns, ew, _, top = figure
            where = (top if mp and top else None, denominator)
            given = _FIFTY if mp and not top else None
            entries = [(where, int(points * denominator), top, given) for points in (ns, ew)]
            self.by_figure[id(figure)] = entries
        self.uniform: list[tuple[_Part, Fraction | None] | None] = []
        for at in (0, 1):
            kinds = {(e[at][0], e[at][2], e[at][3]) for e in self.by_figure.values()}
            if board.artificial or len(kinds) != 1:
                self.uniform.append(None)
                continue
            ((where, top, given),) = kinds
            self.uniform.append((where, top) if given is None else None)


def add_up(
    boards: Sequence[BoardScores],
    compared: Sequence[Compared],
    seats: Sequence[tuple[Sequence[int], Side]],
    size: int,
    rules: PairsRules,
) -> Totals:
    """Every contestant's sums over the boards; ``seats`` says who scores each line's points
    from which side (each line's NS pair and EW pair, or an individual event's four players),
    as numbers below ``size``."""
    totals = Totals(size, rules)
    if rules.sit_out is not None and rules.sit_out.percent:
        totals.full = [None] * size
    plans: dict[tuple[int, ...], _Plan] = {}
    for board in boards:
        key = tuple(map(id, board.values.values()))
        plan = plans.get(key) if not board.artificial else None
        if plan is None:
            plan = _Plan(board, rules)
            if not board.artificial:
                plans[key] = plan
        entries = {result: plan.by_figure[id(f)] for result, f in board.values.items()}
        results = list(map(compared.__getitem__, board.lines))
        for ids, side in seats:
            seated = list(map(ids.__getitem__, board.lines))
            if totals.full is not None:
                full = rules.scale.top(board.expected)
                for pair in seated:  # (the last board's, as boards come in order)
                    totals.full[pair] = full
            _add_side(totals, board, plan, entries, 0 if side is Side.NS else 1, seated, results)
    played: Counter[int] = Counter()
    for ids, _ in seats:
        played.update(ids)
    totals.played = [played[number] for number in range(size)]
    _count_tops(totals)
    return totals


def _add_side(
    totals: Totals,
    board: BoardScores,
    plan: _Plan,
    entries: dict[Result, list[_Entry]],
    at: int,
    seated: list[int],
    results: list[Compared],
) -> None:
    """Add one side (``at``: 0 NS, 1 EW) of a board's lines to the contestants ``seated``."""
    uniform = plan.uniform[at]
    if uniform is not None:  # (most boards: one top, or none, and points over it)
        where, top = uniform
        part = totals.part(where)
        numerators = {result: entry[at][1] for result, entry in entries.items()}
        added = map(numerators.__getitem__, cast(list[Result], results))
        for pair, numerator in zip(seated, added, strict=True):
            part[pair] += numerator
        if top is not None:
            totals.pending.append((top, seated))
        return
    for pair, index, result in zip(seated, board.lines, results, strict=True):
        entry = (
            entries[result][at]
            if result is not None
            else _artificial(board, index, at, plan.denominator, totals.rules)
        )
        totals.add(pair, entry)


def _count_tops(totals: Totals) -> None:
    """The boards each contestant played at each top, from the boards' seats left to count:
    when every line of the event counts one top, at once (each pair's boards played)."""
    tops = set({id(top): top for top, _ in totals.pending}.values())  # (a few: the same objects)
    if len(tops) == 1 and not totals.tops:
        totals.tops[tops.pop()] = totals.played
        return
    for top, seated in totals.pending:
        counted = totals.top(top)
        for pair in seated:
            counted[pair] += 1


def _artificial(
    board: BoardScores, index: int, at: int, denominator: int, rules: PairsRules
) -> _Entry:
    """One side of an artificial score as added up: its points, and at matchpoints the
    board's top and the percentage it was given as."""
    points, average = board.artificial[index][at], board.artificial[index][2 + at]
    mp = rules.method is PairsMethod.MP
    return (None, denominator), int(points * denominator), board.top, average if mp else None
