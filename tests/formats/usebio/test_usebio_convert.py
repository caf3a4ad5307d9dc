"""USEBIO to USEBIO keeps the whole event (ids, TITLE, national numbers, figures); what other
formats have no place for is lost on the way through them."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.pairs.score import score_session
from bridgescore.formats import dispatch, usebio
from bridgescore.formats.scored import usebio_event
from tests.support.paths import TESTDATA

SHARED = TESTDATA / "usebio"

CLUB = """<?xml version="1.0"?>
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Downs BC</CLUB_NAME><CLUB_ID_NUMBER>1234</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="MP_PAIRS">
  <EVENT_IDENTIFIER>E-77</EVENT_IDENTIFIER>
  <EVENT_DESCRIPTION>Tuesday Pairs (7-Jan-25)</EVENT_DESCRIPTION>
  <WINNER_TYPE>1</WINNER_TYPE>
  <TITLE>Tuesday</TITLE>
  <PARTICIPANTS>
    <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><TOTAL_SCORE>3</TOTAL_SCORE><PLACE>1</PLACE>
      <PLAYER><PLAYER_NAME>Ann Bell</PLAYER_NAME><NATIONAL_ID_NUMBER>101</NATIONAL_ID_NUMBER></PLAYER>
      <PLAYER><PLAYER_NAME>Bob Hart</PLAYER_NAME><NATIONAL_ID_NUMBER>102</NATIONAL_ID_NUMBER></PLAYER>
    </PAIR>
    <PAIR><PAIR_NUMBER>2</PAIR_NUMBER>
      <PLAYER><PLAYER_NAME>Cy Dunn</PLAYER_NAME><NATIONAL_ID_NUMBER>103</NATIONAL_ID_NUMBER></PLAYER>
    </PAIR>
  </PARTICIPANTS>
  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
      <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE>
      <NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
      <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>-50</SCORE>
      <NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>2</EW_MATCH_POINTS></TRAVELLER_LINE>
  </BOARD>
  <BOARD><BOARD_NUMBER>3</BOARD_NUMBER>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3</EW_PAIR_NUMBER>
      <CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE>
      </TRAVELLER_LINE>
    <TRAVELLER_LINE><NS_PAIR_NUMBER>4</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
      <CONTRACT>3NT</CONTRACT><PLAYED_BY>S</PLAYED_BY><TRICKS>10</TRICKS><SCORE>430</SCORE>
      </TRAVELLER_LINE>
  </BOARD>
</EVENT>
</USEBIO>
"""


@pytest.fixture
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.xml"
    path.write_text(CLUB)
    return path


def _ids(event: usebio.UsebioEvent) -> tuple[object, ...]:
    players = tuple(
        (p.key, pl.name, pl.national_id) for p in event.participants for pl in p.players
    )
    return event.club_id, event.event_id, event.title, event.session.info.title, players


def test_usebio_to_usebio_keeps_ids_title_national_numbers_and_figures(
    club: Path, tmp_path: Path
) -> None:
    target = tmp_path / "out.xml"
    dispatch.convert(club, target)
    written = target.read_text(encoding="iso-8859-1")
    assert "<CLUB_ID_NUMBER>1234</CLUB_ID_NUMBER>" in written
    assert "<EVENT_IDENTIFIER>E-77</EVENT_IDENTIFIER>" in written
    assert "<TITLE>Tuesday</TITLE>" in written
    assert "<NATIONAL_ID_NUMBER>102</NATIONAL_ID_NUMBER>" in written
    assert "<NS_MATCH_POINTS>2</NS_MATCH_POINTS>" in written
    assert usebio.load(target).without_locations() == usebio.load(club).without_locations()


def test_what_other_formats_cannot_hold_is_lost_through_them(club: Path, tmp_path: Path) -> None:
    through = tmp_path / "club.pbn"
    dispatch.convert(club, through)
    dispatch.convert(through, tmp_path / "back.xml")
    back = usebio.load(tmp_path / "back.xml")
    assert [(p.key, p.name) for p in back.participants][:2] == [
        ("1", "Ann Bell & Bob Hart"),
        ("2", "Cy Dunn"),
    ]
    assert (back.club_id, back.event_id, back.title) == (None, None, None)
    assert {pl.national_id for p in back.participants for pl in p.players} == {None}
    assert back.figures.is_empty


def test_export_keeps_the_ids_of_the_usebio_file_it_scored(club: Path) -> None:
    original = usebio.load(club)
    ours = usebio_event(score_session(original.session), original)
    assert _ids(ours) == _ids(original)
    assert ours.figures.pairs["1"].boards_played == 2  # our figures, not the file's
    assert _ids(usebio.loads(usebio.dumps(ours))) == _ids(original)
    without = usebio_event(score_session(original.session))
    assert without.club_id is None and without.participants[0].players[0].national_id is None


@pytest.mark.parametrize("name", ["mp_pairs_howell", "mp_pairs_mitchell", "butler_mitchell"])
def test_real_files_convert_to_usebio_unchanged(name: str, tmp_path: Path) -> None:
    source = SHARED / f"{name}.xml"
    if not source.exists():
        pytest.skip(
            f"the real USEBIO files are not here ({source} is missing: ../shared is absent)"
        )
    target = tmp_path / "out.xml"
    dispatch.convert(source, target)
    original = usebio.load(source)
    assert original.club_id is not None and original.event_id is not None and original.title
    assert not original.figures.is_empty
    assert usebio.load(target).without_locations() == original.without_locations()
