"""Individual USEBIO files in the seat form real files use (each traveller line's four players as
``N_PLAYER_NUMBER`` ... ``W_PLAYER_NUMBER``) and in bridgescore's own ``1+5`` form: read, ranked,
written in the seat form and read back the same."""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.core.errors import FileFormatError
from bridgescore.events.pairs import score_file
from bridgescore.events.session import score_session_file
from bridgescore.formats import usebio
from tests.support.cli import run
from tests.support.paths import DATA

SEATS = DATA / "usebio" / "individual-seats.xml"
SESSIONS = DATA / "sessions"


def _by_hand() -> dict[str, Fraction]:
    """Each player's matchpoints worked from the CSV the file was written from: two results a
    board, so the higher NS score gets 2 for its two NS players and 0 for its EW players, the
    lower the other way round, a tie 1 each."""
    points: dict[str, Fraction] = {}
    boards: dict[str, list[dict[str, str]]] = {}
    with open(SESSIONS / "individual.csv", encoding="utf-8") as file:
        for row in csv.DictReader(file):
            boards.setdefault(row["board"], []).append(row)
    for first, second in boards.values():
        one, two = int(first["score"]), int(second["score"])
        for row, mine, other in ((first, one, two), (second, two, one)):
            ns = Fraction(2 if mine > other else 1 if mine == other else 0)
            for player in row["ns"].split("+"):
                points[player] = points.get(player, Fraction(0)) + ns
            for player in row["ew"].split("+"):
                points[player] = points.get(player, Fraction(0)) + 2 - ns
    return points


def _ranking(path: Path) -> list[tuple[str, str, Fraction]]:
    (ranking,) = score_file(path).rankings
    assert ranking.players
    return [(e.rank_text, e.pair.label, Fraction(e.score)) for e in ranking.entries]


def test_the_seat_form_is_read_and_ranked_as_the_csv() -> None:
    event = usebio.load(SEATS)
    first = event.session.lines[0]
    assert (first.board, first.ns, first.ew, first.ns_score) == (1, "1+2", "3+8", 110)
    ranked = _ranking(SEATS)
    by_hand = _by_hand()
    assert {label: score for _, label, score in ranked} == by_hand
    assert ranked[0] == ("1", "7", Fraction(20))  # Gill Green: 20 of 28, ten tops of 14 boards
    (from_csv,) = score_session_file(SESSIONS / "individual.toml").rankings
    assert [(e.rank_text, e.pair.label) for e in from_csv.entries] == [r[:2] for r in ranked]


def test_the_seat_form_round_trips_with_the_same_ranking(tmp_path: Path) -> None:
    out = tmp_path / "again.xml"
    result = run("convert", str(SEATS), str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="iso-8859-1")
    assert "<N_PLAYER_NUMBER>1</N_PLAYER_NUMBER>" in text and "NS_PAIR_NUMBER" not in text
    again, first = usebio.load(out).without_locations(), usebio.load(SEATS).without_locations()
    assert again.session.lines == first.session.lines
    assert _ranking(out) == _ranking(SEATS)
    exported = tmp_path / "scored.xml"
    assert run("export", str(SEATS), "--usebio", str(exported)).exit_code == 0
    assert _ranking(exported) == _ranking(SEATS)
    assert "<W_PLAYER_NUMBER>" in exported.read_text(encoding="iso-8859-1")


def test_the_partnership_form_is_read_and_written_in_the_seat_form(tmp_path: Path) -> None:
    text = SEATS.read_text(encoding="iso-8859-1")
    partnerships = text.replace(
        "<N_PLAYER_NUMBER>1</N_PLAYER_NUMBER><S_PLAYER_NUMBER>2</S_PLAYER_NUMBER>"
        "<E_PLAYER_NUMBER>3</E_PLAYER_NUMBER><W_PLAYER_NUMBER>8</W_PLAYER_NUMBER>",
        "<NS_PAIR_NUMBER>1+2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>3+8</EW_PAIR_NUMBER>",
    )
    assert partnerships.count("1+2") == 2  # boards 1 and 2: the other lines keep their seats
    event = usebio.loads(partnerships, source="mixed.xml").without_locations()
    assert event.session.lines == usebio.load(SEATS).without_locations().session.lines
    assert "NS_PAIR_NUMBER" not in usebio.dumps(event)


def test_a_seat_left_empty_is_located() -> None:
    text = SEATS.read_text(encoding="iso-8859-1").replace(
        "<W_PLAYER_NUMBER>8</W_PLAYER_NUMBER><SCORE>110</SCORE>", "<SCORE>110</SCORE>", 1
    )
    with pytest.raises(FileFormatError) as error:
        usebio.loads(text, source="seats.xml")
    assert str(error.value) == (
        "seats.xml:20: TRAVELLER_LINE: the West player number (W_PLAYER_NUMBER) is missing"
    )


def test_a_player_not_in_the_participants_is_a_located_warning() -> None:
    """Player 9 sits West on board 1 but is not listed: the line is kept, and said."""
    text = SEATS.read_text(encoding="iso-8859-1").replace(
        "<W_PLAYER_NUMBER>8</W_PLAYER_NUMBER><SCORE>110</SCORE>",
        "<W_PLAYER_NUMBER>9</W_PLAYER_NUMBER><SCORE>110</SCORE>",
        1,
    )
    event = usebio.loads(text, source="seats.xml")
    assert event.session.lines[0].ew == "3+9"
    assert [str(p) for p in event.session.problems] == [
        "seats.xml:20: TRAVELLER_LINE: board 1: player 9 is not one of the PARTICIPANTS; the "
        "line is kept"
    ]
