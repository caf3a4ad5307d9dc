"""Table and guide cards as a web page (in Debian's chromium at a phone's 390 px) and as a PDF
(four, two or one card to an A4 page): a 7-table Mitchell and a 5-table Howell."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page
from pypdf import PdfReader

from bridgescore.core.movements import howell, mitchell
from bridgescore.render.html.cards import render_cards, render_cards_pdf
from tests.support.browser import ARTEFACTS, served
from tests.support.cli import run
from tests.support.html import parse, texts

A4 = (595, 842)  # points


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Both movements' card pages, served."""
    root = tmp_path_factory.mktemp("cards")
    render_cards(mitchell(7), root / "mitchell7", title="Tuesday pairs")
    render_cards(howell(5), root / "howell5")
    with served(root) as url:
        yield url


def test_the_page_has_a_card_for_every_table_and_pair(tmp_path: Path) -> None:
    index = render_cards(mitchell(7), tmp_path / "cards", title="Tuesday pairs")
    root = parse(index)
    assert texts(root, "//section[contains(@class, 'table-card')]/h2") == [
        f"Table {n} Tuesday pairs" for n in range(1, 8)
    ]
    guides = texts(root, "//section[contains(@class, 'guide-card')]/h2")
    assert len(guides) == 14 and guides[0] == "Pair 1NS Tuesday pairs"
    row = texts(root, "//section[@id='table-1']//tbody/tr[1]/td")
    assert row == ["1", "1NS", "1EW", "1-4", "stays", "table 2 EW", "table 7"]
    assert sorted(p.name for p in index.parent.iterdir()) == [
        ".bridgescore-site",
        "cards.css",
        "favicon.svg",
        "index.html",
        "print.css",
        "site.css",
    ]


@pytest.mark.parametrize("movement", ["mitchell7", "howell5"])
def test_the_cards_fit_a_phone(page: Page, cards: str, movement: str) -> None:
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"{cards}{movement}/index.html")
    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1] == 390, f"the page scrolls sideways: {widths}"
    for table in page.locator("section.card table").all():
        box = table.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    size = page.evaluate("getComputedStyle(document.body).fontSize")
    assert size == "13px"
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"cards-{movement}-390.png"), full_page=True)


def test_a_howell_table_card_in_the_browser(page: Page, cards: str) -> None:
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(f"{cards}howell5/index.html#table-1")
    heading = page.locator("#table-1 h2").inner_text()
    assert heading.startswith("Table 1")
    assert page.locator("#table-1 tbody tr").count() == 9
    assert page.locator("section.guide-card").count() == 10
    assert page.title() == "Howell, 5 tables, 9 rounds of 3 boards: table and guide cards"


@pytest.mark.parametrize(
    ("movement", "tables", "pairs"), [(mitchell(7), 7, 14), (howell(5), 5, 10)]
)
@pytest.mark.parametrize("per_page", [4, 2, 1])
def test_the_pdf_has_its_cards_four_two_or_one_to_an_a4_page(
    tmp_path: Path, movement: object, tables: int, pairs: int, per_page: int
) -> None:
    """The table cards fill pages of their own, then the guide cards; every card whole on one
    page, in order, as many to a page as asked (the last page of each the rest)."""
    from bridgescore.core.movements import Movement

    assert isinstance(movement, Movement)
    path = tmp_path / "cards.pdf"
    pages = render_cards_pdf(movement, path, per_page=per_page)
    reader = PdfReader(path)
    wanted = [*_sheets(tables, per_page), *_sheets(pairs, per_page)]
    assert pages == len(reader.pages) == len(wanted)
    headings = []
    for pdf_page, cards in zip(reader.pages, wanted, strict=True):
        box = pdf_page.mediabox
        assert (round(float(box.width)), round(float(box.height))) == A4
        text = pdf_page.extract_text()
        assert text.count("Round") == cards, text  # a card's table heading
        headings += [line.split(" ")[:2] for line in text.splitlines() if _heading(line)]
    assert headings == [
        *(["Table", str(n)] for n in range(1, tables + 1)),
        *(["Pair", pair] for pair in _pairs(movement)),
    ]


def _sheets(cards: int, per_page: int) -> list[int]:
    """How many cards each page holds."""
    return [min(per_page, cards - start) for start in range(0, cards, per_page)]


def _heading(line: str) -> bool:
    words = line.split(" ")
    return len(words) >= 2 and words[0] in {"Table", "Pair"} and words[1][:1].isdigit()


def _pairs(movement: object) -> list[str]:
    from bridgescore.core.movements import Movement
    from bridgescore.core.movements.cards import guide_cards

    assert isinstance(movement, Movement)
    return [card.pair for card in guide_cards(movement)]


def test_the_cards_command_says_how_many_to_a_page(tmp_path: Path) -> None:
    pdf = tmp_path / "c.pdf"
    made = run("movement", "cards", "mitchell", "--tables", "7", "--pdf", str(pdf))
    assert made.exit_code == 0 and made.output == f"cards PDF: {pdf} (6 pages)\n"
    refused = run(
        "movement", "cards", "howell", "--tables", "5", "--per-page", "3", "--pdf", "x.pdf"
    )
    assert refused.exit_code == 2 and "'3' is not one of '4', '2', '1'" in refused.output
    assert not Path("x.pdf").exists()
