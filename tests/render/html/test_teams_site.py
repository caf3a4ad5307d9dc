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
