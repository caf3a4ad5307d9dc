"""Debian's chromium driven by Playwright, and a site served over HTTP on localhost, for the
browser tests. Chromium comes from Debian as its headless shell (``chromium-headless-shell``:
the same Blink as the ``chromium`` package, without the browser's own windows and pages, at
about half the CPU a page); ``make browser`` installs it, never ``playwright install``; without
it the tests fail and say how to get it. ``BRIDGESCORE_CHROMIUM`` names another (say
``/usr/bin/chromium``).

Chromium is launched once a process (a pytest worker), when a test first asks for it, and
closed when the process ends: a launch (Playwright's driver and chromium's processes) costs
about a second of CPU, paid once a worker rather than once a test file. Tests share no state
through it: each gets browser contexts of its own (no cookies, storage or cache in common),
closed when it is done with them."""

from __future__ import annotations

import atexit
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright

from tests.support.paths import ROOT

CHROMIUM = Path(os.environ.get("BRIDGESCORE_CHROMIUM", "/usr/bin/chromium-headless-shell"))
ARTEFACTS = ROOT / "build" / "test-artefacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def served(directory: Path) -> Iterator[str]:
    """The directory served over HTTP on a free localhost port: its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def _need_chromium() -> None:
    if not CHROMIUM.is_file():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium; "
            "`make browser` installs it (apt-get install chromium-headless-shell, as root)",
            pytrace=False,
        )


_LAUNCHED: list[tuple[Playwright, Browser]] = []
"""The process's chromium and the Playwright driving it, once launched."""


def _close() -> None:
    while _LAUNCHED:
        playwright, launched = _LAUNCHED.pop()
        try:
            launched.close()
        finally:
            playwright.stop()


def _launched() -> Browser:
    """The process's chromium: launched on first use (or again, should it have gone), closed
    when the process exits."""
    _need_chromium()
    if _LAUNCHED and not _LAUNCHED[0][1].is_connected():
        _close()
    if not _LAUNCHED:
        playwright = sync_playwright().start()
        try:
            launched = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
        except BaseException:
            playwright.stop()
            raise
        _LAUNCHED.append((playwright, launched))
    return _LAUNCHED[0][1]


atexit.register(_close)


@contextmanager
def browser() -> Iterator[Browser]:
    """Debian's chromium, for tests that need several contexts (phones that share no
    cookies): the contexts opened in the block are closed after it."""
    launched = _launched()
    before = {id(context) for context in launched.contexts}
    try:
        yield launched
    finally:
        for context in launched.contexts:
            if id(context) not in before:
                context.close()


@contextmanager
def chromium() -> Iterator[BrowserContext]:
    """A context of its own in Debian's chromium (as a fresh profile: no cookies, storage or
    cache from another), a desktop's window of 1100 x 800."""
    context = _launched().new_context(viewport={"width": 1100, "height": 800})
    context.set_default_timeout(20_000)
    try:
        yield context
    finally:
        context.close()
