"""Fixtures of the results-site tests: the club event, its site written once per run, and
Debian's chromium (launched once a worker, a context of it a module)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.render.html import render_site
from tests.support.browser import chromium
from tests.support.site_event import club_event


@pytest.fixture(scope="session")
def event() -> PairsEvent:
    return club_event()


@pytest.fixture(scope="session")
def site(event: PairsEvent, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club event's site, written once; tests only read it."""
    index = render_site(event, tmp_path_factory.mktemp("results") / "site")
    return index.parent


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserContext]:
    """A context of the worker's one chromium for the module (no cookies, storage or cache
    from another module). Never skipped: without the browser the tests fail and say how to
    get it."""
    with chromium() as context:
        yield context


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
