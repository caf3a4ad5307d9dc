"""A teams event: its teams, the matches played, the byes that follow, the director's penalties
and withdrawals, the standings and the Swiss draw of the next round.

The event is built from its travellers by :func:`bridgescore.core.teams.travellers.build_event`.

>>> event = TeamsEvent((Team("1", "Lions"), Team("2")), ())
>>> event.label("1"), event.label("2"), event.team_number("lions")
('Lions', '2', '1')
"""

from __future__ import annotations

__all__ = ["PlayedMatch", "Team", "TeamsEvent", "event_conditions", "team_order"]

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType

from bridgescore.core.errors import Problem, ScoringError
from bridgescore.core.numbers import natural_key
from bridgescore.core.scoring.ranking import TieNotation
from bridgescore.core.scoring.vp import VpScale
from bridgescore.core.table.traveller import TravellerLine
from bridgescore.core.teams.match import Method, TeamsMatch
from bridgescore.core.teams.standings import (
    Bye,
    ByeScore,
    Conditions,
    Penalty,
    Standings,
    standings,
)
from bridgescore.core.teams.swiss import Draw, next_round
from bridgescore.core.teams.tiebreaks import EBU_TIE_BREAKS


@dataclass(frozen=True, slots=True)
class Team:
    """A team: its number (or name) as the result file writes it, and its name and players."""

    number: str
    name: str | None = None
    players: str | None = None

    @property
    def label(self) -> str:
        """The team's name, or its number when it has none."""
        return self.name or self.number


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """A match with the traveller lines it was scored from, board by board: ``table1`` where
    the home team sat NS, ``table2`` where the away team did (a board settled by an artificial
    score may miss a line)."""

    match: TeamsMatch
    table1: Mapping[int, TravellerLine]
    table2: Mapping[int, TravellerLine]

    def __post_init__(self) -> None:
        object.__setattr__(self, "table1", MappingProxyType(dict(self.table1)))
        object.__setattr__(self, "table2", MappingProxyType(dict(self.table2)))


def team_order(teams: Iterable[str]) -> list[str]:
    """Team numbers in natural order: numbers by value, then names.

    >>> team_order(["10", "Lions", "2", "1"])
    ['1', '2', '10', 'Lions']
    """
    return sorted(set(teams), key=natural_key)


