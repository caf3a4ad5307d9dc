"""Score a pairs session: every traveller line's points and the ranking of each field.

Boards are compared within their section. On each board the real results (played, score-only
and weighted) are compared with one another; artificial adjusted scores are left out of the
comparison (Law 12C2) and the real results are Neuberg-factored to the expected number of
results E, the most results on any board of the section (rules-and-formats §3.2-3.4).

* ``mp``: 2/1 or 1/0.5 matchpoints, Neuberg-factored; Ave = 50 %, Ave+ = 60 % or the pair's
  percentage on its other boards if higher, Ave- = 40 % or that percentage if lower.
* ``crossimps``: IMPs against every other result, then ÷ (n-1), ÷ n or the total (factored to
  E-1 comparisons); Ave+/Ave/Ave- = +3/0/-3 IMPs (x (E-1) for totals).
* ``butler``: IMPs against the datum; the same averages.
* ``total``: NS points (weighted scores at their expected value); artificial scores refused.

A pair's ``score`` is the sum of its board points, ``percent`` (matchpoints) is over the tops
of the boards it played, and ``scaled`` is the score scaled to the number of boards most pairs of
its field played. Pairs are ranked on exact values: percentage at matchpoints, scaled score
otherwise.

>>> from bridgescore.core.table.result import Result
>>> lines = [TravellerLine.played(1, str(n), str(n), Result.parse(r))
...          for n, r in enumerate(["4SN+2", "4SN+1", "4SN+1", "3NTN+1", "4SN=", "3NTN="], 1)]
>>> event = score_session(Session(tuple(lines)))
>>> [str(line.ns_points) for line in event.board(1).lines]
['10', '7', '7', '4', '2', '0']
>>> [(e.rank_text, str(e.pair), float(e.percent or 0)) for e in event.ranking("EW").entries][:2]
[('1', '6', 100.0), ('2', '5', 80.0)]
"""

from __future__ import annotations

__all__ = [
    "BoardKernels",
    "PairStanding",
    "PairTotal",
    "PairsEvent",
    "ScoredBoard",
    "ScoredLine",
    "rank_fields",
    "score_session",
]

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from bridgescore.core.errors import ScoringError
from bridgescore.core.pairs.fields import FieldName, Fields, PairId
from bridgescore.core.pairs.rules import PairsMethod, PairsRules
from bridgescore.core.scoring.crossimps import (
    CrossNorm,
    butler_datum,
    cross_imps,
    round_to_ten,
    weighted_cross_imps,
)
from bridgescore.core.scoring.imps import imps
from bridgescore.core.scoring.matchpoints import (
    Distribution,
    neuberg,
    raw_matchpoints,
    weighted_matchpoints,
)
from bridgescore.core.scoring.ranking import rank
from bridgescore.core.table.adjusted import Average, WeightedScore
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Session, TravellerLine

_ZERO = Fraction(0)
_HUNDRED = Fraction(100)


@dataclass(frozen=True, slots=True)
class BoardKernels:
    """The per-board comparisons for plain NS scores; an outer layer may swap in vectorised ones.

    Each takes one board's NS scores and returns, in the same order, 2/1 matchpoints and total
    cross-IMPs; they must give exactly the figures of the pure functions (the default).
    """

    matchpoints: Callable[[Sequence[int]], Sequence[int]] = raw_matchpoints
    cross_imps: Callable[[Sequence[int]], Sequence[int]] = cross_imps


@dataclass(frozen=True, slots=True)
class ScoredLine:
    """One traveller line with both pairs and their points on the board.

    ``average`` is the percentage (matchpoints) or IMPs an artificial score was given as.
    """

    line: TravellerLine
    ns_pair: PairId
    ew_pair: PairId
    ns_points: Fraction
    ew_points: Fraction
    ns_average: Fraction | None = None
    ew_average: Fraction | None = None

    def points(self, side: Side) -> Fraction:
        return self.ns_points if side is Side.NS else self.ew_points

    def pair(self, side: Side) -> PairId:
        return self.ns_pair if side is Side.NS else self.ew_pair


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """One board of one section, scored.

    ``actual`` real results (A) compared and factored to ``expected`` (E); ``top`` is the
    matchpoint top (``None`` at IMPs and total points); ``datum`` and ``dropped`` (the scores left
    out of it) are set at Butler.
    """

    board: int
    section: str | None
    lines: tuple[ScoredLine, ...]
    expected: int
    actual: int
    top: Fraction | None = None
    datum: int | None = None
    dropped: tuple[int, ...] = ()

    def line_of(self, pair: PairId) -> tuple[ScoredLine, Side] | None:
        for scored in self.lines:
            for side in Side:
                if scored.pair(side) == pair:
                    return scored, side
        return None


