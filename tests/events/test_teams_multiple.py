"""Multiple teams (EBU style, TeamsScorer's USEBIO layout): six teams, nine matches of three
boards (tests/data/usebio/multiple-teams.xml). In round 1 every team plays two matches on other
boards, in round 2 four teams play one and two none, in round 3 two teams alone: no byes, each
match its own IMPs and VPs, the standings the total.

The figures by hand (IMP scale of Law 78B; net = home NS score at table 1 - away NS score at
table 2):

=====  ======  ===================================================  ======  ===========
match  round   boards: net -> IMPs (home)                           total   ACBL VPs
=====  ======  ===================================================  ======  ===========
1v2    1       1: 140+140=280 -> 7; 2: 0 -> 0; 3: -90-110=-200 -> -5    +2   11 - 9
1v3    1       4: 170+110=280 -> 7; 5: 140-110=30 -> 1; 6: 240 -> 6      +14  16 - 4
2v3    1       7: -280 -> -7; 8: 0; 9: 0                                 -7    7 - 13
4v5    1       1: 0; 2: 220 -> 6; 3: 110-90=20 -> 1                      +7   13 - 7
4v6    1       4: -340 -> -8; 5: -280 -> -7; 6: -240 -> -6               -21   2 - 18
5v6    1       7: 140+110=250 -> 6; 8: 180 -> 5; 9: 0                    +11  15 - 5
1v4    2       10: -30 -> -1; 11: 30 -> 1; 12: 0                          0   10 - 10
2v5    2       10: 340 -> 8; 11: 280 -> 7; 12: 220 -> 6                  +21  18 - 2
3v6    3       13: -220 -> -6; 14: 0; 15: -90+120=30 -> 1                -5    7 - 13
=====  ======  ===================================================  ======  ===========

ACBL 20-VP scale for up to 8 boards: 0 -> 10-10, 1-2 -> 11-9, 3-4 -> 12-8, 5-7 -> 13-7,
8-10 -> 14-6, 11-13 -> 15-5, 14-16 -> 16-4, 17-19 -> 17-3, 20-23 -> 18-2. Totals: team 1
11+16+10 = 37, team 6 18+5+13 = 36, team 2 9+7+18 = 34, team 4 13+2+10 = 25, teams 3 (4+13+7)
and 5 (7+15+2) 24 each: split by tie-break points (the opponents' totals), 3: 37+34+36 = 107,
5: 25+36+34 = 95.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.core.errors import ScoringError
from bridgescore.core.teams.match import AWAY, HOME
from bridgescore.events.teams import score_teams_file, teams_event
from bridgescore.formats import usebio
from bridgescore.formats.usebio import LineFigures
from tests.support.cli import run
from tests.support.paths import DATA

MULTIPLE = DATA / "usebio" / "multiple-teams.xml"

IMPS = {  # (round, home, away): (home IMPs won, away IMPs won), from the table above
    (1, "1", "2"): (7, 5),
    (1, "1", "3"): (14, 0),
    (1, "2", "3"): (0, 7),
    (1, "4", "5"): (7, 0),
    (1, "4", "6"): (0, 21),
    (1, "5", "6"): (11, 0),
    (2, "1", "4"): (1, 1),
    (2, "2", "5"): (21, 0),
    (3, "3", "6"): (1, 6),
}
ACBL = {  # the same matches' VPs (home, away)
    (1, "1", "2"): (11, 9),
    (1, "1", "3"): (16, 4),
    (1, "2", "3"): (7, 13),
    (1, "4", "5"): (13, 7),
    (1, "4", "6"): (2, 18),
    (1, "5", "6"): (15, 5),
    (2, "1", "4"): (10, 10),
    (2, "2", "5"): (18, 2),
    (3, "3", "6"): (7, 13),
}


def test_the_file_is_read_with_its_teams_pairing_and_cross_imps() -> None:
    event = usebio.load(MULTIPLE)
    assert event.is_multiple_teams and event.team_pairing == "Y"
    assert event.session.problems == ()  # TEAM_PAIRING_AVAILABLE is a USEBIO element
    assert len(event.matches) == 9 and len(event.session.lines) == 54
    assert event.figures.points == "CROSS_IMPS"
    # board 1 is played at four tables (matches 1v2 and 4v5): NS +140 three times, -140 once;
    # the -140 line's NS pair loses 7 IMPs to each of the three others: -21
    lines = event.session.lines
    worst = next(i for i, line in enumerate(lines) if (line.board, line.ns_score) == (1, -140))
    assert event.line_figures(worst) == LineFigures.of(-21, 21)


def test_each_match_its_imps_and_vps_and_the_standings_the_total() -> None:
    scored = score_teams_file(MULTIPLE, vp="acbl")
    matches = {(m.round or 0, m.home, m.away): m for m in scored.event.matches}
    assert set(matches) == set(IMPS)
    for key, match in matches.items():
        assert (match.imps_for(HOME), match.imps_for(AWAY)) == tuple(map(Fraction, IMPS[key]))
    data = scored.to_dict()
    names = {team.label: team.number for team in scored.event.teams}
    got = {
        (m["round"], names[m["home"]], names[m["away"]]): tuple(m["vps"]) for m in data["matches"]
    }
    assert got == ACBL
    standings = [(row["rank"], names[row["team"]], row["vp"]) for row in data["standings"]]
    assert standings == [
        ("1", "1", 37),
        ("2", "6", 36),
        ("3", "2", 34),
        ("4", "4", 25),
        ("5", "3", 24),
        ("6", "5", 24),
    ]
    assert scored.event.byes == ()  # rounds 2 and 3 leave teams idle: no byes


def test_the_stated_scale_is_the_wbf_one() -> None:
    """MATCH_SCORING_METHOD VPS on the WBF continuous scale for 3 boards: blitz B = 15 x sqrt 3
    = 25.98; a 2-IMP win is 10 + 10 (1 - t^(3 x 2/B)) / (1 - t^3) with t = (sqrt 5 - 1)/2:
    t^0.2309 = 0.8948, (1 - 0.8948)/0.7639 = 0.1377: 11.38 - 8.62; 14 IMPs: t^1.6166 = 0.4594,
    0.5407/0.7639 = 0.7077: 17.08 - 2.92."""
    data = score_teams_file(MULTIPLE).to_dict()
    vps = {(m["round"], m["home"], m["away"]): tuple(m["vps"]) for m in data["matches"]}
    assert vps[1, "Ashdown", "Brampton"] == (11.38, 8.62)
    assert vps[1, "Ashdown", "Carrick"] == (17.08, 2.92)
    assert data["standings"][0]["team"] == "Ashdown"


def test_the_teams_csv_is_scored_the_same(tmp_path: Path) -> None:
    """Converted to a teams traveller CSV (no word of multiple teams in it), the event is the
    same: a team with two matches in round 1 says it is multiple teams."""
    csv = tmp_path / "multiple.csv"
    assert run("convert", str(MULTIPLE), str(csv)).exit_code == 0
    from_csv = score_teams_file(csv, vp="acbl").to_dict()
    from_usebio = score_teams_file(MULTIPLE, vp="acbl").to_dict()
    assert [r["vp"] for r in from_csv["standings"]] == [r["vp"] for r in from_usebio["standings"]]
    assert teams_event(csv).multiple


def test_idle_teams_in_a_round_robin_are_still_refused(tmp_path: Path) -> None:
    """Without a team playing two matches in a round (nor the file saying so), two idle teams
    in a round are a mistake, as before: round 3 alone, 3 v 6, leaves four teams idle."""
    lines = ["board,ns,ew,score,round"]
    for round_, home, away in ((1, 1, 2), (1, 3, 4), (1, 5, 6), (2, 1, 3), (2, 2, 5), (2, 4, 6)):
        lines += [f"1,{home},{away},140,{round_}", f"1,{away},{home},-140,{round_}"]
    lines += ["1,3,6,110,3", "1,6,3,-110,3"]
    (tmp_path / "rr.csv").write_text("\n".join(lines) + "\n")
    with pytest.raises(ScoringError, match="round 3: teams 1, 2, 4 and 5 have no match"):
        score_teams_file(tmp_path / "rr.csv")


def test_the_usebio_round_trip_keeps_what_teams_scorer_wrote(tmp_path: Path) -> None:
    out = tmp_path / "again.xml"
    assert run("convert", str(MULTIPLE), str(out)).exit_code == 0
    text = out.read_text(encoding="iso-8859-1")
    assert "<TEAM_PAIRING_AVAILABLE>Y</TEAM_PAIRING_AVAILABLE>" in text
    again, first = usebio.load(out), usebio.load(MULTIPLE)
    assert again.figures.lines == first.figures.lines
    assert (
        score_teams_file(out, vp="acbl").to_dict()["standings"]
        == (score_teams_file(MULTIPLE, vp="acbl").to_dict()["standings"])
    )
