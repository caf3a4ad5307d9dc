"""Propose the next round of a Swiss teams event.

The teams are taken in ranking order (tie-breaks applied). With an odd number of teams the bye
goes to the lowest-ranked team that has not had one (if every team has had one: the lowest-
ranked of those with the fewest byes). The others are paired top-down — first v second, third
v fourth, … — except that teams never meet twice: the top unpaired team plays the highest-ranked
team it has not met whose pairing still leaves a legal draw for everyone below (the backtracking
a director does by hand, settled by a maximum matching so that even a round with no legal
draw is found at once). Every departure from straight top-down pairing is explained in ``notes``.

>>> draw = propose_draw(["1", "2", "3", "4", "5"], met={frozenset({"1", "2"}): (1,)}, round=2)
>>> [(t.home, t.away) for t in draw.tables], draw.bye
([('1', '3'), ('2', '4')], '5')
>>> draw.notes
('1 v 3 because 1 and 2 met in round 1',)
"""

from __future__ import annotations

__all__ = ["Draw", "DrawTable", "byes_by_team", "meetings", "next_round", "propose_draw"]

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bridgescore.core.errors import ScoringError
from bridgescore.core.teams.match import TeamsMatch
from bridgescore.core.teams.matching import maximum_matching
from bridgescore.core.teams.standings import Bye, Standings

Meetings = Mapping[frozenset[str], Sequence[int]]
"""For each pair of teams that has met: the rounds they met in."""


@dataclass(frozen=True, slots=True)
class DrawTable:
    """One match of the draw: the higher-ranked team is the home team (NS at table 1)."""

    number: int
    home: str
    away: str


@dataclass(frozen=True, slots=True)
class Draw:
    """The proposed round: its matches, the team with the bye, and why it is not top-down."""

    round: int
    tables: tuple[DrawTable, ...]
    bye: str | None
    notes: tuple[str, ...]


def meetings(matches: Iterable[TeamsMatch]) -> dict[frozenset[str], tuple[int, ...]]:
    """Who has met whom, and in which rounds (a match without a round counts as round 0)."""
    met: dict[frozenset[str], list[int]] = {}
    for match in matches:
        met.setdefault(frozenset((match.home, match.away)), []).append(match.round or 0)
    return {pair: tuple(sorted(rounds)) for pair, rounds in met.items()}


def byes_by_team(byes: Iterable[Bye]) -> dict[str, tuple[int, ...]]:
    """The rounds in which each team had a bye."""
    found: dict[str, list[int]] = {}
    for bye in byes:
        found.setdefault(bye.team, []).append(bye.round)
    return {team: tuple(sorted(rounds)) for team, rounds in found.items()}


def propose_draw(
    order: Sequence[str],
    *,
    met: Meetings,
    byes: Mapping[str, Sequence[int]] | None = None,
    round: int,
) -> Draw:
    """The draw for ``round`` of teams ranked ``order`` (best first); ScoringError if every
    possible draw repeats a meeting."""
    byes = byes or {}
    if len(set(order)) != len(order):
        raise ScoringError("a team is listed twice in the ranking for the draw")
    pairer = _Pairer(met)
    notes: list[str] = []
    bye: str | None = None
    if len(order) % 2:
        bye, pairs = _with_bye(order, byes, pairer, notes, round)
    else:
        found = pairer.pair(order)
        if found is None:
            raise _no_draw(round, order)
        pairs = found
    rest = [team for team in order if team != bye]
    notes[:0] = _explain(rest, pairs, pairer)
    tables = tuple(DrawTable(n, home, away) for n, (home, away) in enumerate(pairs, start=1))
    return Draw(round, tables, bye, tuple(notes))


