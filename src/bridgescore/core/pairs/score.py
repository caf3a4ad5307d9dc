"""Score a pairs session: every traveller line's points and the ranking of each field.

Boards are compared within their section, or across the field when sections play the same
boards (the default, ``compare`` in the rules: every result on a board against every other,
E the sum of the sections' E, each pair still ranked in its section). On each board the real results (played, score-only
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

__all__ = ["compares_across", "score_session"]


from bridgescore.core.errors import Problem, ScoringError
from bridgescore.core.pairs.averages import with_averages
from bridgescore.core.pairs.boards import (
    BoardKernels,
    BoardScores,
    check_expected,
    comparable,
    score_board,
)
from bridgescore.core.pairs.checks import lonely_boards
from bridgescore.core.pairs.event import PairsEvent
from bridgescore.core.pairs.fields import Fields
from bridgescore.core.pairs.individuals import (
    check_players_play_once,
    is_individual,
    player_rankings,
)
from bridgescore.core.pairs.rules import CompareMode, PairsMethod, PairsRules
from bridgescore.core.pairs.totals import pair_totals
from bridgescore.core.table.seats import Side
from bridgescore.core.table.traveller import Seating, Session, TravellerLine, played_twice


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
    session: Session, rules: PairsRules | None = None, *, kernels: BoardKernels | None = None
) -> PairsEvent:
    """Score every board of the session and rank each field (see the module docstring)."""
    rules = rules or PairsRules()
    kernels = kernels or BoardKernels()
    if not session.lines:
        raise ScoringError.from_problems(_no_results(session))
    individual = is_individual(session)
    fields = Fields.detect(session.lines, rules.field)
    if individual:
        check_players_play_once(session)
        found = {line.section for line in session.lines}
        reason = "individual: each player scores the partnership's points on every board"
        fields = Fields(dict.fromkeys(found, False), reasons=dict.fromkeys(found, reason))
    sections: dict[tuple[int, str | None], list[TravellerLine]] = {}
    for line in session.lines:
        sections.setdefault((line.board, line.section), []).append(line)
    _check_each_pair_plays_once(session, fields)
    by_section = _expected_by_section(sections, rules)
    groups = sections
    expected = {key: by_section[key[1]] for key in sections}
    if compares_across(session, rules):
        groups, expected = _across(sections, by_section)
    if rules.method is PairsMethod.TOTAL:
        for line in session.lines:
            if line.artificial_score is not None:
                message = (
                    f"board {line.board}: total-points scoring needs an assigned score, not an "
                    f"artificial one ({line.artificial_score})"
                )
                raise ScoringError.from_problems([Problem(session.source, line.line, message)])
    boards = []
    for (number, section), lines in sorted(
        groups.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")
    ):
        board = BoardScores(number, section, lines, [None] * len(lines), 0)
        board.actual = sum(comparable(line) is not None for line in lines)
        score_board(board, expected[(number, section)], rules, kernels)
        boards.append(board)
    scored = with_averages(boards, fields, expected, rules)
    rankings = (
        player_rankings(session, scored, rules)
        if individual
        else pair_totals(session, scored, rules)
    )
    counts = {key: (len(lines), lines[0].line) for key, lines in sections.items()}
    warnings = lonely_boards(session.source, counts)
    return PairsEvent(session, rules, scored, rankings, fields, warnings)


def compares_across(session: Session, rules: PairsRules) -> bool:
    """Whether boards are compared across the field: some board is played in two sections and
    the rules (or, with ``auto``, the file) do not say within each section.

    >>> lines = (TravellerLine(1, "1", "1", ns_score=420, section="A"),
    ...          TravellerLine(1, "1", "1", ns_score=450, section="B"))
    >>> compares_across(Session(lines), PairsRules())
    True
    >>> compares_across(Session(lines), PairsRules(compare=CompareMode.WITHIN))
    False
    """
    mode = rules.compare
    if mode is CompareMode.AUTO:
        mode = CompareMode.WITHIN if session.info.compare == "within" else CompareMode.ACROSS
    if mode is CompareMode.WITHIN:
        return False
    sections: dict[int, set[str | None]] = {}
    for line in session.lines:
        sections.setdefault(line.board, set()).add(line.section)
    return any(len(found) > 1 for found in sections.values())


def _across(
    sections: dict[tuple[int, str | None], list[TravellerLine]], by_section: dict[str | None, int]
) -> tuple[dict[tuple[int, str | None], list[TravellerLine]], dict[tuple[int, str | None], int]]:
    """Each board's lines of every section together, and its E: the sum of the E of the
    sections that play it (Neuberg factors each section's missing results)."""
    groups: dict[tuple[int, str | None], list[TravellerLine]] = {}
    expected: dict[tuple[int, str | None], int] = {}
    for (number, section), lines in sorted(
        sections.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")
    ):
        groups.setdefault((number, None), []).extend(lines)
        expected[(number, None)] = expected.get((number, None), 0) + by_section[section]
    return groups, expected


def _check_each_pair_plays_once(session: Session, fields: Fields) -> None:
    """A pair plays each board of its section once, in any round (:func:`played_twice`)."""
    seatings = []
    for line in session.lines:
        ns, ew = fields.pair_of(line, Side.NS), fields.pair_of(line, Side.EW)
        two = fields.is_two_field(line.section)
        seatings.append(Seating(line.board, ns.label, ew.label, line.line, line.section, None, two))
    twice = played_twice(seatings)
    if twice:
        raise ScoringError.from_problems(
            [Problem(session.source, t.line, t.message) for t in twice]
        )


def _expected_by_section(
    groups: dict[tuple[int, str | None], list[TravellerLine]], rules: PairsRules
) -> dict[str | None, int]:
    """Neuberg's E for each section: the rules' number, or the most results on any board."""
    if rules.expected is not None:
        check_expected(
            ((n, section, len(lines)) for (n, section), lines in groups.items()), rules.expected
        )
        return dict.fromkeys((section for _, section in groups), rules.expected)
    most: dict[str | None, int] = {}
    for (_, section), lines in groups.items():
        most[section] = max(most.get(section, 0), len(lines))
    return most
