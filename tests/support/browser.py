"""Debian's chromium driven by Playwright, and a site served over HTTP on localhost, for the
browser tests. Chromium comes from Debian as its headless shell (``chromium-headless-shell``:
the same Blink as the ``chromium`` package, without the browser's own windows and pages, at
about half the CPU a page); ``make browser`` installs it, never ``playwright install``; without
it the tests fail and say how to get it. ``BRIDGESCORE_CHROMIUM`` names another (say
``/usr/bin/chromium``)."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, sync_playwright

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


@contextmanager
def browser() -> Iterator[Browser]:
    """Debian's chromium, for tests that need several contexts (phones that share no
    cookies)."""
    _need_chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            launched.close()


@contextmanager
def chromium(profile: Path) -> Iterator[BrowserContext]:
    """Debian's chromium with a fresh profile directory."""
    _need_chromium()
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
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
