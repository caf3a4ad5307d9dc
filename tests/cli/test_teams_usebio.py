"""A USEBIO teams file (written here from the bundled teams event, teams and players included)
scores with ``bridgescore teams`` and ``report-teams`` as the traveller CSV does; read for a
pairs scoring it is refused."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bridgescore.core.errors import FileFormatError
from bridgescore.formats import dispatch, usebio
from bridgescore.formats.csv import teams_file, travellers
from bridgescore.formats.usebio import UsebioEvent
from bridgescore.formats.usebio.model import Player
from tests.support.cli import as_json, run
from tests.support.paths import EXAMPLES

EVENT = EXAMPLES / "teams.csv"
NAMES = EXAMPLES / "teams-names.csv"


def teams_xml(path: Path, *, named: bool) -> Path:
    """The bundled teams event as a USEBIO teams file (as a club program would write it)."""
    event = UsebioEvent.from_session(travellers.load(EVENT), event_type="TEAMS")
    if named:
        listed = {t.number: t for t in teams_file.load(NAMES)}
        participants = tuple(
            replace(
                p,
                team_name=listed[p.label].name,
                players=tuple(Player(n) for n in (listed[p.label].players or "").split(", ")),
            )
            for p in event.participants
        )
        event = replace(event, participants=participants)
    usebio.dump(event, path)
    return path


def loaded(path: Path) -> dispatch.Loaded:
    file_format = dispatch.input_format(path)
    assert file_format.load is not None
    return file_format.load(path, False)


def test_the_usebio_file_is_a_realistic_teams_file(tmp_path: Path) -> None:
    event = usebio.load(teams_xml(tmp_path / "teams.xml", named=True))
    assert event.is_teams and event.event_type == "TEAMS"
    assert len(event.matches) == 28 and all(line.round for line in event.session.lines)
    first = event.participant("1")
    assert first is not None and first.name == "Ashdown"


def test_teams_scores_a_usebio_file_as_the_csv(tmp_path: Path) -> None:
    path = teams_xml(tmp_path / "teams.xml", named=False)
    assert as_json("teams", str(path)) == as_json("teams", str(EVENT))


def test_the_teams_a_usebio_file_lists_are_its_teams(tmp_path: Path) -> None:
    path = teams_xml(tmp_path / "teams.xml", named=True)
    assert as_json("teams", str(path)) == as_json("teams", str(EVENT), "--teams", str(NAMES))
    text = run("teams", str(path), "--vp", "wbf")
    assert text.exit_code == 0, text.output
    assert "Round 1: Ashdown v Brampton (IMPs 10-18, VPs 6.88-13.12)" in text.stdout


def test_report_teams_takes_a_usebio_file(tmp_path: Path) -> None:
    path = teams_xml(tmp_path / "teams.xml", named=True)
    result = run("report-teams", str(path), "--html", str(tmp_path / "site"))
    assert result.exit_code == 0, result.output
    assert "Ashdown" in (tmp_path / "site" / "index.html").read_text()


def test_a_usebio_teams_file_is_refused_for_pairs_scoring(tmp_path: Path) -> None:
    path = teams_xml(tmp_path / "teams.xml", named=False)
    with pytest.raises(FileFormatError) as caught:
        dispatch.as_session(loaded(path), pairs_only=True)
    assert str(caught.value) == f"{path}: this is a teams event (TEAMS): use bridgescore teams"
    assert len(dispatch.as_session(loaded(path)).lines) == len(travellers.load(EVENT).lines)


def test_a_usebio_pairs_file_is_read_for_pairs_scoring(tmp_path: Path) -> None:
    path = tmp_path / "pairs.xml"
    usebio.dump(travellers.load(EXAMPLES / "club-session.csv"), path)
    assert dispatch.as_session(loaded(path), pairs_only=True).lines