def next_round(
    standings: Standings,
    matches: Sequence[TeamsMatch],
    byes: Sequence[Bye] = (),
    round: int | None = None,
) -> Draw:
    """The draw after the rounds played so far, from the current standings (withdrawn teams
    are left out); ``round`` defaults to the round after the last one played."""
    if round is None:
        played = [m.round or 0 for m in matches] + [b.round for b in byes]
        round = max(played, default=0) + 1
    return propose_draw(
        standings.order(), met=meetings(matches), byes=byes_by_team(byes), round=round
    )


def _no_draw(round: int, teams: Sequence[str]) -> ScoringError:
    return ScoringError(
        f"round {round}: no draw is possible without two teams meeting again "
        f"(teams {', '.join(teams)})"
    )


def _with_bye(
    order: Sequence[str],
    byes: Mapping[str, Sequence[int]],
    pairer: _Pairer,
    notes: list[str],
    round: int,
) -> tuple[str, list[tuple[str, str]]]:
    fewest = min(len(byes.get(team, ())) for team in order)
    candidates = [team for team in reversed(order) if len(byes.get(team, ())) == fewest]
    for team in candidates:
        pairs = pairer.pair([t for t in order if t != team])
        if pairs is None:
            continue
        skipped = order[order.index(team) + 1 :]
        reasons = []
        for other in reversed(skipped):
            had = byes.get(other, ())
            if len(had) > fewest:
                rounds = " and ".join(str(r) for r in had)
                reasons.append(f"{other} had a bye in round {rounds}")
            else:
                reasons.append(f"a bye for {other} would leave no legal draw")
        if reasons:
            notes.append(f"bye to {team}, not {order[-1]}: {'; '.join(reasons)}")
        return team, pairs
    raise _no_draw(round, order)


class _Pairer:
    """Top-down pairing: the top team takes the first opponent it has not met that leaves the
    rest pairable; whether a group can be paired is settled by a maximum matching."""

    def __init__(self, met: Meetings) -> None:
        self.met = met

    def have_met(self, first: str, second: str) -> Sequence[int]:
        return self.met.get(frozenset((first, second)), ())

    def pairable(self, teams: Sequence[str]) -> bool:
        """Whether the teams can all be paired without a repeat meeting."""
        if len(teams) % 2:
            return False
        adjacent = [
            [j for j, other in enumerate(teams) if j != i and not self.have_met(team, other)]
            for i, team in enumerate(teams)
        ]
        return 2 * maximum_matching(len(teams), adjacent) == len(teams)

    def pair(self, teams: Sequence[str]) -> list[tuple[str, str]] | None:
        """The first legal pairing in top-down order, or None."""
        if not self.pairable(teams):
            return None
        remaining = list(teams)
        pairs: list[tuple[str, str]] = []
        while remaining:
            top = remaining.pop(0)
            for other in remaining:
                if self.have_met(top, other):
                    continue
                rest = [team for team in remaining if team != other]
                if self._quickly_pairable(rest) or self.pairable(rest):
                    pairs.append((top, other))
                    remaining = rest
                    break
        return pairs

    def _quickly_pairable(self, teams: Sequence[str]) -> bool:
        """Straight top-down pairing of ``teams`` repeats no meeting (the usual case)."""
        return all(not self.have_met(a, b) for a, b in zip(teams[::2], teams[1::2], strict=True))


def _explain(order: Sequence[str], pairs: Sequence[tuple[str, str]], pairer: _Pairer) -> list[str]:
    """One note per match that is not straight top-down: which higher teams were passed over."""
    notes = []
    unpaired = list(order)
    for home, away in pairs:
        unpaired.remove(home)
        passed = unpaired[: unpaired.index(away)]
        reasons = []
        for other in passed:
            rounds = pairer.have_met(home, other)
            if rounds:
                reasons.append(f"{home} and {other} met in round {' and '.join(map(str, rounds))}")
            else:
                reasons.append(f"{home} v {other} would leave no legal draw for the rest")
        if reasons:
            notes.append(f"{home} v {away} because {'; '.join(reasons)}")
        unpaired.remove(away)
    return notes
