"""Score a pairs session: every traveller line's points and the ranking of each field.

Boards are compared within their section, or across the field when sections play the same
boards (the default, ``compare`` in the rules: every result on a board against every other,
E the sum of the sections' E, each pair still ranked in its section). On each board the real
results (played, score-only and weighted) are compared with one another; artificial adjusted
scores are left out of the comparison (Law 12C2) and the real results are Neuberg-factored to
the expected number of results E, the most results on any board of the section
(rules-and-formats §3.2-3.4).

* ``mp``: 2/1 or 1/0.5 matchpoints, Neuberg-factored; Ave = 50 %, Ave+ = 60 % or the pair's
  percentage on its other boards if higher, Ave- = 40 % or that percentage if lower.
* ``crossimps``: IMPs against every other result, then ÷ (n-1), ÷ n or the total (factored to
  E-1 comparisons); Ave+/Ave/Ave- = +3/0/-3 IMPs (x (E-1) for totals).
* ``butler``: IMPs against the datum; the same averages.
* ``total``: NS points (weighted scores at their expected value); artificial scores refused.

A pair's ``score`` is the sum of its board points, ``percent`` (matchpoints) is over the tops
of the boards it played, and ``scaled`` is the score scaled to the number of boards most pairs
of its field played. Pairs are ranked on exact values: percentage at matchpoints, scaled score
otherwise.

This is the one pairs engine: every reader's lines come to it in columns
(:class:`~bridgescore.core.pairs.lines.Lines`), whatever the file's format and size.

>>> from bridgescore.core.table.result import Result
>>> from bridgescore.core.table.traveller import TravellerLine
>>> lines = [TravellerLine.played(1, str(n), str(n), Result.parse(r))
...          for n, r in enumerate(["4SN+2", "4SN+1", "4SN+1", "3NTN+1", "4SN=", "3NTN="], 1)]
>>> event = score_session(Session(tuple(lines)))
>>> [str(line.ns_points) for line in event.board(1).lines]
['10', '7', '7', '4', '2', '0']
>>> [(e.rank_text, str(e.pair), float(e.percent or 0)) for e in event.ranking("EW").entries][:2]
[('1', '6', 100.0), ('2', '5', 80.0)]
"""

from __future__ import annotations

__all__ = ["compares_across", "score_session"]

from collections.abc import Sequence
from itertools import groupby

from bridgescore.core.errors import Problem, ScoringError
from bridgescore.core.pairs.averages import give_averages
from bridgescore.core.pairs.boards import (
    BoardKernels,
    BoardScores,
    Figured,
    check_expected,
    score_board,
)
from bridgescore.core.pairs.checks import lonely_boards
from bridgescore.core.pairs.event import FieldRanking, PairsEvent
from bridgescore.core.pairs.fields import Contestants
from bridgescore.core.pairs.individuals import check_players_play_once, players
from bridgescore.core.pairs.kept import KeptBoards
from bridgescore.core.pairs.lines import Compared, Lines
from bridgescore.core.pairs.rules import CompareMode, PairsMethod, PairsRules
from bridgescore.core.pairs.scored import ScoredBoards
from bridgescore.core.pairs.seats import Seated, seat
from bridgescore.core.pairs.standings import rank_fields
from bridgescore.core.pairs.totals import add_up
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import EventInfo, Seating, Session, played_twice

Key = tuple[int, str | None]
"""A board of a section: its number and section (``None`` across the field)."""


def _no_results(session: Session) -> list[Problem]:
    """Why a session has nothing to score, named by its file, with what was skipped."""
    why = "there are no results to score"
    if session.problems:
        count = len(session.problems)
        why += f": every line was skipped ({count} problem{'s' if count > 1 else ''}, below)"
    elif session.deals:
        deals = len(session.deals)
        why += f": the file has {deals} deal{'s' if deals > 1 else ''} but no results"
    return [Problem(session.source, None, why), *session.problems]