@dataclass(frozen=True, slots=True)
class PairStanding:
    """A pair's total and place in its field."""

    pair: PairId
    names: str | None
    score: Fraction
    boards: int
    max: Fraction | None
    percent: Fraction | None
    scaled: Fraction
    rank: int = 0
    tied: bool = False

    @property
    def rank_text(self) -> str:
        return f"{self.rank}=" if self.tied else str(self.rank)


@dataclass(frozen=True, slots=True)
class FieldRanking:
    """The ranking of one field (``NS``, ``EW`` or ``ALL``) of one section."""

    section: str | None
    field: FieldName
    entries: tuple[PairStanding, ...]


@dataclass(frozen=True, slots=True)
class PairsEvent:
    """A scored pairs session: boards (in board then section order) and rankings."""

    session: Session
    rules: PairsRules
    boards: tuple[ScoredBoard, ...]
    rankings: tuple[FieldRanking, ...]
    fields: Fields = field(default_factory=lambda: Fields({}))
    warnings: tuple[str, ...] = ()
    """Things the director should check (a board played once where the others were played
    many times is usually a mistyped board number)."""

    def board(self, number: int, section: str | None = None) -> ScoredBoard:
        for scored in self.boards:
            if scored.board == number and (section is None or scored.section == section):
                return scored
        raise ScoringError(f"board {number} was not played")

    def ranking(self, field_name: FieldName, section: str | None = None) -> FieldRanking:
        for ranking in self.rankings:
            if ranking.field == field_name and (section is None or ranking.section == section):
                return ranking
        raise ScoringError(f"there is no {field_name} field")

    def find_pair(self, text: str) -> PairId:
        """The pair a user means by ``3``, ``3NS``, ``3 EW`` or ``A3``."""
        wanted = text.strip().upper().replace(" ", "")
        found = [
            e.pair
            for r in self.rankings
            for e in r.entries
            if wanted
            in (
                e.pair.label.upper(),
                f"{e.pair.label}{e.pair.direction or ''}".upper(),
                f"{e.pair.section or ''}{e.pair.label}".upper(),
                f"{e.pair.section or ''}{e.pair.label}{e.pair.direction or ''}".upper(),
            )
        ]
        if not found:
            raise ScoringError(f"there is no pair {text}")
        if len(found) > 1:
            choices = ", ".join(p.full for p in found)
            raise ScoringError(f"pair {text} is ambiguous ({choices}): add NS or EW")
        return found[0]


def _comparable(line: TravellerLine) -> int | Distribution | None:
    """What a line is compared as: an NS score, a weighted distribution, or nothing."""
    if isinstance(line.adjusted, WeightedScore):
        return tuple((c.weight, c.ns_score) for c in line.adjusted.components)
    if line.adjusted is not None:
        return None
    assert line.ns_score is not None
    return line.ns_score


@dataclass(slots=True)
class _Board:
    """A board being scored: NS points of its real lines (artificial ones filled in later)."""

    number: int
    section: str | None
    lines: list[TravellerLine]
    ns_points: list[Fraction | None]
    actual: int
    datum: int | None = None
    dropped: tuple[int, ...] = ()


def _matchpoints(
    results: list[int | Distribution], expected: int, kernels: BoardKernels
) -> list[Fraction]:
    if all(isinstance(r, int) for r in results):
        units: Sequence[Fraction | int] = kernels.matchpoints(results)  # type: ignore[arg-type]
    else:
        units = weighted_matchpoints(results)
    return [neuberg(u, len(results), expected) for u in units]


def _cross(
    results: list[int | Distribution], expected: int, rules: PairsRules, kernels: BoardKernels
) -> list[Fraction]:
    actual = len(results)
    if actual < 2:
        return [_ZERO] * actual
    if all(isinstance(r, int) for r in results):
        totals = [Fraction(x) for x in kernels.cross_imps(results)]  # type: ignore[arg-type]
    else:
        totals = weighted_cross_imps(results)
    if rules.cross is CrossNorm.AVERAGE:
        return [x / (actual - 1) for x in totals]
    if rules.cross is CrossNorm.PER_SCORE:
        return [x / actual for x in totals]
    return [x * (expected - 1) / (actual - 1) for x in totals]