@dataclass(frozen=True, slots=True)
class TeamsEvent:
    """The teams (in the teams file's order, else natural order), the matches played, the
    method they are scored by, the director's penalties and the withdrawn teams.

    A withdrawn team withdrew after the last round it played (before round 1 if it played
    none). The byes follow from the rest (see :attr:`byes`). ``warnings`` are what the reader
    of the results file said without refusing it (what it did not read, say). ``multiple``:
    multiple teams, EBU style, where a team plays several short matches in some rounds and none
    in others, as the file says: a team without a match in a round has no bye."""

    teams: tuple[Team, ...]
    played: tuple[PlayedMatch, ...]
    method: Method = Method.IMPS
    penalties: tuple[Penalty, ...] = ()
    withdrawn: frozenset[str] = frozenset()
    warnings: tuple[Problem, ...] = field(default=(), compare=False)
    multiple: bool = False

    @property
    def matches(self) -> tuple[TeamsMatch, ...]:
        return tuple(p.match for p in self.played)

    @property
    def rounds(self) -> tuple[int, ...]:
        """The rounds played, in order."""
        return tuple(sorted({p.match.round or 0 for p in self.played}))

    def last_round(self, team: str) -> int:
        """The last round ``team`` played a match in (0 if it has played none)."""
        rounds = [p.match.round or 0 for p in self.played if team in (p.match.home, p.match.away)]
        return max(rounds, default=0)

    def withdrawals(self) -> tuple[tuple[str, int], ...]:
        """Each withdrawn team, in the teams' order, with the round it withdrew after."""
        return tuple(
            (t.number, self.last_round(t.number)) for t in self.teams if t.number in self.withdrawn
        )

    @property
    def byes(self) -> tuple[Bye, ...]:
        """A bye for the team left without a match in a round.

        Teams out of the event are not idle: a withdrawn team gets no bye after the last round
        it played. More than one idle team in a round, or a team that is not withdrawn but has
        played no match in an event of several rounds, is a :class:`ScoringError`. Multiple
        teams have no byes: a team's matches are where the file puts them."""
        numbers = [team.number for team in self.teams]
        rounds = self.rounds
        last = {team: self.last_round(team) for team in numbers}
        problems: list[Problem] = []
        if len(rounds) > 1:
            problems.extend(
                Problem(
                    None,
                    None,
                    f"team {self._named(team)} has no match in rounds {rounds[0]} to "
                    f"{rounds[-1]}: if it withdrew or never came, give it as withdrawn "
                    f"(--withdrawn {team}); a team that never plays gets no byes",
                )
                for team in numbers
                if not last[team] and team not in self.withdrawn
            )
        byes = []
        for round_ in () if self.multiple else rounds:
            playing = {
                t
                for p in self.played
                if p.match.round == round_
                for t in (p.match.home, p.match.away)
            }
            idle = [
                team
                for team in numbers
                if team not in playing and not (team in self.withdrawn and round_ > last[team])
            ]
            if len(idle) > 1:
                problems.append(
                    Problem(
                        None,
                        None,
                        f"round {round_}: teams {', '.join(idle[:-1])} and {idle[-1]} have no "
                        "match; only one team a round can have a bye (a team that withdrew is "
                        "given as withdrawn: --withdrawn TEAM)",
                    )
                )
            elif idle:
                byes.append(Bye(round_, idle[0]))
        if problems:
            raise ScoringError.from_problems(problems)
        return tuple(byes)

    def _named(self, number: str) -> str:
        label = self.label(number)
        return number if label == number else f"{number} ({label})"

    def label(self, number: str) -> str:
        """The name of team ``number`` (or the number itself)."""
        for team in self.teams:
            if team.number == number:
                return team.label
        return number

    def before(self, round: int) -> TeamsEvent:
        """The event as it stood before ``round`` was played: a team that withdrew later is
        still in it."""
        played = tuple(p for p in self.played if (p.match.round or 0) < round)
        gone = frozenset(team for team in self.withdrawn if self.last_round(team) < round)
        return replace(self, played=played, withdrawn=gone)

    def standings(self, conditions: Conditions) -> Standings:
        """The standings (team numbers) under these conditions of contest."""
        teams = [team.number for team in self.teams]
        return standings(
            teams,
            self.matches,
            byes=self.byes,
            conditions=conditions,
            penalties=self.penalties,
            withdrawn=self.withdrawn,
        )

    def team_number(self, text: str) -> str:
        """The number of the team a director names by number or by name."""
        wanted = text.strip().lower()
        for team in self.teams:
            if wanted in (team.number.lower(), team.label.lower()):
                return team.number
        raise ScoringError(f"there is no team {text}")

    def with_director(
        self,
        *,
        penalties: Iterable[tuple[str, Fraction]] = (),
        withdrawn: Iterable[str] = (),
        match_penalties: Iterable[tuple[int, str, Fraction]] = (),
        carry_overs: Iterable[tuple[int, str, Fraction]] = (),
    ) -> TeamsEvent:
        """The event with the director's decisions: penalties off a team's total (VPs in a VP
        event), withdrawn teams, penalties in one round's match (in the match's units, IMPs at
        IMPs) and carry-over into a round's match, each given for a team (number or name)."""
        played = list(self.played)
        for round_, team, points, what in [
            *((r, t, p, "penalty") for r, t, p in match_penalties),
            *((r, t, p, "carry") for r, t, p in carry_overs),
        ]:
            number = self.team_number(team)
            index = next(
                (
                    i
                    for i, p in enumerate(played)
                    if p.match.round == round_ and number in (p.match.home, p.match.away)
                ),
                None,
            )
            if index is None:
                raise ScoringError(f"team {team} has no match in round {round_}")
            match = played[index].match
            home = match.home == number
            if what == "penalty":
                match = match.with_adjustments(
                    match.carry_over,
                    match.home_penalty + (points if home else 0),
                    match.away_penalty + (0 if home else points),
                )
            else:
                match = match.with_adjustments(
                    match.carry_over + (points if home else -points),
                    match.home_penalty,
                    match.away_penalty,
                )
            played[index] = replace(played[index], match=match)
        return replace(
            self,
            played=tuple(played),
            penalties=self.penalties
            + tuple(Penalty(self.team_number(t), Fraction(p)) for t, p in penalties),
            withdrawn=self.withdrawn | {self.team_number(t) for t in withdrawn},
        )

    def draw(self, conditions: Conditions, round: int | None = None) -> Draw:
        """The Swiss draw of ``round`` (default: the round after the last one played) from the
        standings after the rounds before it; later rounds in the event are left out."""
        last = max(self.rounds, default=0)
        round = last + 1 if round is None else round
        if round < 1:
            raise ScoringError(f"round {round}: rounds are numbered from 1")
        if round > last + 1:
            played = f"the results go up to round {last}" if last else "nothing has been played"
            raise ScoringError(f"round {round} cannot be drawn yet: {played}")
        earlier = self.before(round)
        table = earlier.standings(conditions)
        return next_round(table, earlier.matches, earlier.byes, round=round)


def event_conditions(
    method: Method,
    scale: VpScale | None,
    bye: ByeScore | None = None,
    tie_breaks: Sequence[str] = EBU_TIE_BREAKS,
    ties: TieNotation = TieNotation.EQUALS,
) -> Conditions:
    """The conditions of contest of an event scored by ``method``: a VP scale needs IMP matches;
    a bye is worth 12 VPs in a VP event and the team's average otherwise, unless ``bye`` says.

    >>> event_conditions(Method.BAM, None).bye
    ByeScore.parse('average')
    >>> event_conditions(Method.PAB, Conditions().scale)
    Traceback (most recent call last):
    ...
    bridgescore.core.errors.ScoringError: a VP scale turns IMP margins into VPs: a pab event is ranked by its PAB points, without a VP scale
    """
    if scale is not None and method is not Method.IMPS:
        raise ScoringError(
            f"a VP scale turns IMP margins into VPs: a {method} event is ranked by its "
            f"{method.unit}, without a VP scale"
        )
    if bye is None:
        bye = ByeScore(Fraction(12)) if scale is not None else ByeScore(None, average=True)
    return Conditions(scale, bye, tuple(tie_breaks), ties)
