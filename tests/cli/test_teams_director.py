"""The director's decisions on a teams event: penalties, withdrawals, IMP penalties, carry-over."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bridgescore.core.errors import ScoringError
from tests.support.cli import as_json, run
from tests.support.paths import EXAMPLES
from tests.support.teams_events import EBU, round_robin

TEAMS = str(EXAMPLES / "teams.csv")
NAMES = str(EXAMPLES / "teams-names.csv")

HEADER = "board,ns,ew,contract,declarer,result,round,table\n"
# Four teams, two rounds of two boards (board 1 nobody vulnerable, board 2 NS vulnerable).
ROUND_1 = (
    "1,A,B,4S,N,=,1,1\n1,B,A,4S,N,-1,1,2\n"  # 420 - -50 = 470: A +10
    "2,A,B,3NT,S,+1,1,1\n2,B,A,3NT,S,=,1,2\n"  # 630 - 600 = 30: A +1
    "1,C,D,2H,E,=,1,3\n1,D,C,2H,E,+1,1,4\n"  # -110 - -140 = 30: C +1
    "2,C,D,PASS,,,1,3\n2,D,C,1NT,W,=,1,4\n"  # 0 - -90 = 90: C +3
)
A_V_C = (
    "1,A,C,4H,S,=,2,1\n1,C,A,4H,S,=,2,2\n"  # 420 - 420: 0
    "2,A,C,5D,E,-2,2,1\n2,C,A,5DX,E,-2,2,2\n"  # 100 - 300 = -200: C +5
)
B_V_D = (
    "1,B,D,3S,N,=,2,3\n1,D,B,4S,N,-1,2,4\n"  # 140 - -50 = 190: B +5
    "2,B,D,6NT,S,=,2,3\n2,D,B,3NT,S,+3,2,4\n"  # 1440 - 690 = 750: B +13
)


def event_file(tmp_path: Path, *parts: str) -> str:
    path = tmp_path / "event.csv"
    path.write_text(HEADER + "".join(parts), encoding="utf-8")
    return str(path)


def standings(*args: str) -> dict[str, dict[str, Any]]:
    payload = as_json("teams", TEAMS, "--teams", NAMES, *args)
    return {row["team"]: row for row in payload["standings"]}


def test_a_penalty_comes_off_the_total_and_a_withdrawn_team_is_not_ranked() -> None:
    plain = standings()
    decided = standings("--penalty", "3=2", "--penalty", "Dunmore=1.5", "--withdrawn", "8")
    assert decided["Carrick"]["vp"] == pytest.approx(plain["Carrick"]["vp"] - 2)
    assert decided["Dunmore"]["vp"] == pytest.approx(plain["Dunmore"]["vp"] - 1.5)
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


def test_json_imps_are_the_match_score_after_carry_over_and_penalties(tmp_path: Path) -> None:
    event = event_file(tmp_path, ROUND_1, A_V_C, B_V_D)
    data = as_json("teams", event, "--imp-penalty", "1:A=3", "--carry-over", "2:C=5")
    matches = {(m["home"], m["away"]): m for m in data["matches"]}
    # A v B: A won 10 + 1 = 11 IMPs, less the 3 IMP penalty: 8-0, 15.50-4.50 on 2 boards
    a_b = matches["A", "B"]
    assert (a_b["imps"], a_b["vps"]) == ([8, 0], [15.5, 4.5])
    assert [board["imps"] for board in a_b["boards"]] == [10, 1]
    # A v C: C won 5 IMPs and carried 5 over: 0-10, 3.54-16.46
    a_c = matches["A", "C"]
    assert (a_c["imps"], a_c["vps"]) == ([0, 10], [3.54, 16.46])
    assert [board["imps"] for board in a_c["boards"]] == [0, -5]
    # the standings keep the IMPs won and lost board by board
    rows = {row["team"]: row for row in data["standings"]}
    assert (rows["A"]["imps_for"], rows["A"]["imps_against"]) == (11, 5)
    lines = run("teams", event, "--imp-penalty", "1:A=3", "--carry-over", "2:C=5").stdout
    assert "Round 1: A v B (IMPs 8-0, VPs 15.50-4.50)" in lines
    assert "Round 2: A v C (IMPs 0-10, VPs 3.54-16.46)" in lines


def test_a_team_that_withdrew_mid_event(tmp_path: Path) -> None:
    # D withdrew after round 1; in round 2 only A v C is played and B is left without opponent
    event = event_file(tmp_path, ROUND_1, A_V_C)
    refused = run("teams", event)
    assert (refused.exit_code, refused.output) == (
        2,
        "error: round 2: teams B and D have no match; only one team a round can have a bye "
        "(a team that withdrew is given as withdrawn: --withdrawn TEAM)\n",
    )
    data = as_json("teams", event, "--withdrawn", "D")
    assert data["byes"] == [{"round": 2, "team": "B"}]
    assert data["withdrawn"] == [{"team": "D", "after_round": 1}]
    # 2 boards: A v B 11 IMPs 16.90-3.10, C v D 4 IMPs 13.12-6.88, A v C 5 IMPs 6.22-13.78;
    # B's bye 12
    assert [(r["rank"], r["team"], r["vp"]) for r in data["standings"]] == [
        ("1", "C", 26.9),
        ("2", "A", 23.12),
        ("3", "B", 15.1),
        ("-", "D", 6.88),
    ]
    lines = run("teams", event, "--withdrawn", "D").stdout.splitlines()
    assert "Round 2: bye for B" in lines
    assert "Withdrawn: D after round 1 (not ranked; no bye after it)" in lines


def test_a_listed_team_that_never_played_gets_no_byes(tmp_path: Path) -> None:
    event = event_file(tmp_path, ROUND_1, A_V_C, B_V_D)
    names = tmp_path / "names.csv"
    names.write_text("team,name\nA,Alpha\nB,Beta\nC,Gamma\nD,Delta\nE,Echo\n", encoding="utf-8")
    refused = run("teams", event, "--teams", str(names))
    assert (refused.exit_code, refused.output) == (
        2,
        "error: team E (Echo) has no match in rounds 1 to 2: if it withdrew or never came, give "
        "it as withdrawn (--withdrawn E); a team that never plays gets no byes\n",
    )
    data = as_json("teams", event, "--teams", str(names), "--withdrawn", "Echo")
    assert (data["byes"], data["withdrawn"]) == ([], [{"team": "Echo", "after_round": 0}])
    # C 13.12 + 13.78, A 16.90 + 6.22, B 3.10 + 19.24 (18 IMPs), D 6.88 + 0.76; Echo nothing
    assert [(r["rank"], r["team"], r["vp"]) for r in data["standings"]] == [
        ("1", "Gamma", 26.9),
        ("2", "Alpha", 23.12),
        ("3", "Beta", 22.34),
        ("4", "Delta", 7.64),
        ("-", "Echo", 0),
    ]
    lines = run("teams", event, "--teams", str(names), "--withdrawn", "E").stdout.splitlines()
    assert "Withdrawn: Echo before round 1 (played no match; not ranked, no bye)" in lines


def test_team_names_are_printed_as_written_not_as_markup(tmp_path: Path) -> None:
    teams = tmp_path / "teams.csv"
    teams.write_text("team,name\n1,Ann [guest] [/]\n2,[red]Reds\n", encoding="utf-8")
    results = tmp_path / "r.csv"
    results.write_text(
        "board,ns,ew,contract,declarer,result,round,table\n1,1,2,4S,N,10,1,1\n1,2,1,4S,N,9,1,2\n",
        encoding="utf-8",
    )
    result = run("teams", str(results), "--teams", str(teams))
    assert result.exit_code == 0, result.output
    assert "1 Ann [guest] [/]" in result.output and "2 [red]Reds" in result.output
