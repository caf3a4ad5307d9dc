"""The results site of the bundled teams event: standings, cross table, match sheets."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urldefrag

from click.testing import CliRunner

from bridgescore.cli import app
from tests.support.html import elements, parse, strings
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
        "1", "1 Ashdown", "97.80", "163", "57"
    ]  # fmt: skip
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
    assert strings(sheet, "//td[@class='contract']/span[@class='suit red']/text()")[0] == "♥"


def test_report_teams_needs_somewhere_to_write() -> None:
    result = CliRunner().invoke(app, ["report-teams", str(EXAMPLES / "teams.csv")])
    assert result.exit_code == 2
    assert "--html DIR, --pdf FILE or both" in result.output


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
