"""Standings of a multi-match teams event (round robin or Swiss), with byes and tie-breaks.

Each team's total is the sum of its *event points* over its matches — VPs when the conditions
name a VP scale, otherwise the match's own method (net IMPs, net total points, or board-a-match
/ point-a-board points) — plus its byes, minus its penalties. Teams with equal totals are
separated by the tie-break steps of the conditions of contest, in order (see
:data:`TIE_BREAK_STEPS`); when a step splits a group, each part still tied starts again from
the first step. Teams still tied share a rank, shown ``3=``. Withdrawn teams keep their played
matches (they count for their opponents) but are not ranked, and have no bye after the last
round they played.
"""

from __future__ import annotations

__all__ = [
    "Bye",
    "ByeScore",
    "Conditions",
    "Penalty",
    "Standings",
    "standings",
]

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from bridgescore.core.errors import ScoringError, quoted
from bridgescore.core.numbers import POINT_DIGITS, parse_decimal
from bridgescore.core.scoring.ranking import TieNotation
from bridgescore.core.scoring.vp import WBF, VpScale
from bridgescore.core.teams.match import AWAY, HOME, MatchSide, Method, TeamsMatch
from bridgescore.core.teams.rows import MatchLine, StandingsRow
from bridgescore.core.teams.tiebreaks import EBU_TIE_BREAKS, break_ties, check_steps

_ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class Bye:
    """``team`` had no match in ``round``."""

    round: int
    team: str


