"""Every page fits the screen it is shown on, a phone's (390 x 844) as a desktop's (1280 x 900):
no page scrolls sideways (``document.documentElement.scrollWidth`` is at most the window's
width). Checked in chromium on every page of the bundled pairs and teams sites and of a
generated 100-table event's site; a phone's screenshots are kept under
``build/test-artefacts/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from bridgescore.core.table.traveller import EventInfo
from bridgescore.events.hands import hand_record
from bridgescore.events.pairs import score_file
from bridgescore.events.teams import teams_conditions, teams_event
from bridgescore.render.html import render_site, render_teams_site
from tests.support.browser import chromium, served
from tests.support.generated import event
from tests.support.paths import EXAMPLES, ROOT

VIEWPORTS = [(390, 844), (1280, 900)]
ARTEFACTS = ROOT / "build" / "test-artefacts"


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The bundled pairs session (with its hands), the bundled teams event (its players
    listed, a page for each board of its analysed hand record) and a generated Mitchell of 100
    tables and 24 boards, each as a site."""
    where = tmp_path_factory.mktemp("sites")
    club = score_file(
        EXAMPLES / "club-session.csv",
        names=EXAMPLES / "club-names.csv",
        hands=EXAMPLES / "club-hands.pbn",
    )
    teams = teams_event(EXAMPLES / "teams.csv", teams=EXAMPLES / "teams-names.csv")
    teams_hands = EXAMPLES / "teams-hands.pbn"
    standings = teams.standings(teams_conditions())
    big = where / "big.csv"
    event(24, 100, seed=21).write_csv(big)
    info = EventInfo(title="A hundred tables", club="County Bridge Association")
    return {
        "pairs": render_site(club, where / "pairs").parent,
        "teams": render_teams_site(
            teams, standings, where / "teams", info=info, hands=hand_record(teams_hands)
        ).parent,
        "big": render_site(score_file(big, info=info), where / "big").parent,
    }


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    with chromium(tmp_path_factory.mktemp("chromium-profile")) as context:
        yield context


@pytest.mark.parametrize("name", ["pairs", "teams", "big"])
def test_no_page_scrolls_sideways(
    name: str, sites: dict[str, Path], browser: BrowserContext
) -> None:
    site = sites[name]
    pages = sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))
    assert len(pages) > {"pairs": 50, "teams": 28 + 56, "big": 220}[name]
    too_wide = []
    shown = {pages[0], pages[len(pages) // 2], pages[-1]}  # a phone's screenshots of these
    with served(site) as base:
        page = browser.new_page()
        try:
            for path in pages:  # each page loaded once, then laid out at each width
                response = page.goto(base + path)
                assert response is not None and response.ok, path
                for width, height in VIEWPORTS:
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
        finally:
            page.close()
    assert too_wide == []


def test_a_score_cards_points_and_percentage_share_a_line_of_their_own_on_a_phone(
    sites: dict[str, Path], browser: BrowserContext
) -> None:
    """On a phone a score card row's points and percentage are one line, below the rest of the
    row, on every row of every card (a percentage never wraps away from its points)."""
    site = sites["pairs"]
    cards = sorted(path.relative_to(site).as_posix() for path in (site / "pairs").glob("*.html"))
    assert len(cards) > 20
    split = []
    with served(site) as base:
        page = browser.new_page()
        try:
            page.set_viewport_size({"width": 390, "height": 844})
            for path in cards:
                page.goto(base + path)
                rows = page.eval_on_selector_all(
                    "table.card tbody tr",
                    """rows => rows.map(row => {
                        const top = s => row.querySelector(s).getBoundingClientRect().top;
                        return [top('td.points'), top('td.percent'), top('td.score')];
                    })""",
                )
                for number, (points, percent, score) in enumerate(rows, start=1):
                    if abs(points - percent) > 2 or points <= score + 2:
                        split.append(f"{path} row {number}: {points}, {percent}, {score}")
        finally:
            page.close()
    assert split == []
