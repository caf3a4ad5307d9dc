"""The results site in a real browser: Playwright drives Debian's chromium against localhost.

Chromium comes from Debian (``make browser`` installs it; never ``playwright install``). These
tests are never skipped: without the browser they fail and say how to get it. Screenshots are
kept under ``build/test-artefacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize

from tests.support.browser import served
from tests.support.paths import EXAMPLES, ROOT
from tests.support.site_event import TRICKY_NAMES

ARTEFACTS = ROOT / "build" / "test-artefacts"


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    """The site served over HTTP on a free localhost port for the module's tests."""
    with served(site) as url:
        yield url


@pytest.fixture(scope="module")
def sheets_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The bundled hand record's sheets (six boards a page) served like the site."""
    from bridgescore.formats import hands
    from bridgescore.render.html.handsheet import render_sheets_html, sheet_model

    model = sheet_model(hands.load(EXAMPLES / "club-hands.pbn"), per_page=6)
    index = render_sheets_html(model, tmp_path_factory.mktemp("sheets") / "hands")
    with served(index.parent) as url:
        yield url


def _screenshot(page: Page, name: str) -> Path:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / name
    page.screenshot(path=str(path), full_page=True)
    return path


def test_the_pages_load_with_their_styles(page: Page, base_url: str) -> None:
    for path, title in [
        ("index.html", "Club session: results"),
        ("pairs/3-ns.html", "Pair 3 NS · Club session"),
        ("boards/1.html", "Board 1 · Club session"),  # the page whose styles are looked at
    ]:
        response = page.goto(base_url + path)
        assert response is not None and response.ok, path
        assert page.title() == title
    assert page.url == base_url + "boards/1.html"
    heart = page.locator("td.hand.north .suit.red").first
    assert heart.text_content() == "♥"
    assert heart.evaluate("e => getComputedStyle(e).color") == "rgb(200, 16, 46)"
    spade = page.locator("td.hand.north .suit").first
    assert spade.evaluate("e => getComputedStyle(e).color") == "rgb(29, 35, 48)"


def test_clicking_a_pair_number_opens_its_score_card(page: Page, base_url: str) -> None:
    page.goto(base_url + "index.html")
    page.locator("#ranking-ns td.pair").get_by_role("link", name="1", exact=True).click()
    page.wait_for_url("**/pairs/1-ns.html")
    assert page.locator("h1").inner_text() == f"Pair 1 NS: {TRICKY_NAMES}"
    assert page.locator("table.card tbody tr").count() == 24
    top = page.locator("table.card tbody tr.top").first
    assert top.evaluate("e => getComputedStyle(e.cells[0]).backgroundColor") == "rgb(216, 240, 210)"


def test_a_board_link_reaches_the_right_traveller(page: Page, base_url: str) -> None:
    page.goto(base_url + "pairs/3-ns.html")
    page.locator("table.card td.board").get_by_role("link", name="7", exact=True).click()
    page.wait_for_url("**/boards/7.html#board-7")
    assert page.evaluate("document.querySelector(':target').id") == "board-7"
    traveller = page.locator("#board-7")
    assert traveller.locator("h2").inner_text().startswith("Board 7")
    assert traveller.locator("tbody tr").count() == 12
    box = traveller.bounding_box()
    assert box is not None and 0 <= box["y"] < 800, "the traveller is not scrolled into view"


def test_navigation_between_boards_and_back_to_the_results(page: Page, base_url: str) -> None:
    page.goto(base_url + "boards/1.html")
    page.get_by_role("link", name="Board 2 ›").click()
    page.wait_for_url("**/boards/2.html")
    page.get_by_role("link", name="‹ Board 1").click()
    page.wait_for_url("**/boards/1.html")
    page.get_by_role("link", name="Results", exact=True).click()
    page.wait_for_url("**/index.html")
    assert page.locator("#ranking-ew tbody tr").count() == 12


