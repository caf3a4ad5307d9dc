"""Individual and multiple-teams USEBIO files: an individual event is refused where the file
says it is one (it is not scored yet), a multiple-teams event is read match by match; neither
is ever told a "missing NS pair number"."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.errors import FileFormatError
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

# An individual: players, not pairs; the lines say who sat where, not which pair.
INDIVIDUAL = (
    '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="{type}">\n'
    "<PARTICIPANTS>\n"
    + "".join(
        f"<PLAYER><PLAYER_NUMBER>{n}</PLAYER_NUMBER><PLAYER_NAME>P{n}</PLAYER_NAME></PLAYER>\n"
        for n in range(1, 5)
    )
    + "</PARTICIPANTS>\n<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n"
    "<TRAVELLER_LINE><NORTH>1</NORTH><SOUTH>2</SOUTH><EAST>3</EAST><WEST>4</WEST>"
    "<CONTRACT>4H</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE>"
    "</TRAVELLER_LINE>\n</BOARD>\n</EVENT>\n</USEBIO>\n"
)


@pytest.mark.parametrize(
    ("event_type", "message"),
    [
        (
            "INDIVIDUAL",
            "ind.xml:3: EVENT: EVENT_TYPE INDIVIDUAL is an individual event: individual events "
            "are not scored yet (bridgescore scores pairs and teams)",
        ),
        (
            "PAIRS",
            "ind.xml:4: PARTICIPANTS: the participants are players, not pairs or teams: an "
            "individual event; individual events are not scored yet (bridgescore scores pairs "
            "and teams)",
        ),
    ],
)
def test_an_individual_event_is_refused_where_the_file_says_so(
    tmp_path: Path, event_type: str, message: str
) -> None:
    text = INDIVIDUAL.replace("{type}", event_type)
    for lenient in (False, True):
        with pytest.raises(FileFormatError) as caught:
            usebio.loads(text, source="ind.xml", lenient=lenient)
        assert str(caught.value) == message
    path = tmp_path / "ind.xml"
    path.write_text(text)
    result = run("score", str(path))
    assert result.exit_code == 2
    assert "individual events are not scored yet" in result.output
    assert "pair number is missing" not in result.output


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
    assert result.exit_code == 2
    assert "round 1, board 2: team 1 plays two matches in the round: against 2" in result.output
    assert "pair number is missing" not in result.output