def _butler(board: _Board, results: list[int | Distribution], rules: PairsRules) -> list[Fraction]:
    plain = sorted(r for r in results if isinstance(r, int))
    if plain:
        drop = rules.butler_drop.count_for(len(plain))
        board.datum = butler_datum(plain, drop, rules.datum_rounding)
        board.dropped = tuple(plain[:drop] + plain[len(plain) - drop :]) if drop else ()
    else:
        expected_scores = [
            sum((w * s for w, s in r), _ZERO) for r in results if not isinstance(r, int)
        ]
        board.datum = round_to_ten(sum(expected_scores, _ZERO) / len(expected_scores))
    datum = board.datum
    return [
        Fraction(imps(r - datum))
        if isinstance(r, int)
        else sum((w * imps(s - datum) for w, s in r), _ZERO)
        for r in results
    ]


def _score_board(board: _Board, expected: int, rules: PairsRules, kernels: BoardKernels) -> None:
    real = [(i, c) for i, line in enumerate(board.lines) if (c := _comparable(line)) is not None]
    results = [c for _, c in real]
    if not results:
        return
    method = rules.method
    if method is PairsMethod.MP:
        points = _matchpoints(results, expected, kernels)
        points = [rules.scale.points(p) for p in points]
    elif method is PairsMethod.CROSSIMPS:
        points = _cross(results, expected, rules, kernels)
    elif method is PairsMethod.BUTLER:
        points = _butler(board, results, rules)
    else:
        points = [
            Fraction(r) if isinstance(r, int) else sum((w * s for w, s in r), _ZERO)
            for r in results
        ]
    for (index, _), value in zip(real, points, strict=True):
        board.ns_points[index] = value


def score_session(
    session: Session, rules: PairsRules | None = None, *, kernels: BoardKernels | None = None
) -> PairsEvent:
    """Score every board of the session and rank each field (see the module docstring)."""
    rules = rules or PairsRules()
    kernels = kernels or BoardKernels()
    if not session.lines:
        raise ScoringError("there are no results to score")
    fields = Fields.detect(session.lines, rules.field)
    groups: dict[tuple[int, str | None], list[TravellerLine]] = {}
    for line in session.lines:
        groups.setdefault((line.board, line.section), []).append(line)
    _check_each_pair_plays_once(session, groups, fields)
    expected = _expected_by_section(groups, rules)
    if rules.method is PairsMethod.TOTAL:
        for line in session.lines:
            if line.artificial_score is not None:
                raise ScoringError(
                    f"{_at(session, line)}board {line.board}: total-points scoring needs an "
                    f"assigned score, not an artificial one ({line.artificial_score})"
                )
    boards = []
    for (number, section), lines in sorted(
        groups.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")
    ):
        board = _Board(number, section, lines, [None] * len(lines), 0)
        board.actual = sum(_comparable(line) is not None for line in lines)
        _score_board(board, expected[section], rules, kernels)
        boards.append(board)
    scored = _with_averages(boards, fields, expected, rules)
    rankings = _rankings(session, scored, rules)
    warnings = _lonely_boards(session, groups)
    return PairsEvent(session, rules, scored, rankings, fields, warnings)


def _at(session: Session, line: TravellerLine) -> str:
    """``club.csv:12: `` (or ``line 12, ``) where a line stands in its file, for messages."""
    if line.line is None:
        return ""
    if session.source is None:
        return f"line {line.line}, "
    return f"{session.source}:{line.line}: "


def _check_each_pair_plays_once(
    session: Session, groups: dict[tuple[int, str | None], list[TravellerLine]], fields: Fields
) -> None:
    problems = []
    for (number, _), lines in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
        seen: dict[PairId, TravellerLine] = {}
        for line in lines:
            for side in Side:
                pair = fields.pair_of(line, side)
                if pair in seen:
                    first = seen[pair]
                    lines_text = (
                        f" (lines {first.line} and {line.line})" if line.line is not None else ""
                    )
                    problems.append(
                        f"{_at(session, line)}board {number}: pair {pair.full} plays the board "
                        f"twice{lines_text}"
                    )
                seen[pair] = line
    if problems:
        raise ScoringError("\n".join(problems))


