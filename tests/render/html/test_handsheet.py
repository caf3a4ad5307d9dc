"""Hand-record sheets: four or six boards an A4 page, as a PDF (read back with pypdf) and as a
page; the 32 generated deals of the oracle, their analysis cached (no solver here)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from bridgescore.core.errors import ReportError
from bridgescore.core.hands.record import HandRecord
from bridgescore.core.table.deal import Deal
from bridgescore.formats.hands import HandRecords
from bridgescore.render.html.handsheet import (
    render_sheets_html,
    render_sheets_pdf,
    sheet_model,
)
from tests.support.endplay_oracle import known
from tests.support.html import elements, parse, texts

RECORDS = HandRecords(
    tuple(
        HandRecord(k.board, Deal.parse(k.deal)).with_table(k.table)
        for k in known()
        if k.group == "generated"
    ),
    title="Spring congress",
)


@pytest.mark.parametrize(("per_page", "pages"), [(4, 8), (6, 6)])
def test_a_32_board_set_fills_its_pages(per_page: int, pages: int, tmp_path: Path) -> None:
    path = tmp_path / "hands.pdf"
    assert render_sheets_pdf(sheet_model(RECORDS, per_page=per_page), path) == pages
    reader = PdfReader(path)
    assert len(reader.pages) == pages
    first = reader.pages[0].extract_text()
    assert "Spring congress" in first and f"1 / {pages}" in first
    assert "North deals" in first and "Love all" in first and "Par " in first
    last = reader.pages[-1].extract_text()
    assert "32" in last and "West deals" in last
    width, height = reader.pages[0].mediabox.width, reader.pages[0].mediabox.height
    assert (round(float(width)), round(float(height))) == (595, 842)  # A4 in points


def test_the_page_shows_what_a_hand_record_sheet_shows(tmp_path: Path) -> None:
    index = render_sheets_html(sheet_model(RECORDS, grid=True), tmp_path / "sheets")
    page = parse(index)
    boards = elements(page, "//article[@class='board']")
    assert len(boards) == 32 and len(elements(page, "//section[@class='sheet']")) == 8
    first = boards[0]
    record = RECORDS.records[0]
    north = record.deal.hand(record.dealer)
    assert north is not None
    points = texts(first, ".//div[@class='rose']/span")
    hand_points = [record.deal.hand(s) for s in (record.dealer, *[])]
    assert hand_points and points[0] == str(north.hcp)
    grid = elements(first, ".//table[@class='dd-grid']/tbody/tr")
    assert len(grid) == 4 and record.table is not None
    assert texts(first, ".//p[@class='par']")[0].startswith("Par ")
    assert (tmp_path / "sheets" / "handsheet.css").is_file()
    again = render_sheets_html(sheet_model(RECORDS), tmp_path / "sheets")
    assert elements(parse(again), "//p[@class='makeable']")


def test_four_or_six_a_page_only() -> None:
    with pytest.raises(ReportError, match="4 or 6 boards a page"):
        sheet_model(RECORDS, per_page=5)
