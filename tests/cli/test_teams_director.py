"""The director's decisions on a teams event: penalties, withdrawals, IMP penalties, carry-over."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.core.errors import ScoringError
from tests.cli.test_rubber_cmd import ROOT, as_json, run
from tests.events.test_teams_events import EBU, round_robin

TEAMS = str(ROOT / "examples" / "teams.csv")
NAMES = str(ROOT / "examples" / "teams-names.csv")


def standings(*args: str) -> dict[str, dict[str, object]]:
    payload = as_json("teams", TEAMS, "--teams", NAMES, *args)
    return {row["team"]: row for row in payload["standings"]}


def test_a_penalty_comes_off_the_total_and_a_withdrawn_team_is_not_ranked() -> None:
    plain = standings()
    decided = standings("--penalty", "3=2", "--penalty", "Dunmore=1.5", "--withdrawn", "8")
    assert decided["Carrick"]["vp"] == pytest.approx(plain["Carrick"]["vp"] - 2)  # type: ignore[operator]
    assert decided["Dunmore"]["vp"] == pytest.approx(plain["Dunmore"]["vp"] - 1.5)  # type: ignore[operator]
    assert decided["Hartwell"]["rank"] == "-"


def test_an_imp_penalty_and_a_carry_over_change_that_match_only() -> None:
    event = round_robin()
    first = next(p.match for p in event.played if p.match.round == 1)
    home, away = first.home, first.away
    changed = event.with_director(
        match_penalties=[(1, home, Fraction(3))], carry_overs=[(1, away, Fraction(5))]
    )
    match = next(p.match for p in changed.played if p.match.round == 1 and p.match.home == home)
    assert match.margin(match.side_of(home)) == first.margin(first.side_of(home)) - 3 - 5
    assert changed.standings(EBU).row(home).total <= event.standings(EBU).row(home).total
    others = [p.match for p in changed.played if p.match is not match]
    assert others == [p.match for p in event.played if p.match is not first]


def test_bad_director_options_are_clear_errors() -> None:
    event = round_robin()
    team = event.teams[0].number
    with pytest.raises(ScoringError, match=f"team {team} has no match in round 99"):
        event.with_director(match_penalties=[(99, team, Fraction(3))])
    result = run("teams", TEAMS, "--penalty", "3")
    assert result.exit_code == 2
    assert "'3': write TEAM=POINTS, like 3=2" in result.output
    result = run("teams", TEAMS, "--imp-penalty", "x:3=1")
    assert "'x:3=1': write ROUND:TEAM=IMPS, like 2:3=3" in result.output
    result = run("teams", TEAMS, "--withdrawn", "Nobody")
    assert (result.exit_code, result.output) == (2, "error: there is no team Nobody\n")
