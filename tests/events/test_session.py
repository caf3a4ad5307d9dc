"""``bridgescore score session.toml``: the bundled session scores as its travellers do, titled
by the file; wrong lines are located with a suggestion, missing ones listed or averaged; two
sections are compared across the field or within each."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from lxml import etree

from bridgescore.core.errors import FileFormatError
from bridgescore.core.table.traveller import EventInfo
from bridgescore.events.pairs import score_file
from bridgescore.events.session import plan_session, score_session_file
from tests.support.cli import as_json, run
from tests.support.paths import DATA, EXAMPLES

SESSIONS = DATA / "sessions"


def test_the_bundled_session_file_scores_as_its_travellers_and_names_do() -> None:
    by_file = score_file(EXAMPLES / "club-session.toml")
    by_travellers = score_file(EXAMPLES / "club-session.csv", names=EXAMPLES / "club-names.csv")
    assert by_file.rankings == by_travellers.rankings
    assert [b.lines for b in by_file.boards] == [b.lines for b in by_travellers.boards]
    info = by_file.session.info
    assert (info.title, info.club, info.date) == (
        "Tuesday pairs",
        "Riverside Bridge Club",
        "2026-11-24",
    )
    assert info.movement == "Mitchell, 13 tables, 13 rounds of 2 boards"
    assert len(by_file.session.deals) == 26  # the hand record the file names
    assert by_file.warnings == by_travellers.warnings


def test_the_details_given_go_over_the_files() -> None:
    event = score_session_file(EXAMPLES / "club-session.toml", info=EventInfo(title="Heat 2"))
    assert (event.session.info.title, event.session.info.club) == (
        "Heat 2",
        "Riverside Bridge Club",
    )
    data = as_json("score", str(EXAMPLES / "club-session.csv"), "--title", "Heat 2", "--club", "X")
    assert data["rankings"][0]["entries"][0]["pair"] == "12"
    printed = run("score", str(EXAMPLES / "club-session.csv"), "--title", "Heat 2").output
    assert printed.startswith("Heat 2\n")


def test_command_line_options_go_over_the_files_scoring() -> None:
    default = as_json("score", str(EXAMPLES / "club-session.toml"))
    butler = as_json("score", str(EXAMPLES / "club-session.toml"), "--method", "butler")
    assert (default["method"], butler["method"]) == ("mp", "butler")


def test_the_usebio_export_carries_the_players_numbers_and_the_title(tmp_path: Path) -> None:
    out = tmp_path / "club.xml"
    result = run("export", str(EXAMPLES / "club-session.toml"), "--usebio", str(out))
    assert result.exit_code == 0, result.output
    root = etree.parse(str(out)).getroot()
    assert root.findtext(".//EVENT_DESCRIPTION") == "Tuesday pairs"
    assert root.findtext(".//CLUB_NAME") == "Riverside Bridge Club"
    assert root.findtext(".//DATE") == "24/11/2026"
    players = [
        (p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER")) for p in root.iter("PLAYER")
    ]
    assert players[:2] == [("Jack Jones", "574354"), ("Fred Fisher", "686963")]
    assert len(players) == 50 and all(number for _, number in players)


def test_a_wrong_pair_number_is_located_with_the_likely_fix() -> None:
    with pytest.raises(FileFormatError) as raised:
        score_session_file(SESSIONS / "typo.toml")
    assert str(raised.value) == (
        f"{SESSIONS / 'typo.csv'}:12: board 4, NS 1 v EW 2: in round 2 pair 1 met EW 3 on "
        "boards 3-4; is the EW number right?"
    )


def test_missing_results_are_listed_and_can_be_averaged(tmp_path: Path) -> None:
    event = score_session_file(SESSIONS / "typo.toml", lenient=True)
    assert [w.split(": ", 1)[1] for w in event.warnings[:2]] == [
        "board 4, NS 1 v EW 3 (round 2, table 1): no result",
        "board 6, NS 2 v EW 1 (round 2, table 2): no result",
    ]
    assert len(event.board(4).lines) == 2  # the wrong line and the missing one are not played
    text = (SESSIONS / "typo.toml").read_text(encoding="utf-8")
    averaged = tmp_path / "typo.toml"
    averaged.write_text(text + '\n[scoring]\nmissing = "average"\n', encoding="utf-8")
    (tmp_path / "typo.csv").write_bytes((SESSIONS / "typo.csv").read_bytes())
    event = score_session_file(averaged, lenient=True)
    board = event.board(6)
    (added,) = [s for s in board.lines if s.line.adjusted is not None]
    assert (added.ns_pair.label, added.ew_pair.label) == ("2", "1")
    assert added.ns_average == added.ew_average == Fraction(50)


def test_two_sections_are_compared_across_the_field_or_within() -> None:
    across = score_session_file(SESSIONS / "two-sections.toml")
    assert [b.section for b in across.boards] == [None] * 6
    assert [int(s.ns_points) for s in across.board(1).lines] == [7, 0, 10, 7, 2, 4]
    assert [(r.section, r.field, r.overall) for r in across.rankings][:2] == [
        (None, "NS", True),
        (None, "EW", True),
    ]
    within = score_session_file(SESSIONS / "two-sections.toml", compare="within")
    assert [b.section for b in within.boards][:2] == ["A", "B"]
    assert [int(s.ns_points) for s in within.board(1, "A").lines] == [2, 0, 4]
    printed = run("score", str(SESSIONS / "two-sections.toml"), "--compare", "within").output
    assert "Overall" not in printed and "Section B: East-West" in printed


def test_the_plan_numbers_each_sections_boards_from_its_range() -> None:
    plan = plan_session(SESSIONS / "two-sections.toml")
    assert set(plan.movements) == {"A", "B"}
    assert plan.movements["A"].sets == {"1": (1, 2), "2": (3, 4), "3": (5, 6)}
    assert plan.missing == ()


@pytest.mark.parametrize("compare", ["within", "across"])
def test_a_usebio_file_of_sections_is_scored_the_way_its_figures_say(
    tmp_path: Path, compare: str
) -> None:
    out = tmp_path / "two.xml"
    wrote = run(
        "export", str(SESSIONS / "two-sections.toml"), "--compare", compare, "--usebio", str(out)
    )
    assert wrote.exit_code == 0, wrote.output
    again = score_file(out)
    assert again.session.info.compare == compare
    across = [b.section for b in again.boards] == [None] * 6
    assert across == (compare == "across")


def test_explain_and_the_site_name_each_pair_with_its_section(tmp_path: Path) -> None:
    explained = run(
        "explain", str(SESSIONS / "two-sections.toml"), "--board", "1", "--pair", "A2NS"
    )
    assert explained.output.splitlines()[:2] == [
        "Board 1: pair A 2 NS sat NS; NS score +450.",
        "Compared with the 5 other results: 5 beaten, 0 tied, 0 lost (420, 420, 400, 170, -50 beaten).",
    ]
    from bridgescore.render.html import render_site
    from tests.support.html import parse, texts

    index = render_site(score_file(SESSIONS / "two-sections.toml"), tmp_path / "site")
    first = texts(parse(index), "//section[@id='ranking-ns']//tbody/tr[1]/td[2]")
    assert first == ["B 3"]
    board = texts(parse(index.parent / "boards" / "1.html"), "//tbody/tr[1]/td[1]")
    assert board == ["A 2"]


def test_an_individual_event_is_scored_from_csv_and_from_usebio(tmp_path: Path) -> None:
    from_csv = score_session_file(SESSIONS / "individual.toml")
    (ranking,) = from_csv.rankings
    assert ranking.players and len(ranking.entries) == 8
    assert (ranking.entries[0].pair.label, ranking.entries[0].names) == ("7", "Gill Green")
    out = tmp_path / "individual.xml"
    assert run("export", str(SESSIONS / "individual.toml"), "--usebio", str(out)).exit_code == 0
    root = etree.parse(str(out)).getroot()
    assert root.find("EVENT").get("EVENT_TYPE") == "INDIVIDUAL"  # type: ignore[union-attr]
    assert [p.findtext("PLAYER_NUMBER") for p in root.iter("PLAYER")] == list("12345678")
    from_usebio = score_file(out)
    assert from_usebio.rankings == from_csv.rankings
    printed = run("score", str(SESSIONS / "individual.toml")).output
    assert "Players" in printed and "│ Rank ┃ Player" not in printed and "Player" in printed


def test_a_wrong_player_in_an_individual_is_located(tmp_path: Path) -> None:
    text = (SESSIONS / "individual.csv").read_text(encoding="utf-8")
    (tmp_path / "individual.csv").write_text(text.replace("1,1+2,3+8,", "1,1+2,3+7,", 1))
    toml = (SESSIONS / "individual.toml").read_text(encoding="utf-8")
    (tmp_path / "individual.toml").write_text(toml, encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"individual.csv:2: board 1, NS 1\+2 v EW 3\+7: "):
        score_session_file(tmp_path / "individual.toml")


def test_an_individual_events_site_has_a_card_for_each_player(tmp_path: Path) -> None:
    from bridgescore.render.html import render_site
    from tests.support.html import parse, texts

    index = render_site(score_session_file(SESSIONS / "individual.toml"), tmp_path / "site")
    card = parse(index.parent / "pairs" / "7.html")
    rows = texts(card, "//table[contains(@class, 'card')]/tbody/tr/td[3]")
    assert len(rows) == 14 and rows[0] == "5+6"  # each board: the opponents' partnership
    traveller = parse(index.parent / "boards" / "1.html")
    assert texts(traveller, "//tbody/tr[1]/td[1]") in (["1+2"], ["4+7"])


def test_report_titles_every_page_with_the_session_file_or_the_options(tmp_path: Path) -> None:
    from tests.support.html import parse, texts

    made = run("report", str(EXAMPLES / "club-session.toml"), "--html", str(tmp_path / "a"))
    assert made.exit_code == 0, made.output
    index = parse(tmp_path / "a" / "index.html")
    assert texts(index, "//title") == ["Tuesday pairs: results"]
    assert texts(index, "//header/span[@class='club']") == ["Riverside Bridge Club"]
    board = parse(tmp_path / "a" / "boards" / "1.html")
    assert texts(board, "//header/a[@class='home']") == ["Tuesday pairs"]
    csv = str(EXAMPLES / "club-session.csv")
    given = run(
        "report", csv, "--title", "Heat 2", "--date", "1 May", "--html", str(tmp_path / "b")
    )
    assert given.exit_code == 0, given.output
    index = parse(tmp_path / "b" / "index.html")
    assert texts(index, "//title") == ["Heat 2: results"]
    assert texts(index, "//header/span[@class='date']") == ["1 May"]


def test_a_curtailed_session_is_one_warning_and_a_lost_board_stands_out(tmp_path: Path) -> None:
    """A 9-table Mitchell (3 boards a round) stopped after round 7, and one line lost in round
    2: 55 results missing, said in two warnings (they were 55, printed as 20 and "... and 35
    more", the lost line among them)."""
    from tests.support.played import session_folder

    path = session_folder(tmp_path, rounds=7)
    results = tmp_path / "club.csv"
    lines = results.read_text(encoding="utf-8").splitlines(keepends=True)
    lost = next(line for line in lines if line.endswith(",2,5\n"))  # round 2, table 5
    results.write_text("".join(line for line in lines if line != lost), encoding="utf-8")
    result = run("score", str(path))
    assert result.exit_code == 0, result.output
    assert lost.startswith("16,5,4,")  # set 5 + 2 - 1 = 6: boards 16-18; EW 5 - 2 + 1 = 4
    assert [line for line in result.stderr.splitlines() if line.startswith("warning:")] == [
        f"warning: {results}: board 16, NS 5 v EW 4 (round 2, table 5): no result",
        f"warning: {results}: rounds 8-9 of tables 1-9 not played (curtailed): 54 boards",
    ]
