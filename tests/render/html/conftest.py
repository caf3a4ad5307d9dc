"""Fixtures of the results-site tests: the club event, its site written once per run, and
Debian's chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, sync_playwright

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.render.html import render_site
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from tests.support.site_event import club_event


@pytest.fixture(scope="session")
def event() -> PairsEvent:
    return club_event()


@pytest.fixture(scope="session")
def site(event: PairsEvent, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club event's site, written once; tests only read it."""
    index = render_site(event, tmp_path_factory.mktemp("results") / "site")
    return index.parent


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """Debian's chromium with a fresh profile directory. Never skipped: without the browser
    the tests fail and say how to get it."""
    if not CHROMIUM.is_file():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium; "
            "`make browser` installs it (apt-get install chromium, as root)",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1100, "height": 800},
        )
        context.set_default_timeout(20_000)
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def page(browser: BrowserContext) -> Iterator[Page]:
    """A new page; the test fails if the browser reports an error on it."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page
    finally:
        page.close()
    assert errors == [], f"the browser reported errors: {errors}"