def test_screenshots_are_kept_as_test_artefacts(page: Page, base_url: str) -> None:
    shots = []
    for path, name in [
        ("index.html", "index.png"),
        ("boards/1.html", "board-1.png"),
        ("pairs/3-ns.html", "pair-3-ns.png"),
    ]:
        page.goto(base_url + path)
        shots.append(_screenshot(page, name))
    for shot in shots:
        data = shot.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(data) > 20_000, f"{shot} looks blank"


PHONE: ViewportSize = {"width": 390, "height": 844}
"""A phone's screen, in CSS pixels."""


def _fits(page: Page) -> None:
    """Nothing on the page is wider than the screen: no sideways scrolling."""
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px screen"


def test_a_board_page_with_its_analysis_fits_a_phone(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + "boards/1.html")
    _fits(page)
    grid = page.locator("table.dd-grid")
    assert grid.is_visible()
    assert grid.locator("tbody tr").count() == 4
    diagram, analysis = page.locator("table.diagram").bounding_box(), grid.bounding_box()
    assert diagram is not None and analysis is not None
    assert analysis["y"] >= diagram["y"] + diagram["height"] - 1, "the grid stands under the hands"
    assert page.locator("dd.par-score").inner_text().startswith("NS 100")
    made = page.locator("table.dd-grid td.makes").first
    assert made.evaluate("e => getComputedStyle(e).fontWeight") == "700"
    vs_par = page.locator("table.traveller td.vs-par").first
    assert vs_par.is_visible(), "the score against par is not cut off"
    assert vs_par.evaluate("e => getComputedStyle(e, '::before').content") == '"NS vs par "'
    _screenshot(page, "board-1-phone.png")


def test_a_score_card_with_par_fits_a_phone(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + "pairs/3-ns.html")
    _fits(page)
    for cell, label in (("td.par", '"par "'), ("td.vs-par", '"vs par "')):
        shown = page.locator(f"table.card {cell}").first
        assert shown.is_visible(), cell
        assert shown.evaluate("e => getComputedStyle(e, '::before').content") == label
    _screenshot(page, "pair-3-ns-phone.png")


def test_the_hand_record_sheets_stack_on_a_phone(page: Page, sheets_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(sheets_url + "index.html")
    assert page.title() == "Club pairs: hand record"
    _fits(page)
    boards = page.locator("article.board")
    assert boards.count() == 26
    first, second = boards.nth(0).bounding_box(), boards.nth(1).bounding_box()
    assert first is not None and second is not None
    assert second["y"] >= first["y"] + first["height"], "one board under another"
    heart = page.locator("article.board .suit.red").first
    assert heart.evaluate("e => getComputedStyle(e).color") == "rgb(200, 16, 46)"
    _screenshot(page, "hand-record-phone.png")
    page.set_viewport_size({"width": 1100, "height": 800})
    first, second = boards.nth(0).bounding_box(), boards.nth(1).bounding_box()
    assert first is not None and second is not None
    assert abs(second["y"] - first["y"]) < 1, "two boards side by side on a wide screen"


@pytest.mark.parametrize(("per_page", "grid"), [(4, False), (4, True), (6, False), (6, True)])
def test_every_board_of_a_printed_sheet_stays_in_its_box(
    page: Page, tmp_path: Path, per_page: int, grid: bool
) -> None:
    """Printed (chromium's print media, the sheets' fixed box a board), nothing of a board runs
    out of its box: not the grid, not par, on any board of the bundled hand record."""
    from bridgescore.formats import hands
    from bridgescore.render.html.handsheet import render_sheets_html, sheet_model

    model = sheet_model(hands.load(EXAMPLES / "club-hands.pbn"), per_page=per_page, grid=grid)
    index = render_sheets_html(model, tmp_path / "sheets")
    with served(index.parent) as url:
        page.emulate_media(media="print")
        page.goto(url + "index.html")
        spills = page.evaluate(
            """[...document.querySelectorAll('article.board')]
                .filter(b => b.scrollHeight > b.clientHeight + 1).map(b => b.id)"""
        )
        assert page.locator("article.board").count() == 26
        if grid:
            assert page.locator("article.board table.dd-grid").count() == 26
    assert spills == []
