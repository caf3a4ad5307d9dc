"""Every page fits the screen it is shown on, a phone's (390 x 844) as a desktop's (1280 x 900):
no page scrolls sideways (``document.documentElement.scrollWidth`` is at most the window's
width). Every page of the bundled pairs and teams sites is laid out at both widths by
``test_every_page.py`` (the same walk that proves their links, in one load a page); here, in
chromium, a generated 100-table event's site: its index, every board page (a traveller of 100
lines) and the score cards of pairs 1, 9, 10, 99 and 100 both ways (numbers of one, two and
three digits). Its 190 other cards are the same template with the same columns, filled from the
same 100-line travellers. A phone's screenshots are kept under ``build/test-artefacts/``.
(That a score card row's points and percentage share a line on a phone is proved on the pairs
site's cards in the same walk, by ``test_every_page.py``.)"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import BrowserContext

from bridgescore.core.table.traveller import EventInfo
from bridgescore.events.pairs import score_file
from bridgescore.render.html import render_site
from tests.support.browser import served
from tests.support.generated import event
from tests.support.paths import ROOT

VIEWPORTS = [(390, 844), (1280, 900)]
ARTEFACTS = ROOT / "build" / "test-artefacts"
CARDS = [f"pairs/{pair}-{way}.html" for pair in (1, 9, 10, 99, 100) for way in ("ns", "ew")]
"""The big site's score cards laid out here (see the module docstring)."""


def test_no_page_of_a_100_table_site_scrolls_sideways(
    tmp_path: Path, browser: BrowserContext
) -> None:
    """A generated Mitchell of 100 tables and 24 boards, as a site."""
    big = tmp_path / "big.csv"
    event(24, 100, seed=21).write_csv(big)
    info = EventInfo(title="A hundred tables", club="County Bridge Association")
    name, site = "big", render_site(score_file(big, info=info), tmp_path / "big").parent
    every = sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))
    assert len(every) == 1 + 24 + 200
    pages = ["index.html", *(p for p in every if p.startswith("boards/")), *CARDS]
    assert set(pages) <= set(every) and len(pages) == 1 + 24 + len(CARDS)
    too_wide = []
    shown = {pages[0], pages[len(pages) // 2], pages[-1]}  # a phone's screenshots of these
    with served(site) as base:
        page = browser.new_page()
        try:
            sizes = list(VIEWPORTS)
            for path in pages:  # each page loaded once, then laid out at each width
                response = page.goto(base + path)
                assert response is not None and response.ok, path
                for width, height in sizes:
                    if page.viewport_size != {"width": width, "height": height}:
                        page.set_viewport_size({"width": width, "height": height})
                    scroll, inner = page.evaluate(
                        "[document.documentElement.scrollWidth, window.innerWidth]"
                    )
                    if scroll > inner:
                        too_wide.append(f"{path} at {width}: {scroll} px wide")
                    if width < 600 and path in shown:
                        ARTEFACTS.mkdir(parents=True, exist_ok=True)
                        shot = ARTEFACTS / f"{name}-{path.replace('/', '-')}-{width}.png"
                        page.screenshot(path=str(shot), full_page=True)
                sizes.reverse()  # the next page is laid out first at the width this one ends at
        finally:
            page.close()
    assert too_wide == []
