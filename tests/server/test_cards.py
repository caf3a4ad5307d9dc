"""The table cards a director prints: four to an A4 page (two when asked), each with its
table's code, its rounds (sit-outs said) and a QR code of the server's public address that a
phone reads at the printed size, on the page printed by chromium and in the PDF."""

from __future__ import annotations

from pathlib import Path

import httpx
import pypdfium2
import zxingcpp

from tests.support.browser import browser
from tests.support.server import PASSWORD, Api, Seeded, threaded_server

PUBLIC = "http://club.example:8000"
QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
"""What zxing looks for: QR codes, as a phone's camera does on a card."""


def codes_on(pdf: bytes) -> list[list[str]]:
    """The QR codes read off each page of a PDF rendered at 150 dpi (as a phone sees paper),
    each distinct code once: the reader may find one printed code twice (in one CI run it gave
    eight reads on the seven cards of the test below; every run before and since, seven)."""
    document = pypdfium2.PdfDocument(pdf)
    pages = []
    for number in range(len(document)):
        image = document[number].render(scale=150 / 72).to_pil()
        read = zxingcpp.read_barcodes(image, formats=QR)
        pages.append(sorted({found.text for found in read}))
    return pages


def test_cards_are_four_to_a_page_with_their_rounds_and_a_qr_code_that_reads(
    database: str, seeded: Seeded, tmp_path: Path
) -> None:
    with threaded_server(database, tmp_path, public_url=PUBLIC) as served:
        api = Api(served.url, token=seeded.token(database))
        body = {
            "title": "Half table",
            "sections": [{"tables": "6.5", "movement": "howell", "boards": "1-26"}],
        }
        event_id, codes = api.event(body)
        director = httpx.Client(base_url=served.url, timeout=120)
        director.post("/director/login", data={"name": "ann", "password": PASSWORD})
        wanted = sorted(
            f"{PUBLIC}/table?event={event_id}&section=A&table={name[1:]}&code={code}"
            for name, code in codes.items()
        )
        made = director.get(f"/director/events/{event_id}/cards?pdf=1")
        assert made.headers["content-type"] == "application/pdf"
        pages = codes_on(made.content)
        assert [len(page) for page in pages] == [4, 3], pages
        assert sorted(code for page in pages for code in page) == wanted
        assert [
            len(p)
            for p in codes_on(
                director.get(f"/director/events/{event_id}/cards?pdf=1&per_page=2").content
            )
        ] == [2, 2, 2, 1]
        html = director.get(f"/director/events/{event_id}/cards").text
        assert "127.0.0.1" not in html and f"{PUBLIC}/table" in html
        assert html.count("sits out") == 13  # the phantom's table: a pair sits out each round
        with browser() as chromium:
            context = chromium.new_context()
            context.add_cookies(
                [{"name": k, "value": v, "url": served.url} for k, v in director.cookies.items()]
            )
            page = context.new_page()
            page.goto(f"{served.url}/director/events/{event_id}/cards")
            printed = page.pdf(format="A4")
        pages = codes_on(printed)
        assert [len(page) for page in pages] == [4, 3], pages
        assert sorted(code for page in pages for code in page) == wanted
