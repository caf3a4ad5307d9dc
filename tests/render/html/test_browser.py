"""The results site in a real browser: Playwright drives Debian's chromium against localhost.

Chromium comes from Debian (``make browser`` installs it; never ``playwright install``). These
tests are never skipped: without the browser they fail and say how to get it. Screenshots are
kept under ``build/test-artefacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.support.browser import ARTEFACTS, serve
from tests.support.site_event import TRICKY_NAMES


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    """The site served over HTTP on a free localhost port for the module's tests."""
    with serve(site) as url:
        yield url


def _screenshot(page: Page, name: str) -> Path:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / name
    page.screenshot(path=str(path), full_page=True)
    return path


def test_the_pages_load_with_their_styles(page: Page, base_url: str) -> None:
    for path, title in [
        ("index.html", "Club session: results"),
        ("boards/1.html", "Board 1 · Club session"),
        ("pairs/3-ns.html", "Pair 3 NS · Club session"),
    ]:
        response = page.goto(base_url + path)
        assert response is not None and response.ok, path
        assert page.title() == title
    page.goto(base_url + "boards/1.html")
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
