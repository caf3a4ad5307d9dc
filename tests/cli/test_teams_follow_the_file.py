"""``bridgescore teams`` scores a USEBIO or PBN file as the file says (board-a-match,
point-a-board, total points; IMPs ranked by VPs or by IMPs), as ``score`` does for pairs; an
option given overrides it, with a warning when it goes against the file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bridgescore.core.teams.match import Method
from bridgescore.core.teams.stated import stated_scoring
from bridgescore.events.teams import score_teams_file, teams_setup
from bridgescore.formats import pbn, usebio
from bridgescore.formats.csv import travellers
from bridgescore.formats.usebio import UsebioEvent
from tests.support.cli import as_json, run
from tests.support.paths import EXAMPLES

EVENT = EXAMPLES / "teams.csv"


def usebio_file(path: Path, board: str | None, match: str | None = None) -> Path:
    """The bundled teams event as a USEBIO teams file stating its scoring."""
    session = travellers.load(EVENT)
    session = replace(session, info=replace(session.info, scoring=board))
    event = UsebioEvent.from_session(session, event_type="TEAMS")
    usebio.dump(replace(event, match_scoring=match), path)
    return path


def pbn_file(path: Path, scoring: str) -> Path:
    session = travellers.load(EVENT)
    session = replace(session, info=replace(session.info, scoring=scoring))
    pbn.dump(pbn.session_to_pbn(session), path)
    return path


@pytest.mark.parametrize(("word", "method"), [("BAM", "bam"), ("PAB", "pab")])
def test_a_usebio_file_stating_its_board_scoring_is_scored_so(
    tmp_path: Path, word: str, method: str
) -> None:
    path = usebio_file(tmp_path / "teams.xml", word)
    result = run("teams", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert as_json("teams", str(path)) == as_json("teams", str(EVENT), "--method", method)
    assert as_json("teams", str(path))["method"] == method


def test_a_pbn_file_stating_board_a_match_is_scored_so(tmp_path: Path) -> None:
    path = pbn_file(tmp_path / "teams.pbn", "BAM")
    assert as_json("teams", str(path)) == as_json("teams", str(EVENT), "--method", "bam")


def test_matches_ranked_by_imps_or_by_victory_points_as_the_file_says(tmp_path: Path) -> None:
    imps = usebio_file(tmp_path / "imps.xml", "IMPS", "IMPS")
    vps = usebio_file(tmp_path / "vps.xml", "IMPS", "VPS")
    assert as_json("teams", str(imps)) == as_json("teams", str(EVENT), "--vp", "none")
    assert as_json("teams", str(imps))["scale"] is None
    assert as_json("teams", str(vps)) == as_json("teams", str(EVENT), "--vp", "wbf")
    assert as_json("teams", str(vps), "--vp", "acbl")["scale"] == "acbl"  # no conflict: VPs


def test_an_option_against_the_file_wins_with_a_warning(tmp_path: Path) -> None:
    path = usebio_file(tmp_path / "teams.xml", "BAM")
    result = run("teams", str(path), "--method", "imps", "--json")
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"warning: {path}: the file states 'BAM' (board-a-match); scored by IMPs as --method says\n"
    )
    assert as_json("teams", str(path), "--method", "imps") == as_json("teams", str(EVENT))
    # agreeing with the file is silent
    assert run("teams", str(path), "--method", "bam").stderr == ""
    ranked = usebio_file(tmp_path / "imps.xml", "IMPS", "IMPS")
    vps = run("teams", str(ranked), "--vp", "wbf")
    assert vps.stderr == (
        f"warning: {ranked}: the file states 'IMPS / IMPS' (matches ranked by their IMPs); "
        "ranked in Victory Points as --vp says\n"
    )


def test_the_api_follows_the_file_too(tmp_path: Path) -> None:
    path = usebio_file(tmp_path / "teams.xml", "PAB")
    scored = score_teams_file(path)
    assert (scored.event.method, scored.standings.conditions.scale, scored.warnings) == (
        Method.PAB,
        None,
        (),
    )
    against = score_teams_file(path, method="imps")
    assert against.event.method is Method.IMPS and len(against.warnings) == 1
    assert "scored by IMPs as --method says" in against.warnings[0]


def test_a_file_saying_nothing_is_imps_on_the_wbf_scale_as_before() -> None:
    setup = teams_setup(EVENT)
    assert setup.event.method is Method.IMPS
    assert setup.conditions.scale is not None and setup.conditions.scale.name == "wbf"
    assert setup.warnings == ()


@pytest.mark.parametrize(
    ("board", "match", "method", "victory_points"),
    [
        ("AGGREGATE", None, Method.TOTAL, None),
        ("IMP;IMP_1961", None, Method.IMPS, None),
        (None, "VPS", Method.IMPS, True),
        ("VPS", None, Method.IMPS, True),
        ("MATCH_POINTS", "IMPS", Method.IMPS, False),
        ("?", None, None, None),
    ],
)
def test_the_words_of_a_file(
    board: str | None, match: str | None, method: Method | None, victory_points: bool | None
) -> None:
    stated = stated_scoring(board, match)
    assert (stated.method, stated.victory_points) == (method, victory_points)