def _lonely_boards(
    session: Session, groups: dict[tuple[int, str | None], list[TravellerLine]]
) -> tuple[str, ...]:
    """Boards played once in a section where most boards were played three times or more."""
    counts: dict[str | None, list[int]] = {}
    for (_, section), lines in groups.items():
        counts.setdefault(section, []).append(len(lines))
    warnings = []
    for (number, section), lines in sorted(
        groups.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")
    ):
        usual = sorted(counts[section])[len(counts[section]) // 2]
        if len(lines) == 1 and usual >= 3:
            where = f" of section {section}" if section else ""
            warnings.append(
                f"{_at(session, lines[0])}board {number}{where} was played once while most "
                f"boards were played {usual} times: is the board number right?"
            )
    return tuple(warnings)


def _expected_by_section(
    groups: dict[tuple[int, str | None], list[TravellerLine]], rules: PairsRules
) -> dict[str | None, int]:
    most: dict[str | None, int] = {}
    for (number, section), lines in groups.items():
        most[section] = max(most.get(section, 0), len(lines))
        if rules.expected is not None and len(lines) > rules.expected:
            where = f"board {number}" + (f" of section {section}" if section else "")
            raise ScoringError(
                f"{where} has {len(lines)} results but the expected number is {rules.expected}"
            )
    if rules.expected is not None:
        return dict.fromkeys(most, rules.expected)
    return most


def _top(rules: PairsRules, expected: int) -> Fraction | None:
    return rules.scale.top(expected) if rules.method is PairsMethod.MP else None


def _with_averages(
    boards: list[_Board], fields: Fields, expected: dict[str | None, int], rules: PairsRules
) -> tuple[ScoredBoard, ...]:
    """Give artificial scores their value and build the scored boards."""
    # Each pair's percentage on its boards with a real result (Law 12C2(c)).
    won: dict[PairId, Fraction] = {}
    available: dict[PairId, Fraction] = {}
    for board in boards:
        top = _top(rules, expected[board.section])
        for line, ns in zip(board.lines, board.ns_points, strict=True):
            if ns is None or top is None or top == 0:
                continue
            for side in Side:
                pair = fields.pair_of(line, side)
                won[pair] = won.get(pair, _ZERO) + (ns if side is Side.NS else top - ns)
                available[pair] = available.get(pair, _ZERO) + top
    result = []
    for board in boards:
        e = expected[board.section]
        top = _top(rules, e)
        scored_lines = []
        for line, ns in zip(board.lines, board.ns_points, strict=True):
            ns_pair, ew_pair = fields.pair_of(line, Side.NS), fields.pair_of(line, Side.EW)
            averages: dict[Side, Fraction | None] = {Side.NS: None, Side.EW: None}
            if ns is None:
                artificial = line.artificial_score
                assert artificial is not None
                for side, average in ((Side.NS, artificial.ns), (Side.EW, artificial.ew)):
                    pair = ns_pair if side is Side.NS else ew_pair
                    averages[side] = _average(average, pair, won, available, rules, e)
                ns_points = _average_points(averages[Side.NS], top)
                ew_points = _average_points(averages[Side.EW], top)
            else:
                ns_points = ns
                ew_points = top - ns if top is not None else -ns
            scored_lines.append(
                ScoredLine(
                    line,
                    ns_pair,
                    ew_pair,
                    ns_points,
                    ew_points,
                    averages[Side.NS],
                    averages[Side.EW],
                )
            )
        result.append(
            ScoredBoard(
                board.number,
                board.section,
                tuple(scored_lines),
                e,
                board.actual,
                top,
                board.datum,
                board.dropped,
            )
        )
    return tuple(result)


def _average(
    average: Average,
    pair: PairId,
    won: dict[PairId, Fraction],
    available: dict[PairId, Fraction],
    rules: PairsRules,
    expected: int,
) -> Fraction:
    """An artificial score as a percentage (matchpoints) or IMPs (the other methods)."""
    if rules.method is not PairsMethod.MP:
        step = rules.average_imps * (
            expected - 1
            if rules.cross is CrossNorm.TOTAL and rules.method is PairsMethod.CROSSIMPS
            else 1
        )
        return {Average.PLUS: step, Average.AVERAGE: _ZERO, Average.MINUS: -step}[average]
    nominal = average.percent
    if rules.fixed_averages or average is Average.AVERAGE or not available.get(pair):
        return nominal
    own = won[pair] / available[pair] * _HUNDRED
    return max(nominal, own) if average is Average.PLUS else min(nominal, own)


def _average_points(average: Fraction | None, top: Fraction | None) -> Fraction:
    assert average is not None
    return average if top is None else average * top / _HUNDRED


def _rankings(
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
    directions: dict[tuple[str | None, str], set[Side | None]] = {}
    for pair in totals:
        directions.setdefault((pair.section, pair.label), set()).add(pair.direction)
    groups: dict[tuple[str | None, FieldName], list[PairId]] = {}
    for pair in sorted(totals, key=PairId.sort_key):
        groups.setdefault((pair.section, pair.field), []).append(pair)
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
        rankings.append(FieldRanking(section, field_name, entries))
    return tuple(rankings)


def _placed(standing: PairStanding, place: int, tied: bool) -> PairStanding:
    return replace(standing, rank=place, tied=tied)
