"""The results site of the bundled teams event: standings, cross table, match sheets."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urldefrag

from click.testing import CliRunner

from bridgescore.cli import app
from bridgescore.formats import pbn
from tests.support.html import elements, parse, strings, texts
from tests.support.paths import EXAMPLES


def test_report_teams_writes_standings_cross_table_and_match_sheets(tmp_path: Path) -> None:
    site, pdf = tmp_path / "site", tmp_path / "teams.pdf"
    args = [
        "report-teams",
        str(EXAMPLES / "teams.csv"),
        "--teams",
        str(EXAMPLES / "teams-names.csv"),
    ]
    result = CliRunner().invoke(app, [*args, "--html", str(site), "--pdf", str(pdf)])
    assert result.exit_code == 0, result.output
    assert f"results site: {site / 'index.html'}" in result.output
    assert pdf.read_bytes().startswith(b"%PDF-")
    index = parse(site / "index.html")
    rows = elements(index, "//table[@class='standings']/tbody/tr")
    assert len(rows) == 8
    assert [c.text_content() for c in elements(rows[0], "./td")] == [
        "1",
        "1 AshdownAnn Ashdown, Colin Reed, Meera Shah, Tom Vale",
        "97.80",
        "163.00",
        "57.00",
    ]  # fmt: skip (the team's players under its name)
    cross = elements(index, "//table[@class='cross']/tbody/tr")
    assert len(cross) == 8
    assert strings(cross[0], "./td[@class='own']/text()") == ["—"]
    sheets = sorted((site / "matches").iterdir())
    assert len(sheets) == 28
    for href in strings(index, "//a/@href"):
        assert (site / urldefrag(href).url).is_file(), href
    sheet = parse(site / "matches" / "r1-1-2.html")
    assert elements(sheet, "//h1")[0].text_content() == "Round 1: Ashdown v Brampton"
    assert strings(sheet, "//p[@class='totals']/text()") == ["IMPs 10-18, VPs 6.88-13.12"]
    assert len(elements(sheet, "//table[@class='match']/tbody/tr")) == 8
    assert (
        strings(sheet, "//td[contains(@class, 'contract')]/span[@class='suit red']/text()")[0]
        == "♥"
    )
    # the foot of each team's column: the IMPs it won
    assert texts(sheet, "//table[@class='match']/tfoot//td") == ["10", "18"]
    # the cross table's columns are headed by the teams' numbers and names
    headings = texts(index, "//table[@class='cross']/thead//th")
    assert headings[:3] == ["Team", "1 Ashdown", "2 Brampton"] and headings[-1] == "Total"
    # the travellers to download (no hand record: no PBN with hands)
    assert texts(index, "//section[@class='downloads']//a") == ["Travellers (CSV)"]
    assert not strings(sheet, "//td[@class='board']/a/@href"), "no hand record: no board pages"
    assert not (site / "boards").exists()


def test_the_title_club_date_and_hands_given(tmp_path: Path) -> None:
    """``--title``, ``--club`` and ``--date`` head every page (over the hand record's own
    details); ``--hands`` (the bundled hand record, which holds its analysis) gives each board a
    page with its hands, grid and par, reached from the board numbers of the match sheets, and
    offers the travellers with hands as PBN."""
    site = tmp_path / "site"
    hands = EXAMPLES / "teams-hands.pbn"
    result = CliRunner().invoke(
        app,
        [
            "report-teams",
            str(EXAMPLES / "teams.csv"),
            "--teams",
            str(EXAMPLES / "teams-names.csv"),
            "--title",
            "Autumn Swiss",
            "--club",
            "Riverside BC",
            "--date",
            "2026-11-27",
            "--hands",
            str(hands),
            "--no-analysis",
            "--html",
            str(site),
        ],
    )
    assert result.exit_code == 0, result.output
    for page in (site / "index.html", site / "matches" / "r1-1-2.html", site / "boards" / "1.html"):
        root = parse(page)
        assert texts(root, "//header[@class='masthead']/*") == [
            "Autumn Swiss",
            "Riverside BC",
            "2026-11-27",
        ]
        assert "teams" not in texts(root, "//title")[0].lower().split(":")[0]
    sheet = parse(site / "matches" / "r1-1-2.html")
    links = strings(sheet, "//td[@class='board']/a/@href")
    assert links == [f"../boards/{n}.html" for n in range(1, 9)]
    assert sorted(int(p.stem) for p in (site / "boards").iterdir()) == list(range(1, 57))
    board = parse(site / "boards" / "1.html")
    north = texts(board, "//td[contains(@class, 'north')]//div[@class='holding']")
    assert north == ["♠ J108", "♥ K74", "♦ AJ94", "♣ KJ4"]  # the file's N:JT8.K74.AJ94.KJ4
    grid = elements(board, "//table[@class='dd-grid']/tbody/tr")
    assert len(grid) == 4, "the hand record's own analysis is shown"
    assert "analysed" not in result.output, "the file is the cache: nothing analysed again"
    assert texts(grid[0], "./td") == ["12", "12", "10", "12", "12"]  # N: NT S H D C, as the file
    assert texts(board, "//dd[@class='par-score']") == ["NS 990: 6NT NS"]
    index = parse(site / "index.html")
    # the index's board list: one link a board, its number as address and text (it once
    # passed the board pages themselves, and every link was a dump of a Python object)
    board_links = elements(index, "//nav[@class='board-index']//a")
    assert [a.get("href") for a in board_links] == [f"boards/{n}.html" for n in range(1, 57)]
    assert [a.text_content() for a in board_links] == [str(n) for n in range(1, 57)]
    assert texts(index, "//section[@class='downloads']//a") == [
        "Travellers (CSV)",
        "Travellers with hands (PBN 2.1)",
    ]
    again = pbn.loads((site / "downloads" / "teams.pbn").read_text(encoding="iso-8859-1"))
    assert len(again.games) >= 56


def test_report_teams_needs_somewhere_to_write() -> None:
    result = CliRunner().invoke(app, ["report-teams", str(EXAMPLES / "teams.csv")])
    assert result.exit_code == 2
    assert "--html DIR, --pdf FILE or both" in result.output


def test_every_match_has_its_own_page_whatever_the_teams_are_called(tmp_path: Path) -> None:
    # teams named in another script leave nothing of their names in a file name, and two
    # names differing only in case would share one page on a case-blind disk
    lines = ["board,ns,ew,contract,declarer,result,round"]
    for home, away in [
        ("Жуки", "Фазаны"),
        ("Щуки", "Цапли"),
        ("Lions", "tigers"),
        ("LIONS", "Tigers"),
    ]:
        lines += [f"1,{home},{away},4S,N,10,1", f"1,{away},{home},4S,N,9,1"]
    results = tmp_path / "cup.csv"
    results.write_text("\n".join(lines) + "\n", encoding="utf-8")
    site = tmp_path / "site"
    result = CliRunner().invoke(app, ["report-teams", str(results), "--html", str(site)])
    assert result.exit_code == 0, result.output
    pages = sorted(p.name for p in (site / "matches").iterdir())
    assert pages == ["r1-2.html", "r1-lions-tigers-2.html", "r1-lions-tigers.html", "r1.html"]
    headings = {name: strings(parse(site / "matches" / name), "//h1//text()") for name in pages}
    assert len({tuple(h) for h in headings.values()}) == 4
    index = parse(site / "index.html")
    linked = {urldefrag(href).url for href in strings(index, "//a/@href")}
    assert {f"matches/{name}" for name in pages} <= linked


def test_with_a_hand_record_every_board_gets_its_page(tmp_path: Path) -> None:
    """The 32 generated deals of the oracle, analysed (cached), as the hand record of boards
    1-32 of the teams event: each has a page with its analysis and every table's result."""
    from bridgescore.core.hands.record import HandRecord
    from bridgescore.core.table.deal import Deal
    from bridgescore.formats import hands
    from tests.support.endplay_oracle import known

    records = [
        HandRecord(k.board, Deal.parse(k.deal)).with_table(k.table)
        for k in known()
        if k.group == "generated"
    ]
    hands.dump(records, tmp_path / "hands.pbn")
    site = tmp_path / "site"
    args = ["report-teams", str(EXAMPLES / "teams.csv"), "--hands", str(tmp_path / "hands.pbn")]
    result = CliRunner().invoke(app, [*args, "--html", str(site)])
    assert result.exit_code == 0, result.output
    assert "analysed" not in result.output
    assert sorted(int(p.stem) for p in (site / "boards").iterdir()) == list(range(1, 33))
    board = parse(site / "boards" / "1.html")
    assert len(elements(board, "//table[@class='dd-grid']/tbody/tr")) == 4
    par = records[0].par
    assert par is not None
    rows = elements(board, "//table[@class='traveller']/tbody/tr")
    assert len(rows) == 8  # round 1: four matches, two rooms each
    for row in rows:
        score = int(strings(row, "./td[@class='ns-score']/text()")[0])
        shown = strings(row, "./td[@class='vs-par']/text()")
        assert shown == [f"{score - par.score:+d}" if score != par.score else "0"]
    sheet = parse(site / "matches" / "r1-1-2.html")
    assert strings(sheet, "//td[@class='board']/a/@href")[0] == "../boards/1.html"
    assert not (site / "boards" / "33.html").exists()
    later = parse(site / "matches" / "r5-1-7.html")  # boards 33-40: not in the hand record
    assert not strings(later, "//td[@class='board']/a/@href")
