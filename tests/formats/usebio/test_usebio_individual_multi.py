"""Multiple-teams USEBIO files: read match by match, never told a "missing NS pair number"
(individual USEBIO files: ``tests/events/test_session.py``)."""

from __future__ import annotations

from pathlib import Path

from bridgescore.formats import usebio
from tests.support.cli import run
from tests.support.usebio_text import played, traveller_line


def line(direction: str, contract: str, tricks: int, score: int) -> str:
    return traveller_line(played(contract, "S", tricks, score), direction=direction)


def match(team: str, opponent: str, board: int) -> str:
    return (
        f"<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>{team}</TEAM>"
        f"<OPPOSING_TEAM>{opponent}</OPPOSING_TEAM>\n"
        f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>\n"
        f"{line('NS', '4H', 10, 420 if board % 2 else 620)}\n{line('EW', '3NT', 9, 400 if board % 2 else 600)}\n"
        "</BOARD></MATCH>\n"
    )


# Three teams, each playing the other two in round 1 (team 1's pairs meet teams 2 and 3).
MULTI = (
    '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MULTI_TEAMS">\n'
    '<PARTICIPANTS><TEAM TEAM_ID="1" TEAM_NAME="Lions"/><TEAM TEAM_ID="2" TEAM_NAME="Tigers"/>'
    '<TEAM TEAM_ID="3" TEAM_NAME="Bears"/></PARTICIPANTS>\n'
    + match("1", "2", 1)
    + match("1", "3", 2)
    + "</EVENT>\n</USEBIO>\n"
)


def test_a_multiple_teams_file_is_read_match_by_match(tmp_path: Path) -> None:
    event = usebio.loads(MULTI, source="multi.xml")
    assert event.is_teams and [(m.team, m.opponent) for m in event.matches] == [
        ("1", "2"),
        ("1", "3"),
    ]
    assert [(line.board, line.ns, line.ew) for line in event.session.lines] == [
        (1, "1", "2"),
        (1, "2", "1"),
        (2, "1", "3"),
        (2, "3", "1"),
    ]
    path = tmp_path / "multi.xml"
    path.write_text(MULTI)
    result = run("teams", str(path))
    assert result.exit_code == 0, result.output  # team 1 plays two matches on other boards
    assert "pair number is missing" not in result.output
