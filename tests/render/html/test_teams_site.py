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
        "1", "1 Ashdown", "97.80", "163.00", "57.00"
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