def score_session(
    session: Session,
    rules: PairsRules | None = None,
    *,
    kernels: BoardKernels | None = None,
    lines: Lines | None = None,
    kept: KeptBoards | None = None,
) -> PairsEvent:
    """Score every board of the session and rank each field (see the module docstring).

    ``lines`` are the session's lines in columns when a reader gives them so (else they are
    taken from ``session.lines``); ``kernels`` compare a board's plain scores (the pure
    functions by default); ``kept`` holds the boards of the last scoring of the same event,
    whose figures a board with the same results is given (:mod:`~bridgescore.core.pairs.kept`).

    >>> from bridgescore.core.table.traveller import TravellerLine
    >>> lines = [TravellerLine(1, "1", "1", ns_score=420), TravellerLine(1, "2", "2", ns_score=450)]
    >>> event = score_session(Session(tuple(lines)))
    >>> [(str(line.ns_points), str(line.ew_points)) for line in event.board(1).lines]
    [('0', '2'), ('2', '0')]
    """
    rules = rules or PairsRules()
    kernels = kernels or BoardKernels()
    lines = Lines.of(session.lines) if lines is None else lines
    if not len(lines):
        raise ScoringError.from_problems(_no_results(session))
    seated = seat(lines, rules.field)
    if seated.individual:
        check_players_play_once(lines, session.source)
    sections = _boards(lines)
    _check_each_pair_plays_once(lines, seated, sections, session.source)
    by_section = _expected_by_section(sections, rules)
    across = compares_across(session.info, list(sections), rules)
    groups: dict[Key, list[int]] = sections
    expected = {key: by_section[key[1]] for key in sections}
    if across:
        groups, expected = _across(sections, by_section)
    compared = lines.compared
    if rules.method is PairsMethod.TOTAL and None in compared:
        line = lines.lines[list(compared).index(None)]
        message = (
            f"board {line.board}: total-points scoring needs an assigned score, not an "
            f"artificial one ({line.artificial_score})"
        )
        raise ScoringError.from_problems([Problem(session.source, line.line, message)])
    only_scores = set(map(type, compared)) == {int}  # (no adjusted score: most events)
    boards = []
    figured: Figured = {}
    for (number, section), indices in sorted(groups.items(), key=lambda kv: _order(kv[0])):
        board = BoardScores(number, section, indices, expected[number, section], 0)
        results = list(map(compared.__getitem__, indices))
        if kept is None:
            score_board(board, results, rules, kernels, only_scores=only_scores, figured=figured)
        else:
            kept.score(board, results, rules, kernels, only_scores=only_scores)
        boards.append(board)
    if kept is not None:
        kept.done()
    sides = (seated.ns, seated.ew)
    if None in compared:
        artificial = {
            index: score
            for index, result in enumerate(compared)
            if result is None and (score := lines.lines[index].artificial_score) is not None
        }
        give_averages(boards, compared, artificial, sides, rules)
    rankings = _rankings(session, seated, boards, compared, rules, across)
    counts = {key: (len(indices), lines.number[indices[0]]) for key, indices in sections.items()}
    warnings = lonely_boards(session.source, counts)
    made = ScoredBoards(boards, lines, seated.pair_ids, sides)
    return PairsEvent(session, rules, made, rankings, seated.fields, warnings, across)


def _rankings(
    session: Session,
    seated: Seated,
    boards: list[BoardScores],
    compared: Sequence[Compared],
    rules: PairsRules,
    across: bool,
) -> tuple[FieldRanking, ...]:
    """Each field's ranking (an individual event's players'); with boards compared across the
    field and several sections, each direction's pairs of every section ranked together first."""
    contestants = seated.pairs
    seats: list[tuple[Sequence[int], Side]] = [(seated.ns, Side.NS), (seated.ew, Side.EW)]
    if seated.individual:
        found, seats = players(seated.pair_ids, seated.ns, seated.ew)
        contestants = Contestants.of(found)
    totals = add_up(boards, compared, seats, len(contestants), rules)
    keys = totals.keys()
    rankings = rank_fields(
        contestants, keys, totals.total, rules, session.names, players=seated.individual
    )
    if across and not seated.individual and len({s for s, _ in contestants.fields}) > 1:
        overall = rank_fields(contestants, keys, totals.total, rules, session.names, overall=True)
        rankings = overall + rankings
    return rankings


