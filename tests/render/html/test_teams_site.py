"""The results site of the bundled teams event: standings, cross table, match sheets."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urldefrag

from click.testing import CliRunner

from bridgescore.cli import app
from bridgescore.core.table.traveller import Session
from bridgescore.formats import pbn
from bridgescore.formats.pbn.session import session_to_pbn
from tests.support.html import elements, parse, strings, texts
from tests.support.paths import EXAMPLES
from tests.support.site_event import seeded_deals


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
    assert elements(sheet, "//section[@class='hands']") == []


def test_the_title_club_date_and_hands_given(tmp_path: Path) -> None:
    """``--title``, ``--club`` and ``--date`` head every page; ``--hands`` puts each board's
    hands on its match sheet and offers the travellers with hands as PBN."""
    site = tmp_path / "site"
    hands = tmp_path / "hands.pbn"
    deals = seeded_deals(list(range(1, 57)), seed=7)
    hands.write_text(pbn.dumps(session_to_pbn(Session((), deals=deals))), encoding="utf-8")
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
            "--html",
            str(site),
        ],
    )
    assert result.exit_code == 0, result.output
    for page in (site / "index.html", site / "matches" / "r1-1-2.html"):
        root = parse(page)
        assert texts(root, "//header[@class='masthead']/*") == [
            "Autumn Swiss",
            "Riverside BC",
            "2026-11-27",
        ]
        assert "teams" not in texts(root, "//title")[0].lower().split(":")[0]
    sheet = parse(site / "matches" / "r1-1-2.html")
    assert (
        len(
            elements(
                sheet,
                "//section[@class='hands']//pre | //section[@class='hands']//table[@class='diagram']",
            )
        )
        == 8
    )
    index = parse(site / "index.html")
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
