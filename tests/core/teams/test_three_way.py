"""A three-team round (each team plays the other two in the same round, on other boards), as
the team movement for three teams makes it, scored from its traveller CSV and from USEBIO."""

from __future__ import annotations

from pathlib import Path

from bridgescore.events.teams import score_teams_file
from bridgescore.formats import usebio
from bridgescore.formats.csv import travellers
from bridgescore.formats.usebio import UsebioEvent
from tests.support.paths import DATA

THREE = DATA / "teams" / "three-teams.csv"
NAMES = DATA / "teams" / "three-teams-names.csv"


def test_each_team_plays_both_others_in_round_one() -> None:
    scored = score_teams_file(THREE, teams=NAMES)
    matches = scored.event.played
    found = sorted((m.match.round, *sorted((m.match.home, m.match.away))) for m in matches)
    assert found == [(1, "1", "2"), (1, "1", "3"), (1, "2", "3")]
    for played in matches:  # six boards a match, each on two tables
        assert len(played.match.boards) == 6 and len(played.table1) == len(played.table2) == 6
    standings = scored.to_dict()["standings"]
    assert [(row["rank"], row["team"]) for row in standings] == [
        ("1", "Ashdown"),
        ("2", "Carrick"),
        ("3", "Brampton"),
    ]
    assert round(sum(row["vp"] for row in standings), 2) == 3 * 20  # 20 VPs a match


def test_the_same_round_from_usebio(tmp_path: Path) -> None:
    path = tmp_path / "three.xml"
    usebio.dump(UsebioEvent.from_session(travellers.load(THREE), event_type="TEAMS"), path)
    assert len(usebio.load(path).matches) == 3
    from_usebio = score_teams_file(path, teams=NAMES).to_dict()
    assert from_usebio["standings"] == score_teams_file(THREE, teams=NAMES).to_dict()["standings"]