@dataclass(frozen=True, slots=True)
class Penalty:
    """Points (VPs in a VP event) deducted from a team's total by the director."""

    team: str
    points: Fraction
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ByeScore:
    """What a bye is worth: a fixed score, the team's average over its matches, or the higher.

    >>> ByeScore.parse("12"), ByeScore.parse("average"), ByeScore.parse("12-or-average")
    (ByeScore.parse('12'), ByeScore.parse('average'), ByeScore.parse('12-or-average'))
    >>> ByeScore.parse("12-or-average").value([Fraction(15), Fraction(12)], draw=Fraction(10))
    Fraction(27, 2)
    """

    fixed: Fraction | None = Fraction(12)
    average: bool = False

    def __post_init__(self) -> None:
        if self.fixed is None and not self.average:
            raise ScoringError("a bye score needs a fixed value, the average, or both")

    @classmethod
    def parse(cls, text: str) -> ByeScore:
        """``12`` (fixed), ``average`` (the team's average) or ``12-or-average`` (the higher)."""
        key = text.strip().lower()
        if key in ("average", "avg"):
            return cls(None, average=True)
        fixed = parse_decimal(key, POINT_DIGITS)
        if fixed is not None:
            return cls(fixed)
        found = re.fullmatch(r"(.+)-or-(?:average|avg)", key)
        fixed = None if found is None else parse_decimal(found.group(1), POINT_DIGITS)
        if fixed is not None:
            return cls(fixed, average=True)
        raise ScoringError(f"{quoted(text)} is not a bye score: write 12, average or 12-or-average")

    def value(self, scores: Sequence[Fraction], draw: Fraction) -> Fraction:
        """The bye's worth for a team whose matches scored ``scores`` (the average of no match
        is a draw)."""
        if not self.average:
            assert self.fixed is not None
            return self.fixed
        mean = sum(scores, _ZERO) / len(scores) if scores else draw
        return mean if self.fixed is None else max(self.fixed, mean)

    def __str__(self) -> str:
        fixed = "" if self.fixed is None else _number(self.fixed)
        if not self.average:
            return fixed
        return f"{fixed}-or-average" if fixed else "average"

    def __repr__(self) -> str:
        return f"ByeScore.parse({str(self)!r})"


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True, slots=True)
class Conditions:
    """The conditions of contest that decide the standings."""

    scale: VpScale | None = WBF
    """The VP scale; None ranks by the matches' own method (IMPs, BAM points, ...)."""
    bye: ByeScore = field(default_factory=ByeScore)
    tie_breaks: tuple[str, ...] = EBU_TIE_BREAKS
    ties: TieNotation = TieNotation.EQUALS
    """How a shared place is written (``3=`` or plain ``3``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tie_breaks", tuple(self.tie_breaks))
        check_steps(self.tie_breaks, ",".join(self.tie_breaks))


@dataclass(frozen=True, slots=True)
class Standings:
    """The rows in order: ranked teams first (best first), then withdrawn teams."""

    rows: tuple[StandingsRow, ...]
    unit: str
    """What the totals count: ``VP``, ``IMPs``, ``BAM points``, ..."""
    conditions: Conditions

    def row(self, team: str) -> StandingsRow:
        for row in self.rows:
            if row.team == team:
                return row
        raise ScoringError(f"team {team} is not in the standings")

    def order(self) -> tuple[str, ...]:
        """The ranked teams, best first (withdrawn teams left out)."""
        return tuple(row.team for row in self.rows if not row.withdrawn)


def standings(
    teams: Sequence[str],
    matches: Sequence[TeamsMatch],
    *,
    byes: Sequence[Bye] = (),
    penalties: Sequence[Penalty] = (),
    withdrawn: Collection[str] = (),
    conditions: Conditions | None = None,
) -> Standings:
    """Rank the teams of an event from its matches, byes, penalties and withdrawals.

    ``teams`` lists every team (its order settles nothing but the listing of exact ties).
    """
    conditions = conditions or Conditions()
    _check_event(teams, matches, byes, penalties, withdrawn)
    methods = {match.method for match in matches}
    if len(methods) > 1:
        names = " and ".join(sorted(str(m) for m in methods))
        raise ScoringError(f"the matches are scored by different methods ({names})")
    method = methods.pop() if methods else Method.IMPS
    scale = conditions.scale
    lines: dict[str, list[MatchLine]] = {team: [] for team in teams}
    for match in matches:
        vps = match.vps(scale) if scale is not None else None
        for index, side in enumerate((HOME, AWAY)):
            lines[match.team(side)].append(_line(match, side, None if vps is None else vps[index]))
    everything = [line.points for team_lines in lines.values() for line in team_lines]
    draw = sum(everything, _ZERO) / len(everything) if everything else _ZERO
    rows: dict[str, StandingsRow] = {}
    for team in teams:
        played = tuple(lines[team])
        bye_rounds = tuple(sorted(bye.round for bye in byes if bye.team == team))
        bye_points = len(bye_rounds) * conditions.bye.value([m.points for m in played], draw)
        penalty = sum((p.points for p in penalties if p.team == team), _ZERO)
        total = sum((m.points for m in played), _ZERO) + bye_points - penalty
        rows[team] = StandingsRow(
            None, False, team, total, played, bye_rounds, bye_points, penalty, team in withdrawn
        )
    unit = "VP" if scale is not None else method.unit
    return Standings(_rank(teams, rows, conditions, withdrawn), unit, conditions)


def _line(match: TeamsMatch, side: MatchSide, vps: Fraction | None) -> MatchLine:
    if vps is not None:
        points = vps
    else:
        points = match.margin(side) if match.method.signed else match.score(side)
    return MatchLine(
        round=match.round,
        opponent=match.team(side.other),
        score=match.score(side),
        opponent_score=match.score(side.other),
        margin=match.margin(side),
        points=points,
        imps_for=match.imps_for(side),
        imps_against=match.imps_against(side),
        pab=match.points_won(side, Method.PAB),
        boards=len(match.boards),
    )


def _rank(
    teams: Sequence[str],
    rows: dict[str, StandingsRow],
    conditions: Conditions,
    withdrawn: Collection[str],
) -> tuple[StandingsRow, ...]:
    ranked = sorted((t for t in teams if t not in withdrawn), key=lambda t: -rows[t].total)
    met = {frozenset((t, m.opponent)) for t in ranked for m in rows[t].matches}
    all_play_all = all(frozenset(pair) in met for pair in combinations(ranked, 2))
    ordered: list[StandingsRow] = []
    start = 0
    while start < len(ranked):
        end = start
        while end < len(ranked) and rows[ranked[end]].total == rows[ranked[start]].total:
            end += 1
        group = ranked[start:end]
        parts = break_ties(group, rows, conditions.tie_breaks, all_play_all=all_play_all)
        for part in parts:
            rank = len(ordered) + 1
            for team in part.teams:
                row = rows[team]
                ordered.append(
                    StandingsRow(
                        rank,
                        part.tied,
                        team,
                        row.total,
                        row.matches,
                        row.bye_rounds,
                        row.bye_points,
                        row.penalty,
                        decided_by=part.decided_by,
                        ties=conditions.ties,
                    )
                )
        start = end
    gone = sorted((t for t in teams if t in withdrawn), key=lambda t: -rows[t].total)
    return tuple(ordered) + tuple(rows[t] for t in gone)


def _check_event(
    teams: Sequence[str],
    matches: Sequence[TeamsMatch],
    byes: Sequence[Bye],
    penalties: Sequence[Penalty],
    withdrawn: Collection[str],
) -> None:
    known: set[str] = set()
    for team in teams:
        if team in known:
            raise ScoringError(f"team {team} is listed twice")
        known.add(team)
    busy: dict[tuple[int, str], list[str]] = {}

    def book(round_: int | None, team: str, what: str) -> None:
        """A team may play two matches in a round against two teams (three teams playing each
        other), never the same one twice, nor a match and a bye."""
        prefix = "" if round_ is None else f"round {round_}: "
        if team not in known:
            raise ScoringError(f"{prefix}{what}: team {team} is not in the event")
        if round_ is None:
            return
        earlier = busy.setdefault((round_, team), [])
        for before in earlier:
            if "bye" in (before.split()[1], what.split()[1]) or before == what:
                raise ScoringError(f"{prefix}team {team} has two fixtures ({before} and {what})")
        earlier.append(what)

    for match in matches:
        book(match.round, match.home, f"{match.home} v {match.away}")
        book(match.round, match.away, f"{match.home} v {match.away}")
    for bye in byes:
        book(bye.round, bye.team, f"a bye for {bye.team}")
    for penalty in penalties:
        book(None, penalty.team, f"a penalty of {_number(penalty.points)}")
    for team in withdrawn:
        book(None, team, "withdrawn")
        last = max((m.round or 0 for m in matches if team in (m.home, m.away)), default=0)
        late = sorted(bye.round for bye in byes if bye.team == team and bye.round > last)
        if late:
            after = f"after round {last}" if last else "before playing a match"
            raise ScoringError(
                f"round {late[0]}: a bye for {team}, which withdrew {after}: a withdrawn team "
                "gets no bye after it withdrew"
            )
