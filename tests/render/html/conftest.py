"""Fixtures of the results-site tests: the club event, and its site written once per run."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgescore.core.pairs.event import PairsEvent
from bridgescore.render.html import render_site
from tests.support.site_event import club_event


@pytest.fixture(scope="session")
def event() -> PairsEvent:
    return club_event()


@pytest.fixture(scope="session")
def site(event: PairsEvent, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club event's site, written once; tests only read it."""
    index = render_site(event, tmp_path_factory.mktemp("results") / "site")
    return index.parent
