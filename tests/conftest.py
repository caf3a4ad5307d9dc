"""Test-wide settings: Hypothesis without per-example deadlines (CI machines are shared and
slow at times), and derandomized under CI (``HYPOTHESIS_PROFILE=ci``) so a run is repeatable;
the longest test files first; one folder of solved double-dummy tables for the whole run; and
the PostgreSQL cluster of a session (the server tests', which the benchmarks' test shares)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import settings

from bridgescore.fast.double_dummy import CACHE_SETTING
from tests.support.postgres import Postgres, postgres_cluster

settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

LONGEST_FIRST = (
    "tests/test_docs.py",
    "tests/server/test_evening.py",
    "tests/events/test_one_engine.py",
    "tests/render/html/test_every_page.py",
    "tests/server/test_pages.py",
    "tests/server/test_hardening.py",
    "tests/server/test_serve_cmd.py",
    "tests/server/test_push.py",
    "tests/test_bench.py",
    "tests/render/html/test_cards.py",
    "tests/events/test_hands.py",
    "tests/cli/test_writes_through_devices.py",
    "tests/server/test_state.py",
    "tests/server/test_api.py",
    "tests/fast/test_pbn_columns.py",
    "tests/render/html/test_widths.py",
    "tests/fast/test_double_dummy.py",
    "tests/server/test_memory.py",
    "tests/render/html/test_pdf.py",
    "tests/test_hostile_corpus.py",
    "tests/server/test_durability.py",
    "tests/fast/test_archive.py",
    "tests/server/test_accounts.py",
    "tests/server/test_server_corpus.py",
    "tests/formats/test_fuzz.py",
    "tests/render/html/test_browser.py",
    "tests/server/test_cards.py",
)
"""The test files that take longest (their summed ``--durations``), longest first.
``make pytest`` hands whole files to the workers (``--dist loadfile``) in the order collected
(``--no-loadscope-reorder``): these are started first, so that the run does not end on one
of them alone. The other files follow in their usual order; a file missing here only runs
later than it might. Save two: the property test of ``test_one_engine.py`` (30 s of CPU in
one test, within its 120 s) starts third, once mypy (which ``make test`` runs beside the
tests for its first half-minute) is done, and the benchmarks' test, ten processes at once,
ninth, once that test is done."""


@pytest.hookimpl(trylast=True)  # after pytest's own order (a file's tests stay in it)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: place for place, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


def pytest_configure(config: pytest.Config) -> None:
    """The run's folder of solved tables (``BRIDGESCORE_DD_CACHE``), made afresh by the main
    process before it starts the workers, which inherit it: a deal one worker's tests solved
    (the 26 of the trophy hand record, for the docs and for ``test_hands.py``) is read by the
    others, never solved twice in a run, and nothing is kept from one run to the next."""
    if not hasattr(config, "workerinput"):  # the main process (or a run without workers)
        os.environ[CACHE_SETTING] = tempfile.mkdtemp(prefix="bridgescore-dd-")


def pytest_unconfigure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):
        shutil.rmtree(os.environ.pop(CACHE_SETTING), ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL cluster of the session's own (one per worker), started when first asked for."""
    with postgres_cluster() as cluster:
        yield cluster
