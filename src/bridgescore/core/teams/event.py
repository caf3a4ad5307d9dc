"""A teams event from its travellers: the matches of every round, the byes, the standings and
the Swiss draw of the next round.

In the traveller file of a teams event ``ns`` and ``ew`` hold team numbers (or names) and the
``round`` column says the round. In each round two teams meet at two tables, A NS v B EW at one
and B NS v A EW at the other, on the same boards. :func:`build_event` pairs up the two results
of every board into a :class:`~bridgescore.core.teams.match.TeamsMatch`. The *home* team is the team
sitting NS at the lower-numbered table (without a ``table`` column: the NS team of the match's
first line); nets and IMPs are given from its side. A board played at only one table, by the
wrong teams, or a team with two matches in a round is reported with its line.

Adjusted scores: an artificial score at either table (``A60/40``: NS Ave+, EW Ave-) settles
the board for the match (Ave+ / Ave- = +3 / -3 IMPs, 60 % / 40 % of the board at board-a-match)
and the other table's result is not compared; a weighted score is weighed result by result.

>>> lines = [
...     TravellerLine(1, "1", "2", ns_score=620, round=1, table=1, line=2),
...     TravellerLine(1, "2", "1", ns_score=170, round=1, table=2, line=3),
...     TravellerLine(2, "2", "1", adjusted=ArtificialScore.parse("A40/60"), round=1, table=2, line=4),
... ]
>>> event = build_event(Session(tuple(lines)))
>>> match = event.matches[0]
>>> match.home, match.away, [b.net for b in match.boards], match.board_imps()[1]
('1', '2', [Fraction(450, 1), None], (Fraction(3, 1), Fraction(-3, 1)))
>>> build_event(Session(tuple(lines[:2] + [replace(lines[2], adjusted=None, ns_score=-50)])))
Traceback (most recent call last):
...
bridgescore.core.errors.FileFormatError: <teams>:4: round 1, board 2: only 2 NS v 1 EW has a result; the other table (1 NS v 2 EW) has none
"""

from __future__ import annotations

__all__ = ["PlayedMatch", "Team", "TeamsEvent", "build_event", "event_conditions", "team_order"]

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType

from bridgescore.core.errors import BridgeScoreError, FileFormatError, Problem, ScoringError
from bridgescore.core.numbers import natural_key
from bridgescore.core.scoring.vp import VpScale
from bridgescore.core.table.adjusted import ArtificialScore, Average
from bridgescore.core.table.traveller import Session, TravellerLine
from bridgescore.core.teams.match import Method, TableScore, TeamsMatch
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
    none). The byes follow from the rest (see :attr:`byes`)."""

    teams: tuple[Team, ...]
    played: tuple[PlayedMatch, ...]
    method: Method = Method.IMPS
    penalties: tuple[Penalty, ...] = ()
    withdrawn: frozenset[str] = frozenset()

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
        played no match in an event of several rounds, is a :class:`ScoringError`."""
        numbers = [team.number for team in self.teams]
        rounds = self.rounds
        last = {team: self.last_round(team) for team in numbers}
        problems: list[str] = []
        if len(rounds) > 1:
            problems.extend(
                f"team {self._named(team)} has no match in rounds {rounds[0]} to {rounds[-1]}: "
                f"if it withdrew or never came, give it as withdrawn (--withdrawn {team}); a "
                "team that never plays gets no byes"
                for team in numbers
                if not last[team] and team not in self.withdrawn
            )
        byes = []
        for round_ in rounds:
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
                    f"round {round_}: teams {', '.join(idle[:-1])} and {idle[-1]} have no "
                    "match; only one team a round can have a bye (a team that withdrew is given "
                    "as withdrawn: --withdrawn TEAM)"
                )
            elif idle:
                byes.append(Bye(round_, idle[0]))
        if problems:
            raise ScoringError("\n".join(problems))
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
    return Conditions(scale, bye, tuple(tie_breaks))


# -- building the event from the travellers ----------------------------------------------------

_Report = Callable[[TravellerLine | None, str], None]
_Key = tuple[int, frozenset[str]]
"""A match: its round and its two teams."""


def _at(line: TravellerLine) -> str:
    return "elsewhere" if line.line is None else f"line {line.line}"


def build_event(
    session: Session, *, teams: Sequence[Team] = (), method: Method = Method.IMPS
) -> TeamsEvent:
    """The matches and teams of a teams event from its travellers (the byes follow from them
    and the withdrawals: :attr:`TeamsEvent.byes`).

    ``teams`` (from a teams file) lists the teams in order with their names; without it the
    teams are those in the results. Every problem is collected and raised at once as a
    :class:`FileFormatError` naming ``session.source`` and each line.
    """
    source = session.source or "<teams>"
    problems: list[Problem] = []

    def report(line: TravellerLine | None, message: str) -> None:
        problems.append(Problem(source, None if line is None else line.line, message))

    grouped = _group(session, {t.number for t in teams}, report)
    clashes = _clashes(grouped, report)
    played = []
    for key, lines in grouped.items():
        if key not in clashes:
            found = _match(key[0], lines, method, session, report)
            if found is not None:
                played.append(found)
    if problems:
        problems.sort(key=lambda p: (p.line is None, p.line or 0))
        raise FileFormatError.from_problems(problems)
    numbers = team_order(t for key in grouped for t in key[1])
    listed = tuple(teams) or tuple(Team(number) for number in numbers)
    return TeamsEvent(listed, tuple(played), method)