def _order(key: Key) -> tuple[int, str]:
    return key[0], key[1] or ""


def _boards(lines: Lines) -> dict[Key, list[int]]:
    """Each board's lines (their places, in file order), board by board of each section."""
    numbers = lines.board
    if len(set(lines.section)) == 1:  # (one section: each line by its board alone)
        section = lines.section[0]
        ordered = sorted(range(len(numbers)), key=numbers.__getitem__)
        return {
            (board, section): list(found)
            for board, found in groupby(ordered, key=numbers.__getitem__)
        }
    found: dict[Key, list[int]] = {}
    for index, key in enumerate(zip(numbers, lines.section, strict=True)):
        found.setdefault(key, []).append(index)
    return found


def compares_across(info: EventInfo, sections: Sequence[Key], rules: PairsRules) -> bool:
    """Whether boards are compared across the field: some board is played in two sections
    (``sections`` holds each board of each section) and the rules (or, with ``auto``, the
    file's ``info``) do not say within each section.

    >>> compares_across(EventInfo(), [(1, "A"), (1, "B")], PairsRules())
    True
    >>> compares_across(EventInfo(), [(1, "A"), (1, "B")], PairsRules(compare=CompareMode.WITHIN))
    False
    """
    mode = rules.compare
    if mode is CompareMode.AUTO:
        mode = CompareMode.WITHIN if info.compare == "within" else CompareMode.ACROSS
    if mode is CompareMode.WITHIN:
        return False
    return len({board for board, _ in sections}) < len(sections)


def _across(
    sections: dict[Key, list[int]], by_section: dict[str | None, int]
) -> tuple[dict[Key, list[int]], dict[Key, int]]:
    """Each board's lines of every section together, and its E: the sum of the E of the
    sections that play it (Neuberg factors each section's missing results)."""
    groups: dict[Key, list[int]] = {}
    expected: dict[Key, int] = {}
    for (number, section), indices in sorted(sections.items(), key=lambda kv: _order(kv[0])):
        groups.setdefault((number, None), []).extend(indices)
        expected[number, None] = expected.get((number, None), 0) + by_section[section]
    return groups, expected


def _check_each_pair_plays_once(
    lines: Lines, seated: Seated, sections: dict[Key, list[int]], source: str | None
) -> None:
    """A pair plays each board of its section once, in any round (:func:`played_twice`)."""
    ns, ew = seated.ns, seated.ew
    twice = []
    for indices in sections.values():
        pairs = [*map(ns.__getitem__, indices), *map(ew.__getitem__, indices)]
        if len(set(pairs)) != len(pairs):
            twice.extend(indices)
    if not twice:
        return
    seatings = []
    for index in sorted(twice):
        section = lines.section[index]
        ns_label, ew_label = seated.pairs.labels[ns[index]], seated.pairs.labels[ew[index]]
        two = seated.fields.is_two_field(section)
        number = lines.number[index]
        seatings.append(Seating(lines.board[index], ns_label, ew_label, number, section, None, two))
    problems = [Problem(source, t.line, t.message) for t in played_twice(seatings)]
    raise ScoringError.from_problems(problems)


def _expected_by_section(groups: dict[Key, list[int]], rules: PairsRules) -> dict[str | None, int]:
    """Neuberg's E for each section: the rules' number, or the most results on any board."""
    if rules.expected is not None:
        check_expected(
            ((n, section, len(lines)) for (n, section), lines in groups.items()), rules.expected
        )
        return dict.fromkeys((section for _, section in groups), rules.expected)
    most: dict[str | None, int] = {}
    for (_, section), indices in groups.items():
        most[section] = max(most.get(section, 0), len(indices))
    return most