def _group(session: Session, known: set[str], report: _Report) -> dict[_Key, list[TravellerLine]]:
    """The lines of each match, in file order; lines with unknown teams or no round reported."""
    with_rounds = any(line.round is not None for line in session.lines)
    grouped: dict[_Key, list[TravellerLine]] = {}
    for line in session.lines:
        unknown = [team for team in (line.ns, line.ew) if known and team not in known]
        if unknown:
            report(line, f"board {line.board}: team {unknown[0]} is not in the list of teams")
            continue
        if line.ns == line.ew:
            report(line, f"board {line.board}: team {line.ns} cannot play against itself")
            continue
        if line.round is None and with_rounds:
            report(
                line, f"board {line.board}: no round (each line of a teams event says its round)"
            )
            continue
        key = (line.round or 1, frozenset((line.ns, line.ew)))
        grouped.setdefault(key, []).append(line)
    return grouped


def _clashes(grouped: Mapping[_Key, list[TravellerLine]], report: _Report) -> set[_Key]:
    """Matches whose teams already have another match in the same round, each reported once.

    The matches with the most lines are taken first, so a stray line is the one reported."""
    opponents: dict[tuple[int, str], tuple[str, TravellerLine]] = {}
    clashes: set[_Key] = set()
    for key, lines in sorted(grouped.items(), key=lambda item: -len(item[1])):
        round_, pair = key
        first = lines[0]
        for team in sorted(pair):
            other = next(iter(pair - {team}))
            seen = opponents.setdefault((round_, team), (other, first))
            if seen[0] != other and key not in clashes:
                report(
                    first,
                    f"round {round_}, board {first.board}: team {team} plays two matches in "
                    f"the round: against {seen[0]} ({_at(seen[1])}) and against {other}",
                )
                clashes.add(key)
    return clashes


def _home(lines: Sequence[TravellerLine]) -> str:
    tabled = [(line.table, line.ns) for line in lines if line.table is not None]
    return min(tabled)[1] if tabled else lines[0].ns


def _match(
    round_: int,
    lines: Sequence[TravellerLine],
    method: Method,
    session: Session,
    report: _Report,
) -> PlayedMatch | None:
    """One match from its lines, or None when a board of it could not be paired up."""
    home = _home(lines)
    away = lines[0].ew if lines[0].ns == home else lines[0].ns
    tables: dict[str, dict[int, TravellerLine]] = {home: {}, away: {}}
    bad = False
    for line in lines:
        first = tables[line.ns].setdefault(line.board, line)
        if first is not line:
            report(line, f"board {line.board}: {line.ns} NS v {line.ew} EW twice ({_at(first)})")
            bad = True
    table1, table2 = tables[home], tables[away]
    scores: tuple[dict[int, TableScore], dict[int, TableScore]] = ({}, {})
    artificial: dict[int, tuple[Fraction, Fraction]] = {}
    for board in sorted(set(table1) | set(table2)):
        pair = (table1.get(board), table2.get(board))
        if any(line is not None and line.artificial_score for line in pair):
            where = f"round {round_}, board {board}"
            settled = _artificial(where, (home, away), pair, method, report)
            if settled is None:
                bad = True
            else:
                artificial[board] = settled
            continue
        if pair[0] is None or pair[1] is None:
            only = pair[0] or pair[1]
            assert only is not None
            report(only, _one_table(round_, only, session))
            bad = True
            continue
        for side, played in zip(scores, pair, strict=True):
            side[board] = _table_score(played)
    if bad:
        return None
    match = TeamsMatch.from_tables(
        home, away, *scores, method=method, round=round_, artificial=artificial
    )
    return PlayedMatch(match, table1, table2)


def _table_score(line: TravellerLine | None) -> TableScore:
    """A real table score: the NS score, or a weighted score."""
    assert line is not None
    if line.weighted_score is not None:
        return line.weighted_score
    assert line.ns_score is not None
    return line.ns_score


def _artificial(
    where: str,
    teams: tuple[str, str],
    pair: tuple[TravellerLine | None, TravellerLine | None],
    method: Method,
    report: _Report,
) -> tuple[Fraction, Fraction] | None:
    """Home's and away's points for a board with an artificial score at one or both tables."""
    given: list[tuple[TravellerLine, ArtificialScore, tuple[Average, Average]]] = []
    for index, line in enumerate(pair):
        score = None if line is None else line.artificial_score
        if line is not None and score is not None:
            # at table 1 the home team is NS, at table 2 it is EW
            averages = (score.ns, score.ew) if index == 0 else (score.ew, score.ns)
            given.append((line, score, averages))

    def gives(score: ArtificialScore, averages: tuple[Average, Average]) -> str:
        return f"{score} gives {teams[0]} {averages[0]} and {teams[1]} {averages[1]}"

    (line, score, averages), *rest = given
    for other, other_score, other_averages in rest:
        if other_averages != averages:
            report(
                other,
                f"{where}: the two tables' artificial scores disagree: "
                f"{gives(score, averages)} ({_at(line)}), {gives(other_score, other_averages)}",
            )
            return None
    try:
        return method.average(averages[0]), method.average(averages[1])
    except BridgeScoreError as error:
        report(line, f"{where}: {error}")
        return None


def _one_table(round_: int, line: TravellerLine, session: Session) -> str:
    """Why a board has a result at one table only, with a hint where the other one went."""
    message = (
        f"round {round_}, board {line.board}: only {line.ns} NS v {line.ew} EW has a result; "
        f"the other table ({line.ew} NS v {line.ns} EW) has none"
    )
    for other in session.traveller(line.board):
        other_round = other.round or 1
        if (other.ns, other.ew) == (line.ew, line.ns) and other_round != round_:
            return f"{message} ({_at(other)} has it in round {other_round})"
        if other_round == round_ and (other.ns == line.ew) != (other.ew == line.ns):
            return f"{message} ({_at(other)} has {other.ns} NS v {other.ew} EW: wrong teams?)"
    return message
